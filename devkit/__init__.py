"""Development tools shared by tests/ and scripts/ (never installed): the reference ROUGE-1.5.5.pl
and the Unicode fork run side by side with rouge155 (``difftools``, ``langtools``), the other ROUGE
implementations (``oracles``), the ROUGE 2.0 jar's harness (``rouge2jar``, ``rouge2tags``), and seeded
generators of evaluation sets, flags, text pairs and benchmark corpora (``evalgen``, ``unigen``,
``pairgen``, ``semgen``, ``corpusgen``)."""
