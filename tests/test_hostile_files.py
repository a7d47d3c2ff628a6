"""Issue 23 item 4: every CLI command that takes a file, given one that is unreadable, empty, binary, one huge line
or of the wrong format, answers one line on stderr and exit 2 (never "internal error", exit 70, or a traceback);
an output path that cannot be written is refused before the work. The commands and their file arguments are those
of src/navlights/cli/ (a test below checks the table against the commands' options)."""

from __future__ import annotations

import json
import os
import random
import zlib
from pathlib import Path
from typing import Any

import pytest

from navlights.cli import main

T0 = "2024-05-01T21:00:00Z"

#: (command line with {f} for the file, suffix the file is given, whether the message must name the file).
#: Input files of every command: the vessel options' @FILE (every vessel command reads it alike: lights, view,
#: sectors, render, compare), identify's @FILE, check-plan, scene (a scene file or --ais), encounter (tracks or
#: --ais), ais (NMEA, CSV, Parquet; --region), ais-batch (CSV, Parquet).
INPUTS = [
    ("lights --vessel-json @{f}", ".json"),
    ("signals --vessel-json @{f}", ".json"),
    ("compare --vessel-json @{f}", ".json"),
    ("identify @{f}", ".json"),
    ("check-plan {f}", ".json"),
    ("check-plan {f}", ".toml"),
    ("scene {f}", ".json"),
    ("scene --ais {f} --at " + T0 + " --observer 40.5,-73.9,0", ".nmea"),
    ("scene --ais {f} --at " + T0 + " --observer 40.5,-73.9,0", ".csv"),
    ("encounter {f}", ".csv"),
    ("encounter --ais {f} --mmsi 366000001,366000002", ".nmea"),
    ("encounter --ais {f} --mmsi 366000001,366000002", ".csv"),
    ("encounter --ais {f} --mmsi 366000001,366000002", ".parquet"),
    ("ais {f}", ".nmea"),
    ("ais {f}", ".csv"),
    ("ais {f}", ".parquet"),
    ("ais {good} --region {f}", ".geojson"),
    ("ais-batch {f} {out}", ".csv"),
    ("ais-batch {f} {out}", ".parquet"),
    ("conduct --pairs {f}", ".json"),
    ("conduct --situation {f}", ".json"),
]


def _png() -> bytes:
    """A real (1x1) PNG: the wrong format for every text input."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return len(data).to_bytes(4, "big") + kind + data + zlib.crc32(kind + data).to_bytes(4, "big")
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", bytes.fromhex("0000000100000001080200000000"))
            + chunk(b"IDAT", zlib.compress(b"\x00\xff\x00\x00")) + chunk(b"IEND", b""))


def _content(kind: str, suffix: str) -> bytes | None:
    rng = random.Random(23)
    if kind == "empty":
        return b""
    if kind == "binary":
        return bytes(rng.getrandbits(8) for _ in range(4096)) + b"\xff\xfe"
    if kind == "huge line":
        return b"A" * (3 * 1024 * 1024)              # 3 MiB, no newline
    if kind == "wrong format":                        # a PNG for text, JSON for Parquet
        return json.dumps({"not": "a parquet file"}).encode() if suffix == ".parquet" else _png()
    if kind == "huge integer":                        # past Python's 4,300 digits (issue 35 item 8)
        big = "9" * 5000
        return {".json": f'{{"length": {big}}}', ".geojson": f'{{"type": {big}}}',
                ".toml": f"length = {big}\n"}[suffix].encode()
    if kind == "too wide":                            # 100,000 columns (issue 35 item 9); other formats: the same
        return (",".join(f"c{i}" for i in range(100_000)) + "\n" + ",".join("1" * 100_000) + "\n").encode()
    return None


KINDS = ["missing", "a directory", "unreadable", "empty", "binary", "huge line", "wrong format", "a FIFO",
         "a character device", "huge integer", "too wide"]


@pytest.fixture()
def good_nmea(tmp_path: Path) -> Path:
    from pyais import encode_dict
    f = tmp_path / "good.nmea"
    f.write_text("\n".join(encode_dict({"type": 1, "mmsi": 366000001, "lat": 40.5, "lon": -73.9})) + "\n")
    return f


def _run(capsys: Any, argv: list[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("command, suffix", INPUTS, ids=[f"{c.split()[0]} {c.split()[1]}{s}" for c, s in INPUTS])
def test_a_bad_input_file_is_one_line_exit_2(tmp_path, capsys, good_nmea, command, suffix, kind):
    if kind == "huge integer" and suffix not in (".json", ".toml", ".geojson"):
        pytest.skip("in a table or NMEA a row holding a huge number is a bad row, counted, not a bad file")
    f = tmp_path / f"input{suffix}"
    data = _content(kind, suffix)
    if data is not None:
        f.write_bytes(data)
    elif kind == "a directory":
        f.mkdir()
    elif kind == "a FIFO":                            # no writer: opening it for reading would wait for ever
        os.mkfifo(f)
    elif kind == "a character device":
        f = Path("/dev/zero")                         # never ends
    elif kind == "unreadable":
        f.write_text("{}")
        f.chmod(0)
        if os.access(f, os.R_OK):                     # root reads it anyway
            pytest.skip("this user can read a file of mode 000")
    argv = command.format(f=f, good=good_nmea, out=tmp_path / "out").split()
    code, out, err = _run(capsys, argv)
    assert code == 2, (code, err[-500:])
    assert err.startswith("navlights: error: ") and err.count("\n") == 1, err[-500:]
    assert "Traceback" not in err and "internal error" not in err and len(err) < 1000, err[-500:]
    if kind in ("missing", "a directory", "unreadable", "empty", "binary", "a FIFO", "a character device"):
        assert f.name in err, err                     # the line names the file
    if kind == "huge integer":
        assert "4300" not in err, err                 # our bound, not Python's


#: Output paths: (command line with {o} for the output, what is written).
OUTPUTS = [
    "check-plan {plan} --html {o}",
    "render --length 200ft -o {o}",
    "scene {scene} --svg {o}",
    "scene {scene} --png {o}",
    "scene {scene} --labels {o}",
    "encounter {tracks} --plot {o}",
    "gallery {o} --limit 1",
    "signals --length 60m -e intl-1972 --wav {o}",
]
BAD_OUTPUTS = ["{tmp}/no-such-dir/r.{ext}", "/proc/version"]


@pytest.mark.parametrize("where", BAD_OUTPUTS)
@pytest.mark.parametrize("command", OUTPUTS, ids=[c.split()[0] + " " + c.split()[-2] for c in OUTPUTS])
def test_an_output_that_cannot_be_written_is_refused_first(tmp_path, capsys, command, where):
    if command.startswith("gallery"):                 # a gallery makes its folder (and the folders above it)
        (tmp_path / "a-file").write_text("")
        where = "/proc/version/gallery" if where == "/proc/version" else "{tmp}/a-file/gallery"
    root = Path(__file__).parents[1]
    ext = {"--html": "html", "-o": "svg", "--svg": "svg", "--png": "png", "--labels": "json", "--plot": "png",
           "--wav": "wav"}.get(
        command.split()[-2], "d")
    o = where.format(tmp=tmp_path, ext=ext)
    argv = command.format(o=o, plan=root / "src/navlights/plan/examples/intl-1960-61m-power.json",
                          scene=root / "examples/scenes" / sorted(os.listdir(root / "examples/scenes"))[0],
                          tracks=root / "examples/encounters/2020-crossing-high-seas.csv").split()
    code, out, err = _run(capsys, argv)
    assert code == 2 and err.startswith("navlights: error: ") and err.count("\n") == 1, (code, err[-500:])
    assert o in err and "Traceback" not in err
    assert out == "", "the work was done before the output was checked"


def test_the_tables_cover_every_file_argument():
    """Every option or argument of src/navlights/cli/ that names a file is in a table above."""
    import importlib

    from navlights.cli import COMMAND_MODULES
    covered = {c.split()[0] for c, _ in INPUTS} | {c.split()[0] for c in OUTPUTS} | {"serve", "prepare", "view",
                                                                                    "sectors", "render"}
    names = ("file", "path", "output", "html", "svg", "png", "labels", "plot", "region", "ais", "outdir", "json",
             "scene", "tracks", "input", "db", "dir")
    for name, module in COMMAND_MODULES.items():
        for cmd in importlib.import_module(f"navlights.cli.{module}").COMMANDS:
            if cmd.name != name:
                continue
            takes = [p.name for p in cmd.params if any(n in (p.name or "") for n in names)
                     and p.name not in ("as_json",)]
            if takes:
                assert name in covered, (name, takes)
