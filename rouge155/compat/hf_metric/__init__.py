"""The ``evaluate`` metric script (``rouge155.py``), kept as a file for ``evaluate.load(path)``."""
