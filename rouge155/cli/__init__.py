"""The console scripts: ``rouge155`` (``main``), ``rouge155-home``, ``rouge155-report``/``-compare``/
``-correlate`` (``analysis``) and ``rouge155-rouge2``. Nothing is imported here: ``launch`` must be
able to report a failed start in one line."""


def __getattr__(name: str):
    if name == "entry_point":  # ROUGE-1.5.5.pl scripts written by earlier rouge155-home versions
        from .main import entry_point

        return entry_point
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
