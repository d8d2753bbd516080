"""The inputs layer: where evaluations and their texts come from.

``config`` (ROUGE-EVAL XML and ``-z`` file lists, one :class:`~rouge155.inputs.config.Evaluation`
per line or element), ``sources`` (summary text from files or memory), ``plaintext`` (directories
and parallel files without a config), ``sentences`` (sentence splitting for plain text),
``resources`` and ``berkeley_db`` (the data directory: stopwords and the WordNet exceptions).
"""
