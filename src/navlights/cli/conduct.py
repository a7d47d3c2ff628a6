"""Command `navlights conduct`: who gives way between two vessels (Part B), from their motion or the lights seen."""

from __future__ import annotations

import json
import textwrap
from typing import Any

import click

from ..errors import NavlightsError
from .layout import fitted_text
from .options import chosen_edition, json_option, print_json, read_text_file, say_default

AREAS = ("open", "narrow-channel", "tss")
WATERS = ("great-lakes", "western-rivers", "lower-mississippi", "specified-waters")
#: The most pairs one --pairs file may hold.
MAX_PAIRS = 10_000
PAIR_KEYS = ("own", "other", "in_sight", "area", "waters", "wind_from_deg", "was_overtaking")


def _pairs(path: str) -> list[dict[str, Any]]:
    """The pairs in a JSON file: a list of objects with own, other and any situation keys."""
    text = read_text_file(path, "pairs")
    from .. import api
    try:
        data = api.json_loads(text, "pairs")
    except json.JSONDecodeError as e:
        raise NavlightsError(f"pairs: '{path}' is not JSON ({e.msg}, line {e.lineno})", field="pairs", value=path,
                             allowed="a JSON list of {own, other} objects") from None
    except RecursionError:
        raise NavlightsError(f"pairs: '{path}' is nested too deeply", field="pairs", value=path,
                             allowed="a JSON list of {own, other} objects") from None
    if not isinstance(data, list) or not data or len(data) > MAX_PAIRS:
        raise NavlightsError(f"pairs: '{path}' must hold a list of 1 to {MAX_PAIRS} pairs", field="pairs", value=path,
                             allowed="a JSON list of {own, other} objects")
    for i, p in enumerate(data):
        bad = sorted(set(p) - set(PAIR_KEYS)) if isinstance(p, dict) else ["(not an object)"]
        if bad or not isinstance(p, dict) or "own" not in p or "other" not in p:
            raise NavlightsError(f"pairs[{i}]: needs own and other; unknown: {', '.join(bad) or 'none'}; allowed: "
                                 f"{', '.join(PAIR_KEYS)}", field=f"pairs[{i}]", value=p, allowed=", ".join(PAIR_KEYS))
    return data


def _text(d: dict[str, Any], head: str = "") -> None:
    """One answer: the roles first, then the rules, the geometry and the conventions."""
    click.echo(textwrap.fill(head + d["answer"], 78, subsequent_indent="  ", break_on_hyphens=False))
    click.echo("Rules:")
    for r in d["rules"] + [x["rule"] for x in d["duties"]]:
        click.echo(textwrap.fill(f"{r['cite']} ({r['provenance']}): {r['summary']}", 78, initial_indent="  ",
                                 subsequent_indent="    ", break_on_hyphens=False))
    k = d["kinematics"]
    if k:
        click.echo(textwrap.fill(
            f"Geometry: range {k['range_nm']:.2f} nm, she bears {k['relative_bearing_deg']:.1f}° relative "
            f"({k['bearing_deg']:.1f}° true); you bear {k['aspect_deg']:.1f}° on her bow; CPA {k['cpa_nm']:.2f} nm, "
            f"TCPA {k['tcpa_min']:.1f} min; bearing moving {k['bearing_rate_deg_min']:+.2f}°/min.", 78,
            subsequent_indent="  ", break_on_hyphens=False))
    if d.get("seen"):
        s = d["seen"]
        click.echo(textwrap.fill(f"Seen: {s['words']}: {s['vessel']}, you on her bow at {', '.join(s['aspects'])}.",
                                 78, subsequent_indent="  ", break_on_hyphens=False))
    click.echo(textwrap.fill(f"Conventions: {d['conventions']['words']}.", 78, subsequent_indent="  ", break_on_hyphens=False))


def _situation_text(d: dict[str, Any]) -> None:
    """A maritime-schema situation: each target ship, her lights as seen, then her answer."""
    own = d["own"]
    click.echo(textwrap.fill(f"{d['title'] or 'Situation'}: own ship {own['name']} ({own['status_term']}), course "
                             f"{own['course_deg']:g}°, {own['speed_kn']:g} kn.", 78, subsequent_indent="  "))
    for n in own["assumptions"]:
        click.echo(textwrap.fill(f"Own ship: {n}.", 78, subsequent_indent="  "))
    for t in d["targets"]:
        s, lights = t["ship"], t["lights_seen"]
        click.echo("")
        seen = lights["words"] or f"not known ({lights['gap']})"
        if lights["within_range"]:
            seen += f" at {t['conduct']['kinematics']['range_nm']:.1f} nm (once in range: {lights['within_range']})"
        click.echo(textwrap.fill(f"{s['name']} ({t['status_term']}): you see {seen}.", 78, subsequent_indent="  "))
        for n in s["assumptions"]:
            click.echo(textwrap.fill(f"Assumed: {n}.", 78, subsequent_indent="  "))
        _text(t["conduct"])


@click.command("conduct")
@click.option("--own", default=None, help="own vessel: 'KIND course=DEG speed=KN [heading= at=E,N length= wind= "
              "flags]' (docs/conduct.md)")
@click.option("--other", default=None, help="the other vessel, the same way; or bearing=DEG range=NM from own")
@click.option("--pairs", "pairs_path", default=None, metavar="PAIRS.json",
              help="a JSON list of pairs ({own, other, situation keys}), answered in turn")
@click.option("--situation", "situation_path", default=None, metavar="SITUATION.json",
              help="a traffic situation in DNV's maritime-schema format: each target ship against own ship")
@click.option("--seen", default=None, metavar="NOTATION", help="the other's lights as seen (as for identify), "
              "with --bearing: roles from the lights")
@click.option("--bearing", type=float, default=None, help="with --seen: her bearing on your bow, degrees clockwise")
@click.option("--edition", "-e", default=None,
              help="edition id or alias (default: today's rules, intl-1972; us-inland with --waters)")
@click.option("--fog", is_flag=True, help="not in sight of one another, in restricted visibility (Rule 19)")
@click.option("--area", type=click.Choice(AREAS), default="open", show_default=True,
              help="open water, a narrow channel or fairway (Rule 9), a traffic separation scheme (10)")
@click.option("--waters", type=click.Choice(WATERS), default=None, help="waters some rules name apart (Inland)")
@click.option("--wind-from", "wind_from", type=float, default=None, help="true direction of the wind (Rule 12)")
@click.option("--was-overtaking", type=click.Choice(("own", "other")), default=None,
              help="the vessel that was overtaking when last looked at (Rule 13(d))")
@click.option("--head-on-deg", type=float, default=None, help="'ahead or nearly ahead' half-angle (default 6)")
@click.option("--border-deg", type=float, default=None, help="flag cases this near a limit (default 2)")
@click.option("--risk-cpa-nm", type=float, default=None, help="risk of collision below this CPA (default 1)")
@json_option("JSON output (schema: docs/schema/conduct.schema.json)")
@fitted_text
def conduct_cmd(own: str | None, other: str | None, pairs_path: str | None, situation_path: str | None,
                seen: str | None, bearing: float | None,
                edition: str | None, fog: bool, area: str, waters: str | None, wind_from: float | None,
                was_overtaking: str | None, head_on_deg: float | None, border_deg: float | None,
                risk_cpa_nm: float | None, as_json: bool) -> None:
    """Who gives way, who stands on, and why (the steering and sailing rules, Part B): for two vessels from their
    courses and speeds, for a file of pairs, or from the lights you see. The answer names its rules, the geometry
    (CPA, TCPA, the bearing's rate) and the conventions the Rules leave open.

    \b
    Examples:
      navlights conduct --own "power course=0 speed=12" --other "power course=270 speed=10 bearing=45 range=3"
      navlights conduct --own "power course=0 speed=10" --other "fishing course=90 speed=4 at=1,2" --json
      navlights conduct --seen "R W<W" --bearing 40
      navlights conduct --situation traffic_situation_01.json
    """
    from .. import api
    asked, edition = edition, chosen_edition(edition, {"waters": waters})
    options: dict[str, Any] = {"in_sight": not fog, "area": area, "waters": waters, "wind_from_deg": wind_from,
                               "was_overtaking": was_overtaking, "head_on_deg": head_on_deg, "border_deg": border_deg,
                               "risk_cpa_nm": risk_cpa_nm}
    if seen is not None:
        if bearing is None:
            raise NavlightsError("bearing: --seen needs --bearing (her bearing on your bow, degrees)", field="bearing",
                                 allowed="0 to 360")
        data: Any = api.conduct_seen_json(seen, bearing, edition, own or "power", **options)
    elif situation_path is not None:
        conv = {k: options[k] for k in ("head_on_deg", "border_deg", "risk_cpa_nm")}
        data = api.conduct_situation_json(read_text_file(situation_path, "situation"), edition, **(options | conv))
        if not as_json:
            say_default(asked, {"waters": waters})
            _situation_text(data)
            return
    elif pairs_path is not None:
        conv = {k: options[k] for k in ("head_on_deg", "border_deg", "risk_cpa_nm")}
        data = [api.conduct_json(p["own"], p["other"], edition, **(options | conv | {
            k: v for k, v in p.items() if k not in ("own", "other")})) for p in _pairs(pairs_path)]
    else:
        if own is None or other is None:
            raise NavlightsError("own, other: give --own and --other (or --pairs FILE, or --seen with --bearing)",
                                 field="own", allowed="--own SPEC --other SPEC")
        data = api.conduct_json(own, other, edition, **options)
    if as_json:
        print_json(data)
        return
    say_default(asked, {"waters": waters})
    if isinstance(data, list):
        for i, d in enumerate(data, 1):
            _text(d, f"Pair {i}: ")
            click.echo("")
        return
    _text(data)


COMMANDS = (conduct_cmd,)
