"""The facade's Part B functions (who gives way), re-exported by :mod:`navlights.api`; kept in their own module so
the facade stays within the module size (tests/test_code_shape.py). The engines load on first use."""

from __future__ import annotations

from typing import Any


def _cache_dir() -> str:
    from .engines.identify import default_cache_dir
    return str(default_cache_dir())

def conduct(own: Any, other: Any, edition_name: str = "intl-1972", **situation: Any):
    """Who gives way between own vessel and the other (Part B): each a spec ("power course=0 speed=12"), its JSON
    object or an ``engines.conduct.Ship``. Keywords: ``in_sight``, ``area``, ``waters``, ``wind_from_deg``,
    ``was_overtaking``, and the conventions ``head_on_deg``, ``border_deg``, ``risk_cpa_nm`` (docs/conduct.md).

    >>> c = conduct("power course=0 speed=12", "power course=270 speed=12 at=3,3", "intl-1972")
    >>> c.encounter, c.give_way, c.reading.rules[0].cite
    ('crossing', ('own',), 'Rule 15')
    """
    from .engines.conduct_input import decide_specs
    return decide_specs(own, other, edition_name, **situation)


def conduct_json(own: Any, other: Any, edition_name: str = "intl-1972", **situation: Any) -> dict[str, Any]:
    """:func:`conduct` as JSON-ready data (schema: docs/schema/conduct.schema.json)."""
    from .engines.conduct_words import conduct_json as _json
    return _json(conduct(own, other, edition_name, **situation))


def conduct_situation_json(situation: Any, edition_name: str = "intl-1972", **options: Any) -> dict[str, Any]:
    """Each target ship of a traffic situation in DNV's maritime-schema format (JSON text or object) against own
    ship: her type, the lights you see of her, the encounter, the roles and the rules applied (schema:
    docs/schema/conduct-situation.schema.json). ``options`` as for :func:`conduct`."""
    from .traffic.situation import situation_json
    return situation_json(situation, edition_name, **options)


def conduct_seen_json(notation: str, bearing_deg: Any, edition_name: str = "intl-1972", own: Any = "power",
                      **situation: Any) -> dict[str, Any]:
    """Roles from the lights seen ("R W<W") and her bearing on your bow, as JSON-ready data: identify's likeliest
    reading gives her vessel and aspect (Rules 13(b), 14(b)); ``seen`` says what was read."""
    from .engines.conduct_input import decide_seen
    from .engines.conduct_words import conduct_json as _json
    c, seen = decide_seen(notation, bearing_deg, edition_name, own, cache=_cache_dir(), **situation)
    return _json(c) | {"seen": seen}


def with_own_vessel(result: Any, bearing: Any, own: Any = "power") -> tuple[Any, dict[str, Any] | None]:
    """An identification whose verdict says what she means for own vessel, her bearing on your bow ``bearing``
    (issue 31), and the conduct answer as JSON (None where nothing fits)."""
    from dataclasses import replace

    from .engines.conduct_input import bearing_on_bow, own_vessel_conduct
    from .engines.conduct_words import conduct_json as _json
    v = result.verdict
    if v is None or v.reading is None:
        bearing_on_bow(bearing)                  # checked all the same: a bad value is one line, whatever was seen
        return result, None
    c, words = own_vessel_conduct(v.reading, v.heading, bearing, own)
    return replace(result, verdict=replace(v, own_vessel=words)), _json(c)


def conduct_topics(edition_name: Any) -> tuple[Any, ...]:
    """The Train page's conduct topics of the edition (from her lights, from the situation; none where the edition
    decides no roles); card keys ``conduct-seen:<kind>-<scene>`` (engines/quiz_conduct.py)."""
    from .engines import quiz_conduct
    from .rulebase.loader import edition
    return quiz_conduct.topics(edition(edition_name).id)


def conduct_question(edition_name: Any, name: str, rng: Any, period: str) -> Any:
    """A Train question on a conduct card (``period`` conduct-seen or conduct-situation), or None."""
    from .engines import quiz_conduct
    from .rulebase.loader import edition
    return quiz_conduct.train_question(edition(edition_name).id, name, rng, period)


def conduct_card(edition_name: Any, name: str, period: str) -> dict[str, Any]:
    """What a Train conduct card asks, the answer in words with its rules, and each rule's cite and provenance."""
    from .engines import quiz_conduct
    from .rulebase.loader import edition
    ed = edition(edition_name).id
    q = quiz_conduct.card(ed, name, period)
    label = quiz_conduct.card_label(name)
    if q is None:
        return {"prompt": "(this situation no longer makes a question in the rule base)", "why": None,
                "cites": [], "rules": [], "lights": False, "label": label}
    return {"label": label, "prompt": q.prompt, "why": q.why, "cites": [f"{ed} {r}" for r in q.rules],
            "rules": [{"cite": f"{ed} {r}", "provenance": p} for r, p in zip(q.rules, q.provenance)],
            "lights": period == "conduct-seen"}


def is_conduct_period(period: str) -> bool:
    """Whether a Train card's period is a conduct card's (conduct-seen, conduct-situation)."""
    return period.startswith("conduct-")
