"""Keeping the index: in memory per edition object; on disk under the data and code hash."""

from __future__ import annotations

import hashlib
import os
import pickle
import re
from pathlib import Path

from ...model import Edition
from .build import build_index
from .results import EditionIndex

INDEX_VERSION = 6
CACHE_ENV = "NAVLIGHTS_CACHE_DIR"

_MEMO: dict[int, tuple[Edition, EditionIndex]] = {}     # id(edition) -> (edition, its index)
_CODE_HASH: list[str] = []


ROOT = Path(__file__).resolve().parents[2]              # the navlights package


def code_files() -> list[Path]:
    """The sources the code hash covers: every module of navlights (this package's own included),
    except the web app and the renderer, which the index does not depend on."""
    return [p for p in sorted(ROOT.rglob("*.py"))
            if "web" not in p.relative_to(ROOT).parts and "render" not in p.relative_to(ROOT).parts]


def code_hash() -> str:
    """SHA-256 of navlights' Python sources (an index built by other code is not reused)."""
    if not _CODE_HASH:
        h = hashlib.sha256(f"index v{INDEX_VERSION}".encode())
        for p in code_files():
            h.update(str(p.relative_to(ROOT)).encode())
            h.update(p.read_bytes())
        _CODE_HASH.append(h.hexdigest())
    return _CODE_HASH[0]


def data_hash(edition: Edition) -> str:
    """SHA-256 of the edition's data as loaded: every value the engines read, in file order.

    The parsed data is hashed rather than the file on disk, so the key always describes the
    edition object in hand (a file edited after loading cannot mislabel an index), wherever it
    was read from. Sets are written sorted: their repr follows the process's string hashing,
    which differs from run to run, and a key that changed with it missed the disk cache.
    """
    text = _SET.sub(lambda m: "frozenset({" + ", ".join(sorted(m.group(1).split(", "))) + "})", repr(edition))
    return hashlib.sha256(text.encode()).hexdigest()


_SET = re.compile(r"frozenset\(\{([^{}()]*)\}\)")


def index_key(edition: Edition) -> str:
    """The disk cache key of an edition's index: data hash + code hash."""
    return hashlib.sha256((data_hash(edition) + code_hash()).encode()).hexdigest()[:32]


def cache_dir(default: str | Path | None = None) -> Path | None:
    """The on-disk cache directory: ``$NAVLIGHTS_CACHE_DIR`` if set ('' or 'off': none), else ``default``."""
    d = os.environ.get(CACHE_ENV)
    if d is None:
        return None if default is None else Path(default).expanduser()
    if not d or d.lower() in ("off", "none", "0"):
        return None
    return Path(d).expanduser()


def default_cache_dir() -> Path:
    """Where the command line keeps indexes: ``$XDG_CACHE_HOME/navlights`` or ``~/.cache/navlights``."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "navlights"


def index(edition: Edition, cache: str | Path | None = None) -> EditionIndex:
    """The edition's index, built on first use; rebuilt for a new edition object (changed data).

    ``cache``: a directory for the index on disk, used unless ``$NAVLIGHTS_CACHE_DIR`` says
    otherwise (the variable alone also turns it on). Disk entries are keyed by the SHA-256 of
    the edition's data and of the code, so a changed rule file is never served stale.
    """
    got = _MEMO.get(id(edition))
    if got is not None and got[0] is edition:
        return got[1]
    where = cache_dir(cache)
    idx = None
    key = ""
    if where is not None:
        key = index_key(edition)
        path = where / f"identify-{edition.id}-{key}.pickle"
        try:
            with open(path, "rb") as fh:
                head, idx = pickle.load(fh)
            if head != ("navlights-identify", INDEX_VERSION, key):
                idx = None
        except (OSError, pickle.UnpicklingError, EOFError, ValueError, TypeError, AttributeError):
            idx = None
    if idx is None:
        idx = build_index(edition, key)
        if where is not None:
            try:
                where.mkdir(parents=True, exist_ok=True)
                tmp = where / f".identify-{edition.id}-{key}.{os.getpid()}.tmp"
                with open(tmp, "wb") as fh:
                    pickle.dump((("navlights-identify", INDEX_VERSION, key), idx), fh, protocol=pickle.HIGHEST_PROTOCOL)
                os.replace(tmp, path)
                _prune(where, edition.id)
            except OSError:
                pass
    _MEMO[id(edition)] = (edition, idx)
    return idx


KEEP_ON_DISK = 4


def _prune(where: Path, edition_id: str) -> None:
    """Keep the newest KEEP_ON_DISK indexes of an edition on disk (older data or code)."""
    files = sorted(where.glob(f"identify-{edition_id}-*.pickle"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in files[KEEP_ON_DISK:]:
        try:
            old.unlink()
        except OSError:
            pass


def clear_cache() -> None:
    """Forget every index held in memory."""
    _MEMO.clear()
