"""Running the reference ROUGE-1.5.5.pl and rouge155 side by side."""
from __future__ import annotations

import contextlib
import io
import os
import random
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import List, Optional, Sequence, Tuple

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "data"
SAMPLES = REPO.parent / "shared" / "rouge-1.5.5-sample"


def reference_dir() -> Optional[Path]:
    """Where scripts/setup-reference.sh installed the reference, if it did."""
    env = os.environ.get("ROUGE155_REFERENCE")
    d = Path(env) if env else Path.home() / ".cache" / "rouge155" / "reference"
    if (d / "ROUGE-1.5.5.pl").is_file() and (d / "data" / "WordNet-2.0.exc.db").is_file():
        return d
    return None


@dataclass
class Outcome:
    stdout: bytes
    status: int
    stderr: bytes

    @property
    def ok(self) -> bool:
        return self.status == 0


def run_perl(ref: Path, args: Sequence[str], cwd: str, timeout: float = 600) -> Outcome:
    p = subprocess.run(
        ["perl", str(ref / "ROUGE-1.5.5.pl"), "-e", str(ref / "data"), *args],
        cwd=cwd,
        capture_output=True,
        timeout=timeout,
    )
    return Outcome(p.stdout, p.returncode, p.stderr)


@contextlib.contextmanager
def working_dir(path: str):
    """Run the block in ``path`` (rouge155, like the Perl, resolves config paths against the current directory)."""
    old = os.getcwd()
    os.chdir(path)
    try:
        yield
    finally:
        os.chdir(old)


def run_ours(args: Sequence[str], cwd: str, extra: Sequence[str] = (), jobs: int = 1) -> Outcome:
    """rouge155 in this process (the CLI's own entry, minus the interpreter start-up)."""
    from rouge155.cli.main import run

    out, err = io.BytesIO(), io.BytesIO()
    with working_dir(cwd):
        status = run(["-e", str(DATA), *extra, *args], stdout=out, stderr=err, jobs=jobs)
    return Outcome(out.getvalue(), status, err.getvalue())


@dataclass
class Comparison:
    args: List[str]
    same: bool
    perl_varies: bool
    perl: Outcome
    ours: Outcome

    def describe(self) -> str:
        import difflib

        diff = difflib.unified_diff(
            self.perl.stdout.decode("latin-1").splitlines(),
            self.ours.stdout.decode("latin-1").splitlines(),
            "perl",
            "rouge155",
            lineterm="",
            n=1,
        )
        return (
            f"args: {' '.join(self.args)}\nstatus perl={self.perl.status} ours={self.ours.status}\n"
            f"perl stderr: {self.perl.stderr[-300:]!r}\nours stderr: {self.ours.stderr[-300:]!r}\n"
            + "\n".join(list(diff)[:30])
        )


def compare(ref: Path, args: Sequence[str], cwd: str, extra: Sequence[str] = (), jobs: int = 1) -> Comparison:
    """Byte-compare stdout and zero/non-zero status; where they differ, run Perl again to see whether
    the reference itself varies (hash order), which excludes the case."""
    perl = run_perl(ref, args, cwd)
    ours = run_ours(args, cwd, extra, jobs)
    same = perl.stdout == ours.stdout and perl.ok == ours.ok
    varies = False
    if not same:
        again = run_perl(ref, args, cwd)
        varies = again.stdout != perl.stdout or again.ok != perl.ok
    return Comparison(list(args), same, varies, perl, ours)


def check_cases(comparisons, count: int) -> str:
    """Counts identical/excluded/different comparisons, asserts none differs and at most a tenth is
    excluded (the reference varying between two runs); returns the counts as a line."""
    bad, excluded = [], 0
    for c in comparisons:
        if not c.same:
            if c.perl_varies:
                excluded += 1
            else:
                bad.append(c.describe())
    assert not bad, "\n\n".join(bad[:3])
    assert excluded <= count // 10
    return f"{count - excluded} identical, {excluded} excluded, 0 different"


def differential_cases(seed: int, count: int, workdir: str, per_set: int = 3, be_share: float = 0.15):
    """(cwd, args) pairs: generated evaluation sets x random flag combinations (some of them BE sets)."""
    from devkit.evalgen import make_be_evalset, make_evalset, random_be_flags, random_flags

    cases: List[Tuple[str, List[str]]] = []
    n_sets = (count + per_set - 1) // per_set
    for k in range(n_sets):
        root = os.path.join(workdir, f"set{seed}-{k}")
        r = random.Random(seed * 7919 + k)
        if r.random() < be_share:
            es = make_be_evalset(root, seed * 100003 + k, bad_line=r.random() < 0.05)
            flags = random_be_flags
        else:
            es = make_evalset(root, seed * 100003 + k)
            flags = random_flags
        for _ in range(per_set):
            if len(cases) < count:
                cases.append((root, flags(r, es)))
    return cases


def extreme_cases(seed: int, count: int, workdir: str, per_set: int = 3, long_share: float = 0.4):
    """(cwd, args) pairs around ROUGE-W at extreme weights (``evalgen.extreme_flags``), some sets with
    50-300-token units (``long_share`` of them)."""
    from devkit.evalgen import extreme_flags, make_evalset

    cases: List[Tuple[str, List[str]]] = []
    for k in range((count + per_set - 1) // per_set):
        root = os.path.join(workdir, f"xset{seed}-{k}")
        r = random.Random(seed * 7907 + k)
        es = make_evalset(root, seed * 100019 + k, allow_missing_files=False, long_texts=r.random() < long_share)
        for _ in range(per_set):
            if len(cases) < count:
                cases.append((root, extreme_flags(r, es)))
    return cases


def read_cases(path: Path):
    """``ARGS|EXPECTED-FILE`` lines (a cases.txt), as (args, expected file name) pairs."""
    import shlex

    out = []
    if path.is_file():
        for line in path.read_text().splitlines():
            if line.strip() and not line.startswith("#"):
                args, expected = line.split("|")
                out.append((shlex.split(args), expected))
    return out
