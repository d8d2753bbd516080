"""``rouge155-home DIR``: make DIR a ROUGE-1.5.5 home for wrappers that expect one (pyrouge, files2rouge).

DIR gets an executable ``ROUGE-1.5.5.pl`` that runs rouge155 with the arguments it is given (no Perl
involved: it is a Python script under the original's name) and a ``data/`` directory with the data
files. ``pyrouge.Rouge155(rouge_dir=DIR)`` then works unmodified.
"""
from __future__ import annotations

import shutil
import stat
import sys
from pathlib import Path

import click

from . import __version__
from .resources import EXC_ORDER, bundled_data_dir

SCRIPT = """#!{python}
# ROUGE-1.5.5.pl stand-in written by rouge155-home (rouge155 {version}): it runs rouge155, a Python
# reimplementation with the same flags and byte-identical output. It needs no Perl.
import sys

from rouge155.cli import entry_point

sys.argv[0] = "rouge155"
entry_point()
"""


def make_home(target: Path, force: bool = False) -> Path:
    """Write DIR/ROUGE-1.5.5.pl and DIR/data/; returns the script's path."""
    target.mkdir(parents=True, exist_ok=True)
    script = target / "ROUGE-1.5.5.pl"
    if script.exists() and not force:
        head = script.read_bytes()[:400]
        if b"rouge155-home" not in head:
            raise click.ClickException(f"{script} exists and is not a rouge155 stand-in (use --force to replace it)")
    script.write_text(SCRIPT.format(python=sys.executable, version=__version__))
    script.chmod(script.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    source = bundled_data_dir()
    data = target / "data"
    (data / "WordNet-2.0-Exceptions").mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source / "smart_common_words.txt", data / "smart_common_words.txt")
    for name in EXC_ORDER:
        shutil.copyfile(source / "WordNet-2.0-Exceptions" / f"{name}.exc", data / "WordNet-2.0-Exceptions" / f"{name}.exc")
    return script


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
@click.option("--force", is_flag=True, help="Replace an existing ROUGE-1.5.5.pl that rouge155 did not write.")
@click.version_option(__version__, "--version", prog_name="rouge155-home")
def main(directory: Path, force: bool) -> None:
    """Make DIRECTORY a ROUGE-1.5.5 home (ROUGE-1.5.5.pl and data/) that runs rouge155.

    Then, for example: pyrouge.Rouge155(rouge_dir=DIRECTORY)
    """
    script = make_home(directory, force)
    click.echo(f"{script} is ready; data in {directory / 'data'}")


if __name__ == "__main__":  # pragma: no cover
    main(prog_name="rouge155-home")
