"""The vocabulary of a vessel's facts: the values each enumerated fact may take, as types.

Apart from :mod:`navlights.vessel` (which builds the pydantic model on them) so that what only needs the words (the
rule base's conditions, the AIS reader's start) does not build the model.
"""

from typing import Literal

Propulsion = Literal["power", "sail", "oars", "none"]
Status = Literal["underway", "anchored", "aground", "moored"]
Restricted = Literal["cable", "survey", "underwater", "navigation-mark", "minesweeping",
                     "dredging", "replenishment", "aircraft", "diving", "towing"]
FishingMethod = Literal["trawl", "drift-net", "line", "purse-seine", "other"]
#: What a trawler is doing with her nets (the 1972 Rules, Annex II 2(a); Inland Rule 26(f)(ii)(1)).
TrawlActivity = Literal["shooting", "hauling", "net-fast"]
Service = Literal["harbour-tug", "ferry", "canal-boat", "raft", "st-lawrence-boat",
                  "pilot-vessel", "warship", "barge", "law-enforcement", "public-safety"]
TimeOfDay = Literal["night", "day", "restricted-visibility"]
Side = Literal["port", "starboard"]
InlandWaters = Literal["great-lakes", "western-rivers", "lower-mississippi", "specified-waters"]
#: A moored barge's case of US Inland Rule 30(h) (any one that holds; "none": none of the four).
BargeMooring = Literal["projects-into-channel", "narrows-channel", "wide-group", "not-parallel", "none"]
#: Where a moored barge is exempt from the lights of US Inland Rule 30 (30(k)(i), (k)(ii), (l)).
BargeExempt = Literal["slip-or-slough", "behind-pierhead", "well-lit-area"]
#: Which arrangement of US Inland Rule 30(j) a barge at anchor or on mooring buoys is lit by.
BargeCorners = Literal["projects-from-group", "single-both-sides", "group-both-sides"]

#: The waters the editions name (an edition's ``waters``); ``governing``, traffic and the interfaces take these.
WATERS = ("high-seas", "great-lakes", "us-inland")
