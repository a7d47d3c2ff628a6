"""The Dask path gives the same rows as the single-process path on the same data (issue 17)."""

from __future__ import annotations

import pytest

pd = pytest.importorskip("pandas")
pytest.importorskip("distributed")

from navlights.traffic import batch  # noqa: E402
from navlights.traffic.mapping import Choice  # noqa: E402
from navlights.traffic.regions import Region  # noqa: E402

COLUMNS = ["MMSI", "BaseDateTime", "LAT", "LON", "SOG", "COG", "Heading", "VesselName", "IMO", "CallSign",
           "VesselType", "Status", "Length", "Width", "Draft", "Cargo", "TransceiverClass"]


def _rows(n: int, seed: int) -> list[list[object]]:
    """Generated MarineCadastre rows: 40 vessels, each status and a few ship types; static columns only on some
    rows (so that a vessel's static data may sit in another partition)."""
    import random
    rng = random.Random(seed)
    out = []
    for i in range(n):
        mmsi = 366000000 + rng.randrange(40)
        typ, length = [(30, 25), (31, 40), (36, 12), (50, 18), (70, 180), (52, 30), ("", "")][mmsi % 7]
        with_static = rng.random() < 0.3
        out.append([mmsi, f"2024-05-01T{rng.randrange(24):02d}:{rng.randrange(60):02d}:00",
                    round(40 + rng.random(), 4), round(-74 + rng.random(), 4), round(rng.random() * 12, 1),
                    round(rng.random() * 359, 1), rng.choice([511, 90]),
                    "V" if with_static else "", "", "", typ if with_static else "", rng.choice(["", *range(16)]),
                    length if with_static else "", 6 if with_static and length else "", "", "", "A"])
    return out


@pytest.fixture(scope="module")
def dataset(tmp_path_factory):
    d = tmp_path_factory.mktemp("ais")
    frames = [pd.DataFrame(_rows(150, seed), columns=COLUMNS) for seed in (1, 2, 3)]
    for k, f in enumerate(frames):
        f.to_csv(d / f"part-{k}.csv", index=False)
    whole = pd.concat(frames, ignore_index=True).astype(str).replace({"nan": ""})
    return d, whole


def test_dask_gives_the_same_rows_as_one_process(dataset, tmp_path):
    d, whole = dataset
    region = Region.from_geojson({"type": "Polygon", "coordinates": [[[-74, 40], [-73.5, 40], [-73.5, 40.5],
                                                                       [-74, 40.5], [-74, 40]]]})
    choice = Choice(region=region).check()
    single = batch.map_table(whole, choice)
    summary = batch.run(str(d), str(tmp_path / "out"), choice, workers=2, progress=False, blocksize="4KB")
    dask_rows = pd.read_parquet(tmp_path / "out")
    key = ["mmsi", "time", "lat", "lon"]
    a = single.sort_values(key).reset_index(drop=True)
    b = dask_rows[list(batch.OUTPUT)].sort_values(key).reset_index(drop=True)
    assert summary["rows"] == len(single) == 450 and summary["partitions"] >= 3
    pd.testing.assert_frame_equal(a, b, check_dtype=False)
    assert set(a["edition"]) == {"us-inland", "intl-1972"}
    assert (a["candidates"] > 1).any() and a["flags"].str.contains("no-length").any()


def test_times_never_convert_missing_numbers_by_unit():
    """Issue 23, item 6: the conversion by unit ran over every row, NaN included, and failed now and then in a
    Dask worker with FloatingPointError; it now sees only the rows that hold a number, so a column of ISO times
    converts under any floating-point error state. A Unix time past datetime64[ns] (2262) is missing, not a crash."""
    import numpy as np

    from navlights.traffic.tables import _times
    iso = pd.Series(["2024-05-01T12:00:00", "", "2024-05-01T12:01:00"])
    with np.errstate(all="raise"):
        got = _times(iso)
    assert [t.isoformat() if t is not pd.NaT else None for t in got] == [
        "2024-05-01T12:00:00+00:00", None, "2024-05-01T12:01:00+00:00"]
    mixed = _times(pd.Series(["1700000000", "1700000000000", "99999999999", "abc"]))
    assert mixed.iloc[0] == mixed.iloc[1] == pd.Timestamp("2023-11-14T22:13:20Z")   # seconds; milliseconds
    assert mixed.iloc[2] is pd.NaT and mixed.iloc[3] is pd.NaT
