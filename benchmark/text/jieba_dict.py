"""jieba's prefix dictionary, kept in a cache file of ours and read in one piece.

jieba builds its prefix dictionary (every word of its dictionary file and every prefix of one, with
its frequency: about 500,000 entries) and caches it as a marshal dump. It reads that dump with
``marshal.load`` on the open file, which fetches the bytes object by object, three times slower than
``marshal.loads`` on the whole file; and it trusts its cache of the default dictionary whatever that
dictionary now holds. Here the dump is read in one piece, and its file name carries the sha256 of the
dictionary file's bytes, jieba's version and marshal's format version: a changed dictionary or
another jieba gets a file of its own, and a file that cannot be read, is cut short or holds no prefix
dictionary is built again (by jieba, ``Tokenizer.gen_pfdict``) and written again, never an error.
"""

from __future__ import annotations

import hashlib
import io
import marshal
from pathlib import Path
from typing import Any

from benchmark.text.marshal_file import read_marshal, write_marshal

__all__ = ["cache_file", "dictionary_bytes", "dictionary_key", "load_prefix_dict"]

PrefixDict = tuple[dict[str, int], int]  # jieba's (FREQ, total)


def dictionary_bytes(tokenizer: Any) -> bytes:
    """The bytes of the dictionary file ``tokenizer`` (a ``jieba.Tokenizer``) is built from."""
    f = tokenizer.get_dict_file()
    try:
        data: bytes = f.read()
    finally:
        f.close()
    return data


def dictionary_key(dictionary: bytes) -> str:
    """The sha256 of a dictionary file's bytes, jieba's version and marshal's format version."""
    import jieba

    key = hashlib.sha256(dictionary)
    key.update(f"\0jieba {jieba.__version__}\0marshal {marshal.version}".encode())
    return key.hexdigest()


def cache_file(folder: Path, dictionary: bytes) -> Path:
    """Where the prefix dictionary built from ``dictionary`` is kept in ``folder``."""
    return folder / f"jieba-{dictionary_key(dictionary)[:24]}.cache"


def _read(path: Path) -> PrefixDict | None:
    loaded = read_marshal(path)
    if not (isinstance(loaded, tuple) and len(loaded) == 2):
        return None
    freq, total = loaded
    if not (isinstance(freq, dict) and freq and isinstance(total, int)):
        return None
    return freq, total


def load_prefix_dict(tokenizer: Any, folder: Path | None) -> str:
    """Give ``tokenizer`` (a ``jieba.Tokenizer``) its prefix dictionary: read from ``folder`` when it
    holds the one for the tokenizer's dictionary file, else built by jieba and written there. Returns
    the dictionary's ``dictionary_key``."""
    dictionary = dictionary_bytes(tokenizer)
    path = cache_file(folder, dictionary) if folder is not None else None
    prefix = _read(path) if path is not None else None
    if prefix is None:
        freq, total = tokenizer.gen_pfdict(io.BytesIO(dictionary))
        prefix = (freq, total)
        if path is not None:
            write_marshal(path, prefix)
    tokenizer.FREQ, tokenizer.total = prefix
    tokenizer.initialized = True
    return dictionary_key(dictionary)
