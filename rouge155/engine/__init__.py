"""The engine layer: scoring a run's evaluations, metric by metric, and averaging them.

``plan`` (which metric blocks a run prints, and which engine scores them: the fallback rule),
``stepwise`` (the script's walk, one instance at a time; ``verbose``: its -v lines), ``batched``
(the same numbers for many instances at once), ``aggregate`` (the averages and bootstrap
intervals), ``executors`` (local processes, Dask), ``pairs`` (``score_pairs``' Perl numbers and
the choice of their path). docs/engine.md draws the parts.
"""
