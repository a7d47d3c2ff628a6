"""`navlights ais` as a stream: the file read in chunks (:func:`navlights.traffic.ais.stream`), each MMSI's static
data joined as it arrives, and the output written as it goes; memory holds the static data and the latest report
of each vessel, the counters and a chunk, never the file (issue 24, item 1).

Compact (issue 36, the default of ``--json`` and ``--jsonl``): :class:`Compact` names each report's readings by a
key and writes each key, each lights detail and each vessel's static data once (:func:`write_compact`,
:func:`latest_compact`; :mod:`.ais_join` joins them back). Full (``--expand``), two outputs: per vessel her latest fix (:func:`latest_json`: the human text and ``--json``, from the counters and
the latest reports), or every position report as one JSON line written as it is read (:func:`write_lines`,
``--jsonl``: each line joined to the static data known when it is read). The lights of each candidate and the
grouped readings are turned into JSON once per lighttable key, the candidates once per (status, ship type,
dimensions, motion, edition), both remembered within a bound (:func:`_parts`).
"""

from __future__ import annotations

import json
from dataclasses import replace
from functools import lru_cache
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from ..units import fmt_length, metres_text, vessel_size
from .ais_keys import STAND_B as _B, STAND_F as _F, STAND_L as _L, Detail as _Detail, made_ahead
from .ais_keys import PLACE_BREADTH, PLACE_LENGTH, Pieces, pieces, place_words  # noqa: F401 (re-exported)
from .ais_keys import facts as edition_facts, templates as _templates
from .aisvalues import AisData, Report, Static
from .lighttable import key_of
from .mapping import Choice, Lit, candidates, is_moving, length_system, lit, map_fix
from .report import candidate_head, fix_json


def _open(path: Any, choice: Choice, time: Any) -> tuple[AisData, Iterator[Report]]:
    """The file as a stream; with the edition named and no --time, NMEA without times is still read (time then
    decides nothing: not the edition, and not day or night, which ``ais`` does not judge)."""
    from .ais import open_stream
    return open_stream(path, time, timeless=bool(choice.edition) and time is None)


def latest(path: Any, choice: Choice, time: Any = None) -> tuple[AisData, dict[str, Report]]:
    """Each vessel's latest position report (the later of two of one time; the last read where times are absent)."""
    data, reports = _open(path, choice, time)
    last: dict[str, Report] = {}
    for r in reports:
        old = last.get(r.mmsi)
        if old is None or r.time is None or old.time is None or r.time >= old.time:
            last[r.mmsi] = r
    return data, last


def latest_json(path: Any, choice: Choice, time: Any = None) -> dict[str, Any]:
    """Per vessel her latest fix with every candidate and its lights (the shape of ``ais --json``)."""
    from .ais import fix_of
    data, last = latest(path, choice, time)
    reps = list(last.values())
    eds = choice.editions([r.time for r in reps], [r.lat for r in reps], [r.lon for r in reps])
    vessels = []
    for r, (ed, how) in zip(reps, eds):
        st = data.statics.get(r.mmsi)
        fix, lits = map_fix(fix_of(r, st), st, r.status, ed, how)
        vessels.append(fix_json(fix, lits, st, r.status))
    return {"file": str(path), "counts": data.counts(), "vessels": vessels}


#: What ``--jsonl`` remembers, each up to this many characters of JSON text (then forgotten at once, so that memory
#: does not grow with the fleet): per lighttable key (:mod:`.lighttable`: status, ship type class, length and
#: breadth band, motion; with the edition) the lights of each candidate and the grouped readings
#: (:class:`_Detail`), and per report key (her own length and breadth, her own ship type) the candidates' JSON.
#: A status 3 vessel without static data has 210 candidates, some 300 kB.
MAX_KEPT_CHARS = 8_000_000


class _Kept:
    """A dict of JSON texts forgotten at once when its texts pass :data:`MAX_KEPT_CHARS` characters (and with it
    ``also``, which holds what it holds)."""

    __slots__ = ("items", "chars", "also")

    def __init__(self, also: "_Kept | None" = None) -> None:
        self.items: dict[Any, Any] = {}
        self.chars = 0
        self.also = also

    def put(self, key: Any, value: Any, chars: int) -> Any:
        if self.chars + chars > MAX_KEPT_CHARS:
            self.items.clear()
            self.chars = 0
            if self.also is not None:
                self.also.items.clear()
                self.also.chars = 0
        self.items[key] = value
        self.chars += chars
        return value


_LINES = _Kept()
_DETAILS = _Kept(also=_LINES)


def _detail(key: tuple[Any, ...], edition: str) -> _Detail:
    """The readings of a key of the edition's table: made ahead (:mod:`.ais_keys`), else by the engine; kept."""
    got = _DETAILS.items.get((key, edition))
    if got is None:
        d = made_ahead(key, edition) or _Detail(lit(*key, edition), edition)
        got = _DETAILS.put((key, edition), d, d.chars)
    return got


#: Her length and breadth in metres as the vessel model reads them; None where it refuses her size. The model
#: checks her size alone: no reading changes what it allows (:func:`navlights.units.vessel_size`).
_size = lru_cache(maxsize=65536)(vessel_size)


@lru_cache(maxsize=65536)
def _sized(length: float, breadth: float | None, system: str) -> tuple[str, str, str, bool] | None:
    """Her length and breadth as her vessel's JSON writes them (as the vessel model reads them: :func:`_size`), her
    length in words in ``system`` as JSON writes it, and whether she has a breadth; None where the model refuses her
    size (then no reading fits)."""
    got = _size(length, breadth)
    if got is None:
        return None
    length_m, breadth_m = got
    return (metres_text(length_m), metres_text(breadth_m) if breadth_m is not None else "",
            json.dumps(fmt_length(length_m, system), ensure_ascii=False)[1:-1], breadth_m is not None)


def _table_key(code: int | None, ship: int | None, length: float | None, breadth: float | None, moving: bool | None,
               edition: str) -> tuple[Any, ...]:
    """Her key in the edition's table (:func:`navlights.traffic.lighttable.key_of`), its thresholds as the prepared
    readings give them (:func:`navlights.traffic.ais_keys.facts`)."""
    ed = edition_facts(edition)
    return key_of(ed.lengths, ed.breadths, code, ship, length, breadth, moving)


def _fast(code: int | None, ship: int | None, length: float, breadth: float | None, moving: bool | None,
          edition: str) -> tuple[str, str, bool] | None:
    """Her candidates' JSON from her band's by putting in her own length and breadth: the same readings (only the
    size differs, and the vessel model checks her size alone, :func:`_sized`), the same lights. None where that
    does not hold: a size the model refuses, a WIG type other than 20 (its basis names its own code), a band with
    no breadth where she has one."""
    if ship is not None and 20 < ship <= 29:
        return None
    system = edition_facts(edition).system
    own = _sized(length, breadth, system)
    if own is None:
        return None
    detail = _detail(_table_key(code, ship, length, breadth, moving, edition), edition)
    got = _templates(detail, system)
    if got is None or got[1] != own[3]:
        return None
    own_l, own_b, words, _ = own
    texts = [t.replace(_L, own_l, 1).replace(_B, own_b, 1).replace(_F, words, 1) for t in got[0]]
    certain = detail.certain
    return "[" + ", ".join(texts) + "]", detail.readings, certain


def _parts(code: int | None, st: Static | None, moving: bool | None, edition: str) -> tuple[str, str, bool]:
    """Her candidates' JSON text, her readings' JSON text, and whether she is certain: the lights, readings and each
    candidate's JSON once per lighttable key (:func:`_fast`: her own length and breadth put in); where that does not
    hold, each candidate's own part (her vessel, description, basis, assumptions) once per report key, kept within
    a bound. Her candidates are her own (her own length and breadth, her ship type), with the displays of her
    length and breadth band: every condition of an edition compares a length with its thresholds only, so the
    band's display is hers, and the engine runs once per lighttable key, not once per length a fleet reports."""
    ship = st.ship_type if st is not None else None
    length = st.length_m if st is not None else None
    breadth = st.breadth_m if st is not None else None
    if length is not None:
        fast = _fast(code, ship, length, breadth, moving, edition)
        if fast is not None:
            return fast
    raw = (code, ship, length, breadth, moving, edition)
    got = _LINES.items.get(raw)
    if got is None:
        got = _heads(code, ship, length, breadth, moving, edition)
        got = _LINES.put(raw, got, sum(map(len, got[0])) + (got[1].chars if got[2] else 0))
    heads, detail, _ = got
    certain = detail.certain
    return "[" + ", ".join([h + p for h, p in zip(heads, detail.lights)]) + "]", detail.readings, certain


def _heads(code: int | None, ship: int | None, length: float | None, breadth: float | None, moving: bool | None,
           edition: str) -> tuple[tuple[str, ...], _Detail, bool]:
    """Each candidate's own part as JSON text (open at its end), the detail whose lights go with them, and whether
    that detail is hers alone (not kept by key)."""
    own_detail = False
    if length is None:
        detail = _detail((code, ship, None, None, moving), edition) if breadth is None else \
            _Detail(lit(code, ship, None, breadth, moving, edition), edition)
        own_detail = breadth is not None
        heads = [x.candidate for x in detail.banded]
    else:
        key = _table_key(code, ship, length, breadth, moving, edition)
        detail = _detail(key, edition)
        got = _own(candidates(code, ship, length, breadth, moving), candidates(*key), detail.banded)
        if got is None:
            detail = _Detail(lit(code, ship, length, breadth, moving, edition), edition)
            own_detail = True
            heads = [x.candidate for x in detail.banded]
        else:
            heads = got
    system = length_system(edition)
    return (tuple(json.dumps(candidate_head(c, system), ensure_ascii=False)[:-1] + ", " for c in heads), detail,
            own_detail)


_OPEN = "(AIS does not tell"


def _own(own: tuple[Any, ...], band: tuple[Any, ...], lits: tuple[Lit, ...]) -> list[Any] | None:
    """Her own candidates, one per lit of her band's (``lits``, made from the band's candidates ``band``): where a lit
    opens a fact AIS does not give (her tow's length, her gear's extent: one lit per band), her own candidate with
    that fact as the lit has it. None where the lists do not pair (then her own are worked out)."""
    if len(own) != len(band) or any(b.assumptions != c.assumptions for b, c in zip(band, own)):
        return None
    out: list[Any] = []
    j = 0
    for x in lits:
        a = x.candidate.assumptions
        while j < len(band) and not (a[:len(band[j].assumptions)] == band[j].assumptions and
                                     all(_OPEN in e for e in a[len(band[j].assumptions):])):
            j += 1
        if j == len(band):
            return None
        c = own[j]
        if len(a) == len(c.assumptions):
            out.append(c)
        else:            # the band's fact on her own vessel (no check needed: her own lengths with a band's)
            vessel = x.candidate.vessel.model_copy(update={"length_m": c.vessel.length_m,
                                                           "breadth_m": c.vessel.breadth_m})
            out.append(replace(c, vessel=vessel, assumptions=a))
    return out


def write_lines(path: Any, choice: Choice, write: Callable[[str], Any], time: Any = None,
                chunk: int = 2048) -> AisData:
    """Every position report as one JSON line (the fields of ``ais --json``'s vessels), written as read; the
    counters after the last."""
    from .ais import fix_of
    data, reports = _open(path, choice, time)
    buf: list[Report] = []

    def flush() -> None:
        eds = choice.editions([r.time for r in buf], [r.lat for r in buf], [r.lon for r in buf])
        out = []
        for r, (ed, how) in zip(buf, eds):
            st = data.statics.get(r.mmsi)
            fix = fix_of(r, st)
            if ed is None:
                fix, lits = map_fix(fix, st, r.status, ed, how)
                out.append(json.dumps(fix_json(fix, lits, st, r.status), ensure_ascii=False))
                continue
            cands, groups, certain = _parts(r.status, st, is_moving(r.speed_kn), ed)
            head = fix_json(fix, (), st, r.status)
            head |= {"edition": ed, "certain": certain,
                     "notes": list(fix.notes) + (["status 14: an AIS-SART, MOB or EPIRB beacon, not a vessel: no "
                                                  "lights"] if r.status == 14 else [])}
            head.pop("candidates")
            head.pop("readings")
            text = json.dumps(head, ensure_ascii=False)
            out.append(text[:-1] + ', "readings": ' + groups + ', "candidates": ' + cands + "}")
        write("\n".join(out) + "\n")
        buf.clear()

    _in_chunks(reports, buf, chunk, flush)
    return data


# ---------------------------------------------------------------------------------------------
# Compact output (issue 36): each report by key; the lights and readings written once per key


#: The keys remembered as written (then forgotten at once, and written again under new numbers as they recur).
MAX_KEYS = 50_000


@lru_cache(maxsize=65536)
def fill(length: float | None, breadth: float | None) -> dict[str, str] | None:
    """Her own length and breadth as her candidates write them, and her length in words in each system: what
    takes the place of each stand-in; None where her length is not known or the vessel model refuses her size."""
    if length is None:
        return None
    out: dict[str, str] = {}
    for system in ("metres", "feet"):
        own = _sized(length, breadth, system)
        if own is None:
            return None
        out |= {PLACE_LENGTH: own[0], place_words(system): own[2]}
        if own[3]:
            out[PLACE_BREADTH] = own[1]
    return out


@lru_cache(maxsize=65536)
def _band_of(ship: int | None, length: float, breadth: float | None,
             edition: str) -> tuple[int | None, float | None, float | None, bool] | None:
    """Her ship type's class, her length and breadth bands in the edition's table, and whether she has a breadth (as
    the vessel model reads her size): what her key takes from her static data; None where her own candidates are
    written instead (a WIG type other than 20, whose basis names its code; a size the model refuses)."""
    if ship is not None and 20 < ship <= 29 or fill(length, breadth) is None:
        return None
    ed = edition_facts(edition)         # from the prepared readings where they are (the reader's start)
    own = _sized(length, breadth, ed.system)
    if own is None:
        return None
    _, kind, length_band, breadth_band, _ = key_of(ed.lengths, ed.breadths, None, ship, length, breadth, None)
    return kind, length_band, breadth_band, own[3]


_BEACON = "status 14: an AIS-SART, MOB or EPIRB beacon, not a vessel: no lights"


class Compact:
    """The compact records of a stream of reports (docs/traffic.md, "Compact output"): per vessel her static data
    (``vessel``, written again when it changes), per key the lights, readings and candidates (``key``, written
    before its first report), and per report where and when she was with the key (``report``)."""

    def __init__(self) -> None:
        self.keys: dict[Any, int] = {}
        self.memo: dict[Any, int] = {}          # her raw values to her key's number (numbers stay valid)
        self.details: dict[str, int] = {}
        self.fits: dict[Any, bool] = {}         # a band's key (and whether she has a breadth) -> her readings are its
        self.number = 0
        self.statics: dict[str, Any] = {}

    def vessel(self, mmsi: str, st: Static | None) -> dict[str, Any] | None:
        """Her vessel record where her static data is new since the last one written; else None."""
        if mmsi in self.statics and self.statics[mmsi] is st:
            return None
        self.statics[mmsi] = st
        ship = st.ship_type if st is not None else None
        from .mapping import ship_type_words
        out: dict[str, Any] = {
            "type": "vessel", "mmsi": mmsi, "name": st.name if st else None,
            "ship_type": {"code": ship, "words": ship_type_words(ship)},
            "length_m": st.length_m if st else None, "breadth_m": st.breadth_m if st else None,
            "notes": list(st.notes if st else ("no static data (message 5 or 24) for this MMSI",))}
        got = fill(out["length_m"], out["breadth_m"])
        if got is not None:
            out["fill"] = got
        return out

    def key(self, code: int | None, st: Static | None, moving: bool | None, ed: str | None,
            how: str) -> tuple[int, list[str]]:
        """The number of her key, and the records to write before her report (JSON texts: the key's record and
        the ``detail`` records it names that are not written yet; none where the key is written)."""
        ship = st.ship_type if st is not None else None
        length = st.length_m if st is not None else None
        breadth = st.breadth_m if st is not None else None
        raw = (code, ship, length, breadth, moving, ed, how if ed is None else None)
        number = self.memo.get(raw)
        if number is not None:
            return number, []
        if len(self.memo) >= MAX_KEYS:
            self.memo.clear()
        number, out = self._key(code, st, ship, length, breadth, moving, ed, how)
        self.memo[raw] = number
        return number, out

    def _key(self, code: int | None, st: Static | None, ship: int | None, length: float | None,
             breadth: float | None, moving: bool | None, ed: str | None, how: str) -> tuple[int, list[str]]:
        band = None
        base = _band_of(ship, length, breadth, ed) if ed is not None and length is not None else None
        if base is not None:
            band = (code, base[0], base[1], base[2], moving)
            fits = self.fits.get((band, ed, base[3]))
            if fits is None:        # whether her band's readings stand for hers (asked once a band)
                got = _templates(_detail(band, ed), length_system(ed))     # type: ignore[arg-type]
                fits = self.fits[(band, ed, base[3])] = got is not None and got[1] == base[3]
            if not fits:
                band = None
        k: Any = ("band", band, ed) if band is not None else ("own", code, ship, length, breadth, moving, ed,
                                                                  how if ed is None else None)
        number = self.keys.get(k)
        if number is not None:
            return number, []
        if len(self.keys) >= MAX_KEYS or len(self.details) >= MAX_KEYS:
            self.keys.clear()
            self.details.clear()
            self.fits.clear()
        self.number += 1
        number = self.keys[k] = self.number
        head, readings, cands = self._record(number, band, code, st, moving, ed, how)
        out: list[str] = []
        listed = json.loads(cands) if isinstance(cands, str) else None
        split = cands if isinstance(cands, tuple) else \
            tuple(("", json.dumps(c["lights_detail"], ensure_ascii=False), "") for c in listed or ())
        written = []
        for before, text, after in split:
            seen = self.details.get(text)
            if seen is None:
                self.number += 1
                seen = self.details[text] = self.number
                out.append(f'{{"type": "detail", "detail": {seen}, "lights_detail": {text}}}')
            written.append(f"{before}{seen}{after}")
        if listed is not None:                 # the candidates as JSON: each one's detail by its number
            for c, number_text in zip(listed, written):
                c["lights_detail"] = int(number_text)
            texts = json.dumps(listed, ensure_ascii=False)
        else:                                  # the band's pieces made ahead: the numbers put between
            texts = "[" + ", ".join(written) + "]"
        out.append(head[:-1] + ', "readings": ' + readings + ', "candidates": ' + texts + "}")
        return number, out

    def _record(self, number: int, band: Any, code: int | None, st: Static | None, moving: bool | None,
                ed: str | None, how: str) -> tuple[str, str, str | Pieces]:
        """The key's record as JSON text (without its readings and candidates), its readings and its candidates (as
        JSON text, or the band's pieces: :func:`navlights.traffic.ais_keys.pieces`)."""
        from .mapping import status_words
        head: dict[str, Any] = {"type": "key", "key": number, "edition": ed,
                                "status": {"code": code, "words": status_words(code)}}
        placed = pieces(_detail(band, ed), length_system(ed)) if band is not None and ed is not None else None
        if ed is None:
            from .mapping import MOVING_KN
            from .model import Fix
            speed = None if moving is None else MOVING_KN if moving else 0.0    # her motion, as map_fix reads it
            fix = Fix(ident="", time=None, lat=0.0, lon=0.0, heading_deg=None,  # type: ignore[arg-type]
                      course_deg=None, speed_kn=speed)
            fix, lits = map_fix(fix, st, code, ed, how)
            full = fix_json(fix, lits, st, code)
            head |= {"certain": full["certain"], "sized": False, "notes": full["notes"]}
            return (json.dumps(head, ensure_ascii=False), json.dumps(full["readings"], ensure_ascii=False),
                    json.dumps(full["candidates"], ensure_ascii=False))
        notes = [_BEACON] if code == 14 else []
        cands: str | Pieces
        if placed is not None:
            detail = _detail(band, ed)
            certain = detail.certain
            cands, groups = placed, detail.readings
        else:
            cands, groups, certain = _parts(code, st, moving, ed)
        head |= {"certain": certain, "sized": placed is not None, "notes": notes}
        return json.dumps(head, ensure_ascii=False), groups, cands


@lru_cache(maxsize=4096)
def _time_json(t: Any) -> str:
    return "null" if t is None else '"' + t.isoformat() + '"'


#: The JSON text of each speed, course and heading written (AIS gives them in tenths and whole degrees: a few thousand
#: values, so a float's ``repr``, most of a report line's cost, is made once each); bounded (cleared past
#: :data:`MAX_NUMBERS`).
_NUMBERS: dict[float, str] = {}
MAX_NUMBERS = 20_000


def _number(x: float) -> str:
    """The JSON text of a float, remembered in :data:`_NUMBERS`."""
    if len(_NUMBERS) >= MAX_NUMBERS:
        _NUMBERS.clear()
    text: str = repr(x)
    _NUMBERS[x] = text
    return text


def _report(r: Report, number: int) -> str:
    """A report line as ``json.dumps`` writes it with compact separators (the numbers are finite floats or None,
    checked at the edge; the MMSI is digits), written directly: it is the line of every report."""
    mmsi, t, lat, lon, sog, cog, hdg, st, _, notes = r
    numbers = _NUMBERS          # each text: "null", the float's repr, or None (not a float: the slow path below)
    h = "null" if hdg is None else (numbers.get(hdg) or _number(hdg)) if type(hdg) is float else None
    c = "null" if cog is None else (numbers.get(cog) or _number(cog)) if type(cog) is float else None
    s = "null" if sog is None else (numbers.get(sog) or _number(sog)) if type(sog) is float else None
    if not (type(lat) is float and type(lon) is float and h and c and s and (st is None or type(st) is int)
            and mmsi.isdigit()):
        out: dict[str, Any] = {"type": "report", "mmsi": mmsi, "time": t.isoformat() if t else None,
                               "lat": lat, "lon": lon, "heading_deg": hdg, "course_deg": cog, "speed_kn": sog,
                               "status": st, "key": number} | ({"notes": list(notes)} if notes else {})
        return json.dumps(out, ensure_ascii=False, separators=(",", ":"))
    tail = ',"notes":' + json.dumps(list(notes), ensure_ascii=False, separators=(",", ":")) + "}" if notes else "}"
    return (f'{{"type":"report","mmsi":"{mmsi}","time":{_time_json(t)},"lat":{lat!r},"lon":{lon!r},'
            f'"heading_deg":{h},"course_deg":{c},"speed_kn":{s},"status":{"null" if st is None else st},'
            f'"key":{number}{tail}')


#: The reports' keys a compact writer remembers by her status, static data (the object: held, so never mistaken
#: for another), motion and edition, before it asks :meth:`Compact.key` (then forgotten at once).
MAX_SEEN = 50_000


def write_compact(path: Any, choice: Choice, write: Callable[[str], Any], time: Any = None,
                  chunk: int = 2048) -> AisData:
    """Every position report as one short JSON line (``report``: the vessel, time, position and the number of her
    key), each vessel's static data (``vessel``) and each key's readings and candidates (``key``) written once,
    before the first report that needs them; the counters after the last."""
    from .mapping import MOVING_KN
    data, reports = _open(path, choice, time)
    compact = Compact()
    buf: list[Report] = []
    statics, written = data.statics, compact.statics
    seen: dict[tuple[Any, ...], tuple[int, Static | None]] = {}
    absent = object()

    named = choice.editions([None], [0.0], [0.0])[0] if choice.edition else None

    def flush() -> None:
        eds = [named] * len(buf) if named else choice.editions([r.time for r in buf], [r.lat for r in buf],
                                                                [r.lon for r in buf])
        out: list[str] = []
        append = out.append
        for r, chosen in zip(buf, eds):
            mmsi, sog = r.mmsi, r.speed_kn
            st = statics.get(mmsi)
            if written.get(mmsi, absent) is not st:
                v = compact.vessel(mmsi, st)
                if v is not None:
                    append(json.dumps(v, ensure_ascii=False))
            moving = None if sog is None else sog >= MOVING_KN
            k = (r.status, id(st), moving, chosen)
            got = seen.get(k)
            if got is not None and got[1] is st:
                number = got[0]
            else:
                number, records = compact.key(r.status, st, moving, *chosen)
                out += records
                if len(seen) >= MAX_SEEN:
                    seen.clear()
                seen[k] = (number, st)
            append(_report(r, number))
        write("\n".join(out) + "\n")
        buf.clear()

    _in_chunks(reports, buf, chunk, flush)
    return data


def latest_compact(path: Any, choice: Choice, time: Any = None) -> dict[str, Any]:
    """``ais --json`` compact: per vessel her latest fix with the number of her key and her likely reading in full
    (the reading and its candidates, hers); each key's readings and candidates once, in ``keys``
    (:func:`navlights.traffic.ais_join.expand_json` joins them back)."""
    data, last = latest(path, choice, time)
    reps = list(last.values())
    eds = choice.editions([r.time for r in reps], [r.lat for r in reps], [r.lon for r in reps])
    compact = Compact()
    keys: dict[int, dict[str, Any]] = {}
    details: list[dict[str, Any]] = []
    vessels = []
    for r, (ed, how) in zip(reps, eds):
        st = data.statics.get(r.mmsi)
        v = compact.vessel(r.mmsi, st) or {}
        number, records = compact.key(r.status, st, is_moving(r.speed_kn), ed, how)
        for text in records:
            record = json.loads(text)
            kind = record.pop("type")
            if kind == "key":
                keys[number] = record
            else:
                details.append(record)
        key = keys[number]
        mine = {"mmsi": r.mmsi, "time": r.time.isoformat() if r.time is not None else None, "lat": r.lat,
                "lon": r.lon, "heading_deg": r.heading_deg, "course_deg": r.course_deg, "speed_kn": r.speed_kn,
                "status": key["status"], "ship_type": v["ship_type"], "name": v["name"], "length_m": v["length_m"],
                "breadth_m": v["breadth_m"], "edition": ed, "certain": key["certain"],
                "notes": list(r.notes) + v["notes"] + key["notes"], "key": number}
        if "fill" in v:
            mine["fill"] = v["fill"]
        if key["readings"]:
            mine["likely"] = key["readings"][0]
        vessels.append(mine)
    return {"file": str(path), "counts": data.counts(), "details": details, "keys": list(keys.values()),
            "vessels": vessels}


def _in_chunks(reports: Iterable[Report], buf: list[Report], chunk: int, flush: Callable[[], None]) -> None:
    """Gather ``reports`` into ``buf`` and call ``flush`` (which empties it) every ``chunk`` reports and at the end."""
    for r in reports:
        buf.append(r)
        if len(buf) >= chunk:
            flush()
    if buf:
        flush()
