"""Commands `navlights ais` and `navlights ais-batch`: AIS data to the lights each vessel must show.

Through :mod:`navlights.traffic.api` only; pyais, pandas and Dask load when a command runs.
"""

from __future__ import annotations

import re
from typing import Any

import click

from navlights.traffic.api import TRAFFIC_WATERS

from .layout import fitted, fitted_text
from .options import json_option, print_json

_WATERS = click.Choice(list(TRAFFIC_WATERS))


def _choice_options(f: Any) -> Any:
    f = click.option("--region", "region", type=click.Path(dir_okay=False),
                     help="GeoJSON polygon file: inside it the waters its features name (properties.waters, "
                          "default us-inland), outside the high seas; the edition governing there on each fix's date")(f)
    f = click.option("--waters", "waters", type=_WATERS,
                     help="the waters of every fix; the edition governing there on each fix's date")(f)
    f = click.option("--edition", "-e", "edition", help="judge every fix under this edition (id or alias)")(f)
    return f


@click.command("ais")
@click.argument("file", type=click.Path(dir_okay=False))
@_choice_options
@click.option("--time", "time", help="time of NMEA messages that carry none (ISO 8601, e.g. 2024-05-01T21:00:00Z); "
                                     "not needed with --edition")
@click.option("--jsonl", "as_lines", is_flag=True,
              help="every position report as one JSON line, written as it is read (the counts go to stderr); "
                   "each report names her key, each key's readings written once (docs/traffic.md)")
@json_option()
@click.option("--expand", is_flag=True,
              help="--json/--jsonl: every report or vessel with all her readings and lights in full (large)")
def ais_cmd(file: str, edition: str | None, waters: str | None, region: str | None, time: str | None,
            as_lines: bool, as_json: bool, expand: bool) -> None:
    """Read an AIS file (NMEA AIVDM/AIVDO text, .csv or .parquet) and give, per vessel, her latest fix, every
    reading of her that AIS fits (with its basis and assumptions) and the lights each must show, alternatives
    kept: a group's options in [a | b], a small-craft scheme she may show instead of the standard lights in
    {standard: ... / scheme: ...}; with counts of bad sentences or rows by reason (an NMEA line over 1 KiB counts
    as bad). The file is read in chunks and memory does not grow with it; --jsonl writes each report as it goes.
    Readings that look the same are grouped, the likely one first (the priors identify ranks by); the candidate
    numbers, which --reading takes, do not change with that order.

    Edition: --edition, else the one governing on the fix's date in --waters or in the waters --region gives
    (default: the high seas). Time matters only for that choice: with --edition named, NMEA sentences without
    any time (no tag block, no time before the sentence, no --time) still give each vessel's lights; without
    it they are counted as bad ("no time"). A file that cannot be read at all (empty, not UTF-8, not CSV or
    Parquet, no NMEA sentence in it) is one line, exit 2.

    --json and --jsonl are compact: each vessel or report names the key of her readings, and each key's readings
    and candidates (and each set of lights) are written once; --expand writes them in full for every vessel or
    report (navlights.traffic.api.ais_expand_json and ais_expand_lines join the compact form back)."""
    if as_lines:
        import sys

        from ..traffic.api import ais_lines
        data = ais_lines(file, sys.stdout.write, edition=edition, waters=waters, region=region, time=time,
                         compact=not expand)
        sys.stdout.flush()
        click.echo(_counts_line(file, data.counts()), err=True)
        return
    from ..traffic.api import ais_expand_json, ais_json
    data = ais_json(file, edition=edition, waters=waters, region=region, time=time, compact=not expand)
    if as_json:
        if expand:
            print_json(data)
        else:
            _print_lined(data)
        return
    with fitted():
        _text(data if expand else ais_expand_json(data))


def _print_lined(doc: dict[str, Any]) -> None:
    """A JSON document whose lists hold one item a line (json's C encoder writes each; an indented document is
    written by its Python encoder, several times slower on megabytes)."""
    import json
    import sys
    out = ["{"]
    last = len(doc) - 1
    for i, (k, v) in enumerate(doc.items()):
        end = "" if i == last else ","
        if isinstance(v, list) and v:
            out.append(f"  {json.dumps(k)}: [")
            out.append(",\n".join("    " + json.dumps(x, ensure_ascii=False) for x in v))
            out.append("  ]" + end)
        else:
            out.append(f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}{end}")
    out.append("}")
    sys.stdout.write("\n".join(out) + "\n")
    sys.stdout.flush()


def _counts_line(file: str, c: dict[str, Any], vessels: int | None = None) -> str:
    many = f", {vessels} vessels" if vessels is not None else ""
    return f"{file}: {c['read']} read, {c['positions']} position reports{many}, {c['bad_total']} bad"


def _text(data: dict[str, Any]) -> None:
    c = data["counts"]
    click.echo(_counts_line(data["file"], c, len(data["vessels"])))
    for reason, n in c["bad"].items():
        click.echo(f"  bad: {n} x {reason}")
    for kind, n in c["other"].items():
        click.echo(f"  not used: {n} x {kind}")
    for v in data["vessels"]:
        click.echo("")
        name = f" {v['name']}" if v["name"] else ""
        click.echo(f"MMSI {v['mmsi']}{name}  {v['time'] or 'no time'}  {v['lat']:.5f} {v['lon']:.5f}")
        click.echo(f"  status {v['status']['code']} ({v['status']['words']}), type {v['ship_type']['code']} "
                   f"({v['ship_type']['words']}); edition {v['edition'] or 'none'}")
        cands = v["candidates"]
        groups = v["readings"]
        click.echo(f"  {len(cands)} candidate(s)" + (" (certain)" if v["certain"] else "")
                   + (f", {len(groups)} different sight(s)" if len(groups) < len(cands) else "")
                   + (", the likely one first (the priors identify ranks by)" if len(groups) > 1 else ""))
        schemes: list[str] = []
        for g in groups:
            ks = g["candidates"]
            first = cands[ks[0] - 1]
            if len(ks) == 1:
                click.echo(f"  {ks[0]}. {first['description']}: {g['lights']}")
            elif g["bands"]:
                click.echo(f"  {_numbers(ks)}. {_LENGTH.sub('', first['description'])}: {g['lights']}")
                click.echo(f"     the same lights in each of {len(ks)} bands AIS leaves open "
                           f"({'; '.join(b['band'] for b in g['bands'])}); only the ranges differ (--json)")
            else:
                click.echo(f"  {_numbers(ks)}. {g['lights']}  ({len(ks)} readings that look the same)")
                for k in ks:
                    extra = [a for a in cands[k - 1]["assumptions"] if a not in g["assumptions"]]
                    click.echo(f"     {k}: {'; '.join([cands[k - 1]['description'], *extra])}")
            if g["assumptions"]:
                click.echo(f"     assumes: {'; '.join(g['assumptions'])}")
            for k in g["candidates"]:
                schemes += [s for s in cands[k - 1].get("schemes", []) if s not in schemes]
        for s in schemes:
            click.echo(f"  scheme: {s}")
        for note in v["notes"]:
            click.echo(f"  note: {note}")


def _numbers(ks: list[int]) -> str:
    """1, 3-5, 7: the candidate numbers of a group, runs joined."""
    out: list[str] = []
    start = prev = ks[0]
    for k in [*ks[1:], None]:
        if k is not None and k == prev + 1:
            prev = k
            continue
        out.append(str(start) if start == prev else f"{start}-{prev}")
        if k is not None:
            start = prev = k
    return ", ".join(out)


#: A length in a description ("power-driven vessel, 9.5 m (31.2 ft), at anchor"), left out where a group's members
#: differ only by the band of a length AIS did not give.
_LENGTH = re.compile(r", [0-9.]+ (?:m|ft) \([0-9.]+ (?:m|ft)\)")


@click.command("ais-batch")
@click.argument("input_path", metavar="INPUT")
@click.argument("output_path", metavar="OUTPUT")
@click.option("--scheduler", help="address of a running Dask scheduler, e.g. tcp://10.0.0.5:8786 "
                                  "(default: a local cluster)")
@click.option("--workers", type=click.IntRange(1, 256), help="local cluster workers (default: CPUs, at most 4)")
@_choice_options
@click.option("--no-progress", is_flag=True, help="no progress bar")
@json_option()
@fitted_text
def ais_batch_cmd(input_path: str, output_path: str, scheduler: str | None, workers: int | None,
                  edition: str | None, waters: str | None, region: str | None, no_progress: bool,
                  as_json: bool) -> None:
    """Map a whole AIS dataset (a Parquet or CSV file, a directory of partitions, or a glob) on Dask and write
    Parquet under OUTPUT: per position report MMSI, time, position, edition, the required lights of every
    candidate, the candidate count and flags."""
    from ..traffic.api import ais_batch
    data = ais_batch(input_path, output_path, scheduler=scheduler, workers=workers, edition=edition,
                         waters=waters, region=region, progress=not no_progress)
    if as_json:
        print_json(data)
        return
    click.echo(f"{data['rows']} rows from {data['partitions']} partition(s) written to {data['output']}; "
               f"{data['several_candidates']} with several candidates, {data['undecided']} undecided")


COMMANDS = (ais_cmd, ais_batch_cmd)
