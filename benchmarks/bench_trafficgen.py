"""Benchmark: navlights' encounter type against DNV trafficgen's own, on the situations trafficgen generates.

trafficgen (github.com/dnv-opensource/ship-traffic-generator, MIT) writes each generated situation in the
maritime-schema format; its title lists, per target ship in order, the encounter type trafficgen classified it as
(HO, CR-GW, CR-SO, OT-GW, OT-SO; all from own ship). navlights reads the same file (traffic/situation.py) and decides
under intl-1972 with trafficgen's angles (its encounter_settings.json): "ahead or nearly ahead" within 5° of each
bow (theta14Criteria), the overtaking sector from 22.5° abaft the beam (theta15 = 112.5°..247.5°, as the Rule 13(b)
sector navlights holds anyway). Side by side: agreement, and each disagreement with the two relative bearings and
the reason from the rule text.

Usage: python benchmarks/bench_trafficgen.py [DIR]   (default: tests/data/trafficgen, eight of the 55 baseline
situations; give a checkout's data/baseline_situations_generated for all 55)
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import navlights.api as api

FIXTURE = Path(__file__).parents[1] / "tests" / "data" / "trafficgen"
#: trafficgen's classification angles (src/trafficgen/settings/encounter_settings.json), as navlights conventions.
TRAFFICGEN = {"head_on_deg": 5.0, "border_deg": 0.0}


def code(c: dict) -> str:
    """navlights' answer in trafficgen's codes (from own ship)."""
    enc, give = c["encounter"], c["give_way"]
    if enc == "overtaking":
        return "OT-GW" if c["overtaking"] == "own" else "OT-SO"
    if enc == "head-on":
        return "HO"
    if enc == "crossing":
        return {("own",): "CR-GW", ("other",): "CR-SO"}.get(tuple(give), "CR-?")
    return enc


def why(theirs: str, ours: str, rb: float, aspect: float) -> str:
    """The reason for a disagreement, from the rule text and the two bearings (hers on own bow, own on hers)."""
    off = lambda a: min(a, 360.0 - a)  # noqa: E731
    if ours == "passing-clear":
        return ("the range is opening: no risk of collision (Rule 7), so Rules 13-15 do not apply; trafficgen "
                "classifies by headings alone")
    if theirs == "HO" or ours == "HO":
        return (f"bows {off(rb):.1f}° and {off(aspect):.1f}° apart from reciprocal: Rule 14(a) is 'reciprocal or "
                "nearly reciprocal'; trafficgen and navlights draw the 5° limit on different sides of it")
    if theirs.startswith("OT") or ours.startswith("OT"):
        return (f"she bears {rb:.1f}° on own bow, own ship {aspect:.1f}° on hers: Rule 13(b) 'more than 22.5° abaft "
                "the beam' is open at the limit; trafficgen also asks the overtaken one to lie within 67.5° of the "
                "overtaker's bow, which the Rule does not")
    return (f"she bears {rb:.1f}° on own bow, own ship {aspect:.1f}° on hers: Rule 15 asks which has the other on her "
            "starboard side; trafficgen asks own ship to lie within 5° of her bow or on her port side")


def main() -> None:
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else FIXTURE
    files = sorted(root.glob("traffic_situation_*.json"))
    rows, t0 = [], time.process_time()
    for path in files:
        text = path.read_text()
        theirs = [s.strip() for s in json.loads(text)["title"].split(",")]
        data = api.conduct_situation_json(text, "intl-1972", **TRAFFICGEN)
        for i, (t, tg) in enumerate(zip(data["targets"], theirs, strict=True), 1):
            c = t["conduct"]
            k = c["kinematics"]
            rows.append((path.stem.rsplit("_", 1)[-1], i, tg, code(c), k["relative_bearing_deg"], k["aspect_deg"]))
    cpu_ms = (time.process_time() - t0) * 1000
    agree = sum(r[2] == r[3] for r in rows)
    print(f"{len(files)} situations, {len(rows)} target ships: navlights agrees with trafficgen on {agree} "
          f"({cpu_ms / max(len(rows), 1):.1f} ms CPU per ship)")
    print(f"{'sit':>3} {'ts':>2} {'trafficgen':<10} {'navlights':<13} {'her brg':>7} {'own on hers':>11}")
    for sit, i, tg, ours, rb, asp in rows:
        mark = "" if tg == ours else "  <- differs"
        print(f"{sit:>3} {i:>2} {tg:<10} {ours:<13} {rb:7.1f} {asp:11.1f}{mark}")
    own_conv = [code(t["conduct"]) for path in files for t in
                 api.conduct_situation_json(path.read_text(), "intl-1972")["targets"]]
    borders = sum(bool(t["conduct"]["borders"]) for path in files for t in
                  api.conduct_situation_json(path.read_text(), "intl-1972")["targets"])
    same = sum(a == r[2] for a, r in zip(own_conv, rows, strict=True))
    print(f"under navlights' own conventions (head-on 6°, border 2°): {same} of {len(rows)} agree; {borders} flagged "
          "as border cases with both readings")
    for sit, i, tg, ours, rb, asp in rows:
        if tg != ours:
            print(f"situation {sit} ship {i}: trafficgen {tg}, navlights {ours}: {why(tg, ours, rb, asp)}")


if __name__ == "__main__":
    main()
