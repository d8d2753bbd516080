"""Running the Unicode fork (ROUGE-1.5.5-unicode) and rouge155's language options side by side."""
from __future__ import annotations

import io
import os
import subprocess
from pathlib import Path
from typing import Optional, Sequence

from devkit.difftools import Outcome, working_dir


def fork_path() -> Optional[Path]:
    """$ROUGE155_UNICODE_FORK, else ~/.cache/rouge155/unicode-fork/ROUGE-1.5.5.pl (put there by hand)."""
    env = os.environ.get("ROUGE155_UNICODE_FORK")
    p = Path(env) if env else Path.home() / ".cache" / "rouge155" / "unicode-fork" / "ROUGE-1.5.5.pl"
    return p if p.is_file() else None


def run_fork(fork: Path, data: Path, args: Sequence[str], cwd: str) -> Outcome:
    p = subprocess.run(["perl", str(fork), "-e", str(data), *args], cwd=cwd, capture_output=True, timeout=600)
    return Outcome(p.stdout, p.returncode, p.stderr)


def run_ours_with(args: Sequence[str], cwd: str, data: Path, jobs: int = 1, **extras) -> Outcome:
    """rouge155 in this process with long options given as :class:`rouge155.cli.Extras` fields."""
    from rouge155.cli.main import Extras, run

    out, err = io.BytesIO(), io.BytesIO()
    with working_dir(cwd):
        status = run(["-e", str(data), *args], stdout=out, stderr=err, extras=Extras(jobs=jobs, **extras))
    return Outcome(out.getvalue(), status, err.getvalue())
