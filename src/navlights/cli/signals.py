"""Commands `navlights signals`, `navlights manoeuvring` and `navlights heard`: Part D, the sound and light signals."""

from __future__ import annotations

from typing import Any

import click

from .layout import fitted_text, wrap
from .options import (check_output, chosen_edition, edition_option, json_option, print_json, vessel_from_options, vessel_options, say_default,
                      write_output)

WIDTH = 80


def _say(text: str, indent: str = "", hang: str | None = None) -> None:
    for line in wrap(text, WIDTH, indent, hang if hang is not None else indent + "  "):
        click.echo(line)


def _cite(c: dict[str, Any]) -> str:
    gap = "" if c["provenance"] == "primary" else f", {c['provenance']}"
    return f"{c['rule']}{gap}"


@click.command("signals")
@edition_option
@vessel_options
@click.option("--wav", "wav_path", metavar="FILE", help="also write her signal (or --signal) as a WAV file")
@click.option("--signal", "signal_id", metavar="ID", help="with --wav: the signal to render, by id (see --json)")
@click.option("--repeat", type=int, default=1, show_default=True,
              help="with --wav: sound the signal this many times, at its longest interval (1-10)")
@json_option("JSON output (schema: docs/schema/signals.schema.json)")
@fitted_text
def signals_cmd(edition: str, wav_path: str | None, signal_id: str | None, repeat: int, as_json: bool,
                **opts: Any) -> None:
    """What a vessel sounds in or near restricted visibility, and how often; what she may sound; the appliances
    she carries and her whistle's pitch and range (Rules 32-35, Annex III), each with its rule.

    \b
    Examples:
      navlights signals --propulsion power --length '50 m' -e intl-1972
      navlights signals --propulsion sail --length '15 m' --status anchored -e us-inland
      navlights signals --propulsion power --length '120 m' -e 1972 --wav fog.wav
    """
    from .. import api
    vessel = vessel_from_options(opts)
    asked, edition = edition, chosen_edition(edition, opts)
    data = api.signals_json(vessel, edition)
    wav_info = None
    if wav_path:
        check_output(wav_path, "wav")
        wav, wav_info = api.signal_wav(vessel, edition, signal_id, repeats=repeat)
        write_output(wav_path, wav, "wav")
        data["wav"] = {"path": wav_path, **wav_info}
    if as_json:
        print_json(data)
        return
    say_default(asked, opts)
    _signals_text(data)
    if wav_info:
        _say(f"Wrote {wav_path}: {wav_info['signal']['words']} ({wav_info['signal']['citation']['rule']}), "
             f"{wav_info['seconds']:g} s, whistle at {wav_info['fundamental_hz']:g} Hz "
             f"({wav_info['band_basis']}, {wav_info['band_hz'][0]:g}-{wav_info['band_hz'][1]:g} Hz; "
             "the middle of the band is an assumption).")


def _signals_text(d: dict[str, Any]) -> None:
    _say(d["summary"])
    click.echo("")
    _say(f"{d['description']}, {d['edition_title']} ({d['edition']}).")
    said: set[str] = set()
    for s in d["signals"]:
        every = f"; {s['interval']}" if s["interval"] else ""
        _say(f"- {s['status_words']}: {s['words']}{every}  [{_cite(s['citation'])}]", "  ", "    ")
        if s["proviso"]:
            _say(f"{s['proviso']}", "    ")
        if s["relieved_by"] and s["relieved_by"]["id"] not in said:
            said.add(s["relieved_by"]["id"])
            _say(f"{s['relieved_by']['summary']} [{s['relieved_by']['citation']['rule']}]", "    ")
    if d["appliances"]:
        _say("Appliances: " + "; ".join(f"{a['term']} [{_cite(a['citation'])}]" for a in d["appliances"]) + ".")
    w = d["whistle"]
    if w:
        _say(f"Whistle: fundamental {w['fundamental_hz'][0]:g}-{w['fundamental_hz'][1]:g} Hz, heard about "
             f"{w['audibility_nm']:g} nm (for information) [{_cite(w['citation'])}].")
    for g in d["gaps"]:
        _say(f"Gap: {g['summary']}: {g['citation']['note']} [{g['citation']['rule']}, gap]")
    _say(f"Timing: blasts as Rule 32 says. {d['gap_note']}")


@click.command("manoeuvring")
@edition_option
@json_option("JSON output (schema: docs/schema/manoeuvring.schema.json)")
@fitted_text
def manoeuvring_cmd(edition: str, as_json: bool) -> None:
    """The manoeuvring, agreement and warning signals of an edition (Rule 34) with their light signals, then its
    attention and distress signals (Rules 36, 37, Annex IV), each with its rule.

    \b
    Examples:
      navlights manoeuvring -e intl-1972
      navlights manoeuvring -e us-inland --json
    """
    from .. import api
    data = api.in_sight_json(chosen_edition(edition))
    if as_json:
        print_json(data)
        return
    say_default(edition)
    _say(f"Signals between vessels in sight of one another, {data['edition_title']} ({data['edition']}):")
    lights = {s["light_of"]: s for s in data["signals"] if s["light_of"]}
    for s in data["signals"]:
        if s["light_of"]:
            continue
        light = lights.get(s["id"])
        extra = f"; light: {light['words']} [{light['citation']['rule']}]" if light else ""
        _say(f"- {s['pattern']}: {s['meaning']} ({s['by']}){extra}  [{_cite(s['citation'])}]", "  ", "    ")
    if data["other"]:
        _say("Attention and distress:")
        for s in data["other"]:
            _say(f"- {s['meaning']}  [{_cite(s['citation'])}]", "  ", "    ")
    for n in data["notes"]:
        _say(f"Note: {n['title']}: {n['summary']} [{n['citation']['rule']}]")
    for g in data["gaps"]:
        _say(f"Gap: {g['summary']}: {g['citation']['note']} [{g['citation']['rule']}, gap]")


@click.command("heard")
@click.argument("pattern")
@edition_option
@click.option("--interval", "interval_s", type=float, help="seconds between repeats of the signal, if heard")
@click.option("--visibility", type=click.Choice(["restricted", "clear"]), help="was visibility restricted?")
@json_option("JSON output (schema: docs/schema/heard.schema.json)")
@fitted_text
def heard_cmd(pattern: str, edition: str, interval_s: float | None, visibility: str | None, as_json: bool) -> None:
    """Identify by sound: every meaning of a signal heard, the likely one first, each with its rule.

    PATTERN: the elements in order, joined by '-': short (s), prolonged (long, p), bell, gong, stroke, flash;
    a count before or after (5short, short*5).

    \b
    Examples:
      navlights heard prolonged -e intl-1972 --visibility restricted
      navlights heard prolonged-short-short --interval 110 -e 1972
      navlights heard short -e us-inland --visibility clear
    """
    from .. import api
    data = api.heard_json(pattern, chosen_edition(edition), interval_s=interval_s, visibility=visibility)
    if as_json:
        print_json(data)
        return
    say_default(edition)
    _say(data["summary"])
    for r in data["readings"]:
        why = f" ({'; '.join(r['reasons'])})" if r["reasons"] else ""
        who = f"; by {r['by']}" if r["by"] else ""
        _say(f"{r['rank']}. {r['likelihood']}: {r['meaning']}{who}{why}  [{_cite(r['citation'])}]", "  ", "     ")
    for g in data["gaps"]:
        _say(f"Gap: {g['summary']}: {g['citation']['note']} [{g['citation']['rule']}, gap]")


COMMANDS = (signals_cmd, manoeuvring_cmd, heard_cmd)
