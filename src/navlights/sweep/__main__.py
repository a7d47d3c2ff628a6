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
    ap.add_argument("--parts", type=int, metavar="N",
                    help="check N partitions beyond pairs (three families or more, up to --depth), drawn with "
                         "--seed, each whole, and estimate how many records all of them hold")
    ap.add_argument("--workers", type=int, help="run on a local Dask cluster of this many processes")
    ap.add_argument("--scheduler", metavar="ADDRESS", help="run on the Dask scheduler at this address")
    ap.add_argument("--violations", metavar="FILE", help="write the violations found (JSON lines) here")
    ap.add_argument("--json", action="store_true", help="print the tally as JSON")
    a = ap.parse_args(argv)
    from .run import sweep, whole
    t0 = time.perf_counter()
    try:
        if a.parts is not None and (a.parts < 1 or a.sample is not None):
            raise NavlightsError(f"parts: {a.parts} is not allowed here; allowed: a number of partitions from 1 up, "
                                 "without --sample")
        total = sweep(a.edition, depth=a.depth, sample=a.sample, seed=a.seed, workers=a.workers,
                      scheduler=a.scheduler, whole_parts=a.parts)
        space = whole(a.edition, a.depth)
        pool = _pool(a.edition, a.depth) if a.parts is not None else {}
    except NavlightsError as e:
        print(f"navlights sweep: error: {e}", file=sys.stderr)
        return 2
    d = total.to_dict()
    examples = d.pop("examples")
    d.update(space=space, wall_s=round(time.perf_counter() - t0, 1))
    if pool:
        from .run import estimate
        d["estimate"] = {ed: {"partitions": pool[ed], "checked_whole": sum(1 for e, _ in total.per_part if e == ed),
                              "records": round(m), "within": round(h)} for ed, (m, h) in estimate(total, pool).items()}
    if a.violations:
        with open(a.violations, "w", encoding="utf-8") as fh:
            for x in examples:
                fh.write(json.dumps(x) + "\n")
    if a.json:
        print(json.dumps({**d, "violations_found": examples}))
    else:
        _say(f"combinations {space:,} (refused by the vessel model {d['refused']:,}, the same facts as another "
             f"{d['merged']:,})")
        _say(f"records checked {d['checked']:,}, {d['distinct']:,} distinct across partitions (each the vessels no "
             f"condition tells apart: {d['covered']:,} combinations; {d['verified']:,} others verified alike; "
             f"{d['refused_records']:,} refused whole, {d['late']:,} of them found late)")
        _say(f"a fact asked for {d['asked']:,}; {d['displays']:,} distinct displays viewed, {d['indexed']:,} of them "
             f"a class identify knows (read back); violations {d['violations']:,}")
        _say(f"CPU {d['cpu_s']:.1f} s, {d['records_per_cpu_s'] or 0:,} records per CPU second; wall {d['wall_s']} s")
        for ed, est in d.get("estimate", {}).items():
            _say(f"{ed}: {est['checked_whole']:,} of {est['partitions']:,} partitions beyond pairs checked whole; all of "
                 f"them hold about {est['records']:,} records (95%: within {est['within']:,})")
        for x in examples[:20]:
            _say(f"{x['edition']} {x['check']}: {x['found'][0]}", "  ")
            _say(f"vessel {json.dumps(x['vessel'])}", "    ")
    return 1 if d["violations"] else 0


def _pool(editions: list[str] | None, depth: int) -> dict[str, int]:
    """Per edition, how many partitions ``--parts`` draws from."""
    from .run import beyond_pairs, plan
    out: dict[str, int] = {}
    for p in beyond_pairs(plan(editions, depth)):
        out[p.edition] = out.get(p.edition, 0) + 1
    return out


def _say(text: str, indent: str = "") -> None:
    """A line of the tally, wrapped at 80 columns (continued lines indented two more)."""
    import textwrap
    print(textwrap.fill(text, 80, initial_indent=indent, subsequent_indent=indent + "  ", break_on_hyphens=False,
                        break_long_words=True))


if __name__ == "__main__":
    sys.exit(main())
