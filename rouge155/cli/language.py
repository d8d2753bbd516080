"""The command line's language options, resolved once into :class:`Options` (checked before any output)."""
from __future__ import annotations

import dataclasses

from ..base.errors import RougeError
from ..base.options import Options


def language_options(options: Options, extras) -> Options:
    """Options with ``--unicode``/``--language``/``--char-level``; a bad code or missing extra fails here."""
    if extras.unicode and extras.language is not None:
        raise RougeError("give --unicode (the fork's tokenizing) or --language LANG, not both")
    if extras.char_level and extras.language is None:
        raise RougeError("--char-level goes with --language zh, ja or th")
    options = dataclasses.replace(options, unicode=extras.unicode, language=extras.language,
                                  char_level=extras.char_level)
    from ..text.modes import text_model

    text_model(options)
    return options
