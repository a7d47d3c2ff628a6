"""Traffic (issue 17): AIS data to the lights every vessel shows, scenes and encounter timelines.

Nothing here is imported by ``import navlights``; the batch path's libraries (pandas, pyarrow, Dask)
are imported only where they are used.
"""
