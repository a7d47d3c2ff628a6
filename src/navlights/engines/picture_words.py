"""A picture in a mariner's words: where the observer is from her, which way her head points, and what is seen,
grouped as a look-out says it ('two white lights in a vertical line; a green light below them on the left').

Works on the view's seen items (:class:`navlights.engines.view.Seen`: colour, role, kind, offset across the line of
sight and height); :mod:`navlights.engines.view` re-exports :func:`describe`, :func:`aspect_words` and
:func:`heading_cue`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from .view import Seen

COLUMN_TOL_M = 0.5                  # lights closer than this across the line of sight: one vertical line
LEVEL_TOL_M = 0.3                   # heights closer than this: level
STACK_GAP_M = 3.0                   # a larger gap above a light ends its vertical line



def masthead_side(picture: Any) -> str | None:
    """Where her two masthead lights are both seen, apart across the line of sight (``picture.get(role)``: an
    object with ``offset_m``): the side ('left' or 'right') on which the forward one stands (the lower one, Rule
    23(a)(ii): her head points that way); else None. The encounter and scenes read it so (issue 31)."""
    fwd, aft = picture.get("masthead"), picture.get("masthead-aft")
    if fwd is None or aft is None or abs(fwd.offset_m - aft.offset_m) <= COLUMN_TOL_M:
        return None
    return "left" if fwd.offset_m < aft.offset_m else "right"


_COUNT = {1: "a", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}
_COLOUR_ORDER = {"white": 0, "red": 1, "green": 2, "yellow": 3, "blue": 4, "red-green": 5, "black": 6}


def aspect_words(aspect_deg: float) -> str:
    """Where the observer is, from her: 'dead ahead', 'on her starboard bow', ..."""
    a = aspect_deg % 360.0
    exact = {0.0: "dead ahead of her", 90.0: "on her starboard beam", 180.0: "dead astern of her",
             270.0: "on her port beam"}
    if a in exact:
        return exact[a]
    side = "starboard" if a < 180 else "port"
    b = a if a < 180 else 360 - a
    return f"on her {side} {'bow' if b < 90 else 'quarter'}"


def heading_cue(aspect_deg: float) -> str:
    """Which way her head points as the observer sees it."""
    a = aspect_deg % 360.0
    if a == 0.0:
        return "she heads straight for you"
    if a == 180.0:
        return "she heads straight away from you"
    return f"her head is to your {'right' if a < 180 else 'left'}"


# ------------------------------------------------------------------------------------------
# Words


def _columns(items: list[Seen]) -> list[list[Seen]]:
    """Vertical lines as seen: lights within COLUMN_TOL_M across the line of sight and not level
    (LEVEL_TOL_M) with one already in the line, split where a light of another colour stands more
    than STACK_GAP_M above the one below; bottom to top. Lights at one height side by side are a
    row, not a vertical line (as :func:`navlights.notation.arrange` reads them)."""
    cols: list[list[Seen]] = []
    for it in sorted(items, key=lambda i: (i.offset_m, i.height_m)):
        if (cols and it.offset_m - cols[-1][-1].offset_m <= COLUMN_TOL_M
                and all(abs(it.height_m - o.height_m) > LEVEL_TOL_M for o in cols[-1])):
            cols[-1].append(it)
        else:
            cols.append([it])
    out: list[list[Seen]] = []
    for c in cols:
        c.sort(key=lambda i: i.height_m)
        part = [c[0]]
        for it in c[1:]:
            if it.height_m - part[-1].height_m > STACK_GAP_M and _key(it) != _key(part[-1]):
                out.append(part)
                part = []
            part.append(it)
        out.append(part)
    return sorted(out, key=lambda c: (min(i.offset_m for i in c), c[0].height_m))


def _noun(group: list[Seen]) -> str:
    it = group[0]
    n = len(group)
    if len({_key(i) for i in group}) > 1:       # a mixed vertical line, named top down
        top_down = sorted(group, key=lambda i: -i.height_m)
        if it.what == "shape":
            names = " over ".join(_noun([i]) for i in top_down)
            return f"{_COUNT.get(n, str(n))} shapes in a vertical line, {names}"
        return f"{_COUNT.get(n, str(n))} lights in a vertical line, {' over '.join(_light_name(i) for i in top_down)}"
    if it.what == "shape":
        shape = {"ball": "ball", "cone-up": "cone, point up", "cone-down": "cone, point down",
                 "diamond": "diamond", "cylinder": "cylinder", "basket": "basket",
                 "double-cone": "double cone", "flag": "flag"}.get(it.canonical, "shape")
        noun = f"{it.colour} {shape}"
        if n > 1:
            noun = noun.replace("ball", "balls").replace("diamond", "diamonds").replace(
                "cylinder", "cylinders").replace("basket", "baskets").replace("cone,", "cones,").replace(
                "double cone", "double cones").replace("shape", "shapes")
    else:
        noun = f"{_light_name(it)} light" + ("s" if n > 1 else "")
    count = _COUNT.get(n, str(n))
    if n == 1 and noun[0] in "aeiou":
        count = "an"
    return f"{count} {noun}"


def _arrangement(group: list[Seen]) -> str:
    n = len(group)
    if n == 1 or len({_key(i) for i in group}) > 1:
        return ""
    cols = _columns(group)
    if len(cols) == 1:
        return " in a vertical line"
    if all(len(c) == 1 for c in cols):
        zs = [c[0].height_m for c in cols]
        if max(zs) - min(zs) <= LEVEL_TOL_M:
            return " side by side, level" if n == 2 else " in a level row"
        if n == 2:
            if abs(cols[1][0].offset_m - cols[0][0].offset_m) <= COLUMN_TOL_M:
                return ", one well above the other"
            return f", the lower one to the {'left' if zs[0] < zs[1] else 'right'}"
        if all(b - a > LEVEL_TOL_M for a, b in zip(zs, zs[1:])):
            return " in a row rising to the right"
        if all(a - b > LEVEL_TOL_M for a, b in zip(zs, zs[1:])):
            return " in a row rising to the left"
        return ": from left to right " + _level_runs(zs)
    parts = []
    prev_top = None
    for c in cols:
        part = "one" if len(c) == 1 else f"{_COUNT.get(len(c), str(len(c)))} in a vertical line"
        top = c[-1].height_m
        if prev_top is not None:
            rel = "level" if abs(top - prev_top) <= LEVEL_TOL_M else "higher" if top > prev_top else "lower"
            part = f"then {part}, {rel}" if len(c) > 1 else f"then one {rel}"
        parts.append(part)
        prev_top = top
    return ": from left to right " + ", ".join(parts)


def _level_runs(zs: list[float]) -> str:
    """Single lights left to right, by height: 'one, then two level, higher, then one lower'.

    Neighbours within LEVEL_TOL_M of the first of their run are level; each run is placed against
    the run before it."""
    runs: list[list[float]] = []
    for z in zs:
        if runs and abs(z - runs[-1][0]) <= LEVEL_TOL_M:
            runs[-1].append(z)
        else:
            runs.append([z])
    words = []
    for k, run in enumerate(runs):
        part = "one" if len(run) == 1 else f"{_COUNT.get(len(run), str(len(run)))} level"
        if k:
            rel = "higher" if run[0] > runs[k - 1][0] else "lower"
            part = f"then {part} {rel}" if len(run) == 1 else f"then {part}, {rel}"
        words.append(part)
    return ", ".join(words)


def _relation(group: list[Seen], ref: list[Seen]) -> str:
    zs = [i.height_m for i in group]
    rz = [i.height_m for i in ref]
    z = sum(zs) / len(zs)
    pron = "it" if len(ref) == 1 else "them"
    xs = [i.offset_m for i in group]
    rx = [i.offset_m for i in ref]
    x = sum(xs) / len(xs)
    if x < min(rx) - COLUMN_TOL_M:
        horiz = "on the left"
    elif x > max(rx) + COLUMN_TOL_M:
        horiz = "on the right"
    elif max(rx) - min(rx) > COLUMN_TOL_M:
        horiz = "in the middle"
    else:
        horiz = ""
    if z < min(rz) - LEVEL_TOL_M:
        vert = "below"
    elif z > max(rz) + LEVEL_TOL_M:
        vert = "above"
    elif max(rz) - min(rz) <= LEVEL_TOL_M:
        vert = "level with"
    else:
        return f" {horiz or 'in line with ' + pron}, at a middle height"
    if not horiz:
        return f" {'close beside' if vert == 'level with' else 'directly ' + vert} {pron}"
    return f" {vert} {pron} {horiz}"


def _key(it: Seen) -> tuple[str, str]:
    return (it.colour, it.canonical if it.what == "shape" else _light_name(it) + " light")


def _light_name(it: Seen) -> str:
    """'yellow', 'flashing yellow' for a flashing light, 'alternately flashing yellow' for lights of one kind that
    flash in turn (Annex II 3)."""
    if it.what != "light" or it.character != "flashing":
        return it.colour
    return f"{'alternately ' if getattr(it, 'alternating', False) else ''}flashing {it.colour}"


def _units(items: tuple[Seen, ...] | list[Seen]) -> list[list[Seen]]:
    """Groups to describe: each vertical line of one colour, each vertical line whose colours
    alternate (red over white over red) as a whole, and the single lights of each colour."""
    units: list[list[Seen]] = []
    singles: dict[tuple[str, str], list[Seen]] = {}
    for col in _columns(list(items)):
        runs: list[list[Seen]] = []
        for it in col:                       # bottom to top
            if runs and _key(runs[-1][0]) == _key(it):
                runs[-1].append(it)
            else:
                runs.append([it])
        if len({_key(r[0]) for r in runs}) < len(runs):
            units.append(col)                # a colour comes back: one mixed vertical line
            continue
        for r in runs:
            if len(r) > 1:
                units.append(r)
            else:
                singles.setdefault(_key(r[0]), []).append(r[0])
    return units + list(singles.values())


def describe(items: tuple[Seen, ...] | list[Seen], period: str = "night") -> str:
    """'two white lights in a vertical line; a green light below them on the left'.

    The largest group first (then the highest, then the leftmost), then the others left
    to right, each placed relative to the first: a vertical line of one colour is one
    group, a vertical line of alternating colours another, and the single lights of one
    colour together another.
    """
    if not items:
        return "no light" if period == "night" else "no shape"
    groups = _units(items)
    most = max(len(g) for g in groups)
    groups_most = [g for g in groups if len(g) == most]
    top = max(max(i.height_m for i in g) for g in groups_most)
    high = [g for g in groups_most if max(i.height_m for i in g) >= top - LEVEL_TOL_M]
    ref = min(high, key=lambda g: (min(i.offset_m for i in g), _COLOUR_ORDER.get(g[0].colour, 9)))
    phrases = [_noun(ref) + _arrangement(ref)]
    rest = sorted((g for g in groups if g is not ref),
                  key=lambda g: (round(sum(i.offset_m for i in g) / len(g), 6), min(i.height_m for i in g)))
    for g in rest:
        arr = _arrangement(g)
        phrases.append(_noun(g) + arr + ("," if arr[:1] in (",", ":") else "") + _relation(g, ref))
    return "; ".join(phrases)


# ------------------------------------------------------------------------------------------
# Words by signal (issue 31): the lights of one signal named together, as a mariner names them


#: A vessel's ordinary lights, by role, as a mariner names them; they are named one by one, never as a signal.
ORDINARY_WORDS = {
    "masthead": "masthead light", "masthead-aft": "after masthead light", "sternlight": "sternlight",
    "sidelight-port": "port sidelight", "sidelight-starboard": "starboard sidelight",
    "combined-port": "port sidelight (combined lantern)", "combined-starboard": "starboard sidelight (combined lantern)",
    "tricolour-port": "port sector of the tricoloured lantern",
    "tricolour-starboard": "starboard sector of the tricoloured lantern",
    "tricolour-stern": "stern sector of the tricoloured lantern",
}


def _name(it: Seen) -> str:
    """One light or shape in a line: 'green', 'flashing yellow', 'ball', 'red ball'."""
    if it.what == "shape":
        shape = _noun([it]).split(" ", 1)[1]
        return shape.removeprefix("black ")
    return _light_name(it)


def _geometry(group: list[Seen]) -> str:
    """How the lights of one signal stand: 'red over white over red, in a vertical line', 'three green lights in a
    triangle', 'two white lights, the lower one to the left'."""
    n = len(group)
    same = len({_key(i) for i in group}) == 1
    cols = _columns(group)
    if len(cols) == 1 and n > 1:
        top_down = sorted(group, key=lambda i: -i.height_m)
        if same:
            return _noun(group) + " in a vertical line"
        return " over ".join(_name(i) for i in top_down) + (" lights" if group[0].what == "light" else "") + \
            ", in a vertical line"
    if _triangle(group):
        return _noun(group) + " in a triangle, one above and one on each side below" if same else \
            ", ".join(_noun([i]) for i in group) + " in a triangle"
    if same:
        return _noun(group) + _arrangement(group)
    parts = [_noun(c) if len(c) == 1 else _geometry(c) for c in cols]
    return ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0]


def describe_signals(items: tuple[Seen, ...] | list[Seen], period: str,
                     meaning: Callable[[Seen], str | None]) -> list[tuple[str, str | None]]:
    """The picture by signal: (the lights of one signal as they stand, what the signal says) left to right; a
    vertical line holding lights of two signals (a trawler's green over white over her hauling lights) is one
    column, its meanings together; her ordinary lights (``ORDINARY_WORDS``) one by one, with no meaning.

    ``meaning(item)``: what the item's provision says ('vessel engaged in trawling'), None for an ordinary light.
    """
    if not items:
        return [("no light" if period == "night" else "no shape", None)]
    ordinary = [i for i in items if i.role in ORDINARY_WORDS]
    signal = [i for i in items if i.role not in ORDINARY_WORDS]
    says = {id(i): meaning(i) or i.term for i in signal}
    groups: dict[str, list[Seen]] = {}
    for it in signal:
        groups.setdefault(says[id(it)], []).append(it)
    # each signal's vertical lines (a triangle stays whole); lines of two signals that stand in one vertical line
    # together are one column (the trawler's signal column), read top down with its meanings together
    units: list[tuple[list[Seen], list[tuple[float, str]]]] = []
    for said, group in groups.items():
        parts = [group] if _triangle(group) else _columns(group)
        for part in parts:
            top = max(i.height_m for i in part)
            host = next((u for u in units if said not in (w for _, w in u[1]) and not _triangle(u[0])
                         and len(_columns(u[0] + part)) == 1), None) if len(_columns(part)) == 1 else None
            if host is not None:
                host[0].extend(part)
                host[1].append((top, said))
            else:
                units.append((list(part), [(top, said)]))
    # the lines of one signal that stood apart from every other are named together again
    joined: dict[tuple[str, ...], list[Seen]] = {}
    for part, meanings in units:
        key = tuple(w for _, w in sorted(meanings, key=lambda t: -t[0]))
        joined.setdefault(key, []).extend(part)
    out: list[tuple[float, str, str | None]] = []
    for key, group in joined.items():
        x = sum(i.offset_m for i in group) / len(group)
        parts_ = [p for words in key for p in words.split("; ")]
        out.append((x, _geometry(group), "; ".join(dict.fromkeys(parts_))))
    out += _ordinary(ordinary)
    out.sort(key=lambda t: t[0])
    return [(w, m) for _, w, m in out]


def _triangle(group: list[Seen]) -> bool:
    """Three lights (or shapes) side by side, the middle one above the other two (the mine-clearance signal)."""
    cols = _columns(group)
    return len(group) == 3 and len(cols) == 3 and all(cols[1][0].height_m - cols[k][0].height_m > LEVEL_TOL_M
                                                       for k in (0, 2))


def _ordinary(items: list[Seen]) -> list[tuple[float, str, str | None]]:
    """Her ordinary lights by name; two masthead lights together, the lower (forward) one's side said."""
    out: list[tuple[float, str, str | None]] = []
    fwd = next((i for i in items if i.role == "masthead"), None)
    aft = next((i for i in items if i.role == "masthead-aft"), None)
    for it in items:
        if it.role in ("masthead", "masthead-aft") and fwd is not None and aft is not None:
            continue
        colour = f"{it.colour} " if it.role.startswith(("sidelight", "combined", "tricolour")) else ""
        words = f"her {ORDINARY_WORDS[it.role]}"
        out.append((it.offset_m, words if not colour or colour.strip() in words else f"{words} ({it.colour})", None))
    if fwd is not None and aft is not None:
        dx = fwd.offset_m - aft.offset_m
        side = "in a vertical line" if abs(dx) <= COLUMN_TOL_M else \
            f"the lower (forward) one to the {'left' if dx < 0 else 'right'}"
        out.append(((fwd.offset_m + aft.offset_m) / 2, f"her two masthead lights, {side}", None))
    return out


def signal_words(signals: list[tuple[str, str | None]]) -> str:
    """The picture by signal as one text: 'red over white over red lights, in a vertical line (vessel restricted in
    her ability to manoeuvre); her port sidelight (red)'."""
    return "; ".join(f"{w} ({m})" if m else w for w, m in signals)
