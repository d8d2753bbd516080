"""Development tools shared by tests/ and scripts/ (never installed): the reference ROUGE-1.5.5.pl
and the Unicode fork run side by side with rouge155 (``difftools``, ``langtools``), and seeded
generators of evaluation sets, flags and text pairs (``evalgen``, ``unigen``, ``pairgen``)."""
