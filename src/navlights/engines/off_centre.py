"""A masthead light off the fore and aft centreline (issue 25, item 11): the vessel fact
``masthead_off_centreline`` read against the placement keys ``off_centreline_under`` and ``off_centreline_if``
(rulebase/schema.md), which only the editions that allow it carry.

- COLREGs Rule 23(d)(iii) (``combined-lantern-in-line``): on a power-driven vessel under 12 m the masthead light,
  or the all-round white light of 23(d)(i), may stand off the centreline where fitting it there is impracticable,
  provided the sidelights are one combined lantern, on the centreline or in that light's fore and aft line. So
  the separate sidelights stop being an option: the combined lantern is what she shows.
- US Inland Rule 21(a) (``as-nearly-as-practicable``; the data cites it for the Rule 23(d) all-round white too):
  under 12 m the masthead light stands as nearly on the centreline as practicable. Nothing else changes.
- At 12 m or more neither text lets it: the light is defined as over the centreline (Rule 21(a)). The display
  says it is not permitted, cites both, and the light stays on the centreline (pictures draw it there).

The light moved is the forward (or only) masthead light and the all-round white in its place, not an after
masthead light nor the combined lantern (Inland 21(b) lets the lantern stand as nearly on the centreline as
practicable too, but the fact is about the masthead light). :func:`navlights.placement.place` draws a light marked
``off_centreline`` a quarter of the breadth to starboard (the side and offset are assumed).

>>> from navlights import api
>>> d = api.display({"propulsion": "power", "length": "10 m", "masthead_off_centreline": True}, "intl-1972")
>>> [(i.role, i.off_centreline) for i in d.items if i.off_centreline]
[('masthead', 'Rule 23(d)(iii)'), ('allround-white', 'Rule 23(d)(iii)')]
>>> [i.role for i in d.items if i.canonical == "sidelight"]
[]
"""

from __future__ import annotations

from dataclasses import replace

from ..errors import MissingFactError
from ..model import Citation, Edition, Item, Note
from ..units import fmt_length


def _movable(it: Item) -> bool:
    """The masthead light (the forward or only one) or the all-round white light in its place: a light whose data
    lets it stand off the centreline, not a combined lantern nor a light placed relative to a higher one."""
    p = it.placement
    return (it.what == "light" and p.off_centreline_under_m is not None and it.canonical != "combined-lantern"
            and p.higher_than is None)


def _lantern_only(items: list[Item], scheme: str | None) -> tuple[list[Item], bool]:
    """The items with the separate sidelights dropped from every sidelights group of this scheme that offers a
    combined lantern (the lantern left standing alone); and whether she then has her sidelights in a lantern."""
    same = [i for i in items if i.scheme in (None, scheme)]
    lantern_groups = {i.group for i in same if i.canonical == "combined-lantern" and i.group is not None}
    separate = [i for i in same if i.canonical in ("sidelight", "portable-sidelight")
                and (i.group is None or i.group not in lantern_groups)]
    if separate:
        return items, False
    out = [(replace(i, group=None, option=None) if i.group in lantern_groups else i) for i in items
           if not (i.group in lantern_groups and i.canonical != "combined-lantern" and i.scheme in (None, scheme))]
    return out, True


def _citation(edition: Edition, it: Item, rule: str) -> Citation:
    return Citation(edition.id, rule, it.provenance, it.kind_citation.sources)


def adjust(edition: Edition, vessel: object, items: list[Item]) -> tuple[list[Item], list[Note]]:
    """``items`` with the masthead light (or all-round white) moved off the centreline where the edition lets this
    vessel carry it so, and the notes that say where it stands and under which provision, or that it may not."""
    length = getattr(vessel, "length_m", None)
    notes: list[Note] = []
    for it in [i for i in items if _movable(i)]:
        p = it.placement
        rule = p.cite_of("off_centreline_under") or it.kind_citation.rule
        under = p.off_centreline_under_m
        assert under is not None
        words = f"{it.term} ({it.role})"
        defined = it.kind_citation.rule.split(";")[0]          # 'Rule 21(a); Rule 22': the definition
        if length is None:
            raise MissingFactError(f"length: needed to decide {edition.id} {rule} (length under "
                                   f"{fmt_length(under, edition.length_system)}?); give it, e.g. length='10 m'",
                                   field="length", value=None, allowed=f"under {under:g} m")
        if length >= under:
            notes.append(Note("placement", f"{words} off the fore and aft centreline: not permitted at "
                              f"{fmt_length(length, edition.length_system)}: only a vessel under "
                              f"{fmt_length(under, edition.length_system)} may carry it off the centreline ({rule}); "
                              f"it stands over the centreline ({defined})",
                              _citation(edition, it, rule), subject=it.term, role=it.role))
            continue
        if p.off_centreline_if == "combined-lantern-in-line":
            items, lantern = _lantern_only(items, it.scheme)
            if not lantern:
                notes.append(Note("placement", f"{words} off the fore and aft centreline: not permitted with separate "
                                  f"sidelights: only with her sidelights in one combined lantern ({rule}); it stands "
                                  f"over the centreline ({defined})", _citation(edition, it, rule),
                                  subject=it.term, role=it.role))
                continue
            text = (f"{words} stands off the fore and aft centreline, fitting it there being impracticable: a "
                    f"power-driven vessel under {fmt_length(under, edition.length_system)} may, provided her sidelights "
                    "are one combined lantern on the centreline or in this light's fore and aft line; the separate "
                    "sidelights are then no option")
        else:
            text = (f"{words} stands off the fore and aft centreline: under {fmt_length(under, edition.length_system)} "
                    "it stands as nearly on the centreline as practicable")
        items = [replace(i, off_centreline=rule) if i.role == it.role and i.scheme == it.scheme else i for i in items]
        notes.append(Note("placement", text, _citation(edition, it, rule), subject=it.term, role=it.role))
    return items, notes
