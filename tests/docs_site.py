"""Build the documentation site once per test process (mkdocs.yml, strict), for tests/test_docs_site.py and the
browser test tests/e2e/test_docs_browser.py."""

from __future__ import annotations

import atexit
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: What the build needs; the tests skip, naming the missing one, when one is not installed (the `docs` extra,
#: which the `test` extra includes).
NEEDED = ("mkdocs", "material", "mkdocstrings", "mkdocstrings_handlers.python")


def missing() -> str | None:
    """The first package of the `docs` extra that is not installed, else None."""
    for name in NEEDED:
        try:
            if importlib.util.find_spec(name) is None:
                return name
        except ModuleNotFoundError:
            return name
    return None


@dataclass(frozen=True)
class Built:
    site: Path
    returncode: int
    log: str


@lru_cache(maxsize=1)
def build() -> Built:
    """``mkdocs build --strict`` into a temporary folder (removed at exit), with this checkout's sources first."""
    site = Path(tempfile.mkdtemp(prefix="navlights-site-"))
    atexit.register(shutil.rmtree, site, ignore_errors=True)
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1",
           "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep)}
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file", str(ROOT / "mkdocs.yml"),
               "--site-dir", str(site)]
    proc = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    return Built(site, proc.returncode, proc.stdout + proc.stderr)
