"""The base layer: what every other layer uses and which uses nothing of rouge155.

``errors`` (the user-facing exceptions), ``options`` (the Perl flags as typed values), ``flags``
(Getopt::Std's parser), ``perl`` and ``perlunicode`` (Perl's numbers, strings and Unicode reading),
``records`` (dataclass-like records without dataclasses' start-up cost), ``lazy`` (imports and
patterns made on first use).
"""
