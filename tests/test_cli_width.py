"""Issue 27: every command's text output fits the terminal, at 80 and at 120 columns, without splitting a word.

Each command runs in-process through the CLI's ``main`` with ``COLUMNS`` set, for representative vessels of every
edition (``api.representatives``): a sample chosen to cover what changes the layout (each combination of statuses,
alternatives groups, alternative schemes, shapes, gaps, referrals; the vessel with the longest term), since every
vessel of every edition would take minutes. For every output:

- no line is longer than the width;
- no word is split: every word of each light's or shape's term (from the same command's ``--json``) appears whole,
  no line ends inside a hyphenated word, and every word in the output is a word navlights writes (the JSON's
  words, the CLI's own, the rule data's), so that a word cut in two ('sidelig' 'ht') is caught.

Not run here: `serve` (a server), `ais-batch` and `prepare` (batch jobs; one line each, through the same
wrapping as `ais`), `gallery` and `render` beyond one small call each (they write pictures).
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest

from navlights import api
from navlights.cli import COMMAND_MODULES, main

ROOT = Path(__file__).resolve().parents[1]
WIDTHS = (80, 120)
PLANS = ROOT / "src" / "navlights" / "plan" / "examples"
EXAMPLES = ROOT / "examples"
#: Box-drawing characters of rich's tables (a column's edge is not part of a word).
_FRAME = "│┃┏┓┗┛┡┩┣┫╭╮╰╯├┤┬┴┼─━═╇╈╋┯┷╷╵╶╴┌┐└┘"
_WORD = re.compile(r"[A-Za-z]+(?:'[a-z]+)?")


def _features(d: dict) -> tuple:
    items = d["lights"] + d["shapes"]
    return (frozenset(i["status"] for i in items), bool(d["shapes"]), bool(d["lights"]),
            any(i["group"] for i in items), len({i["scheme"] for i in items} - {None, "standard"}),
            d["complete"], any(n["kind"] == "referral" for n in d["notes"]))


@cache
def sample(edition: str) -> tuple[tuple[str, str], ...]:
    """(situation, vessel JSON) of the edition's representatives: the first with each combination of features,
    and the one with the longest term."""
    chosen: dict[tuple, tuple[str, str]] = {}
    longest = (0, "", "")
    for label, v in api.representatives(edition):
        try:
            d = api.display_json(v, edition)
        except api.NavlightsError:        # a fact the situation needs (the CLI's one-line error: tested elsewhere)
            continue
        chosen.setdefault(_features(d), (label, json.dumps(v)))
        n = max((len(i["term"]) for i in d["lights"] + d["shapes"]), default=0)
        if n > longest[0]:
            longest = (n, label, json.dumps(v))
    out = list(chosen.values())
    if (longest[1], longest[2]) not in out:
        out.append((longest[1], longest[2]))
    return tuple(out)


@cache
def vocabulary() -> frozenset[str]:
    """Every word navlights may write: its code's words (the CLI's, the engines'), the rule data's, and the example
    files' (vessel names, plan ids)."""
    src = ROOT / "src" / "navlights"
    files = [*src.rglob("*.py"), *(src / "rulebase").rglob("*.toml"), *src.rglob("examples/**/*.json"),
             *src.rglob("examples/**/*.csv"), *EXAMPLES.glob("*/*.csv")]
    return frozenset(w.lower() for p in files for w in _WORD.findall(p.read_text()))


def run(capsys, monkeypatch, width: int, argv: list[str]) -> tuple[int, str, str]:
    monkeypatch.setenv("COLUMNS", str(width))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def _bare(word: str) -> str:
    return word.strip("()[]{},.;:'\"…")


def check(out: str, width: int, terms: list[str], typed: frozenset[str], what: str) -> None:
    lines = out.splitlines()
    assert lines, what
    long = [ln for ln in lines if len(ln) > width]
    assert not long, f"{what}: {len(long)} lines over {width} columns, e.g. {long[0]!r}"
    bare = [ln.strip(_FRAME + " ") for ln in lines]
    cut = [ln for ln in bare if re.search(r"[A-Za-z]-$", ln)]
    assert not cut, f"{what}: a word broken at its hyphen: {cut[0]!r}"
    tokens = {_bare(t) for ln in bare for t in re.split(r"[\s" + _FRAME + "]+", ln)}
    for term in terms:
        for word in term.split():
            assert _bare(word) in tokens, f"{what}: the word {word!r} of {term!r} is not whole in the output"
    known = vocabulary() | typed
    odd = {w for ln in bare for w in _WORD.findall(ln) if w.lower() not in known}
    assert not odd, f"{what}: words navlights does not write (a word split across lines?): {sorted(odd)[:8]}"


def both(capsys, monkeypatch, argv: list[str], terms: list[str] = ()) -> None:
    """The command at each width; ``terms``: the rule's terms it prints (each word of each must be whole)."""
    for width in WIDTHS:
        code, out, err = run(capsys, monkeypatch, width, argv)
        assert code in (0, 1), f"{argv}: exit {code}: {err}"
        typed = frozenset(w.lower() for a in argv for w in _WORD.findall(a))     # a path it echoes
        check(out, width, list(terms), typed, f"{' '.join(argv)} at {width}")


EDITIONS = api.edition_ids()
#: Each edition's successor in its waters (`changes`), or an edition of other waters (`differences`; gl-1895's
#: successor is far off, and its changes the slowest to derive).
SUCCESSOR = {"intl-1897": "intl-1948", "intl-1948": "intl-1960", "intl-1960": "intl-1972"}
APART = {"gl-1895": "intl-1897", "intl-1972": "us-inland", "us-inland": "intl-1972"}


@pytest.mark.parametrize("edition", EDITIONS)
def test_vessel_commands_fit(capsys, monkeypatch, edition):
    """lights, view, sectors and compare for the sampled representatives of the edition."""
    assert sample(edition), edition
    for label, vessel in sample(edition):
        d = api.display_json(json.loads(vessel), edition)
        both(capsys, monkeypatch, ["lights", "-e", edition, "--vessel-json", vessel],
             [i["term"] for i in d["lights"] + d["shapes"]])
        both(capsys, monkeypatch, ["view", "-e", edition, "--vessel-json", vessel, "--aspect", "45",
                                   "--distance", "1"])
        both(capsys, monkeypatch, ["sectors", "-e", edition, "--vessel-json", vessel, "--choose", "all"])
    label, vessel = sample(edition)[-1]
    other = "intl-1972" if edition != "intl-1972" else "us-inland"
    both(capsys, monkeypatch, ["compare", "--editions", f"{edition},{other}", "--vessel-json", vessel])


@pytest.mark.parametrize("edition", EDITIONS)
def test_edition_commands_fit(capsys, monkeypatch, edition):
    """rules, changes or differences against another edition, identify and governing, for each edition."""
    ed = api.edition(edition)
    both(capsys, monkeypatch, ["rules", "-e", edition])
    if edition in SUCCESSOR:
        both(capsys, monkeypatch, ["changes", edition, SUCCESSOR[edition]])
    else:
        both(capsys, monkeypatch, ["differences", edition, APART[edition]])
    both(capsys, monkeypatch, ["identify", "W/W G R", "-e", edition, "-n", "5"])
    both(capsys, monkeypatch, ["governing", "--date", ed.in_force_from.isoformat() if ed.in_force_from else
                               "1990-01-01", "--waters", ed.waters[0]])


@pytest.mark.parametrize("plan", ["intl-1960-61m-power-after-masthead-too-low.json",
                                  "intl-1972-120m-power-masthead-lights-too-close.json",
                                  "intl-1972-rrs-sir-david-attenborough.json"])
def test_check_plan_fits(capsys, monkeypatch, plan):
    both(capsys, monkeypatch, ["check-plan", str(PLANS / plan)])
    both(capsys, monkeypatch, ["check-plan", str(PLANS / plan), "--all"])


def test_other_commands_fit(capsys, monkeypatch, tmp_path):
    both(capsys, monkeypatch, ["editions"], [e["title"] for e in api.editions_json()])
    both(capsys, monkeypatch, ["differences", "intl-1972", "us-inland", "--all"])
    both(capsys, monkeypatch, ["ais", str(EXAMPLES / "ais" / "2020-channel-night.csv")])
    both(capsys, monkeypatch, ["scene", str(EXAMPLES / "scenes" / "2020-channel-night.json")])
    for f in sorted((EXAMPLES / "encounters").glob("*.csv")):
        both(capsys, monkeypatch, ["encounter", str(f)])
    both(capsys, monkeypatch, ["render", "-e", "1960", "--length", "200 ft", "-o", str(tmp_path / "n.svg")])
    for extra in ([], ["--fog"], ["-e", "us-inland"], ["-e", "intl-1948"], ["--head-on-deg", "13"]):
        both(capsys, monkeypatch, ["conduct", "--own", "power course=0 speed=5", "--other",
                                   "sail course=0 speed=15 bearing=113 range=1 wind=port", *extra])
    both(capsys, monkeypatch, ["conduct", "--seen", "R W<W", "--bearing", "40"])
    both(capsys, monkeypatch, ["gallery", str(tmp_path / "g"), "-e", "1948", "--situation", "aground", "--limit",
                               "1", "--aspects", "0", "--format", "svg"])


@pytest.mark.parametrize("edition", ["intl-1972", "us-inland", "intl-1960"])
def test_signal_commands_fit(capsys, monkeypatch, tmp_path, edition):
    """Issue 33: "signals" (fog, relieved, anchored 100 m, aground, --wav), "manoeuvring" and "heard"."""
    for v in (["--propulsion", "power", "--length", "50 m"], ["--propulsion", "sail", "--length", "8 m"],
              ["--propulsion", "power", "--length", "150 m", "--status", "anchored"],
              ["--propulsion", "power", "--length", "15 m", "--status", "aground", "--pilot-on-duty"]):
        both(capsys, monkeypatch, ["signals", "-e", edition, *v])
    both(capsys, monkeypatch, ["signals", "-e", edition, "--propulsion", "power", "--length", "50 m", "--wav",
                               str(tmp_path / "x.wav")] if edition != "intl-1960" else ["manoeuvring", "-e", edition])
    both(capsys, monkeypatch, ["manoeuvring", "-e", edition])
    both(capsys, monkeypatch, ["heard", "prolonged", "-e", edition, "--visibility", "restricted", "--interval", "90"])


def test_every_command_is_covered():
    """A new command gets a line here (or a reason above for not running it)."""
    here = Path(__file__).read_text()
    for name in COMMAND_MODULES:
        assert f'"{name}"' in here or f"`{name}`" in here, f"navlights {name}: not checked for width"


def test_a_word_cut_in_two_is_caught():
    """The check itself: a term wrapped inside a word, or a line too long, fails it."""
    with pytest.raises(AssertionError, match="not whole|does not write"):
        check("starboard sidelig\nht (green)\n", 80, ["starboard sidelight (green)"], frozenset(), "made up")
    with pytest.raises(AssertionError, match="over 80"):
        check("x" * 81, 80, [], frozenset(), "made up")
    with pytest.raises(AssertionError, match="hyphen"):
        check("all-\nround white light", 80, [], frozenset(), "made up")
    check("starboard sidelight\n(green)", 80, ["starboard sidelight (green)"], frozenset(), "a term over two lines")


def test_readme_shows_the_output_as_it_is(capsys, monkeypatch):
    """README's 'Use' examples ('$ navlights ...' blocks) are the output at 80 columns, as printed today (a block
    ending in '…' shows the output's first lines)."""
    import shlex
    blocks = re.findall(r"```\n\$ navlights (.+?)\n(.*?)```", (ROOT / "README.md").read_text(), re.S)
    assert len(blocks) >= 2
    for command, shown in blocks:
        code, out, err = run(capsys, monkeypatch, 80, shlex.split(command))
        got = [ln.rstrip() for ln in (out + err).splitlines()]
        want = shown.rstrip("\n").splitlines()
        if want[-1] == "…":
            want, got = want[:-1], got[:len(want) - 1]
        assert got == want, f"README: `navlights {command}` prints otherwise now; paste its output at COLUMNS=80"
