"""The rendered sound, measured: each blast's length within Rule 32, the whistle's fundamental within her Annex III
band (FFT), the silence between blasts and between signals, the bell and gong distinct."""

from __future__ import annotations

import subprocess
import sys
import wave
from pathlib import Path

import numpy as np
import pytest

from navlights import api
from navlights.render.sound import read_wav

I, U = "intl-1972", "us-inland"  # noqa: E741 (I: International, U: Inland)
#: An envelope above this share of the peak counts as sound (frames of 10 ms).
ON = 0.1
FRAME_S = 0.01


def _runs(x: np.ndarray, rate: int) -> list[tuple[float, float]]:
    """(start, length) in seconds of each stretch of sound."""
    n = int(rate * FRAME_S)
    frames = np.abs(x[: len(x) // n * n]).reshape(-1, n).max(axis=1)
    on = frames > ON * frames.max()
    out, start = [], None
    for i, v in enumerate(on):
        if v and start is None:
            start = i
        if not v and start is not None:
            out.append((start * FRAME_S, (i - start) * FRAME_S))
            start = None
    if start is not None:
        out.append((start * FRAME_S, (len(on) - start) * FRAME_S))
    return out


def _fundamental(x: np.ndarray, rate: int) -> float:
    spec = np.abs(np.fft.rfft(x * np.hanning(len(x))))
    freqs = np.fft.rfftfreq(len(x), 1 / rate)
    return float(freqs[int(np.argmax(spec[1:])) + 1])


def _render(vessel: dict, ed: str, signal: str | None = None, repeats: int = 1) -> tuple[np.ndarray, int, dict]:
    data, info = api.signal_wav(vessel, ed, signal, repeats=repeats)
    x, rate = read_wav(data)
    return x, rate, info


# (edition, vessel, blasts expected as (short|prolonged) in order, Annex III band of her length)   # rule
BLASTS = [
    (I, {"propulsion": "power", "length": "50 m"}, ["p"], (250, 700)),                        # 35(a); III 1(b)(iii)
    (I, {"propulsion": "power", "length": "120 m", "making_way": False}, ["p", "p"], (130, 350)),  # 35(b); (ii)
    (I, {"propulsion": "power", "length": "250 m", "not_under_command": True}, ["p", "s", "s"], (70, 200)),  # (c)
    (I, {"propulsion": "none", "length": "30 m", "being_towed": {}}, ["p", "s", "s", "s"], (250, 700)),  # 35(e)
    (U, {"propulsion": "power", "length": "80 m"}, ["p"], (130, 350)),                        # 83.35(a); 86.01(b)
    (U, {"propulsion": "sail", "length": "30 m"}, ["p", "s", "s"], (250, 700)),               # 83.35(c)
]


@pytest.mark.parametrize("ed,vessel,blasts,band", BLASTS)
def test_blast_lengths_and_pitch(ed: str, vessel: dict, blasts: list[str], band: tuple[int, int]) -> None:
    x, rate, info = _render(vessel, ed)
    runs = _runs(x, rate)
    assert len(runs) == len(blasts)
    for (start, length), kind in zip(runs, blasts, strict=True):
        if kind == "p":
            assert 4.0 <= length <= 6.0            # Rule 32(c): from four to six seconds
        else:
            assert 0.8 <= length <= 1.2            # Rule 32(b): about one second (20 % named tolerance)
        seg = x[int(start * rate): int((start + length) * rate)]
        assert band[0] <= _fundamental(seg, rate) <= band[1]      # Annex III 1(b)
    assert tuple(info["band_hz"]) == band


def test_two_seconds_between_35b_blasts() -> None:
    """Rule 35(b): about 2 s between the two prolonged blasts."""
    x, rate, _ = _render({"propulsion": "power", "length": "50 m", "making_way": False}, I)
    (s1, l1), (s2, _) = _runs(x, rate)
    assert 1.8 <= s2 - (s1 + l1) <= 2.2


def test_repeats_within_two_minutes() -> None:
    """Rule 35(a): repeated at intervals of not more than 2 minutes: the second blast starts 120 s after the first."""
    x, rate, _ = _render({"propulsion": "power", "length": "50 m"}, I, repeats=2)
    (s1, _), (s2, _) = _runs(x, rate)
    assert 119.5 <= s2 - s1 <= 120.0


def test_silence_between_blasts_of_one_signal() -> None:
    """35(c): three separate blasts, silence between them (1 s drawn, assumed: the rule fixes none)."""
    x, rate, _ = _render({"propulsion": "sail", "length": "30 m"}, I)
    runs = _runs(x, rate)
    gaps = [b[0] - (a[0] + a[1]) for a, b in zip(runs, runs[1:], strict=False)]
    assert all(0.8 <= g <= 1.2 for g in gaps)


def test_bell_and_gong_are_distinct() -> None:
    """Rule 33(a): the gong's tone cannot be confused with the bell's; Rule 35(g): each about 5 s, bell first."""
    data, info = api.signal_wav({"propulsion": "power", "length": "150 m", "status": "anchored"}, I)
    x, rate = read_wav(data)
    bell = next(p for p in info["pieces"] if p["sound"] == "bell")
    gong = next(p for p in info["pieces"] if p["sound"] == "gong")
    assert bell["start_s"] < gong["start_s"] and bell["seconds"] == gong["seconds"] == 5.0
    b = x[int(bell["start_s"] * rate): int((bell["start_s"] + 5) * rate)]
    g = x[int(gong["start_s"] * rate): int((gong["start_s"] + 5) * rate)]
    fb, fg = _fundamental(b, rate), _fundamental(g, rate)
    assert fb > 3 * fg                          # well apart in pitch
    # rung rapidly: the bell has many more strokes (onsets) in its 5 s than the gong
    def onsets(seg: np.ndarray) -> int:
        env = np.abs(seg[: len(seg) // 160 * 160]).reshape(-1, 160).max(axis=1)
        return int(np.sum((env[1:] > 1.5 * env[:-1]) & (env[1:] > 0.3 * env.max())))
    assert onsets(b) > onsets(g) >= 5


def test_aground_strokes_before_and_after_the_bell() -> None:
    """Rule 35(h): three separate strokes immediately before and after the rapid ringing."""
    _, info = api.signal_wav({"propulsion": "power", "length": "50 m", "status": "aground"}, I)
    kinds = [p["sound"] for p in info["pieces"]]
    assert kinds == ["bell-stroke"] * 3 + ["bell"] + ["bell-stroke"] * 3


def test_named_signal_and_light_refused() -> None:
    from navlights.render import RenderError
    _, info = api.signal_wav({"propulsion": "power", "length": "50 m"}, U, "leaving-berth")
    assert info["signal"]["citation"]["rule"] == "Rule 34(g)"
    with pytest.raises(RenderError, match="signal: 'light-astern'"):
        api.signal_wav({"propulsion": "power", "length": "50 m"}, U, "light-astern")
    with pytest.raises(RenderError, match="repeat"):
        api.signal_wav({"propulsion": "power", "length": "50 m"}, U, repeats=0)


def test_cli_writes_wav(tmp_path: Path) -> None:
    out = tmp_path / "fog.wav"
    r = subprocess.run([sys.executable, "-m", "navlights.cli", "signals", "--propulsion", "power", "--length", "50 m",
                        "-e", I, "--wav", str(out)], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    with wave.open(str(out)) as w:
        assert w.getnchannels() == 1 and w.getsampwidth() == 2
    assert "Wrote" in r.stdout
    bad = subprocess.run([sys.executable, "-m", "navlights.cli", "signals", "--propulsion", "power", "--length",
                          "50 m", "-e", I, "--wav", str(tmp_path / "no" / "x.wav")], capture_output=True, text=True,
                         timeout=60)
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1
