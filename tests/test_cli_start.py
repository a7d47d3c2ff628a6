"""Issue 15: what a command's start imports, asserted on ``sys.modules``, and the collector's state it leaves (not timed).

`navlights lights --json` needs pydantic for one model, the vessel's: the rule-file models and the plans' load only to
parse. navlights turns pydantic's plugins off through pydantic's own switch (``PYDANTIC_DISABLE_PLUGINS``) unless the
user has set it; pydantic's own plugin loader answers (issue 26 took out the stand-in navlights once put in its place,
which saved importlib.metadata's import, about 15 ms: benchmarks/README.md).
"""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys

from navlights.cli import main

PLUGIN_LOADER = "pydantic.plugin._loader"

LIGHTS = ["lights", "--edition", "intl-1960", "--length", "200 ft", "--json"]


def _run(code: str, env: dict[str, str] | None = None, prelude: str = "") -> dict:
    """Run ``code`` (which sets ``out``, JSON-ready) after the CLI's ``main(LIGHTS)`` in a fresh interpreter
    (``prelude`` before the CLI is imported)."""
    script = (prelude + "import contextlib, io, json, sys\nfrom navlights.cli import main\nbuf = io.StringIO()\n"
              f"with contextlib.redirect_stdout(buf):\n    rc = main({LIGHTS!r})\n{code}\n"
              "print(json.dumps({'rc': rc, 'lights': buf.getvalue(), **out}))")
    env = {k: v for k, v in os.environ.items() if k != "PYDANTIC_DISABLE_PLUGINS"} | (env or {})
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True)
    return json.loads(done.stdout)


def test_lights_builds_one_pydantic_model():
    """The vessel's is the one model a display needs (its sub-models build on first use; the rule files are read
    compiled, their models not imported)."""
    spy = ("import pydantic._internal._model_construction as mc, pydantic._internal._dataclasses as dc, "
           "pydantic.type_adapter as ta\n_built = []\n_orig = mc.create_schema_validator\n"
           "def _spy(schema, schema_type, *a, **k):\n"
           "    _built.append(getattr(schema_type, '__name__', repr(schema_type)))\n"
           "    return _orig(schema, schema_type, *a, **k)\n"
           "mc.create_schema_validator = dc.create_schema_validator = ta.create_schema_validator = _spy\n")
    got = _run("out = {'built': sorted(_built)}", prelude=spy)
    assert got["rc"] == 0 and json.loads(got["lights"])["edition"] == "intl-1960"
    assert got["built"] == ["Vessel"]


def test_plugins_are_off_through_pydantic_s_own_switch_and_loader():
    got = _run(f"import os\nout = {{'env': os.environ.get('PYDANTIC_DISABLE_PLUGINS'), "
               f"'file': getattr(sys.modules.get({PLUGIN_LOADER!r}), '__file__', None)}}")
    assert got["rc"] == 0 and got["env"] == "__all__"
    assert got["file"] and got["file"].endswith("_loader.py")


def test_a_plugin_left_on_stays_on():
    got = _run("import os\nout = {'env': os.environ.get('PYDANTIC_DISABLE_PLUGINS')}",
               {"PYDANTIC_DISABLE_PLUGINS": "no-such-plugin"})
    assert got["rc"] == 0 and got["env"] == "no-such-plugin"


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
