"""Keeping the index: in memory per edition object; on disk under the data and code hash.

On disk: the cache directory given (the command line and the web app give the user's), written when an
index is built; the prepared directory (``rulebase/compiled.py``: ``<sys.prefix>/share/navlights``,
filled ahead by ``navlights prepare``, which ``make`` runs) and the package's own prepared data
(``navlights/_prepared``, filled when a wheel is built), only read. Each holds an index under its key
(the edition's data and navlights' code), so an index made from other data or code is never read.
"""

from __future__ import annotations

import gc
import hashlib
import re
from pathlib import Path

from ...model import Edition
from ...rulebase import compiled
from ...rulebase.compiled import CACHE_ENV as CACHE_ENV  # re-exported: the identify package names them
from ...rulebase.compiled import cache_dir as cache_dir
from ...rulebase.compiled import default_cache_dir as default_cache_dir
from .build import build_index
from .results import EditionIndex

INDEX_VERSION = 7

_MEMO: dict[int, tuple[Edition, EditionIndex]] = {}     # id(edition) -> (edition, its index)
_CODE_HASH: list[str] = []


ROOT = Path(__file__).resolve().parents[2]              # the navlights package


def code_files() -> list[Path]:
    """The sources the code hash covers: every module of navlights (this package's own included),
    except the web app and the renderer, which the index does not depend on; and the shared situations
    file (rulebase/situations.toml: the priors and names the index holds)."""
    return [p for p in sorted(ROOT.rglob("*.py"))
            if "web" not in p.relative_to(ROOT).parts and "render" not in p.relative_to(ROOT).parts] + [
        ROOT / "rulebase" / "situations.toml"]


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


def index(edition: Edition, cache: str | Path | None = None) -> EditionIndex:
    """The edition's index, built on first use; rebuilt for a new edition object (changed data).

    ``cache``: a directory for the index on disk, used unless ``$NAVLIGHTS_CACHE_DIR`` says
    otherwise (the variable alone also turns it on). The prepared places (``rulebase/compiled.py``:
    ``navlights prepare``'s directory and the package's own, made when the wheel was built) are read
    with or without it, never written. Disk entries are keyed by the SHA-256 of the edition's data
    and of the code, so a changed rule file is never served stale.
    """
    got = _MEMO.get(id(edition))
    if got is not None and got[0] is edition:
        return got[1]
    where = cache_dir(cache)
    idx = None
    key = ""
    dirs = compiled.search_dirs(where)
    if dirs:
        key = index_key(edition)
        idx = compiled.read(dirs, _name(edition, key), _head(key), EditionIndex)
    if idx is None:
        idx = build_index(edition, key)
        if where is not None:
            compiled.write(where, _name(edition, key), _head(key), idx, prune=f"identify-{edition.id}-*.pickle")
    _MEMO[id(edition)] = (edition, idx)
    _settle()
    return idx


def _settle() -> None:
    """An index lives as long as the process: its objects (some hundred thousand) are moved out of the cyclic
    garbage collector's sight (``gc.freeze``), so that the collections a query's own objects set off do not
    walk it each time (a query's tail latency, issue 22)."""
    gc.freeze()


def _name(edition: Edition, key: str) -> str:
    return f"identify-{edition.id}-{key}.pickle"


def _head(key: str) -> tuple[str, int, str]:
    return ("navlights-identify", INDEX_VERSION, key)


def store(edition: Edition, directory: Path) -> bool:
    """Write the edition's index into ``directory`` (``navlights prepare``), unless it holds it already; built
    here unless in memory. True when it was written."""
    key = index_key(edition)
    if compiled.read([directory], _name(edition, key), _head(key), EditionIndex) is not None:
        return False
    got = _MEMO.get(id(edition))
    idx = got[1] if got is not None and got[0] is edition and got[1].key == key else build_index(edition, key)
    _MEMO[id(edition)] = (edition, idx)
    return compiled.write(directory, _name(edition, key), _head(key), idx, prune=f"identify-{edition.id}-*.pickle")


KEEP_ON_DISK = compiled.KEEP_ON_DISK


def clear_cache() -> None:
    """Forget every index held in memory."""
    _MEMO.clear()
