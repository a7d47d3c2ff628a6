"""Streaming AIS (issue 24, item 1): memory does not grow with the number of sentences, and the stream gives what
the whole-file reading gave."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from pyais import encode_dict

from navlights.traffic.ais import read, stream

SRC = str(Path(__file__).parents[1] / "src")
CHILD = """
import io, resource, sys
from navlights.traffic.api import ais_json, ais_lines
class Sink(io.TextIOBase):
    n = 0
    def write(self, s):
        self.n += s.count("\\n"); return len(s)
sink = Sink()
data = ais_lines(sys.argv[1], sink.write, edition="intl-1972")
summary = ais_json(sys.argv[1], edition="intl-1972")
print(sink.n, len(summary["vessels"]), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def nmea_file(path: Path, n: int) -> Path:
    """``n`` lines: 40 vessels' static messages, then their position reports over and over, each with a time."""
    statics, positions = [], []
    for v in range(40):
        statics += encode_dict({"type": 5, "mmsi": 366000100 + v, "ship_type": (30, 36, 70, 52)[v % 4],
                                "to_bow": 5 + v, "to_stern": 3, "to_port": 2, "to_starboard": 2}, seq_id=v % 10)
        positions += encode_dict({"type": 1, "mmsi": 366000100 + v, "status": (0, 7, 8, 1, 3)[v % 5],
                                  "lat": 40 + v / 100, "lon": -74.0, "speed": float(v % 9), "course": 90.0,
                                  "heading": 90})
    with path.open("w") as fh:
        fh.write("\n".join(statics) + "\n")
        k = len(statics)
        while k < n:
            for p in positions[: n - k]:
                fh.write(f"{1714597200 + k} {p}\n")
            k += len(positions)
    return path


def peak(path: Path) -> tuple[int, int, int]:
    out = subprocess.run([sys.executable, "-c", CHILD, str(path)], capture_output=True, text=True, check=True,
                         env={"PYTHONPATH": SRC, "PATH": "/usr/bin:/bin", "NAVLIGHTS_CACHE_DIR": "off"})
    lines, vessels, kib = (int(x) for x in out.stdout.split())
    return lines, vessels, kib


def test_peak_memory_does_not_grow_with_the_sentences(tmp_path):
    small = peak(nmea_file(tmp_path / "small.nmea", 10_000))
    big = peak(nmea_file(tmp_path / "big.nmea", 100_000))
    assert big[0] == 100_000 - 80 and small[0] == 10_000 - 80      # every position report written, one line each
    assert big[1] == small[1] == 40
    # the old reader kept every report (about 620 bytes each: 56 MB more for 90,000 more); the stream keeps none
    assert big[2] - small[2] < 8 * 1024, f"peak RSS {small[2]} KiB at 10^4, {big[2]} KiB at 10^5"


def test_stream_gives_what_the_whole_file_gave(tmp_path):
    p = nmea_file(tmp_path / "a.nmea", 500)
    whole = read(p)
    data, reports = stream(p)
    assert data.positions == 0 and not data.statics        # nothing read before the first report is drawn
    got = list(reports)
    assert got == whole.reports and data.counts() == whole.counts() and data.statics == whole.statics


def test_table_in_chunks_joins_static_data_as_it_arrives(tmp_path):
    p = tmp_path / "a.csv"
    # MarineCadastre columns; the first vessel's static data comes only in the third chunk
    rows = ["MMSI,BaseDateTime,LAT,LON,SOG,COG,Heading,VesselName,VesselType,Status,Length,Width"]
    rows += [f"36600000{k % 2},2024-05-01T21:0{k}:00,40.5,-73.9,5,90,90,,,0,," for k in range(4)]
    rows += ["366000000,2024-05-01T21:05:00,40.5,-73.9,5,90,90,ANNA,36,8,12,4"]
    p.write_text("\n".join(rows) + "\n")
    data, reports = stream(p, chunk_rows=2)
    seen = [(r.mmsi, data.statics.get(r.mmsi) is not None) for r in reports]
    assert seen == [("366000000", False), ("366000001", False), ("366000000", False), ("366000001", False),
                    ("366000000", True)]
    assert data.counts()["read"] == 5 and data.statics["366000000"].length_m == 12.0


def test_jsonl_one_line_per_report(tmp_path, capsys):
    from navlights.cli import main
    p = nmea_file(tmp_path / "a.nmea", 200)
    assert main(["ais", str(p), "--edition", "intl-1972", "--jsonl", "--expand"]) == 0
    out, err = capsys.readouterr()
    rows = [json.loads(x) for x in out.splitlines()]
    assert len(rows) == 120 and all(r["edition"] == "intl-1972" and r["candidates"] for r in rows)
    assert "120 position reports" in err


def test_the_readers_do_not_import_each_other():
    # issue 26, item 6: what both readers share lives in aisvalues.py, below them both
    import ast
    folder = Path(SRC) / "navlights" / "traffic"

    def imports(name: str, top_only: bool) -> set[str]:
        tree = ast.parse((folder / f"{name}.py").read_text())
        nodes = tree.body if top_only else list(ast.walk(tree))
        return {n.module or "" for n in nodes if isinstance(n, ast.ImportFrom) and n.level == 1}

    assert "ais" not in imports("tables", top_only=False) and "tables" not in imports("ais", top_only=True)
    assert imports("aisvalues", top_only=False) == set()


def test_a_receiver_logs_seconds_are_read_once_and_right_for_every_line():
    # A receiver log writes Unix seconds before each sentence; each stamp is read once and remembered. 1714597200 is
    # 2024-05-01 21:00:00 UTC (written by hand), the next second 21:00:01; a tag block may follow the stamp; two
    # spaces are read the slow way with the same time; a stamp followed by something not a sentence is refused.
    from navlights.traffic.ais import read_nmea
    s = encode_dict({"type": 1, "mmsi": 366000001, "status": 0, "lat": 40.5, "lon": -73.9, "speed": 5.0,
                     "course": 90.0, "heading": 90})[0]
    lines = [f"1714597200 {s}", f"1714597200 {s}", f"1714597201 {s}", f"1714597200  {s}",
             f"1714597201 \\s:r1*00\\{s}", f"1714597200 x{s}", "1714597200 $GPGGA,1*00"]
    data = read_nmea(lines)
    got = [r.time.isoformat() for r in data.reports]
    assert got == ["2024-05-01T21:00:00+00:00", "2024-05-01T21:00:00+00:00", "2024-05-01T21:00:01+00:00",
                   "2024-05-01T21:00:00+00:00", "2024-05-01T21:00:01+00:00"]
    assert data.bad["not an NMEA sentence"] == 2
