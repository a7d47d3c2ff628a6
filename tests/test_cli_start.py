"""Issue 15: what a command's start imports, asserted on ``sys.modules``, and the collector's state it leaves (not timed).

`navlights lights --json` needs pydantic but not importlib.metadata: pydantic's plugin loader imports it, and
navlights turns plugins off (``PYDANTIC_DISABLE_PLUGINS``), so the CLI puts a stand-in for the loader that
answers "no plugins" as pydantic's does then. A plugin the user leaves on still loads through the real loader.
"""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys

from navlights.cli import PLUGIN_LOADER, main

LIGHTS = ["lights", "--edition", "intl-1960", "--length", "200 ft", "--json"]


def _run(code: str, env: dict[str, str] | None = None) -> dict:
    """Run ``code`` (which sets ``out``, JSON-ready) after the CLI's ``main(LIGHTS)`` in a fresh interpreter."""
    script = ("import contextlib, io, json, sys\nfrom navlights.cli import main\nbuf = io.StringIO()\n"
              f"with contextlib.redirect_stdout(buf):\n    rc = main({LIGHTS!r})\n{code}\n"
              "print(json.dumps({'rc': rc, 'lights': buf.getvalue(), **out}))")
    env = {k: v for k, v in os.environ.items() if k != "PYDANTIC_DISABLE_PLUGINS"} | (env or {})
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True)
    return json.loads(done.stdout)


def test_lights_does_not_import_importlib_metadata():
    got = _run("out = {'loaded': sorted(m for m in ('importlib.metadata', 'email', 'zipfile', 'csv', 'tempfile') "
               "if m in sys.modules), 'pydantic': 'pydantic' in sys.modules}")
    assert got["rc"] == 0 and json.loads(got["lights"])["edition"] == "intl-1960"
    assert got["pydantic"] and got["loaded"] == []


def test_the_stand_in_answers_no_plugins_and_gives_way_to_the_real_loader():
    got = _run(f"from pydantic.plugin._schema_validator import create_schema_validator\n"
               f"stand_in = sys.modules[{PLUGIN_LOADER!r}]\n"
               "from pydantic.plugin._loader import get_plugins\n"
               "none = list(get_plugins())\n"
               "import os; os.environ['PYDANTIC_DISABLE_PLUGINS'] = 'no-such-plugin'\n"
               "after = list(get_plugins())\n"
               f"real = sys.modules[{PLUGIN_LOADER!r}]\n"
               "out = {'none': none, 'after': after, 'stand_in_file': getattr(stand_in, '__file__', None), "
               "'real_file': real.__file__, 'metadata': 'importlib.metadata' in sys.modules}")
    assert got["none"] == [] and got["after"] == [] and got["stand_in_file"] is None
    assert got["real_file"].endswith("_loader.py") and got["metadata"]


def test_a_plugin_left_on_goes_through_pydantic_s_own_loader():
    got = _run(f"out = {{'file': getattr(sys.modules[{PLUGIN_LOADER!r}], '__file__', None)}}",
               {"PYDANTIC_DISABLE_PLUGINS": "no-such-plugin"})
    assert got["rc"] == 0 and got["file"] and got["file"].endswith("_loader.py")


def test_main_leaves_the_collector_as_it_found_it_and_no_collection_due(capsys, monkeypatch):
    """The command's objects are not left young: restoring the threshold with them in the youngest generation ran
    a collection over them at the caller's next allocations (about 4 ms before the process exits)."""
    import navlights.cli as cli
    threshold = gc.get_threshold()
    events: list[object] = []
    real_run = cli._run

    def run(argv):
        rc = real_run(argv)
        events.append("returned")            # the command is done; main's own clean-up follows
        return rc

    def seen(phase, info):
        if phase == "start":
            events.append(info["generation"])

    monkeypatch.setattr(cli, "_run", run)
    # main leaves a caller's frozen objects as they are (and then promotes nothing): an identify index read earlier in
    # this test process froze its tables, so they are let go for the test and frozen again after it
    frozen = gc.get_freeze_count()
    gc.unfreeze()
    gc.callbacks.append(seen)
    try:
        assert main(LIGHTS) == 0
        burst = [[] for _ in range(100)]       # fewer allocations than the restored threshold
        after = len(events) - events.index("returned") - 1
        left_frozen = gc.get_freeze_count()
    finally:
        gc.callbacks.remove(seen)
        if frozen:
            gc.freeze()
    assert after == 0 and len(burst) == 100, events[events.index("returned"):]
    assert gc.get_threshold() == threshold and left_frozen == 0
    assert json.loads(capsys.readouterr().out)["edition"] == "intl-1960"


def test_objects_the_caller_froze_stay_frozen(capsys):
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        assert main(LIGHTS) == 0
        capsys.readouterr()
        assert gc.get_freeze_count() == frozen
    finally:
        gc.unfreeze()
