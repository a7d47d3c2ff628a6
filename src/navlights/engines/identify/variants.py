"""Every lighting of a display the rules allow: the typical lights, other options of a group of
alternatives, alternative schemes, optional items, the lights shown on approach."""

from __future__ import annotations

import itertools
from typing import Any, Mapping, Sequence

from ...model import Display, Item

VARIANT_WEIGHT = 0.85         # per option, scheme or optional item away from the typical lights
ON_APPROACH_WEIGHT = 0.7      # lights shown only on approach (a lantern, a flare-up, a torch)
MAX_VARIANTS = 512


def _units(items: Sequence[Item]) -> list[tuple[str, ...]]:
    """Optional items that go together: one vertical line, or one kind of light in one scheme."""
    units: dict[tuple, list[str]] = {}
    for i in items:
        if i.status != "optional":
            continue
        line = i.placement.vertical_line
        k = ("line", str(line), i.what) if line else ("kind", i.canonical, i.scheme, i.what)
        units.setdefault(k, []).append(i.role)
    return [tuple(v) for v in units.values()]


# A lighting to try: (steps + on approach, steps, scheme, options changed {group: option}, optional units, on approach)
Spec = tuple[int, int, str, dict[str, str], tuple[tuple[str, ...], ...], bool]


def _specs(items: Sequence[Item]) -> tuple[dict[str, list[str]], list[Spec]]:
    """The groups of alternatives (group -> options, the first typical) and every lighting to try,
    fewest steps first."""
    groups: dict[str, list[str]] = {}
    for i in items:
        if i.group is not None and i.option is not None and i.option not in groups.setdefault(i.group, []):
            groups[i.group].append(i.option)
    schemes = sorted({i.scheme for i in items if i.scheme is not None and i.scheme != "standard"})
    units = _units(items)
    approach = any(i.status == "on-approach" for i in items)
    if len(units) <= 3:
        unit_sets = [c for k in range(len(units) + 1) for c in itertools.combinations(units, k)]
    else:
        unit_sets = [()] + [(u,) for u in units] + [tuple(units)]
    specs: list[Spec] = []
    for scheme, opts, us, appr in itertools.product(["standard"] + schemes,
                                                    itertools.product(*[[(g, o) for o in os_]
                                                                        for g, os_ in groups.items()]),
                                                    unit_sets, [False, True] if approach else [False]):
        changed = {g: o for g, o in opts if o != groups[g][0]}
        steps = len(changed) + (scheme != "standard") + len(us)
        specs.append((steps + (1 if appr else 0), steps, scheme, changed, us, appr))
    specs.sort(key=lambda s: s[0])
    return groups, specs


def _choose(spec: Spec) -> Any:
    """The view's ``choose`` for a lighting: 'typical', or a mapping of what differs."""
    _, steps, scheme, changed, us, appr = spec
    if not steps and not appr:
        return "typical"
    choose: dict[str, Any] = {}
    if changed:
        choose["options"] = dict(changed)
    if scheme != "standard":
        choose["scheme"] = scheme
    opt = [r for u in us for r in u]
    if opt:
        choose["optional"] = list(opt)
    if appr:
        choose["on_approach"] = True
    return choose


def _words(spec: Spec, groups: Mapping[str, list[str]], by_role: Mapping[str, Item], chosen: Sequence[Item],
           prov: Mapping[str, Any] | None) -> tuple[str, ...]:
    """How she is lit, where not by the typical lights, in plain words (() for the typical lights)."""
    _, _, scheme, changed, us, appr = spec
    words = []
    if scheme != "standard":
        p = (prov or {}).get(scheme)
        words.append(f"the lights of '{p.title}' ({p.citation}) in place of the standard ones" if p
                     else f"scheme '{scheme}' in place of the standard lights")
    for g, o in changed.items():
        words.append(f"'{o}' in place of '{groups[g][0]}' ({g})")
    for u in us:
        terms = list(dict.fromkeys(by_role[r].term for r in u))
        words.append(f"with the optional {' and '.join(terms)} ({', '.join(u)})")
    if appr:
        shown = [i for i in chosen if i.status == "on-approach"]
        words.append("with the lights shown on approach: " + ", ".join(f"{i.term} ({i.role})" for i in shown))
    return tuple(words)


def _variants(d: Display, period: str, prov: Mapping[str, Any] | None = None
              ) -> list[tuple[Any, tuple[str, ...], float, tuple[Item, ...]]]:
    """Every lighting of the display the rules allow, typical first: (choose, words, weight, items).

    The typical lights; each other option of a group of alternatives; each alternative scheme;
    the optional items, a vertical line (or a pair of sidelights) at a time; the lights shown on
    approach. Combinations are tried fewest steps first; lightings that come out the same are
    kept once, under the fewest steps.
    """
    from ..view import select

    items = [i for i in d.items if i.period == period]
    groups, specs = _specs(items)
    out = []
    seen: set[tuple[int, ...]] = set()
    by_role = {i.role: i for i in items}
    for spec in specs[:MAX_VARIANTS]:
        choose = _choose(spec)
        chosen = tuple(i for i, _ in select(d, choose, period))
        ids = tuple(id(i) for i in chosen)
        if ids in seen:
            continue
        seen.add(ids)
        steps, appr = spec[1], spec[5]
        weight = VARIANT_WEIGHT ** steps * (ON_APPROACH_WEIGHT if appr else 1.0)
        out.append((choose, _words(spec, groups, by_role, chosen, prov), weight, chosen))
    return out
