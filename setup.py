"""Building a wheel prepares its data (issue 26): after the sources are copied into the build, the same
``navlights prepare`` that ``make`` runs is run over that copy, into ``navlights/_prepared`` inside it, so the
wheel carries every edition compiled and every identification index, keyed as everywhere by the rule data and
the code (docs/design.md, "Caches and start-up"). Everything else is in pyproject.toml.

An editable install (``pip install -e .``, as ``make`` does) skips the step: ``make`` prepares into the
virtual environment instead.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

PREPARED = "_prepared"

# Run in a fresh interpreter over the built copy alone (the sources and the build's own prepared folder),
# with no user cache, so nothing from this machine's caches goes into the wheel.
_PREPARE = """
import sys
sys.path.insert(0, sys.argv[1])
import navlights
from pathlib import Path
assert Path(navlights.__file__).resolve().parent == Path(sys.argv[1], "navlights").resolve(), navlights.__file__
from navlights.prepared import prepare
done = prepare(sys.argv[2])
print(f"navlights: prepared {len(done['editions'])} editions and their indexes in {done['directory']}")
"""


class BuildWithPrepared(build_py):
    """``build_py``, then ``navlights prepare`` into the built package (not for an editable install)."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False) or self.dry_run:
            return
        lib = Path(self.build_lib).resolve()
        into = lib / "navlights" / PREPARED
        shutil.rmtree(into, ignore_errors=True)            # a build folder kept from before holds none stale
        env = {**os.environ, "NAVLIGHTS_CACHE_DIR": "off", "NAVLIGHTS_PREPARED_DIR": str(into),
               "PYTHONDONTWRITEBYTECODE": "1"}
        env.pop("PYTHONPATH", None)
        subprocess.run([sys.executable, "-c", _PREPARE, str(lib), str(into)], check=True, env=env, cwd=lib)

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        """The prepared files too, so that every command that lists a build's files (bdist_wheel) sees them."""
        into = Path(self.build_lib) / "navlights" / PREPARED
        made = [str(p) for p in sorted(into.glob("*.pickle"))] if into.is_dir() else []
        return [*super().get_outputs(include_bytecode), *made]


setup(cmdclass={"build_py": BuildWithPrepared})
