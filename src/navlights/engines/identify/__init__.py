"""Identify: from the lights (or shapes) seen to every vessel, edition and aspect that fits.

Built from the engines, never from a hand-written table (docs/identify.md):

1. for each edition, every representative vessel of :func:`navlights.classes.vessels` (one per
   situation and threshold interval of length, tonnage and tow length, derived from the
   edition's own conditions);
2. its display, and every way of lighting it the rules allow: the typical choice, each other
   option of a group of alternatives, each alternative scheme (small-craft lights), the
   optional items, the lights shown on approach (each variant marked);
3. the aspect sectors of each (:func:`navlights.engines.sectors.sectors`), and within each
   sector the exact aspects where the arrangement as seen changes (where two lights pass
   each other or come within the view's column tolerance across the line of sight), from the
   typical placement;
4. the picture at a representative aspect of each piece, reduced to its canonical
   :class:`~navlights.notation.Pattern` (colours, vertical lines, left-to-right order, heights
   of neighbouring columns) by the same function that reads a picture from
   :func:`navlights.view`;
5. an index: pattern -> readings. Readings of one edition and situation that differ only in
   adjacent intervals of length (tonnage, tow length) are merged, and situations whose
   readings are identical are listed together (``also``).

A query looks up exact matches, then near matches (the same lights arranged otherwise; white
taken for yellow or the reverse; one light missed; one light that is not hers), each marked.
The index of an edition is built on first use and kept in memory for that edition object
(the loader makes a new one when the data changes); on disk, when a cache directory is set,
under a key made of the SHA-256 of the edition's data (as loaded from its file) and of
navlights' code.

The package, by job: :mod:`.aspects` (aspect ranges, heading words), :mod:`.facts` (intervals of
length, tonnage, tow length), :mod:`.results` (readings, hypotheses, the index's type, the kinds of
match), :mod:`.variants` (the lightings the rules allow), :mod:`.pieces` (sectors cut where the
arrangement changes), :mod:`.build` (the index), :mod:`.cache` (memory and disk), :mod:`.lookup`
(exact and near matches, ranking), :mod:`.verdict` (the answer in a watchkeeper's words). No submodule is named after a function exported here (``index``,
``search``, ``identify``): importing it would replace the function as a package attribute.
"""

from __future__ import annotations

from ...notation import as_pattern
from .aspects import AspectRange, heading_words, union
from .build import SIGNAL_UNKNOWN_WEIGHT, build_index
from .cache import (CACHE_ENV, INDEX_VERSION, KEEP_ON_DISK, cache_dir, clear_cache, code_files, code_hash, data_hash,
                    default_cache_dir, index, index_key)
from .facts import Fact
from .lookup import identify, search
from .results import FIRST_TIER, KINDS, POINT_WIDTH_DEG, EditionIndex, Hypothesis, Identification, Reading, remark
from .variants import MAX_VARIANTS, ON_APPROACH_WEIGHT, VARIANT_WEIGHT, _variants
from .verdict import HEADINGS, Verdict

__all__ = [
    "AspectRange", "CACHE_ENV", "EditionIndex", "FIRST_TIER", "Fact", "HEADINGS", "Hypothesis", "INDEX_VERSION", "Identification",
    "KEEP_ON_DISK", "KINDS", "MAX_VARIANTS", "ON_APPROACH_WEIGHT", "POINT_WIDTH_DEG", "Reading",
    "SIGNAL_UNKNOWN_WEIGHT", "VARIANT_WEIGHT", "_variants", "as_pattern", "build_index", "cache_dir",
    "clear_cache", "code_files", "code_hash", "data_hash", "default_cache_dir", "heading_words", "identify", "index",
    "index_key", "remark", "search", "union", "Verdict",
]
