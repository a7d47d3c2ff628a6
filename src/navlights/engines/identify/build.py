"""Building an edition's index from the engines (docs/identify.md, "How the index is built")."""

from __future__ import annotations

import dataclasses
from typing import Any

from ...classes import SITUATIONS, vessels
from ...errors import NavlightsError
from ...model import Edition
from ...notation import token_of
from .aspects import AspectRange, heading_words, union
from .facts import _atoms, _box_within, _facts, _merge_boxes
from .pieces import _pieces
from .results import EditionIndex, Reading
from .variants import _variants

SIGNAL_UNKNOWN_WEIGHT = 0.5  # a situation whose own signal was not found (rule-data `signal_unknown`)


def build_index(edition: Edition, key: str = "") -> EditionIndex:
    """Every reading of one edition, indexed by the picture she shows (see the module's docstring)."""
    from ..display import display
    from ..sectors import sectors

    facts = _facts(edition)
    prov = {p.id: p for p in edition.provisions}
    prov_roles = {p.id: {s.item.role for s in p.shows} for p in edition.provisions}
    label_order = {label: k for k, (label, _) in enumerate(SITUATIONS)}
    variant_cache: dict[tuple, list] = {}
    piece_cache: dict[tuple, list] = {}
    bucket_cache: dict[tuple, list[tuple[int, AspectRange]]] = {}
    rid_of: dict[tuple, int] = {}
    rinfo: list[dict[str, Any]] = []          # per record kind: the reading's fixed fields
    groups: dict[tuple[str, int], dict[tuple, list[Any]]] = {}    # (situation, record) -> box -> slot
    n_classes = n_records = 0
    for label, v in vessels(edition):
        try:
            d = display(v, edition)
        except NavlightsError:
            continue
        if not d.items:
            continue
        n_classes += 1
        box = tuple(None if a is None else (a, a) for a in _atoms(facts, v))
        gaps = tuple(sorted({f"{n.text.split(':')[0]} ({n.citation})" for n in d.notes if n.kind == "gap"}))
        dkey = tuple(id(i) for i in d.items)
        bk = (dkey, d.provisions, gaps, d.vessel.length_m, d.vessel.breadth_m)
        records = bucket_cache.get(bk)
        if records is None:
            records = bucket_cache[bk] = []
            for period in ("night", "day"):
                if not any(i.period == period for i in d.items):
                    continue
                vk = (dkey, period)
                if vk not in variant_cache:
                    variant_cache[vk] = _variants(d, period, prov)
                for choose, words, weight, chosen in variant_cache[vk]:
                    if not chosen:
                        continue
                    pk = (tuple(id(i) for i in chosen), period, d.vessel.length_m, d.vessel.breadth_m)
                    if pk not in piece_cache:
                        sub = dataclasses.replace(d, items=chosen)
                        piece_cache[pk] = _pieces(chosen, period, d.vessel.length_m, d.vessel.breadth_m,
                                                  sectors(sub, choose="all", period=period))
                    by_role = {i.role: i for i in chosen}
                    for sector, pieces in piece_cache[pk]:
                        seen_roles = set(sector.roles)
                        shown = [p for p in d.provisions
                                 if p in prov and prov[p].effect == "show" and prov_roles[p] & seen_roles]
                        rules = tuple(f"{prov[p].title} ({prov[p].citation})" for p in shown)
                        lights = tuple((r, token_of(by_role[r].what, by_role[r].colour, by_role[r].canonical),
                                        str(by_role[r].citation)) for r in sector.roles)
                        for rng, pat, roles in pieces:
                            rk = (words, period, sector.label(), pat.key(), rules, gaps)
                            rid = rid_of.get(rk)
                            if rid is None:
                                rid = rid_of[rk] = len(rinfo)
                                cites = sorted({c for _, _, c in lights} | {str(prov[p].citation) for p in shown})
                                unknown = any(prov[p].signal_unknown for p in d.provisions if p in prov)
                                rinfo.append({"key": rk, "choose": choose,
                                              "weight": weight * (SIGNAL_UNKNOWN_WEIGHT if unknown else 1.0),
                                              "sector": sector,
                                              "lights": lights, "rules": rules, "citations": tuple(cites),
                                              "gaps": gaps, "pattern": pat, "full": {}})
                            rinfo[rid]["full"].setdefault((pat.levels, roles), pat)
                            records.append((rid, rng))
        for rid, rng in records:
            n_records += 1
            boxes = groups.get((label, rid))
            if boxes is None:
                boxes = groups[(label, rid)] = {}
            slot = boxes.get(box)
            if slot is None:
                boxes[box] = [{rng}, v, n_records]
            else:
                slot[0].add(rng)

    # Merge along the facts, per situation; drop a lighting that shows nothing a plainer one of the
    # same situation does not (same picture, over no more lengths and aspects); then list situations
    # that read the same together.
    cands: dict[tuple, list[tuple[float, int, str, int, tuple, tuple, dict, int]]] = {}
    for (label, rid), boxes in groups.items():
        f = rinfo[rid]
        for box, (ranges, example, order) in _merge_boxes(boxes).items():
            cands.setdefault((label, f["key"][3]), []).append(
                (-f["weight"], order, label, rid, box, union(ranges), example, order))
    merged: dict[tuple, list[tuple[str, int, list[Any]]]] = {}
    n_dropped = 0
    for group in cands.values():
        group.sort(key=lambda c: (c[0], c[1]))
        kept: list[tuple] = []
        for c in group:
            _, _, label, rid, box, rs, example, order = c
            if any(_box_within(box, k[4]) and union(k[5] + rs) == k[5] for k in kept):
                n_dropped += 1
                continue
            kept.append(c)
            merged.setdefault((rid, box, rs), []).append((label, rid, [rs, example, order]))
    readings: list[Reading] = []
    for (rid, box, rs), entries in merged.items():
        entries.sort(key=lambda e: (label_order.get(e[0], 10**6), e[2][2]))
        label, _, (rs, example, order) = entries[0]
        f = rinfo[rid]
        words, period, _, pkey, rules, gaps = f["key"]
        conds = tuple(w for w in (facts[k].words(*box[k]) for k in range(3) if box[k] is not None) if w)
        limits = tuple(facts[k].limits(*box[k]) for k in range(3)
                       if box[k] is not None and facts[k].words(*box[k]))
        also = tuple(dict.fromkeys(e[0] for e in entries[1:] if e[0] != label))
        ex = {k: (dict(x) if isinstance(x, dict) else x) for k, x in example.items()}
        readings.append(Reading(
            edition=edition.id, situation=label, also=also, conditions=conds, limits=limits, vessel=ex, variant=words,
            choose=f["choose"], weight=round(f["weight"], 6), period=period, sector=f["sector"], aspects=rs,
            heading=heading_words(rs), picture=f["pattern"].notation(), pattern_key=pkey, lights=f["lights"],
            rules=rules, citations=f["citations"], gaps=gaps,
            order=label_order.get(label, 10**6) * 10**7 + order, rid=rid))
    readings.sort(key=lambda r: r.order)

    by_key: dict[tuple, list[int]] = {}
    by_cols: dict[tuple, list[tuple[tuple[str, ...], int]]] = {}
    by_bag: dict[tuple, list[int]] = {}
    by_missed: dict[tuple, list[tuple[tuple[str, ...], int, str, str]]] = {}
    reduced: dict[int, list[tuple[tuple, tuple, str, str]]] = {}
    for k, r in enumerate(readings):
        period, cols, rels = r.pattern_key
        by_key.setdefault(r.pattern_key, []).append(k)
        by_cols.setdefault((period, cols), []).append((rels, k))
        bag = tuple(sorted(t for c in cols for t in c))
        by_bag.setdefault((period, bag), []).append(k)
        if r.rid not in reduced:
            red_list = reduced[r.rid] = []
            seen_red: set[tuple] = set()
            for (levels, roles), pat in rinfo[r.rid]["full"].items():
                if pat.size < 2:
                    continue
                for ci, ki, tok in pat.lights():
                    red = pat.without(ci, ki)
                    tag = (red.columns, red.relations, roles[ci][ki], tok)
                    if tag not in seen_red:
                        seen_red.add(tag)
                        red_list.append(tag)
        for cols_, rels_, role, tok in reduced[r.rid]:
            by_missed.setdefault((period, cols_), []).append((rels_, k, role, tok))
    stats = {"classes": n_classes, "records": n_records, "readings": len(readings), "dominated": n_dropped,
             "pictures": len(by_key), "variants": sum(len(x) for x in variant_cache.values()),
             "placements": len(piece_cache)}
    return EditionIndex(edition.id, key, readings, by_key, by_cols, by_bag, by_missed, stats)
