"""``rouge155-audit``: not written yet (a placeholder so that the console script exists)."""
import sys


def main() -> None:
    sys.stderr.write("rouge155-audit: not available yet\n")
    sys.exit(2)
