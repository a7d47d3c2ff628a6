"""Published examination questions on sound signals, answered from the CLI's own output (``--json``).

Each question is paraphrased in our words with the address where it is published and the answer given there,
checked against the rule text (the cite). Questions marked INLAND ONLY or INTERNATIONAL ONLY at the source run
under that edition; BOTH runs under both.
"""

from __future__ import annotations

import json

import pytest

from navlights.cli import main

I, U = "intl-1972", "us-inland"  # noqa: E741 (I: International, U: Inland)
BOTH = (I, U)
CGE = "https://coastguardexams.com"


def cli(capsys, *argv: str) -> dict:
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def sounds(capsys, ed: str, *vessel: str) -> dict[str, list[dict]]:
    d = cli(capsys, "signals", "-e", ed, *vessel)
    out: dict[str, list[dict]] = {}
    for s in d["signals"]:
        out.setdefault(s["status"], []).append(s)
    return out


def patterns(group: list[dict] | None) -> list[str]:
    return [s["pattern"] for s in group or []]


def heard(capsys, ed: str, pattern: str, vis: str | None = None) -> list[dict]:
    return cli(capsys, "heard", pattern, "-e", ed, *(["--visibility", vis] if vis else []))["readings"]


def in_sight(capsys, ed: str) -> dict:
    return cli(capsys, "manoeuvring", "-e", ed)


@pytest.mark.parametrize("ed", BOTH)
def test_q993_anchored_may_add_short_prolonged_short(capsys, ed):
    """CGE Q993 (both): at anchor in fog, a vessel's fog signal draws nearer; what may you add? One short, one
    prolonged, one short. Rule 35(g). https://coastguardexams.com/Questions/RulesOfTheRoad/993"""
    s = sounds(capsys, ed, "--propulsion", "power", "--length", "40 m", "--status", "anchored")
    assert "short-prolonged-short" in patterns(s.get("may"))


@pytest.mark.parametrize("ed", BOTH)
def test_q1001_anchored_warning(capsys, ed):
    """CGE Q1001 (both): which signal may an anchored vessel give to warn an approaching one? Short, prolonged,
    short on the whistle. Rule 35(g). https://coastguardexams.com/Questions/RulesOfTheRoad/1001"""
    may = sounds(capsys, ed, "--propulsion", "sail", "--length", "25 m", "--status", "anchored").get("may")
    assert [s["citation"]["rule"] for s in may or [] if s["pattern"] == "short-prolonged-short"] == ["Rule 35(g)"]


@pytest.mark.parametrize("ed", BOTH)
def test_q965_q992_stopped_two_prolonged(capsys, ed):
    """CGE Q965 and Q992 (both): under way in fog, engines stopped, dead in the water: two prolonged blasts every
    two minutes. Rule 35(b). https://coastguardexams.com/Questions/RulesOfTheRoad/965 and
    https://www.coastguardexams.com/Questions/RulesOfTheRoad/992"""
    req = sounds(capsys, ed, "--propulsion", "power", "--length", "60 m", "--not-making-way")["required"]
    assert patterns(req) == ["prolonged-prolonged"] and req[0]["interval_max_s"] == 120


@pytest.mark.parametrize("ed", BOTH)
def test_q944_two_prolonged_heard_is_stopped_vessel(capsys, ed):
    """CGE Q944 (both): in fog you hear two prolonged blasts every two minutes: a vessel drifting (under way, making
    no way). Rule 35(b). https://coastguardexams.com/Questions/RulesOfTheRoad/944"""
    r = heard(capsys, ed, "prolonged-prolonged", "restricted")[0]
    assert r["citation"]["rule"] == "Rule 35(b)" and "making no way" in r["meaning"]


@pytest.mark.parametrize("ed", BOTH)
def test_rvr02_19_prolonged_blast_four_to_six_seconds(capsys, ed):
    """CGE RVR02 Q19 (both): how long is each prolonged blast of a power-driven vessel's fog signal? Four to six
    seconds. Rule 32(c). https://coastguardexams.com/Modules/RVR02/19"""
    req = sounds(capsys, ed, "--propulsion", "power", "--length", "60 m")["required"]
    assert req[0]["elements"][0]["seconds"] == [4.0, 6.0]


@pytest.mark.parametrize("ed", BOTH)
def test_rvr01_45_aground_three_strokes(capsys, ed):
    """CGE RVR01 Q45 (both): besides the anchor signal, a vessel aground in fog sounds three strokes on the bell
    before and after it. Rule 35(h). https://coastguardexams.com/Modules/RVR01/45"""
    req = sounds(capsys, ed, "--propulsion", "power", "--length", "60 m", "--status", "aground")["required"]
    assert patterns(req) == ["stroke-stroke-stroke-bell-stroke-stroke-stroke"]


@pytest.mark.parametrize("ed", BOTH)
def test_onc02_47_manned_tow(capsys, ed):
    """CGE ONC02 Q47 (both): the fog signal of a manned vessel being towed: one prolonged and three short blasts.
    Rule 35(e). https://coastguardexams.com/Modules/ONC02/47"""
    req = sounds(capsys, ed, "--propulsion", "none", "--length", "40 m", "--being-towed")["required"]
    assert patterns(req) == ["prolonged-short-short-short"] and "manned" in req[0]["proviso"]


@pytest.mark.parametrize("ed", BOTH)
def test_ab01_25_heard_prolonged_three_short(capsys, ed):
    """CGE AB01 Q25 (both): in fog you hear one prolonged and three short blasts: a manned vessel being towed.
    Rule 35(e). https://coastguardexams.com/Modules/AB01/25"""
    r = heard(capsys, ed, "p-s-s-s", "restricted")[0]
    assert r["citation"]["rule"] == "Rule 35(e)" and "towed" in r["meaning"]


@pytest.mark.parametrize("ed", BOTH)
def test_q1013_pilot_at_anchor_only_anchor_signal_required(capsys, ed):
    """CGE Q1013 (both): true of the pilot vessel's identity signal in fog: at anchor she is only required to sound
    the anchor signals (the four short blasts are optional). Rule 35(k), (g).
    https://www.coastguardexams.com/Questions/RulesOfTheRoad/1013"""
    s = sounds(capsys, ed, "--propulsion", "power", "--length", "30 m", "--status", "anchored", "--pilot-on-duty")
    assert patterns(s["required"]) == ["bell"]
    assert "short-short-short-short" in patterns(s.get("may"))


@pytest.mark.parametrize("ed", BOTH)
def test_ufv01_50_continuous_fog_signal_is_distress(capsys, ed):
    """CGE UFV01 Q50 (both): a vessel sounding her fog whistle continuously is in distress. Rule 37, Annex IV 1(b).
    https://coastguardexams.com/Modules/UFV01/50"""
    other = {s["id"]: s for s in in_sight(capsys, ed)["other"]}
    assert other["distress-fog"]["occasion"] == "distress" and "continuously" in other["distress-fog"]["meaning"]


@pytest.mark.parametrize("ed", BOTH)
@pytest.mark.parametrize("vessel", [
    ("--propulsion", "power", "--length", "50 m", "--restricted", "dredging", "--status", "anchored"),
    ("--propulsion", "sail", "--length", "30 m"),
    ("--propulsion", "power", "--length", "50 m", "--not-under-command"),
])
def test_ufv01_46_all_three_sound_prolonged_two_short(capsys, ed, vessel):
    """CGE UFV01 Q46 / ONC04 Q46 (both): who sounds one prolonged and two short? A vessel restricted in her ability
    to manoeuvre at anchor, a sailing vessel under way, a vessel not under command: all of them. Rule 35(c), (d)
    (Inland 35(c)). https://coastguardexams.com/Modules/ONC04/46"""
    assert "prolonged-short-short" in patterns(sounds(capsys, ed, *vessel)["required"])


@pytest.mark.parametrize("ed", BOTH)
def test_gli04_44_three_short_astern(capsys, ed):
    """CGE GLI04 Q44 (both): crossing power-driven vessels; three short blasts mean astern propulsion. Rule 34(a).
    https://www.coastguardexams.com/modules/gli04/44"""
    r = heard(capsys, ed, "short-short-short", "clear")[0]
    assert "astern propulsion" in r["meaning"]


def test_q395_q399_two_prolonged_one_short_overtaking(capsys):
    """CGE Q395, Q399 (international only): two prolonged and one short blast: a vessel overtaking in a narrow
    channel (on the other's starboard side). Rule 34(c)(i).
    https://www.coastguardexams.com/questions/rules-of-the-road/395"""
    r = heard(capsys, I, "p-p-s", "clear")[0]
    assert r["citation"]["rule"] == "Rule 34(c)(i)" and "overtake you on your starboard side" in r["meaning"]


def test_q396_overtake_port_side(capsys):
    """CGE Q396 / UFV02 Q6 (international only): to overtake in a narrow channel on the other's port side: two
    prolonged and two short blasts. Rule 34(c)(i). https://www.coastguardexams.com/Questions/RulesOfTheRoad/396
    (also https://uscgrulesoftheroad.examzify.com/question/when-a-vessel-displays-two-a63956ba48b58255)"""
    s = {x["id"]: x for x in in_sight(capsys, I)["signals"]}
    assert s["overtake-port"]["pattern"] == "prolonged-prolonged-short-short"


def test_q465_agreement_to_be_overtaken(capsys):
    """CGE Q465 (international only): prolonged, short, prolonged, short is given by a vessel being overtaken in a
    narrow channel (her agreement). Rule 34(c)(ii). https://coastguardexams.com/Questions/RulesOfTheRoad/465"""
    r = heard(capsys, I, "p-s-p-s", "clear")[0]
    assert r["citation"]["rule"] == "Rule 34(c)(ii)" and "overtaken" in r["meaning"]


def test_raynor_agreement_signal(capsys):
    """Raynor practice test: overtaken in a narrow channel after the other's signal to pass on your starboard side,
    you agree with one prolonged, one short, one prolonged, one short. Rule 34(c)(ii).
    http://raynorshyn.com/NavRules/Default.asp"""
    s = {x["id"]: x for x in in_sight(capsys, I)["signals"]}
    assert s["overtake-agree"]["pattern"] == "prolonged-short-prolonged-short"


def test_q374_gli05_35_leaving_berth(capsys):
    """CGE Q374, GLI05 Q35 (inland only): a power-driven vessel leaving a dock or berth sounds one prolonged blast.
    Inland Rule 34(g). https://coastguardexams.com/Questions/RulesOfTheRoad/374"""
    s = {x["id"]: x for x in in_sight(capsys, U)["signals"]}
    assert (s["leaving-berth"]["pattern"], s["leaving-berth"]["citation"]["rule"]) == ("prolonged", "Rule 34(g)")
    assert "leaving-berth" not in {x["id"] for x in in_sight(capsys, I)["signals"]}


def test_q350_meeting_one_short(capsys):
    """CGE Q350 (inland only): meeting power-driven vessels; one short blast means 'I intend to leave you on my port
    side'. Inland Rule 34(a)(i). https://www.coastguardexams.com/questions/rules-of-the-road/350"""
    r = heard(capsys, U, "short", "clear")[0]
    assert "leave you on my port side" in r["meaning"]


def test_gli08_38_overtake_starboard_one_short(capsys):
    """CGE GLI08 Q38 (inland only): to overtake in a narrow channel on the other's starboard side, your first signal
    is one short blast. Inland Rule 34(c)(i). https://coastguardexams.com/Modules/GLI08/38"""
    s = {x["id"]: x for x in in_sight(capsys, U)["signals"]}
    assert s["overtake-starboard"]["pattern"] == "short"


def test_modu01_36_and_captainsground_136_agreement_same_signal(capsys):
    """CGE MODU01 Q36 and Captain's Ground Q136 (inland only): being overtaken, after one short blast (to pass on
    your starboard side) you agree with one short blast: the same signal. Inland Rule 34(c)(ii).
    https://coastguardexams.com/Modules/MODU01/36 and
    https://captainsground.com/q/136-on-inland-waters-a-power-driven-vessel-intending-to-overtake-another-p"""
    s = {x["id"]: x for x in in_sight(capsys, U)["signals"]}
    assert "same signal" in s["overtake-starboard"]["by"] and s["overtake-starboard"]["pattern"] == "short"


def test_q941_special_anchorage_25m_rings_bell(capsys):
    """CGE Q941: a 25 m sailing vessel anchored in a special anchorage area rings the bell for about 5 s every
    minute (the special-anchorage relief is for vessels under 20 m). Inland Rule 35(g), (l).
    https://www.coastguardexams.com/questions/rules-of-the-road/941"""
    s = sounds(capsys, U, "--propulsion", "sail", "--length", "25 m", "--status", "anchored", "--special-anchorage")
    assert patterns(s["required"]) == ["bell"] and s["required"][0]["interval_max_s"] == 60
    assert not s.get("need-not")


def test_asa_q1_ram_at_anchor(capsys):
    """ASA Rules of the Road Q1: a vessel restricted in her ability to manoeuvre sounds one prolonged and two short,
    under way or at anchor, whatever her length. Inland Rule 35(c). http://www.asa.com/lts-rules_of_road_answers.html"""
    for status in ("underway", "anchored"):
        req = sounds(capsys, U, "--propulsion", "power", "--length", "30 m", "--restricted", "survey", "--status",
                     status)["required"]
        assert "prolonged-short-short" in patterns(req)
