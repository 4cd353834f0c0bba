"""Documents as pages of numbered lines, and their loaders."""

from benchmark.documents.loaders import load_document
from benchmark.documents.model import Document, Line, Page

__all__ = ["Document", "Line", "Page", "load_document"]
