"""The sweep: every edition's fact space, each combination checked against the invariants (docs/sweep.md).

``python -m navlights.sweep`` runs it (in this process, on a local Dask cluster with ``--workers``, or on any
scheduler with ``--scheduler``); :mod:`.space` derives the space from the rule data, :mod:`.invariants` holds the
invariants, :mod:`.run` checks partitions and adds them up.
"""
