"""How one edition followed another in the same waters, in words, with the dates of those waters (issue 25).

``[edition] succeeds`` records which edition came next in which waters; it does not say that the two met.
Where the earlier edition's recorded end comes before the later one's start in those waters, the years
between are not covered by any edition navlights holds (on the Great Lakes: gl-1895 ends in 1928, when its
first rule was amended, and the Inland Rules apply there only from 1 March 1983), and the words say so
instead of "succeeded ... (in force <the later edition's first date anywhere>)".

>>> from navlights import api
>>> succession_words(api.edition("intl-1960"), api.edition("intl-1972"), ("high-seas",))
'intl-1972 succeeded intl-1960 in high-seas (in force 1977-07-15)'
"""

from __future__ import annotations

from ..model import Edition


def _in(waters: str, e: Edition) -> str:
    start = e.in_force_from_in(waters)
    return str(start) if start else "a date not recorded"


def succession_words(a: Edition, b: Edition, waters: tuple[str, ...]) -> str:
    """``b`` after ``a`` in ``waters``: "b succeeded a in W (in force D)", D being b's date in those waters; where
    a's recorded end comes before that date, both editions' dates there and the years between, not covered."""
    met, gaps = [], []
    for w in waters:
        start, end = b.in_force_from_in(w), a.in_force_to
        if start is not None and end is not None and end < start:
            gaps.append(f"in {w}: {a.id} in force there {_in(w, a)} to {end}, {b.id} from {start}; "
                        f"{end} to {start} is not covered (navlights holds no edition of {w} for those years), "
                        "so what changed below spans that gap")
        else:
            met.append(w)
    words = []
    if met:
        dates = {_in(w, b) for w in met}
        when = dates.pop() if len(dates) == 1 else ", ".join(f"{w} {_in(w, b)}" for w in met)
        words.append(f"{b.id} succeeded {a.id} in {', '.join(met)} (in force {when})")
    if gaps:
        words.append(f"{b.id} is the next edition navlights holds after {a.id} " + "; ".join(gaps))
    return "; ".join(words)
