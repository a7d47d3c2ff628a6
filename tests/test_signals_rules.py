"""Part D, table-driven: what a vessel sounds, by hand from the rule texts, every case with its cite.

Texts: COLREGs 1972 Rules 32-37 and Annexes III, IV (Canada C.R.C. c. 1416 Sch. 1 and the USCG handbook, as
transcribed in github.com/sailingnaturali/colregs-vault rules/international/ and rules/canadian/); US Inland Rules
33 CFR 83.32-83.37, Parts 86 and 87 (eCFR 2026-06-01, rules/inland/ in the same repository).
Patterns: p = prolonged blast (4-6 s), s = short blast (about 1 s), bell = bell rung rapidly about 5 s, gong,
stroke = one stroke on the bell; "-" joins them in order.
"""

from __future__ import annotations

import pytest

from navlights import api
from navlights.errors import MissingFactError

I, U = "intl-1972", "us-inland"  # noqa: E741 (I: International, U: Inland)
P, S = "prolonged", "short"
PSS = "prolonged-short-short"
PSSS = "prolonged-short-short-short"
AGROUND = "stroke-stroke-stroke-bell-stroke-stroke-stroke"


def power(length: str, **kw: object) -> dict:
    return {"propulsion": "power", "length": length, **kw}


def _by_status(ed: str, vessel: dict) -> dict[str, list[tuple[str, str]]]:
    d = api.signals_json(vessel, ed)
    out: dict[str, list[tuple[str, str]]] = {"required": [], "may": [], "need-not": [], "otherwise": []}
    for s in d["signals"]:
        out[s["status"]].append((s["pattern"], s["citation"]["rule"]))
    return out


# (edition, vessel, required [(pattern, cite)], need-not patterns, otherwise patterns, may patterns)  # rule
FOG = [
    # --- COLREGs 1972 -------------------------------------------------------------------------------------
    (I, power("50 m"), [(P, "Rule 35(a)")], [], [], []),                                        # 35(a)
    (I, power("50 m", making_way=False), [(f"{P}-{P}", "Rule 35(b)")], [], [], []),              # 35(b)
    (I, power("12 m"), [(P, "Rule 35(a)")], [], [], []),                                        # 35(j): 12 m not under 12
    (I, power("11.9 m"), [], [P], ["other"], []),                                               # 35(j)
    (I, power("19.9 m"), [(P, "Rule 35(a)")], [], [], []),                                      # 35(i) bell only
    (I, power("300 m"), [(P, "Rule 35(a)")], [], [], []),                                       # 35(a)
    (I, power("50 m", not_under_command=True), [(PSS, "Rule 35(c)")], [], [], []),             # 35(c) NUC
    (I, power("50 m", not_under_command=True, making_way=False), [(PSS, "Rule 35(c)")], [], [], []),  # 35(c)
    (I, power("50 m", restricted="cable"), [(PSS, "Rule 35(c)")], [], [], []),                 # 35(c) RAM
    (I, power("50 m", restricted="dredging", making_way=False), [(PSS, "Rule 35(c)")], [], [], []),  # 35(c)
    (I, power("50 m", constrained_by_draught=True), [(PSS, "Rule 35(c)")], [], [], []),        # 35(c) CBD
    ({"edition": I}, {"propulsion": "sail", "length": "20 m"}, [(PSS, "Rule 35(c)")], [], [], []),  # 35(c) sail
    (I, {"propulsion": "sail", "length": "8 m"}, [], [PSS], ["other"], []),                    # 35(j) small sail
    (I, power("30 m", fishing={"method": "trawl"}), [(PSS, "Rule 35(c)")], [], [], []),        # 35(c) fishing
    (I, power("30 m", fishing={"method": "line"}, making_way=False), [(PSS, "Rule 35(c)")], [], [], []),  # 35(c)
    (I, power("30 m", towing={}), [(PSS, "Rule 35(c)")], [], [], []),                          # 35(c) towing
    (I, power("30 m", pushing=True), [(PSS, "Rule 35(c)")], [], [], []),                       # 35(c) pushing
    (I, power("30 m", pushing=True, composite_unit=True), [(P, "Rule 35(f); 35(a)")], [], [], []),  # 35(f)
    (I, power("30 m", pushing=True, composite_unit=True, making_way=False),
     [(f"{P}-{P}", "Rule 35(f); 35(b)")], [], [], []),                                          # 35(f)
    (I, {"propulsion": "none", "length": "30 m", "being_towed": {}}, [(PSSS, "Rule 35(e)")], [], [], []),  # 35(e)
    (I, {"propulsion": "none", "length": "30 m", "being_towed": {"last_of_tow": False}}, [], [], [], []),  # 35(e)
    (I, power("50 m", status="anchored"), [("bell", "Rule 35(g)")], [], [], ["short-prolonged-short"]),  # 35(g)
    (I, power("99.9 m", status="anchored"), [("bell", "Rule 35(g)")], [], [], ["short-prolonged-short"]),  # 35(g)
    (I, power("100 m", status="anchored"), [("bell-gong", "Rule 35(g)")], [], [], ["short-prolonged-short"]),
    (I, power("20 m", status="anchored"), [("bell", "Rule 35(g)")], [], [], ["short-prolonged-short"]),  # 35(i)
    (I, power("19.9 m", status="anchored"), [], ["bell"], ["other"], ["short-prolonged-short"]),  # 35(i)
    (I, power("12 m", status="anchored"), [], ["bell"], ["other"], ["short-prolonged-short"]),   # 35(i)
    (I, power("11.9 m", status="anchored"), [], ["bell"], ["other"], ["short-prolonged-short"]),  # 35(j)
    (I, power("50 m", status="aground"), [(AGROUND, "Rule 35(h); 35(g)")], [], [], [""]),      # 35(h)
    (I, power("100 m", status="aground"), [(AGROUND + "-gong", "Rule 35(h); 35(g)")], [], [], [""]),  # 35(h)
    (I, power("15 m", status="aground"), [], [AGROUND], ["other"], [""]),                      # 35(i)
    (I, power("50 m", status="anchored", fishing={"method": "trawl"}),
     [(PSS, "Rule 35(d); 35(c)")], [], [], ["short-prolonged-short"]),                          # 35(d) no bell
    (I, power("150 m", status="anchored", fishing={"method": "trawl"}),
     [(PSS, "Rule 35(d); 35(c)")], [], [], ["short-prolonged-short"]),                          # 35(d) no gong
    (I, power("50 m", status="anchored", restricted="dredging"),
     [(PSS, "Rule 35(d); 35(c)")], [], [], ["short-prolonged-short"]),                          # 35(d) RAM
    (I, power("30 m", pilot_on_duty=True), [(P, "Rule 35(a)")], [], [], ["short-short-short-short"]),  # 35(k)
    (I, power("30 m", pilot_on_duty=True, making_way=False), [(f"{P}-{P}", "Rule 35(b)")], [], [],
     ["short-short-short-short"]),                                                              # 35(k)
    (I, power("30 m", pilot_on_duty=True, status="anchored"), [("bell", "Rule 35(g)")], [], [],
     ["short-short-short-short", "short-prolonged-short"]),                                     # 35(k)
    (I, {"propulsion": "sail", "length": "20 m", "pilot_on_duty": True}, [(PSS, "Rule 35(c)")], [], [], []),  # 35(k):
    # the identity signal is added to (a), (b) or (g) only, not to a sailing pilot vessel's (c)
    (I, power("50 m", status="moored"), [], [], [], []),                                        # Rule 35: none
    # --- US Inland -----------------------------------------------------------------------------------------
    (U, power("50 m"), [(P, "Rule 35(a)")], [], [], []),                                        # 83.35(a)
    (U, power("50 m", making_way=False), [(f"{P}-{P}", "Rule 35(b)")], [], [], []),              # 83.35(b)
    (U, power("11.9 m"), [], [P], ["other"], []),                                               # 83.35(j)
    (U, power("12 m"), [(P, "Rule 35(a)")], [], [], []),                                        # 83.35(j)
    (U, power("50 m", not_under_command=True), [(PSS, "Rule 35(c)")], [], [], []),             # 83.35(c)
    (U, power("50 m", restricted="survey"), [(PSS, "Rule 35(c)")], [], [], []),                # 83.35(c)
    (U, power("50 m", constrained_by_draught=True), [(P, "Rule 35(a)")], [], [], []),          # no CBD inland
    (U, {"propulsion": "sail", "length": "25 m"}, [(PSS, "Rule 35(c)")], [], [], []),          # 83.35(c)
    (U, power("30 m", fishing={"method": "trawl"}), [(PSS, "Rule 35(c)")], [], [], []),        # 83.35(c)
    (U, power("30 m", towing={}), [(PSS, "Rule 35(c)")], [], [], []),                          # 83.35(c)
    (U, power("30 m", pushing=True), [(PSS, "Rule 35(c)")], [], [], []),                       # 83.35(c)
    (U, power("30 m", pushing=True, composite_unit=True), [(P, "Rule 35(f); 35(a)")], [], [], []),  # 83.35(f)
    (U, {"propulsion": "none", "length": "30 m", "being_towed": {}}, [(PSSS, "Rule 35(e)")], [], [], []),  # (e)
    (U, power("50 m", status="anchored"), [("bell", "Rule 35(g)")], [], [], ["short-prolonged-short"]),  # (g)
    (U, power("100 m", status="anchored"), [("bell-gong", "Rule 35(g)")], [], [], ["short-prolonged-short"]),
    (U, power("15 m", status="anchored"), [], ["bell"], ["other"], ["short-prolonged-short"]),   # 83.35(i)
    (U, power("50 m", status="anchored", fishing={"method": "trawl"}),
     [(PSS, "Rule 35(c)"), ("bell", "Rule 35(g)")], [], [], ["short-prolonged-short"]),        # 83.35(c), (d) resv.
    (U, power("50 m", status="anchored", restricted="dredging"),
     [(PSS, "Rule 35(c)"), ("bell", "Rule 35(g)")], [], [], ["short-prolonged-short"]),        # 83.35(c)
    (U, power("15 m", status="anchored", special_anchorage=True), [], ["bell"], [], ["short-prolonged-short"]),  # (l)(i)
    (U, power("19.9 m", status="anchored", special_anchorage=True), [], ["bell"], [], ["short-prolonged-short"]),
    (U, power("20 m", status="anchored", special_anchorage=True), [("bell", "Rule 35(g)")], [], [],
     ["short-prolonged-short"]),                                                                # 83.35(l)(i)
    (U, power("10 m", status="anchored", special_anchorage=True), [], ["bell"], [], ["short-prolonged-short"]),
    (U, {"propulsion": "none", "length": "40 m", "status": "anchored", "special_anchorage": True, "service": "barge"},
     [], ["bell"], [], ["short-prolonged-short"]),                                              # 83.35(l)(ii)
    (U, {"propulsion": "none", "length": "40 m", "status": "anchored", "service": "barge"},
     [("bell", "Rule 35(g)")], [], [], ["short-prolonged-short"]),                              # (l) needs the area
    (U, power("120 m", status="aground"), [(AGROUND + "-gong", "Rule 35(h); 35(g)")], [], [], [""]),  # 83.35(h)
    (U, power("30 m", pilot_on_duty=True), [(P, "Rule 35(a)")], [], [], ["short-short-short-short"]),  # 83.35(k)
]


def _case_id(case: tuple) -> str:
    ed, v = case[0], case[1]
    return f"{ed if isinstance(ed, str) else ed['edition']}-{'-'.join(f'{k}={v[k]}' for k in v)}"[:90]


@pytest.mark.parametrize("case", FOG, ids=[_case_id(c) for c in FOG])
def test_fog_signals(case: tuple) -> None:
    ed, vessel, required, need_not, otherwise, may = case
    ed = ed if isinstance(ed, str) else ed["edition"]
    got = _by_status(ed, vessel)
    assert sorted(got["required"]) == sorted(required)
    assert sorted(p for p, _ in got["need-not"]) == sorted(need_not)
    assert sorted(p for p, _ in got["otherwise"]) == sorted(otherwise)
    assert sorted(p for p, _ in got["may"]) == sorted(may)


# Intervals: Rule 35(a)-(c), (e), (i), (j) "not more than 2 minutes"; 35(g), (h) "not more than one minute".
INTERVALS = [
    (I, power("50 m"), P, 120),                                                                 # 35(a)
    (I, power("50 m", making_way=False), f"{P}-{P}", 120),                                     # 35(b)
    (I, power("50 m", not_under_command=True), PSS, 120),                                       # 35(c)
    (I, {"propulsion": "none", "length": "30 m", "being_towed": {}}, PSSS, 120),               # 35(e)
    (I, power("50 m", status="anchored"), "bell", 60),                                          # 35(g)
    (I, power("150 m", status="anchored"), "bell-gong", 60),                                    # 35(g)
    (I, power("50 m", status="aground"), AGROUND, 60),                                          # 35(h) -> (g)
    (I, power("15 m", status="anchored"), "other", 120),                                        # 35(i)
    (I, power("10 m"), "other", 120),                                                           # 35(j)
    (U, power("50 m"), P, 120),                                                                 # 83.35(a)
    (U, power("50 m", status="anchored"), "bell", 60),                                          # 83.35(g)
    (U, power("50 m", status="anchored", fishing={}), PSS, 120),                                # 83.35(c)
]


@pytest.mark.parametrize("ed,vessel,pattern,seconds", INTERVALS)
def test_intervals(ed: str, vessel: dict, pattern: str, seconds: int) -> None:
    sig = next(s for s in api.signals_json(vessel, ed)["signals"] if s["pattern"] == pattern)
    assert sig["interval_max_s"] == seconds


def test_35b_two_seconds_between_blasts() -> None:
    """Rule 35(b): an interval of about 2 seconds between the two prolonged blasts."""
    for ed in (I, U):
        sig = api.signals_json(power("50 m", making_way=False), ed)["signals"][0]
        assert (sig["gap_s"], sig["gap_basis"]) == (2.0, "about")


def test_35e_manned_proviso() -> None:
    """Rule 35(e): only if manned, and when practicable straight after the towing vessel's signal."""
    for ed in (I, U):
        sig = api.signals_json({"propulsion": "none", "length": "30 m", "being_towed": {}}, ed)["signals"][0]
        assert "if manned" in sig["proviso"] and "after the towing vessel" in sig["proviso"]


# Rule 33: appliances by length, both regimes (33 CFR 83.33).
APPLIANCES = [
    ("11.9 m", ["other"]), ("12 m", ["whistle"]), ("19.9 m", ["whistle"]), ("20 m", ["whistle", "bell"]),
    ("99.9 m", ["whistle", "bell"]), ("100 m", ["whistle", "bell", "gong"]),
]


@pytest.mark.parametrize("ed", [I, U])
@pytest.mark.parametrize("length,expected", APPLIANCES)
def test_rule_33_appliances(ed: str, length: str, expected: list[str]) -> None:
    got = api.signals_json(power(length), ed)["appliances"]
    assert [a["id"] for a in got] == expected
    assert {a["citation"]["rule"] for a in got} == {"Rule 33(b)" if expected == ["other"] else "Rule 33(a)"}


# Annex III 1(b), 1(c) (33 CFR 86.01(b), (c)): fundamental limits and audibility by length.
BANDS = [
    ("19.9 m", (250, 700), 0.5), ("20 m", (250, 700), 1.0), ("74.9 m", (250, 700), 1.0),
    ("75 m", (130, 350), 1.5), ("199.9 m", (130, 350), 1.5), ("200 m", (70, 200), 2.0), ("350 m", (70, 200), 2.0),
]


@pytest.mark.parametrize("ed", [I, U])
@pytest.mark.parametrize("length,band,nm", BANDS)
def test_annex_iii_whistle_band(ed: str, length: str, band: tuple[int, int], nm: float) -> None:
    w = api.signals_json(power(length), ed)["whistle"]
    assert tuple(w["fundamental_hz"]) == band and w["audibility_nm"] == nm
    assert "Annex III" in w["citation"]["rule"]


# Rule 32: the blasts.
@pytest.mark.parametrize("ed", [I, U])
def test_rule_32_blasts(ed: str) -> None:
    els = {e["id"]: e for s in api.signals_json(power("50 m", making_way=False), ed)["signals"] for e in s["elements"]}
    assert els["prolonged"]["seconds"] == [4.0, 6.0] and not els["prolonged"]["about"]      # 32(c)
    anchor = api.signals_json(power("50 m", status="anchored"), ed)["signals"]
    short = next(e for s in anchor for e in s["elements"] if e["id"] == "short")
    assert short["seconds"] == [1.0, 1.0] and short["about"]                                 # 32(b)
    bell = next(e for s in anchor for e in s["elements"] if e["id"] == "bell")
    assert bell["seconds"] == [5.0, 5.0] and bell["about"]                                   # 35(g)


def test_missing_length_asks_for_it() -> None:
    """Rule 35(g): whether the gong is needed turns on 100 m; without a length she is asked for it."""
    with pytest.raises(MissingFactError, match="length"):
        api.signals_json({"propulsion": "power", "status": "anchored"}, I)


# Historical editions, from the statute pages (and, where marked, textbooks): 28 Stat. 648 and the 1926 Code print
# (Great Lakes Rule 14), 29 Stat. 888 with Knight and Nicholls (1897 Art. 15), 68 Stat. C56, C63 (1948 Rules 1, 15).
HISTORY = [
    ("gl-1895", {"propulsion": "power", "length": "200 ft"}, [("whistle-whistle-whistle", "Rule 14(a)", 60)]),
    ("gl-1895", {"propulsion": "power", "length": "100 ft", "towing": {"raft": True}}, [("modoc", "Rule 14(c)", 60)]),
    ("gl-1895", {"propulsion": "none", "length": "150 ft", "being_towed": {}},
     [("stroke-stroke-stroke-stroke", "Rule 14(b)", 60)]),
    ("gl-1895", {"propulsion": "power", "length": "200 ft", "status": "anchored"}, [("bell", "Rule 14(e)", 120)]),
    ("gl-1895", {"propulsion": "power", "length": "200 ft", "status": "aground"}, [("bell", "Rule 14(e)", 120)]),
    ("gl-1895", {"propulsion": "sail", "length": "60 ft"},
     [("horn", "Rule 14(d)", 60), ("horn-horn", "Rule 14(d)", 60), ("horn-horn-horn", "Rule 14(d)", 60)]),
    ("gl-1895", {"propulsion": "oars", "length": "20 ft"}, [("horn", "Rule 14(g)", 60)]),
    ("intl-1897", {"propulsion": "power", "length": "200 ft"}, [("prolonged", "Art. 15(a)", 120)]),
    ("intl-1897", {"propulsion": "power", "length": "200 ft", "making_way": False},
     [("prolonged-prolonged", "Art. 15(b)", 120)]),
    ("intl-1897", {"propulsion": "power", "length": "200 ft", "towing": {}},
     [("prolonged-short-short", "Art. 15(e)", 120)]),
    ("intl-1897", {"propulsion": "power", "length": "200 ft", "not_under_command": True},
     [("prolonged-short-short", "Art. 15(e)", 120)]),
    ("intl-1897", {"propulsion": "power", "length": "200 ft", "status": "anchored"}, [("bell", "Art. 15(d)", 60)]),
    ("intl-1948", {"propulsion": "power", "length": "200 ft"}, [("prolonged", "Rule 15(c)(i)", 120)]),
    ("intl-1948", {"propulsion": "power", "length": "200 ft", "making_way": False},
     [("prolonged-prolonged", "Rule 15(c)(ii)", 120)]),
    ("intl-1948", {"propulsion": "power", "length": "350 ft", "status": "anchored"}, [("bell", "Rule 15(c)(iv)", 60)]),
    ("intl-1948", {"propulsion": "power", "length": "351 ft", "status": "anchored"},
     [("bell-gong", "Rule 15(c)(iv)", 60)]),
    ("intl-1948", {"propulsion": "sail", "length": "60 ft"},
     [("horn", "Rule 15(c)(iii)", 60), ("horn-horn", "Rule 15(c)(iii)", 60), ("horn-horn-horn", "Rule 15(c)(iii)", 60)]),
]


@pytest.mark.parametrize("ed,vessel,required", HISTORY)
def test_historical_fog_signals(ed: str, vessel: dict, required: list[tuple[str, str, int]]) -> None:
    d = api.signals_json(vessel, ed)
    got = [(s["pattern"], s["citation"]["rule"], s["interval_max_s"]) for s in d["signals"] if s["status"] == "required"]
    assert sorted(got) == sorted(required)


def test_historical_small_vessel_relief() -> None:
    """Great Lakes Rule 14(f): under 10 tons registered, not steam: need not, else another efficient signal (1 min);
    1897 Art. 15: sailing vessels and boats under 20 tons gross likewise."""
    d = api.signals_json({"propulsion": "sail", "length": "30 ft", "tonnage": 5}, "gl-1895")
    assert {s["status"] for s in d["signals"]} == {"need-not", "otherwise"}
    assert next(s for s in d["signals"] if s["status"] == "otherwise")["interval_max_s"] == 60
    d = api.signals_json({"propulsion": "sail", "length": "30 ft", "tonnage": 15}, "intl-1897")
    assert {s["status"] for s in d["signals"]} == {"need-not", "otherwise"}
    d = api.signals_json({"propulsion": "sail", "length": "30 ft", "tonnage": 10}, "gl-1895")     # 10 is not under 10
    assert {s["status"] for s in d["signals"]} == {"required"}


@pytest.mark.parametrize("ed,vessel", [
    ("intl-1960", {"propulsion": "power", "length": "200 ft"}),
    ("intl-1948", {"propulsion": "power", "length": "200 ft", "towing": {}}),
    ("intl-1948", {"propulsion": "power", "length": "200 ft", "status": "aground"}),
    ("intl-1897", {"propulsion": "power", "length": "200 ft", "status": "aground"}),
])
def test_historical_gaps_are_gaps(ed: str, vessel: dict) -> None:
    """What was not read is a gap, shown in the answer; never the 1972 signals in its place."""
    d = api.signals_json(vessel, ed)
    assert d["gaps"] and not d["complete"] and "Not known" in d["summary"]
    assert d["gaps"][0]["citation"]["provenance"] == "gap"
    assert all("Rule 35" not in s["citation"]["rule"] for s in d["signals"])
