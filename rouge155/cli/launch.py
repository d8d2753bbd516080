"""The ``rouge155`` console script: loading the program itself may fail (a tight ``ulimit -v``);
that is one line on stderr, not a traceback."""
import sys


def main() -> None:
    try:
        from .main import entry_point
    except (ImportError, MemoryError) as exc:
        sys.stderr.write(f"rouge155: cannot start: {type(exc).__name__}: {exc} (too little memory? check ulimit -v)\n")
        sys.stderr.flush()
        raise SystemExit(1) from None
    entry_point()
