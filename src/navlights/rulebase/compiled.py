"""The compiled edition cache: each rule file's checked :class:`~navlights.model.Edition`, kept on disk.

Parsing a rule file (TOML, then the pydantic shape models, then the cross-checks) costs 10-20 ms and
needs pydantic's rule-file models built first; reading back the edition it made costs about 1 ms. So
:func:`load` keeps each edition as a pickle named by a key: the SHA-256 of the file's bytes and of the
code that turns bytes into an edition (the loader, the model, conditions, units, the vessel's fact
names, errors; the Python version). A changed rule file or changed loader code gives another key, so
a stale entry is never read; an unreadable or foreign entry is ignored and the file parsed again.

Where: the user's cache directory (``$NAVLIGHTS_CACHE_DIR``, else ``$XDG_CACHE_HOME/navlights`` or
``~/.cache/navlights``; ``NAVLIGHTS_CACHE_DIR=off`` turns the disk off), written on a miss; the
prepared directory (``$NAVLIGHTS_PREPARED_DIR``, else ``<sys.prefix>/share/navlights``, i.e. the
virtual environment's), which ``navlights prepare`` (run by ``make``'s install step) fills ahead and
which is only read; and the package's own prepared data (``navlights/_prepared``), which building a
wheel fills (setup.py runs the same ``prepare`` into the build) and which is only read
(``NAVLIGHTS_PREPARED_DIR=off`` turns both prepared places off). The identify indexes use the same
directories (``engines/identify/cache.py``).

The map of edition names (ids and aliases) to files is kept too, keyed by the rule files' names,
sizes and modification times, so that resolving ``--edition 1960`` stats the files and reads none.
"""

from __future__ import annotations

import os
import pickle
import re
import sys
from pathlib import Path
from typing import Any, Callable, TypeVar

FORMAT = 1
CACHE_ENV = "NAVLIGHTS_CACHE_DIR"
PREPARED_ENV = "NAVLIGHTS_PREPARED_DIR"
KEEP_ON_DISK = 4
PACKAGE = Path(__file__).resolve().parents[1]
#: The package's own prepared data: made when a wheel is built (setup.py), absent from a checkout.
PACKAGED = "_prepared"
#: The modules whose code makes an edition from a rule file's bytes (the loader and what it imports).
CODE = ("errors.py", "units.py", "model.py", "vessel.py", "conditions.py", "rulebase/raw.py", "rulebase/loader.py",
        "rulebase/compiled.py")
_OFF = ("", "off", "none", "0")
_CODE_KEY: list[str] = []

T = TypeVar("T")

try:                  # the built-in SHA-256: hashlib would first load OpenSSL's (2 ms of every start); same digests
    from _sha256 import sha256  # type: ignore[import-not-found]
except ImportError:   # pragma: no cover - Python 3.12 renamed it; any other build has hashlib's
    try:
        from _sha2 import sha256  # type: ignore[import-not-found]
    except ImportError:
        from hashlib import sha256


# --- where ------------------------------------------------------------------------------------------


def default_cache_dir() -> Path:
    """The user's cache directory for navlights: ``$XDG_CACHE_HOME/navlights`` or ``~/.cache/navlights``."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "navlights"


def cache_dir(default: str | Path | None = None) -> Path | None:
    """The on-disk cache directory: ``$NAVLIGHTS_CACHE_DIR`` if set ('' or 'off': none), else ``default``."""
    d = os.environ.get(CACHE_ENV)
    if d is None:
        return None if default is None else Path(default).expanduser()
    if d.lower() in _OFF:
        return None
    return Path(d).expanduser()


def prepared_dir() -> Path | None:
    """Where ``navlights prepare`` writes ahead (read only otherwise): ``$NAVLIGHTS_PREPARED_DIR`` ('' or 'off':
    none), else ``<sys.prefix>/share/navlights``."""
    d = os.environ.get(PREPARED_ENV)
    if d is None:
        return Path(sys.prefix) / "share" / "navlights"
    if d.lower() in _OFF:
        return None
    return Path(d).expanduser()


def packaged_dir() -> Path | None:
    """The package's own prepared data (``navlights/_prepared``, filled when a wheel is built); None when the
    package holds none (a checkout) or ``$NAVLIGHTS_PREPARED_DIR`` is 'off'."""
    d = os.environ.get(PREPARED_ENV)
    if d is not None and d.lower() in _OFF:
        return None
    where = PACKAGE / PACKAGED
    return where if where.is_dir() else None


def search_dirs(user: Path | None) -> list[Path]:
    """The directories an entry is looked for in: the user's cache, the prepared directory, the package's own."""
    return [d for d in (user, prepared_dir(), packaged_dir()) if d is not None]


# --- entries ----------------------------------------------------------------------------------------


def rule_file(edition_id: str) -> Path | None:
    """The packaged rule file an edition id names (found without loading the rule base, which builds the vessel
    model), or None where the name is not an id of a packaged file (an alias, or no edition)."""
    key = str(edition_id).strip().lower()
    if not re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", key):
        return None
    path = PACKAGE / "rulebase" / "data" / f"{key}.toml"
    return path if path.is_file() else None


def code_key() -> str:
    """SHA-256 of the code that makes an edition from bytes (:data:`CODE`) and of the Python version."""
    if not _CODE_KEY:
        h = sha256(f"navlights-edition v{FORMAT} python {sys.version_info[:2]}".encode())
        for name in CODE:
            h.update(name.encode())
            h.update((PACKAGE / name).read_bytes())
        _CODE_KEY.append(h.hexdigest())
    return _CODE_KEY[0]


def edition_key(data: bytes) -> str:
    """The key of the edition made from a rule file's bytes by this code."""
    return sha256(code_key().encode() + data).hexdigest()[:32]


def read(dirs: list[Path], name: str, head: tuple[Any, ...], kind: type[T]) -> T | None:
    """The object stored as ``name`` in the first of ``dirs`` that holds it under ``head``; None if none does."""
    for d in dirs:
        try:
            with open(d / name, "rb") as fh:
                got_head, obj = pickle.load(fh)
        except Exception:              # absent, unreadable, truncated, foreign or from older code: not used
            continue
        if got_head == head and isinstance(obj, kind):
            return obj
    return None


def write(where: Path, name: str, head: tuple[Any, ...], obj: Any, prune: str | None = None,
          keep: int = KEEP_ON_DISK) -> bool:
    """Store ``obj`` as ``name`` in ``where`` (atomically: readers see the old file or the whole new one); keep
    the newest ``keep`` files matching ``prune``. False when it could not be written."""
    tmp = where / f".{name}.{os.getpid()}-{id(obj)}.tmp"               # one per writer, threads included
    try:
        where.mkdir(parents=True, exist_ok=True)
        with open(tmp, "wb") as fh:
            pickle.dump((head, obj), fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, where / name)
    except Exception:                  # a cache never fails a command: the entry is simply not kept
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass
        return False
    if prune:
        _prune(where, prune, keep)
    return True


def _prune(where: Path, pattern: str, keep: int) -> None:
    try:
        files = sorted(where.glob(pattern), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in files[keep:]:
            old.unlink()
    except OSError:
        pass


def load(path: Path, parse: Callable[[bytes, Path], Any], into: Path | None = None) -> Any:
    """The edition in the rule file ``path``: read back from the cache when it holds the one made from these
    bytes by this code, else ``parse(bytes, path)`` and written to the user's cache (or to ``into``)."""
    from ..model import Edition
    data = path.read_bytes()
    key = edition_key(data)
    # made and written at once: before any engine sets its memo or compiled functions
    return _through(f"edition-{path.stem}-{key}.pickle", ("navlights-edition", FORMAT, key), Edition,
                    lambda: parse(data, path), into, f"edition-{path.stem}-*.pickle", KEEP_ON_DISK)


def _through(name: str, head: tuple[Any, ...], kind: type[T], build: Callable[[], T], into: Path | None,
             prune: str, keep: int) -> T:
    """The entry ``name`` read from the user's cache or the prepared directory; else ``build()``, written to the
    user's cache (or to ``into``, where ``navlights prepare`` writes, which is then not read)."""
    user = cache_dir(default_cache_dir())
    if into is None:
        got = read(search_dirs(user), name, head, kind)
        if got is not None:
            return got
    out = build()
    target = into or user
    if target is not None:
        write(target, name, head, out, prune=prune, keep=keep)
    return out


def names(data_dir: Path, build: Callable[[], T], into: Path | None = None) -> T:
    """``build()`` (the map of edition names to files), kept under the rule files' names, sizes and
    modification times: a start that finds it stats the files and reads none of them. An installed package
    has other paths and times than the build that prepared it, so its own prepared data (:func:`packaged_dir`)
    holds the map under the rule files' names and bytes instead, read (never written) when the first misses;
    ``into`` (``navlights prepare``) gets both."""
    h = sha256(f"{code_key()} {data_dir.resolve()}".encode())
    try:
        files = sorted(data_dir.glob("*.toml"))
        for f in files:
            st = f.stat()
            h.update(f"\n{f.name} {st.st_size} {st.st_mtime_ns}".encode())
    except OSError:
        return build()
    key = h.hexdigest()[:32]
    name, head = f"names-{key}.pickle", ("navlights-names", FORMAT, key)
    user = cache_dir(default_cache_dir())
    if into is None:
        got = read(search_dirs(user), name, head, tuple)
        if got is None and (packaged := packaged_dir()) is not None:
            ckey = _content_key(files)
            got = read([packaged], f"names-bytes-{ckey}.pickle", ("navlights-names", FORMAT, "bytes " + ckey), tuple)
        if got is not None:
            return got  # type: ignore[return-value]
    out = build()
    target = into or user
    if target is not None:
        write(target, name, head, out, prune="names-*.pickle", keep=16)     # tiny; one per checkout of the rules
    if into is not None:
        ckey = _content_key(files)
        write(into, f"names-bytes-{ckey}.pickle", ("navlights-names", FORMAT, "bytes " + ckey), out)
    return out


def _content_key(files: list[Path]) -> str:
    """The key of the name map made by this code from these rule files' names and bytes (paths and times aside).
    BLAKE2b, built in: about 1 ms for the six files where the built-in SHA-256 took about 5 (every command of an
    installed package whose name map the stat key misses)."""
    try:
        from _blake2 import blake2b
    except ImportError:  # pragma: no cover - any build without it has hashlib's
        from hashlib import blake2b
    h = blake2b(f"{code_key()} names by content".encode(), digest_size=16)
    for f in files:
        data = f.read_bytes()
        h.update(f"\n{f.name} {len(data)}\n".encode())
        h.update(data)
    return h.hexdigest()
