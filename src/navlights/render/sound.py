"""A signal as sound: a timeline of its elements from the rules' numbers, rendered to a WAV file.

Blasts last as Rule 32 says (short 1 s, prolonged 5 s: the middle of 4-6 s), on a whistle whose fundamental lies
in her Annex III band (the band's geometric middle, an assumption: the Annex fixes limits, not a pitch), with two
weaker harmonics. The bell rung rapidly is a train of bright, quickly decaying strokes; the gong a slower train of
low, beating strokes: two sounds that cannot be confused, as Rule 33(a) asks. Nothing is recorded: every sample is
computed here (numpy is imported inside the functions).
"""

from __future__ import annotations

import io
import math
import wave
from dataclasses import dataclass
from typing import Any

SAMPLE_RATE = 16_000
#: A blast's rise and fall (s), inside its length.
RAMP_S = 0.02
#: Strokes a second when the bell is rung rapidly, and a gong sounded rapidly (assumed: the rules say "rapidly").
BELL_STROKES_PER_S = 5.0
GONG_STROKES_PER_S = 2.0
#: Bell and gong pitch (Hz): assumed; Annex III fixes their loudness and construction, not their pitch.
BELL_HZ = 1200.0
GONG_HZ = 160.0
#: Length drawn for one separate stroke on the bell (s) and for "some other efficient sound signal".
STROKE_S = 0.8
OTHER_S = 1.0
#: The longest sound a call may render (s): ten fog signals two minutes apart.
MAX_SECONDS = 1200.0


@dataclass(frozen=True, slots=True)
class Piece:
    """One element on the timeline: what sounds, from when, for how long (seconds)."""

    sound: str          # blast | bell | gong | bell-stroke | other | continuous | explosive
    start_s: float
    seconds: float


def element_seconds(seconds: tuple[float, float] | None, sound: str) -> float:
    """How long an element is drawn: the middle of its rule's range; a stroke or an undefined sound, a fixed time."""
    if seconds:
        return (seconds[0] + seconds[1]) / 2
    return {"bell-stroke": STROKE_S, "explosive": 0.5, "continuous": 10.0}.get(sound, OTHER_S)


def timeline(elements: list[tuple[str, tuple[float, float] | None]], gap_s: float, *, repeats: int = 1,
             interval_s: float | None = None) -> tuple[list[Piece], float]:
    """The pieces of ``repeats`` signals, each started ``interval_s`` after the last (default: straight after,
    with one gap), and the total length in seconds."""
    pieces: list[Piece] = []
    t0 = end = 0.0
    for _ in range(repeats):
        t = t0
        for i, (sound, secs) in enumerate(elements):
            if sound == "flash":
                raise ValueError("a light signal has no sound")
            d = element_seconds(secs, sound)
            pieces.append(Piece(sound, t, d))
            t += d + (gap_s if i < len(elements) - 1 else 0)
        end = t
        t0 = max(t0 + (interval_s or 0), end + max(gap_s, 1.0))
    total = end + 0.5
    if total > MAX_SECONDS:
        raise ValueError(f"the sound would last {total:.0f} s; at most {MAX_SECONDS:.0f} s")
    return pieces, total


def _whistle(n: int, hz: float, np: Any) -> Any:
    t = np.arange(n) / SAMPLE_RATE
    wave_ = (np.sin(2 * np.pi * hz * t) + 0.35 * np.sin(2 * np.pi * 2 * hz * t)
             + 0.15 * np.sin(2 * np.pi * 3 * hz * t))
    ramp = max(1, int(RAMP_S * SAMPLE_RATE))
    env = np.ones(n)
    env[:ramp] = np.linspace(0, 1, ramp)
    env[-ramp:] = np.linspace(1, 0, ramp)
    return 0.6 * wave_ * env / 1.5


def _strike(n: int, hz: float, partials: tuple[tuple[float, float, float], ...], np: Any) -> Any:
    """One stroke: partials (ratio, amplitude, decay time s), decaying from a sharp onset."""
    t = np.arange(n) / SAMPLE_RATE
    out = np.zeros(n)
    for ratio, amp, decay in partials:
        out += amp * np.sin(2 * np.pi * hz * ratio * t) * np.exp(-t / decay)
    return out


_BELL = ((1.0, 1.0, 0.35), (2.0, 0.5, 0.25), (2.76, 0.35, 0.18), (5.4, 0.2, 0.08))
_GONG = ((1.0, 1.0, 1.2), (1.015, 0.8, 1.2), (2.3, 0.4, 0.6), (3.1, 0.25, 0.4))


def _train(n: int, hz: float, partials: Any, per_s: float, np: Any) -> Any:
    out = np.zeros(n)
    step = int(SAMPLE_RATE / per_s)
    for start in range(0, n, step):
        k = n - start
        out[start:] += _strike(k, hz, partials, np)
    peak = float(np.max(np.abs(out))) or 1.0
    return 0.6 * out / peak


def samples(pieces: list[Piece], total_s: float, fundamental_hz: float) -> Any:
    """The sound as float samples in [-1, 1] (numpy array) at :data:`SAMPLE_RATE`."""
    import numpy as np
    out = np.zeros(int(math.ceil(total_s * SAMPLE_RATE)))
    for p in pieces:
        a = int(round(p.start_s * SAMPLE_RATE))
        n = int(round(p.seconds * SAMPLE_RATE))
        if p.sound in ("blast", "other", "continuous"):
            seg = _whistle(n, fundamental_hz, np)
        elif p.sound == "bell":
            seg = _train(n, BELL_HZ, _BELL, BELL_STROKES_PER_S, np)
        elif p.sound == "gong":
            seg = _train(n, GONG_HZ, _GONG, GONG_STROKES_PER_S, np)
        elif p.sound == "bell-stroke":
            seg = _strike(n, BELL_HZ, _BELL, np)
            seg = 0.6 * seg / (float(np.max(np.abs(seg))) or 1.0)
        else:   # explosive: a short burst of decaying noise
            rng = np.random.default_rng(0)
            seg = 0.6 * rng.uniform(-1, 1, n) * np.exp(-np.arange(n) / (0.1 * SAMPLE_RATE))
        out[a:a + n] += seg[: len(out) - a]
    return np.clip(out, -1, 1)


def wav_bytes(data: Any) -> bytes:
    """16-bit mono PCM WAV of float samples."""
    import numpy as np
    pcm = (np.asarray(data) * 32767).astype("<i2").tobytes()
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(SAMPLE_RATE)
        w.writeframes(pcm)
    return buf.getvalue()


def read_wav(data: bytes) -> tuple[Any, int]:
    """Samples in [-1, 1] and the rate of a 16-bit mono WAV (for tests and checks)."""
    import numpy as np
    with wave.open(io.BytesIO(data), "rb") as w:
        rate = w.getframerate()
        raw = w.readframes(w.getnframes())
    return np.frombuffer(raw, dtype="<i2").astype(float) / 32767, rate


def whistle_pitch(band_hz: tuple[float, float]) -> float:
    """The pitch drawn for a whistle band: its geometric middle (assumed)."""
    return round(math.sqrt(band_hz[0] * band_hz[1]), 1)


def signal_wav(answer: Any, signal_id: str | None = None, *, repeats: int = 1) -> tuple[bytes, dict[str, Any]]:
    """A signal as WAV bytes and what was drawn (``answer``: :class:`navlights.engines.signals.Sounds`): her first
    sound signal, or the edition's signal named, at the middle of her Annex III band, ``repeats`` times."""
    from ..engines.signals import signal_json
    from . import RenderError
    book = answer.book
    if signal_id is None:
        sig = next((s.signal for s in answer.signals if s.signal.sequence
                    and all(e.sound != "flash" for e in s.signal.sequence)), None)
        if sig is None:
            raise RenderError(f"signal: she has no sound signal of her own under {book.edition} to render; name one "
                              "with --signal", field="signal", value=None, allowed="a signal id")
    else:
        known = [s.id for s in book.signals if s.sequence and all(e.sound != "flash" for e in s.sequence)]
        sig = next((s for s in book.signals if s.id == signal_id and s.id in known), None)
        if sig is None:
            raise RenderError(f"signal: '{signal_id}' is not a sound signal of {book.edition}; known: "
                              f"{', '.join(known)}", field="signal", value=signal_id, allowed=", ".join(known))
    if isinstance(repeats, bool) or not isinstance(repeats, int) or not 1 <= repeats <= 10:
        raise RenderError(f"repeat: {repeats!r} is not a whole number from 1 to 10", field="repeat", value=repeats,
                          allowed="1 to 10")
    band = answer.whistle.fundamental_hz if answer.whistle else (250.0, 700.0)
    hz = whistle_pitch(band)
    pieces, total = timeline([(e.sound, e.seconds) for e in sig.sequence], sig.gap_s, repeats=repeats,
                             interval_s=sig.interval_max_s)
    data = wav_bytes(samples(pieces, total, hz))
    info = {"signal": signal_json(sig), "fundamental_hz": hz, "band_hz": list(band),
            "band_basis": "Annex III band for her length" if answer.whistle else "no band for her: 250-700 Hz assumed",
            "seconds": total, "sample_rate": SAMPLE_RATE,
            "pieces": [{"sound": p.sound, "start_s": p.start_s, "seconds": p.seconds} for p in pieces]}
    return data, info
