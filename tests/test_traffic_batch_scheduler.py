"""`navlights ais-batch --scheduler ADDRESS` on a cluster started apart from it (issue 24): a `dask scheduler` and
a `dask worker` run as their own processes on local ports; the batch runs on them, writes its Parquet (the schemes
of each light kept: Rule 25(b)'s tricolour as another scheme than Rule 25(a)'s sidelights and sternlight) and
leaves the cluster up; the test tears it down."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

pd = pytest.importorskip("pandas")
pytest.importorskip("distributed")

import navlights  # noqa: E402

BIN = Path(sys.executable).parent


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _env() -> dict[str, str]:
    env = dict(os.environ)
    src = str(Path(navlights.__file__).resolve().parents[1])       # the workers import this navlights
    env["PYTHONPATH"] = src + os.pathsep + env.get("PYTHONPATH", "")
    env["DASK_DISTRIBUTED__WORKER__DAEMON"] = "False"
    return env


@pytest.fixture
def cluster(tmp_path):
    dask = shutil.which("dask", path=str(BIN)) or shutil.which("dask")
    if dask is None:
        pytest.skip("the dask command line is not installed")
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    log = tmp_path / "cluster.log"
    procs: list[subprocess.Popen[bytes]] = []
    with open(log, "wb") as out:
        procs.append(subprocess.Popen([dask, "scheduler", "--host", "127.0.0.1", "--port", str(port),
                                       "--no-dashboard"], stdout=out, stderr=out, env=_env()))
        procs.append(subprocess.Popen([dask, "worker", address, "--nworkers", "1", "--nthreads", "1",
                                       "--no-dashboard", "--host", "127.0.0.1", "--memory-limit", "2GB"],
                                      stdout=out, stderr=out, env=_env()))
    try:
        from distributed import Client
        deadline = time.monotonic() + 90
        while True:
            try:
                with Client(address, timeout="5s") as c:
                    c.wait_for_workers(1, timeout=60)
                break
            except (OSError, TimeoutError):
                if time.monotonic() > deadline:
                    raise AssertionError("the Dask cluster did not come up:\n" + log.read_text()[-2000:]) from None
                time.sleep(0.5)
        yield address, procs
    finally:
        for p in reversed(procs):            # the worker first, then the scheduler: each by its own process
            p.terminate()
        for p in reversed(procs):
            try:
                p.wait(timeout=30)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait(timeout=10)


def test_ais_batch_runs_on_a_separately_started_scheduler(cluster, tmp_path):
    address, procs = cluster
    d = tmp_path / "in"
    d.mkdir()
    cols = ["MMSI", "BaseDateTime", "LAT", "LON", "SOG", "COG", "Heading", "VesselType", "Status", "Length",
            "Width"]
    sailing = ["235000012", "2024-05-01T21:00:00", 50.0, -1.0, 5.0, 90.0, 90, "36", "8", "12", "4"]
    power = ["235000013", "2024-05-01T21:01:00", 50.1, -1.1, 12.0, 180.0, 180, "70", "0", "150", "20"]
    pd.DataFrame([sailing, power], columns=cols).to_csv(d / "part-0.csv", index=False)
    pd.DataFrame([power, sailing], columns=cols).to_csv(d / "part-1.csv", index=False)
    out = tmp_path / "out"
    r = subprocess.run([str(BIN / "navlights"), "ais-batch", str(d), str(out), "--scheduler", address,
                        "--edition", "intl-1972", "--no-progress", "--json"],
                       capture_output=True, text=True, env=_env(), timeout=240)
    assert r.returncode == 0, r.stderr[-2000:]
    summary = json.loads(r.stdout)
    assert summary["rows"] == 4 and summary["partitions"] == 2
    assert len(summary["workers_cpu_s"]) == 1            # the one worker started apart ran the mapping
    written = pd.read_parquet(out)
    assert sorted(written["mmsi"]) == ["235000012", "235000012", "235000013", "235000013"]
    row = written[written["mmsi"] == "235000012"].iloc[0]
    readings = json.loads(row["schemes"])
    sail = next(x for x in readings if any(lt["role"] == "tricolour-stern" for lt in x.get("lights", [])))
    by_role = {lt["role"]: lt for lt in sail["lights"]}
    assert by_role["tricolour-stern"]["scheme"] == "sailing-tricolour"
    assert "Rule 25(b)" in by_role["tricolour-stern"]["cite"]
    assert by_role["sternlight"]["scheme"] == "standard"
    assert all(p.poll() is None for p in procs)           # the cluster is left up for its owner
