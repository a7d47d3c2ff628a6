"""What the commands share: the vessel options, ``--edition`` and ``--json``, and printing JSON.

Only click loads here; the facade (and pydantic) load when a command runs.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

import click

from ..errors import NavlightsError, VesselError

if TYPE_CHECKING:
    from ..api import Vessel

EXIT_USAGE = 2
#: Without ``--edition`` a command answers under the rules in force today: the International Rules (COLREGs 1972), or
#: the US Inland Rules where ``--waters`` names US inland waters. History is one flag away (``-e 1960``).
DEFAULT_EDITION = "intl-1972"
INLAND_EDITION = "us-inland"
EDITION_HELP = ("edition id or alias (e.g. 1960; navlights editions lists them); default: intl-1972, today's "
                "International Rules, or us-inland with --waters")
CHOOSE_HELP = ("typical: required items, first option of each group, standard scheme; "
               "all: every item, flagged (docs/view.md)")
PERIOD_HELP = "night: lights; day: shapes (default: day if --time day, else night)"

F = Callable[..., Any]


def print_json(obj: Any) -> None:
    """Print JSON-ready data, indented, as UTF-8."""
    click.echo(json.dumps(obj, indent=2, ensure_ascii=False))


#: The largest JSON, TOML or CSV input file a command reads whole (a vessel, a picture, a plan, a scene, tracks: a
#: few kilobytes; track files up to their row limit). AIS files are read in bounded pieces instead.
MAX_TEXT_FILE_BYTES = 64 * 1024 * 1024


def read_text_file(path: str | Path, what: str, limit: int = MAX_TEXT_FILE_BYTES) -> str:
    """A text file's content (a leading byte order mark dropped), or one line naming the file and the problem: it
    is not a regular file (a FIFO, a device: refused before it is opened), cannot be read (missing, a directory,
    no permission), is empty, is not UTF-8 text (a binary file, a picture), or is over ``limit``."""
    from .. import api
    p = Path(path)
    api.regular_file(p, what)
    try:
        with p.open("rb") as fh:
            raw = fh.read(limit + 1)
    except OSError as e:
        raise NavlightsError(f"{what}: cannot read '{p}': {e.strerror or type(e).__name__}", field=what,
                             value=str(p), allowed=f"a readable {what} file") from None
    problem = None
    if not raw:
        problem = "is empty"
    elif len(raw) > limit:
        problem = f"is over {limit // (1024 * 1024)} MiB"
    else:
        try:
            return raw.decode("utf-8").removeprefix("\ufeff")
        except UnicodeDecodeError as e:
            problem = f"is not UTF-8 text (byte {e.start}: {raw[e.start:e.start + 1]!r}; a binary file?)"
    raise NavlightsError(f"{what}: '{p}' {problem}", field=what, value=str(p), allowed=f"a {what} file as UTF-8 text")


def check_output(path: str, what: str) -> None:
    """Refuse, before any work, an output path that cannot be written: its folder missing, a folder, a file that
    cannot be opened for writing (``/proc/version``). A file that did not exist is not left behind."""
    p = Path(path)
    problem = None
    if p.is_dir():
        problem = "is a directory"
    elif not p.parent.is_dir():
        problem = f"no such directory '{p.parent}'"
    else:
        existed = p.exists()
        try:
            with p.open("ab"):
                pass
        except OSError as e:
            problem = e.strerror or type(e).__name__
        else:
            if not existed:
                p.unlink(missing_ok=True)
    if problem:
        raise NavlightsError(f"{what}: cannot write '{path}': {problem}", field=what, value=path,
                             allowed="a writable file path in an existing directory")


def write_output(path: str, data: str | bytes, what: str) -> None:
    """Write an output file, or one line naming it and the problem (a full disk, a folder removed meanwhile)."""
    try:
        if isinstance(data, bytes):
            Path(path).write_bytes(data)
        else:
            Path(path).write_text(data, encoding="utf-8")
    except OSError as e:
        raise NavlightsError(f"{what}: cannot write '{path}': {e.strerror or type(e).__name__}", field=what,
                             value=path, allowed="a writable file path") from None


def edition_option(f: F) -> F:
    """``--edition/-e``, an edition id or alias; left out, :func:`chosen_edition` picks today's rules."""
    return click.option("--edition", "-e", default=None, help=EDITION_HELP)(f)


def plain_edition_option(f: F) -> F:
    """``--edition/-e`` for a command without vessel options (no ``--waters``): default intl-1972."""
    return click.option("--edition", "-e", default=None, help=EDITION_HELP.rsplit(", or us-inland", 1)[0])(f)


def chosen_edition(edition: str | None, opts: dict[str, Any] | None = None) -> str:
    """The edition a command answers under: the one ``--edition`` names, else today's rules (us-inland where
    ``--waters`` names US inland waters, intl-1972 otherwise)."""
    if edition:
        return edition
    return INLAND_EDITION if (opts or {}).get("waters") else DEFAULT_EDITION


def say_default(edition: str | None, opts: dict[str, Any] | None = None) -> None:
    """The first line of a text answer under a defaulted edition: which one, and that ``-e`` names another.
    Said once the answer is ready (an error stays one line); JSON names its edition itself."""
    if edition:
        return
    waters = (opts or {}).get("waters")
    why = "default with --waters" if waters else "the default"
    click.echo(f"Under today's rules, {chosen_edition(None, opts)} ({why}; -e for another edition).")


def json_option(help_text: str = "JSON output") -> Callable[[F], F]:
    """``--json`` (into ``as_json``)."""
    return click.option("--json", "as_json", is_flag=True, help=help_text)


def wide_option(f: F) -> F:
    """``--wide``: every table in full, with all its columns, past the terminal's width if need be."""
    return click.option("--wide", is_flag=True,
                        help="tables in full, every column, however wide (for a wide terminal or a file)")(f)


def all_option(what: str) -> Callable[[F], F]:
    """``--all`` (into ``show_all``): every line of a long list, not the first few of each group."""
    return click.option("--all", "show_all", is_flag=True, help=f"show every {what}, not the first few of each group")


def read_json_arg(text: str) -> dict[str, Any]:
    """The JSON object ``--vessel-json`` gives, inline or as @FILE; a one-line error otherwise."""
    where = ""
    if text.startswith("@"):
        name = text[1:]
        try:
            text = read_text_file(name, "vessel-json")
        except NavlightsError as e:
            raise VesselError(str(e), field="vessel-json", value=e.value, allowed="@FILE naming a JSON file") from None
        where = f" in '{name}'"
    from .. import api
    try:
        data = api.check_json_depth(api.json_loads(text, "vessel-json", VesselError), "vessel-json")
    except json.JSONDecodeError as e:
        raise VesselError(f"vessel-json: malformed JSON{where} at line {e.lineno} column {e.colno}: {e.msg}",
                          field="vessel-json", value=text, allowed="a JSON object") from None
    except RecursionError:
        raise api.too_deep("vessel-json") from None
    if not isinstance(data, dict):
        raise VesselError(f"vessel-json: expected a JSON object{where}, got {type(data).__name__}",
                          field="vessel-json", value=text, allowed="a JSON object")
    return data


#: The vessel options: one per flat field of ``Vessel.from_fields`` (same names; a test checks it).
VESSEL_OPTIONS: list[tuple[tuple[str, ...], dict[str, Any]]] = [
    (("--vessel-json", "vessel_json"), {"help": "the vessel as a JSON object, or @FILE; options below override it "
                                                "(the 'vessel' of any --json output is accepted back)"}),
    (("--propulsion",), {"type": click.Choice(["power", "sail", "oars", "none"]), "help": "what drives her now"}),
    (("--seaplane",), {"is_flag": True, "default": None, "help": "a seaplane on the water"}),
    (("--length",), {"help": "length, e.g. '200 ft' or '61 m'"}),
    (("--breadth",), {"help": "breadth, e.g. '30 ft'"}),
    (("--tonnage",), {"type": float, "help": "tons, as the edition measures them"}),
    (("--status",), {"type": click.Choice(["underway", "anchored", "aground", "moored"])}),
    (("--making-way/--not-making-way", "making_way"), {"default": None, "help": "moving through the water"}),
    (("--towing",), {"is_flag": True, "default": None, "help": "towing another vessel"}),
    (("--tow-length",), {"help": "stern of tug to stern of last vessel towed, e.g. '650 ft' (with --being-towed: "
                                 "the length of the tow she is in)"}),
    (("--tow-vessels",), {"type": int, "help": "number of vessels in tow"}),
    (("--tow-raft",), {"is_flag": True, "default": None, "help": "the tow is a raft"}),
    (("--tow-alongside",), {"is_flag": True, "default": None, "help": "towing alongside"}),
    (("--pushing",), {"is_flag": True, "default": None}),
    (("--being-towed",), {"is_flag": True, "default": None}),
    (("--not-last-of-tow",), {"is_flag": True, "default": None, "help": "in tow, but not the last vessel"}),
    (("--being-pushed",), {"is_flag": True, "default": None}),
    (("--not-under-command", "--nuc", "not_under_command"), {"is_flag": True, "default": None}),
    (("--restricted",), {"type": click.Choice(["cable", "survey", "underwater", "navigation-mark", "minesweeping",
                                                "dredging", "replenishment", "aircraft", "diving", "towing"])}),
    (("--fishing",), {"type": click.Choice(["trawl", "drift-net", "line", "purse-seine", "other"]),
                      "help": "engaged in fishing, by method"}),
    (("--gear-extent",), {"help": "horizontal extent of fishing gear, e.g. '500 ft'"}),
    (("--gear-out/--no-gear-out", "gear_out"), {"default": None,
                                                "help": "fishing gear in the water (default: yes when fishing)"}),
    (("--close-proximity",), {"is_flag": True, "default": None,
                              "help": "fishing in close proximity to other vessels fishing (Annex II)"}),
    (("--trawl-activity",), {"type": click.Choice(["shooting", "hauling", "net-fast"]),
                             "help": "a trawler shooting or hauling her nets, or her net fast upon an obstruction"}),
    (("--pair-trawling",), {"is_flag": True, "default": None, "help": "a trawler engaged in pair trawling"}),
    (("--hampered-by-gear",), {"is_flag": True, "default": None, "help": "a purse seiner hampered by her gear"}),
    (("--pilot-on-duty",), {"is_flag": True, "default": None}),
    (("--service",), {"type": click.Choice(["harbour-tug", "ferry", "canal-boat", "raft", "st-lawrence-boat",
                                             "pilot-vessel", "warship", "barge", "law-enforcement",
                                             "public-safety"])}),
    (("--sails-set",), {"is_flag": True, "default": None, "help": "a power-driven vessel also under sail"}),
    (("--machinery/--no-machinery", "machinery"), {"default": None, "help": "has propelling machinery"}),
    (("--time",), {"type": click.Choice(["night", "day", "restricted-visibility"])}),
    (("--towed-alongside",), {"is_flag": True, "default": None, "help": "in tow alongside another vessel"}),
    (("--partly-submerged",), {"is_flag": True, "default": None,
                               "help": "in tow: an inconspicuous, partly submerged vessel or object"}),
    (("--air-cushion",), {"is_flag": True, "default": None, "help": "an air-cushion vessel"}),
    (("--non-displacement",), {"is_flag": True, "default": None,
                               "help": "an air-cushion vessel in the non-displacement mode"}),
    (("--wig",), {"is_flag": True, "default": None, "help": "a wing-in-ground (WIG) craft"}),
    (("--wig-near-surface",), {"is_flag": True, "default": None,
                               "help": "a WIG craft taking off, landing or in flight near the surface"}),
    (("--max-speed-kn",), {"type": float, "help": "her maximum speed in knots"}),
    (("--constrained-by-draught",), {"is_flag": True, "default": None,
                                     "help": "a power-driven vessel constrained by her draught"}),
    (("--mine-clearance",), {"is_flag": True, "default": None, "help": "engaged in mine clearance operations"}),
    (("--obstruction-side",), {"type": click.Choice(["port", "starboard"]),
                               "help": "dredging or underwater work: the side the obstruction is on"}),
    (("--composite-unit",), {"is_flag": True, "default": None, "help": "pusher and pushed rigidly connected"}),
    (("--near-channel/--not-near-channel", "near_channel"), {"default": None,
                                                             "help": "at anchor in or near a channel or fairway"}),
    (("--waters",), {"type": click.Choice(["great-lakes", "western-rivers", "lower-mississippi", "specified-waters"]),
                     "help": "US inland waters the Inland Rules name apart (none: inland waters generally)"}),
    (("--special-anchorage",), {"is_flag": True, "default": None,
                                "help": "at anchor in a special anchorage area (US Inland Rule 30(g))"}),
    (("--tow-partly-submerged",), {"is_flag": True, "default": None,
                                   "help": "towing an inconspicuous, partly submerged vessel or object"}),
    (("--towed-both-sides",), {"is_flag": True, "default": None,
                               "help": "towed alongside, with vessels alongside on both sides of the towing vessel"}),
    (("--barge-mooring",), {"type": click.Choice(["projects-into-channel", "narrows-channel", "wide-group",
                                                   "not-parallel", "none"]),
                            "help": "a moored barge: her case of US Inland Rule 30(h) (none: none of them)"}),
    (("--barge-exempt",), {"type": click.Choice(["slip-or-slough", "behind-pierhead", "well-lit-area"]),
                           "help": "a moored barge exempt by US Inland Rule 30(k), (l)"}),
    (("--mooring-buoys",), {"is_flag": True, "default": None,
                            "help": "made fast to mooring buoys or a similar device"}),
    (("--barge-corners",), {"type": click.Choice(["projects-from-group", "single-both-sides", "group-both-sides"]),
                            "help": "a barge lit at its corners as US Inland Rule 30(j) arranges"}),
    (("--tow-lights-impracticable",), {"is_flag": True, "default": None,
                                       "help": "towing or in tow: the Rule 24 lights cannot practicably be shown"}),
    (("--assisting-distress",), {"is_flag": True, "default": None,
                                 "help": "not normally towing, towing a vessel in distress or needing help"}),
    (("--masthead-off-centreline",), {"is_flag": True, "default": None,
                                      "help": "her masthead light (or all-round white light) stands off the fore "
                                              "and aft centreline (COLREGs 23(d)(iii), Inland 21(a): under 12 m)"}),
    (("--dredge-pipeline",), {"is_flag": True, "default": None,
                              "help": "a dredge pipeline, floating or on trestles (US Inland Rule 27(d)(iv)); "
                                      "with --propulsion none --status moored"}),
]


def vessel_options(f: F) -> F:
    """Add the vessel-describing options to a command (they arrive as its ``**opts``); a fact the edition needs
    and the vessel lacks is asked for as the option that gives it (:func:`option_words`)."""
    import functools

    @functools.wraps(f)
    def run(*args: Any, **kwargs: Any) -> Any:
        from ..errors import MissingFactError
        try:
            return f(*args, **kwargs)
        except MissingFactError as e:
            raise MissingFactError(option_words(str(e)), field=e.field, value=e.value, allowed=e.allowed) from None

    g: F = run
    for decls, kw in reversed(VESSEL_OPTIONS):
        g = click.option(*decls, **kw)(g)
    return g


_GIVE_IT = re.compile(r"give it, e\.g\. (?P<field>[a-z_.]+)=(?P<value>'[^']*'|\S+?)(?=[;,)]|$|\s)")


def option_words(message: str) -> str:
    """An engine's hint in the command line's words: "give it, e.g. towing.vessels=2" -> "give it, e.g.
    --tow-vessels 2" (a flag alone: "--towing"); a field no option gives is left as it is."""
    def say(m: re.Match[str]) -> str:
        from ..api import flat_name
        name = flat_name(m["field"])
        option = next((kw for decls, kw in VESSEL_OPTIONS if decls[0].split("/")[0] == "--" + name.replace("_", "-")),
                      None)
        if option is None:
            return m[0]
        flag = "--" + name.replace("_", "-")
        return f"give it, e.g. {flag}" + ("" if option.get("is_flag") else f" {m['value']}")
    return _GIVE_IT.sub(say, message)


def vessel_from_options(opts: dict[str, Any]) -> "Vessel":
    """The vessel from ``--vessel-json`` and the vessel options (options win), by ``Vessel.from_fields``."""
    from .. import api
    raw = opts.pop("vessel_json", None)
    return api.vessel_from_fields(read_json_arg(raw) if raw else None, **opts)
