"""``python -m navlights.sweep``: check every edition's fact space against the invariants; print the tally.

Exit status 0 with no violation, 1 with some (each written with the facts that produce it), 2 on bad input.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from ..errors import NavlightsError


#: ``--depth all``: more families than any edition has, so every combination of them.
ALL = 64


def _depth(text: str) -> int:
    if text == "all":
        return ALL
    if text.isdigit():
        return int(text)
    raise argparse.ArgumentTypeError(f"{text!r} is not a number of families or 'all'")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m navlights.sweep", description=__doc__.splitlines()[0])
    ap.add_argument("--edition", action="append", help="an edition id (repeat; default: every edition)")
    ap.add_argument("--depth", type=_depth, default=2, metavar="{0,1,2,...,all}",
                    help="families of facts on at once with the core facts (default 2: each family alone and every "
                         "pair; 'all': every combination of families, the whole space: for the four historical "
                         "editions a minute or two, for intl-1972 and us-inland far beyond one machine, where 3 "
                         "and more are run as a --sample)")
    ap.add_argument("--sample", type=int, help="check only this many combinations, drawn with --seed")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, help="run on a local Dask cluster of this many processes")
    ap.add_argument("--scheduler", metavar="ADDRESS", help="run on the Dask scheduler at this address")
    ap.add_argument("--violations", metavar="FILE", help="write the violations found (JSON lines) here")
    ap.add_argument("--json", action="store_true", help="print the tally as JSON")
    a = ap.parse_args(argv)
    from .run import sweep, whole
    t0 = time.perf_counter()
    try:
        total = sweep(a.edition, depth=a.depth, sample=a.sample, seed=a.seed, workers=a.workers,
                      scheduler=a.scheduler)
        space = whole(a.edition, a.depth)
    except NavlightsError as e:
        print(f"navlights sweep: error: {e}", file=sys.stderr)
        return 2
    d = total.to_dict()
    examples = d.pop("examples")
    d.update(space=space, wall_s=round(time.perf_counter() - t0, 1))
    if a.violations:
        with open(a.violations, "w", encoding="utf-8") as fh:
            for x in examples:
                fh.write(json.dumps(x) + "\n")
    if a.json:
        print(json.dumps({**d, "violations_found": examples}))
    else:
        print(f"combinations {space:,} (refused by the vessel model {d['refused']:,}, the same facts as another "
              f"{d['merged']:,})")
        print(f"records checked {d['checked']:,}, {d['distinct']:,} distinct across partitions (each the vessels no "
              f"condition tells apart: {d['covered']:,} combinations; {d['verified']:,} others verified alike; "
              f"{d['refused_records']:,} refused whole, {d['late']:,} of them found late)")
        print(f"a fact asked for {d['asked']:,}; {d['displays']:,} distinct displays viewed, {d['indexed']:,} of them "
              f"a class identify knows (read back); violations {d['violations']:,}")
        print(f"CPU {d['cpu_s']:.1f} s, {d['records_per_cpu_s'] or 0:,} records per CPU second; wall {d['wall_s']} s")
        for x in examples[:20]:
            print(f"  {x['edition']} {x['check']}: {x['found'][0]}\n    vessel {json.dumps(x['vessel'])}")
    return 1 if d["violations"] else 0


if __name__ == "__main__":
    sys.exit(main())
