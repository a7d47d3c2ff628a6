"""Signal files (Part D: sound and light signals): their shape, strict loading, and the typed signals they hold.

One file per edition beside the edition data, ``data/signals/<edition-id>.toml`` (format: schema.md, "Signal
files"). The loader refuses unknown keys, checks every citation's provenance and every reference between
entries, and reports all problems at once with their key paths, as the edition loader does.
"""

from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from ..conditions import ConditionError, compile_when
from ..errors import RuleDataError
from ..model import Citation, Condition, Source

DIR = Path(__file__).parent / "data" / "signals"

Occasion = Literal["fog", "manoeuvre", "agreement", "warning", "attention", "distress"]
SignalStatus = Literal["required", "may", "otherwise"]
SoundKind = Literal["blast", "bell", "gong", "bell-stroke", "flash", "other", "explosive", "continuous"]
#: The occasions heard or seen in clear weather (Rule 34) as against restricted visibility (Rule 35).
IN_SIGHT = ("manoeuvre", "agreement", "warning")


@dataclass(frozen=True, slots=True)
class Element:
    """One element of a signal: a blast, the bell rung rapidly, a gong, a stroke, a flash."""

    id: str
    term: str
    sound: str
    appliance: str
    seconds: tuple[float, float] | None
    about: bool
    cite: Citation

    @property
    def audible(self) -> bool:
        return self.sound not in ("flash",)


@dataclass(frozen=True, slots=True)
class Signal:
    """A signal of an edition: its elements in order, the silence between them, how often, and who gives it."""

    id: str
    occasion: str
    status: str
    summary: str
    by: str | None
    sequence: tuple[Element, ...]
    at_least: bool
    gap_s: float
    gap_note: str | None
    interval_max_s: float | None
    interval_min_s: float | None
    interval_about: bool
    proviso: str | None
    light: str | None
    light_of: str | None
    instead_of: tuple[str, ...]
    when: Condition
    cite: Citation

    @property
    def pattern(self) -> str:
        """The elements as notation: ``prolonged-short-short``."""
        return "-".join(e.id for e in self.sequence)


@dataclass(frozen=True, slots=True)
class Relief:
    """A paragraph that lets some vessels leave signals out (35(i), (j); Inland 35(l)), naming what she must do
    instead, if anything."""

    id: str
    relieves: tuple[str, ...]
    otherwise: str | None
    summary: str
    when: Condition
    cite: Citation


@dataclass(frozen=True, slots=True)
class Appliance:
    """What Rule 33 makes a vessel carry, by her length."""

    id: str
    term: str
    status: str
    summary: str
    when: Condition
    cite: Citation


@dataclass(frozen=True, slots=True)
class WhistleBand:
    """Annex III: a whistle's fundamental frequency limits and audibility range for a band of lengths."""

    when: Condition
    fundamental_hz: tuple[float, float]
    audibility_nm: float
    level_db: float
    cite: Citation


@dataclass(frozen=True, slots=True)
class Note:
    """A paragraph recorded and cited but not a signal of its own (34(f), 34(h), Annex III details)."""

    id: str
    title: str
    summary: str
    cite: Citation


@dataclass(frozen=True, slots=True)
class SignalBook:
    """Everything one edition's signal file says."""

    edition: str
    summary: str
    gap_s: float
    gap_note: str
    length_system: str
    sources: tuple[Source, ...]
    elements: dict[str, Element]
    signals: tuple[Signal, ...]
    reliefs: tuple[Relief, ...]
    appliances: tuple[Appliance, ...]
    whistle_bands: tuple[WhistleBand, ...]
    notes: tuple[Note, ...]

    def signal(self, sid: str) -> Signal:
        return next(s for s in self.signals if s.id == sid)


def _raw_models() -> Any:
    """The pydantic shapes of a signal file (built on first load: pydantic stays out of ``import navlights``)."""
    from pydantic import Field

    from .raw import RawSource, _Cited, _M  # the edition files' base shapes: one meaning of "cited"

    class RawHead(_M):
        edition: str
        summary: str
        gap_s: float = Field(ge=0, le=10)
        gap_note: str

    class RawElement(_Cited):
        term: str
        sound: SoundKind
        appliance: Literal["whistle", "bell", "gong", "light", "fog-horn", "other", "any"]
        seconds: tuple[float, float] | None = None
        about: bool = False

    class RawSignal(_Cited):
        id: str
        occasion: Occasion
        status: SignalStatus = "required"
        summary: str
        by: str | None = None
        sequence: list[str]
        at_least: bool = False
        gap_s: float | None = Field(None, ge=0, le=10)
        gap_about: bool = False
        gap_assumed: bool = False
        interval_max_s: float | None = Field(None, gt=0, le=600)
        interval_min_s: float | None = Field(None, gt=0, le=600)
        interval_about: bool = False
        proviso: str | None = None
        light: str | None = None
        light_of: str | None = None
        instead_of: list[str] = Field(default_factory=list)
        when: dict[str, Any] | None = None

    return _file_model(_M, _Cited, RawHead, RawSource, RawElement, RawSignal)


def _file_model(_M: Any, _Cited: Any, RawHead: Any, RawSource: Any, RawElement: Any,  # noqa: N803
                RawSignal: Any) -> Any:
    """The rest of the file's shape: reliefs, appliances, whistle bands, notes, and the file itself."""
    from pydantic import Field

    class RawRelief(_Cited):
        id: str
        relieves: list[str]
        otherwise: str | None = None
        summary: str
        when: dict[str, Any]

    class RawAppliance(_Cited):
        id: str
        term: str
        status: Literal["required", "otherwise"]
        summary: str
        when: dict[str, Any]

    class RawBand(_Cited):
        when: dict[str, Any]
        fundamental_hz: tuple[float, float]
        audibility_nm: float = Field(gt=0)
        level_db: float = Field(gt=0)

    class RawNote(_Cited):
        id: str
        title: str
        summary: str

    class RawSignalFile(_M):
        signals: RawHead
        source: list[RawSource] = Field(default_factory=list)
        element: dict[str, RawElement] = Field(default_factory=dict)
        signal: list[RawSignal] = Field(default_factory=list)
        relief: list[RawRelief] = Field(default_factory=list)
        appliance: list[RawAppliance] = Field(default_factory=list)
        whistle_band: list[RawBand] = Field(default_factory=list)
        note: list[RawNote] = Field(default_factory=list)

    return RawSignalFile


class _Build:
    """The second stage: typed entries from the checked shape, every problem collected."""

    def __init__(self, raw: Any, system: str) -> None:
        self.raw = raw
        self.system = system
        self.problems: list[str] = []
        self.sources = {s.id: Source(s.id, s.kind, s.title, s.cite, s.url, s.note) for s in raw.source}

    def cite(self, c: Any, path: str) -> Citation:
        from .loader import _citation
        return _citation(self.raw.signals.edition, c, self.problems, path, self.sources)

    def when(self, when: dict[str, Any] | None, path: str) -> Condition:
        try:
            return compile_when(when, f"{path}.when", system=self.system)
        except ConditionError as e:
            self.problems.append(str(e))
            return Condition()

    def elements(self) -> dict[str, Element]:
        out = {}
        for eid, e in self.raw.element.items():
            kp = f"element.{eid}"
            if e.seconds is not None and not 0 < e.seconds[0] <= e.seconds[1] <= 10:
                self.problems.append(f"{kp}.seconds: expected [least, most] with 0 < least <= most <= 10")
            out[eid] = Element(eid, e.term, e.sound, e.appliance, e.seconds, e.about, self.cite(e, kp))
        return out

    def signal(self, i: int, s: Any, elements: dict[str, Element]) -> Signal:
        kp = f"signal[{i}]({s.id})"
        seq = []
        for j, eid in enumerate(s.sequence):
            if eid not in elements:
                self.problems.append(f"{kp}.sequence[{j}]: unknown element '{eid}'; known: {', '.join(elements)}")
            else:
                seq.append(elements[eid])
        if s.status != "otherwise" and s.occasion == "fog" and s.when is None:
            self.problems.append(f"{kp}.when: a fog signal needs a condition (only 'otherwise' signals have none)")
        gap = self.raw.signals.gap_s if s.gap_s is None else s.gap_s
        gap_note = None if s.gap_s is None else ("about" if s.gap_about else "assumed" if s.gap_assumed else None)
        return Signal(s.id, s.occasion, s.status, s.summary, s.by, tuple(seq), s.at_least, gap, gap_note,
                      s.interval_max_s, s.interval_min_s, s.interval_about, s.proviso, s.light, s.light_of,
                      tuple(s.instead_of), self.when(s.when, kp), self.cite(s, kp))

    def refs(self, signals: tuple[Signal, ...], reliefs: tuple[Relief, ...]) -> None:
        ids = [s.id for s in signals]
        for dup in sorted({x for x in ids if ids.count(x) > 1}):
            self.problems.append(f"signal({dup}): id used twice")
        known = set(ids)
        for i, s in enumerate(signals):
            for ref in (*s.instead_of, *([s.light_of] if s.light_of else [])):
                if ref not in known:
                    self.problems.append(f"signal[{i}]({s.id}): unknown signal '{ref}'")
        for i, r in enumerate(reliefs):
            for ref in (*r.relieves, *([r.otherwise] if r.otherwise else [])):
                if ref not in known:
                    self.problems.append(f"relief[{i}]({r.id}): unknown signal '{ref}'")
            if r.otherwise and next(s for s in signals if s.id == r.otherwise).status != "otherwise":
                self.problems.append(f"relief[{i}]({r.id}).otherwise: '{r.otherwise}' must have status 'otherwise'")


def parse(data: dict[str, Any], path: str, system: str) -> SignalBook:
    """A signal file's table as a :class:`SignalBook`, or one :class:`RuleDataError` listing every problem."""
    from pydantic import ValidationError

    from .loader import _shape_errors
    try:
        raw = _raw_models().model_validate(data)
    except ValidationError as err:
        raise RuleDataError(path, _shape_errors(err, data)) from None
    b = _Build(raw, system)
    elements = b.elements()
    signals = tuple(b.signal(i, s, elements) for i, s in enumerate(raw.signal))
    reliefs = tuple(Relief(r.id, tuple(r.relieves), r.otherwise, r.summary, b.when(r.when, f"relief[{i}]"),
                           b.cite(r, f"relief[{i}]({r.id})")) for i, r in enumerate(raw.relief))
    b.refs(signals, reliefs)
    appliances = tuple(Appliance(a.id, a.term, a.status, a.summary, b.when(a.when, f"appliance[{i}]"),
                                 b.cite(a, f"appliance[{i}]({a.id})")) for i, a in enumerate(raw.appliance))
    bands = []
    for i, w in enumerate(raw.whistle_band):
        if not 0 < w.fundamental_hz[0] < w.fundamental_hz[1]:
            b.problems.append(f"whistle_band[{i}].fundamental_hz: expected [lowest, highest] in Hz")
        bands.append(WhistleBand(b.when(w.when, f"whistle_band[{i}]"), w.fundamental_hz, w.audibility_nm,
                                 w.level_db, b.cite(w, f"whistle_band[{i}]")))
    notes = tuple(Note(n.id, n.title, n.summary, b.cite(n, f"note[{i}]({n.id})")) for i, n in enumerate(raw.note))
    if b.problems:
        raise RuleDataError(path, b.problems)
    h = raw.signals
    return SignalBook(h.edition, h.summary, h.gap_s, h.gap_note, system, tuple(b.sources.values()), elements,
                      signals, reliefs, appliances, tuple(bands), notes)


def load_file(path: Path, system: str) -> SignalBook:
    """Read and parse one signal file."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as e:
        raise RuleDataError(path.name, [f"not valid TOML: {e}"]) from None
    book = parse(data, path.name, system)
    if book.edition != path.stem:
        raise RuleDataError(path.name, [f"signals.edition: '{book.edition}' does not match the file name"])
    return book


@functools.lru_cache(maxsize=16)
def book(edition_id: str) -> SignalBook:
    """The signal book of an edition (by id or alias), loaded once."""
    from . import loader
    ed = loader.edition(edition_id)
    return load_file(DIR / f"{ed.id}.toml", ed.length_system)


def book_ids() -> list[str]:
    """The editions that have a signal file."""
    return sorted(p.stem for p in DIR.glob("*.toml"))
