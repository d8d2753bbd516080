"""Errors the evaluation reports to the user (the Perl script's ``die`` messages)."""


class RougeError(Exception):
    """A fatal problem with the input or options; ``str()`` is the one-line message to print."""


class OptionError(RougeError, ValueError):
    """An invalid option value (raised by the API and the command line alike)."""
