"""The built-in offline baseline RAG: structure-aware chunks, BM25 (or dense/hybrid), extractive answers.

``create`` is the ``baseline`` adapter factory (entry point ``benchmark.adapters.baseline:create``);
``Retriever`` / ``RetrievalConfig`` / ``get_retriever`` are the retrieval half, usable on their own.
Nothing heavy (jieba, sentence-transformers) is imported until the first question is answered.
"""

from benchmark.adapters.baseline.adapter import VERSION, BaselineAdapter, create
from benchmark.adapters.baseline.retriever import (
    RETRIEVAL_OPTIONS,
    Hit,
    RetrievalConfig,
    Retriever,
    get_retriever,
)

__all__ = [
    "RETRIEVAL_OPTIONS",
    "VERSION",
    "BaselineAdapter",
    "Hit",
    "RetrievalConfig",
    "Retriever",
    "create",
    "get_retriever",
]
