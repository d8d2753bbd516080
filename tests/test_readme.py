"""Every command of README.md runs as written, on a fresh clone.

The README's convention: fenced code blocks whose info string is ``sh`` or ``python`` are run, in order, as
one session; blocks fenced ``console`` or ``text`` (or anything else) are shown, not run. The ``sh`` blocks
are one ``bash -euo pipefail`` script, so a ``cd`` or ``. .venv/bin/activate`` in one block holds in the
next; each ``python`` block is a file run there with the ``python`` the session's PATH has at that point.
The test command itself is fenced ``console`` (running it here would recurse).

The clone is a copy of the files git tracks (uncommitted edits included) in a temporary folder; the
session has an empty HOME, no virtual environment active, and no pip configuration of this machine (pip
reaches PyPI; the installs take a minute). pip may install no torch there (a plain torch is a CUDA
build). A failing command fails the test with its block and the session's output since that block.
Marked ``readme``: ``-m "not readme"`` leaves it out; the test command runs it.
"""
from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Optional

import pytest

from devkit.difftools import REPO

RUN = ("sh", "python")
_TEST_COMMAND = re.compile(r"scripts/test\.sh|\.ci/run")
SESSION_TIMEOUT = 1800  # seconds for the whole README (pip installs included)
_FENCE = re.compile(r"^( {0,3})(`{3,}|~{3,})(.*)$")


@dataclass
class Block:
    info: str   # the info string's first word ("sh", "python", "console", "", ...)
    text: str
    line: int   # of the opening fence, 1-based


def fenced_blocks(markdown: str) -> List[Block]:
    """The fenced code blocks (CommonMark: ``` or ~~~, indented at most three spaces; the closing fence is
    the same character, at least as long, with nothing after it). An unclosed block runs to the end."""
    blocks: List[Block] = []
    lines = markdown.splitlines()
    i = 0
    while i < len(lines):
        m = _FENCE.match(lines[i])
        if not m or (m.group(2)[0] == "`" and "`" in m.group(3)):  # a backtick fence's info has none
            i += 1
            continue
        indent, fence, info = len(m.group(1)), m.group(2), (m.group(3).split() or [""])[0]
        body: List[str] = []
        j = i + 1
        while j < len(lines):
            close = lines[j].strip()
            if len(lines[j]) - len(lines[j].lstrip(" ")) <= 3 and close and set(close) == {fence[0]} \
                    and len(close) >= len(fence):
                break
            body.append(lines[j][min(indent, len(lines[j]) - len(lines[j].lstrip(" "))):])
            j += 1
        blocks.append(Block(info, "\n".join(body) + "\n" if body else "", i + 1))
        i = j + 1
    return blocks


def session_script(blocks: List[Block], block_dir: Path, mark: str) -> str:
    """One bash script for the blocks to run; before each, a marker line naming it on the output."""
    out = ["set -euo pipefail", "exec 2>&1"]
    for n, block in enumerate(blocks):
        if block.info not in RUN:
            continue
        out.append(f"printf '\\n{mark} {n}\\n'")
        if block.info == "sh":
            out.append(block.text)
        else:
            path = block_dir / f"block-{n}-line-{block.line}.py"
            path.write_text(block.text)
            out.append(f'"$(command -v python || command -v python3)" "{path}"')
    out.append(f"printf '\\n{mark} end\\n'")
    return "\n".join(out) + "\n"


def run_session(blocks: List[Block], cwd: Path, env: Dict[str, str], work: Path,
                timeout: float = SESSION_TIMEOUT) -> Optional[str]:
    """Runs the blocks; None when every one succeeded, else what to show: the block and its output."""
    mark = f"@@readme-block-{os.getpid()}@@"
    work.mkdir(parents=True, exist_ok=True)
    script = work / "session.sh"
    script.write_text(session_script(blocks, work, mark))
    proc = subprocess.Popen(["bash", str(script)], cwd=cwd, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        output, _ = proc.communicate(timeout=timeout)
        status: object = proc.returncode
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        output, _ = proc.communicate()
        status = f"timed out after {timeout:.0f} s"
    try:  # what a block left running in the background (its own process group: the session's)
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    text = output.decode("utf-8", "replace")
    parts = re.split(rf"^{re.escape(mark)} (\S+)\n", text, flags=re.M)
    last, since = (parts[-2], parts[-1]) if len(parts) > 1 else (None, text)
    if status == 0 and last == "end":
        return None
    if last in (None, "end"):
        return f"the README session failed before its first block or after its last ({status}):\n{text[-4000:]}"
    block = blocks[int(last)]
    why = "ended the session early (exit)" if status == 0 else f"failed ({status})"
    return (f"README.md line {block.line}: this ```{block.info} block {why}:\n{block.text}"
            f"--- its output ---\n{since[-4000:]}")


def fresh_clone(dest: Path) -> Path:
    """The files git tracks (as they are in the working tree) copied to ``dest``."""
    listed = subprocess.run(["git", "-C", str(REPO), "ls-files", "-z"], capture_output=True)
    if listed.returncode != 0:
        pytest.skip(f"not a git checkout ({REPO}): no tracked files to clone")
    for name in listed.stdout.decode("utf-8", "surrogateescape").split("\0"):
        src = REPO / name
        if name and (src.is_file() or src.is_symlink()):
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / name, follow_symlinks=False)
    return dest


def newcomer_env(home: Path, work: Path) -> Dict[str, str]:
    """This process's environment as a new user's shell would have it: HOME empty, no virtual environment
    active, nothing of pip's configuration (files or PIP_* variables) nor of this project's variables."""
    drop = ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME", "CONDA_PREFIX", "PYTHONSTARTUP")
    env = {k: v for k, v in os.environ.items()
           if k not in drop and not k.startswith(("PIP_", "ROUGE155_", "ROUGE_EVAL_HOME", "RED_EVAL_HOME"))}
    venv_bins = {os.path.join(p, "bin") for p in (sys.prefix, os.environ.get("VIRTUAL_ENV", "")) if p}
    if sys.prefix == sys.base_prefix:
        venv_bins.discard(os.path.join(sys.prefix, "bin"))
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", os.defpath).split(os.pathsep) if p not in venv_bins)
    (work / "tmp").mkdir(parents=True, exist_ok=True)
    constraints = work / "no-torch.txt"
    constraints.write_text("torch<0\n")  # a plain torch from PyPI is a CUDA build: never in this session
    env.update(HOME=str(home), TMPDIR=str(work / "tmp"), PIP_CONFIG_FILE=os.devnull,
               PIP_CACHE_DIR=str(work / "pip-cache"), PIP_CONSTRAINT=str(constraints))
    return env


@pytest.mark.readme
def test_readme_commands_run_on_a_fresh_clone(tmp_path):
    clone = fresh_clone(tmp_path / "rouge155")
    readme = clone / "README.md"
    if not readme.is_file():
        pytest.skip("no README.md in the checkout")
    blocks = fenced_blocks(readme.read_text(encoding="utf-8"))
    assert any(b.info in RUN for b in blocks), "README.md has no ```sh or ```python block to run"
    recursive = [b for b in blocks if b.info == "sh" and _TEST_COMMAND.search(b.text)]
    assert not recursive, (f"README.md line {recursive[0].line}: the test command runs this test: fence it "
                           f"```console, not ```sh:\n{recursive[0].text}")
    (tmp_path / "home").mkdir()
    sample = sorted(p.relative_to(clone) for p in (clone / "sample-test").rglob("*"))
    blocks.append(Block("sh", NEWCOMER_MISTAKES, 0))
    failure = run_session(blocks, clone, newcomer_env(tmp_path / "home", tmp_path / "work"), tmp_path / "work")
    assert failure is None, failure
    left = sorted(set(p.relative_to(clone) for p in (clone / "sample-test").rglob("*")) - set(sample))
    assert not left, f"the README's examples left files in the checkout: {left}"


# After the README, in its session (its venv, $scratch): the newcomer's mistakes of issue 27, one of each
# kind, each with the message that names it (a failing grep fails the session and shows this block).
NEWCOMER_MISTAKES = r"""
m=$(mktemp -d) && cd "$m"
say() { printf '%s\n' "$@"; }
# texts an ASCII tokenizer drops: a note on stderr, stdout as with --quiet; an empty summary likewise
say 'Москва — столица России.' > ru.txt
rouge155 -n 1 --summaries ru.txt --references ru.txt > out.txt 2> err.txt
grep -F 'give no token under the perl tokenizer (Cyrillic letters' err.txt
rouge155 -n 1 --quiet --summaries ru.txt --references ru.txt 2> quiet.txt | cmp - out.txt && test ! -s quiet.txt
say 'the cat sat' '' > sum.txt && say 'the cat sat' 'the dog ran' > ref.txt
rouge155 -n 1 --summaries sum.txt --references ref.txt 2>&1 >/dev/null | grep -F '1 of 2 predictions is empty'
{ rouge155-doctor -n 1 --summaries sum.txt --references ref.txt || test $? = 1; } | grep -F '[empty]'
# the audit: -a scores every system of a file, -o writes the report
say '{"id": "d1", "system": "A", "prediction": "stocks fell", "references": ["stocks fell on monday"]}' \
    '{"id": "d1", "system": "B", "prediction": "shares fell", "references": ["stocks fell on monday"]}' > two.jsonl
{ rouge155-audit -n 1 -x --jsonl two.jsonl 2>&1 || true; } | grep -F 'give -a'
rouge155-audit -a -n 1 -x --jsonl two.jsonl -o audit.txt && grep -F '(system B)' audit.txt
# directory mode: the file names are the ids in JSON and CSV
mkdir sys mod && say 'the cat sat' > sys/doc1.txt && say 'a cat sat' > mod/doc1.A.txt
rouge155 -n 1 --system-dir sys --model-dir mod --system-pattern '(doc\d+).txt' --model-pattern '#ID#.[A-Z].txt' \
    --format csv > dir.csv && grep -F ',instance,doc1.txt,' dir.csv
# rouge155-meta's defaults on documents with one reference each
python - <<'PY'
import json
texts = ["the cat sat on the mat", "stocks fell on monday", "rain is expected today", "the team won the cup"]
with open("judged.jsonl", "w") as fh:
    for k, ref in enumerate(texts):
        for s, words in (("A", ref), ("B", ref.split()[0] + " dog ran"), ("C", "nothing here at all")):
            fh.write(json.dumps({"id": f"d{k}", "system": s, "prediction": words, "references": [ref],
                                 "human": {"A": 0.9, "B": 0.5, "C": 0.1}[s] + 0.01 * k}) + "\n")
PY
rouge155-meta judged.jsonl --variant ROUGE-1 --resamples 20 --jobs 1 --quiet > meta.txt 2> meta-err.txt
grep -F 'reference setting jackknife left out' meta-err.txt
# rouge-score with two references and no -f B: its best F, with a note; one CSV layout for every semantics
say '{"id": "d1", "prediction": "stocks fell", "references": ["stocks fell on monday", "shares fell"]}' > refs2.jsonl
rouge155 -n 1 --jsonl refs2.jsonl --semantics rouge-score --format csv > rs.csv 2> rs-err.txt
grep -F 'rouge-score keeps its best F' rs-err.txt
rouge155 -n 1 --jsonl refs2.jsonl --format csv > perl.csv && test "$(head -1 rs.csv)" = "$(head -1 perl.csv)"
head -1 perl.csv | grep -F ',hit,signature'
# a JSONL file where a config goes, a UTF-16 file, a trailing blank line
{ rouge155 -a -n 1 two.jsonl 2>&1 || true; } | grep -F 'give --jsonl two.jsonl'
python -c 'open("u16.txt", "wb").write("the cat sat\nthe dog ran\n".encode("utf-16"))'
{ rouge155 --summaries u16.txt --references ref.txt 2>&1 || true; } | grep -F 'u16.txt is UTF-16 (little-endian) text'
say 'the cat sat' 'the dog ran' '' > trailing.txt
rouge155 -n 1 --summaries trailing.txt --references ref.txt > /dev/null
# a missing nltk names both installs
{ python -c 'import sys; sys.modules["nltk"] = None; import rouge155
rouge155.score_pairs(["the cats"], ["a cat"], semantics="rouge-score", stem=True)' 2>&1 || true; } \
    | grep -F 'pip install "rouge155[semantics]" (from a rouge155 checkout: pip install ".[semantics]")'
# the report's page names its input, and its order
grep -o '<title>[^<]*</title>' "$scratch/report.html" | grep -F 'see.json'
grep -cF 'systems by mean F score, best first' "$scratch/report.html"
"""


@pytest.mark.readme
def test_readme_spells_extras_as_a_checkout_install():
    """rouge155 is installed from its checkout: an extra is ``pip install ".[zh]"``, never ``rouge155[zh]``."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    wrong = [f"README.md:{n}: {line.strip()}" for n, line in enumerate(text.splitlines(), 1)
             if re.search(r"pip install\s+['\"]?rouge155\[", line)]
    assert not wrong, "\n".join(wrong)


def test_no_message_names_an_extra_as_a_package_install_alone():
    """Messages and docstrings of the package that spell a missing extra as the package's install
    (``pip install "rouge155[semantics]"``) name the checkout install too, on the same line."""
    wrong = []
    for path in sorted((REPO / "rouge155").rglob("*.py")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"pip install\s+['\"]?rouge155\[", line) and not re.search(r"pip install\s+['\"]?\.\[", line):
                wrong.append(f"{path.relative_to(REPO)}:{n}: {line.strip()}")
    assert not wrong, "\n".join(wrong)


# -- the runner itself, on a small README --------------------------------------------------------------

SYNTHETIC = '''# Demo
```sh
mkdir -p sub && cd sub
export GREETING=hello
```
Shown, never run:
```console
$ exit 3
```
```text
false
```
  ~~~python
  import os
  print(os.path.basename(os.getcwd()), os.environ["GREETING"])
  open("made-by-python", "w").write("x")
  ~~~
````sh
test -f made-by-python && echo "still in $(basename "$PWD")"
```not a closing fence
````
'''


def _session(tmp_path, markdown):
    (tmp_path / "clone").mkdir(exist_ok=True)
    return run_session(fenced_blocks(markdown), tmp_path / "clone", dict(os.environ), tmp_path / "work", timeout=60)


def test_fenced_blocks_follow_commonmark():
    blocks = fenced_blocks(SYNTHETIC)
    assert [(b.info, b.line) for b in blocks] == [("sh", 2), ("console", 7), ("text", 10), ("python", 13), ("sh", 18)]
    assert blocks[3].text.startswith("import os\n")  # the fence's indent is taken off
    assert blocks[4].text == 'test -f made-by-python && echo "still in $(basename "$PWD")"\n```not a closing fence\n'
    assert [b.info for b in fenced_blocks("```sh title\nx\n```\n``` `x` ```\n")] == ["sh"]


def test_runner_carries_the_session_and_skips_shown_blocks(tmp_path):
    markdown = SYNTHETIC.replace("```not a closing fence\n", "")
    assert _session(tmp_path, markdown) is None
    assert (tmp_path / "clone" / "sub" / "made-by-python").is_file()


def test_runner_names_the_failing_block_and_its_output(tmp_path):
    markdown = "```sh\necho first\n```\n\n```python\nimport sys\nprint('about to fail')\nsys.exit('boom')\n```\n" \
               "```sh\necho never\n```\n"
    failure = _session(tmp_path, markdown)
    assert failure.startswith("README.md line 5: this ```python block failed (1):\nimport sys\n")
    assert "about to fail" in failure and "boom" in failure and "never" not in failure and "first" not in failure
    failure = _session(tmp_path, "```sh\nundefined_command_xyz --flag\necho after\n```\n")
    assert "line 1: this ```sh block failed (127)" in failure and "undefined_command_xyz" in failure
    assert "after" not in failure.split("--- its output ---")[1]
    failure = _session(tmp_path, "```sh\necho $UNSET_VARIABLE_XYZ\n```\n")  # bash -u
    assert "UNSET_VARIABLE_XYZ: unbound variable" in failure
    failure = _session(tmp_path, "```sh\nexit 0\n```\n```sh\necho skipped\n```\n")
    assert "ended the session early" in failure


def test_runner_ends_what_a_block_left_running(tmp_path):
    pid_file = tmp_path / "pid"
    assert _session(tmp_path, f"```sh\n(exec sleep 300) >/dev/null 2>&1 &\necho $! > {pid_file}\n```\n") is None
    pid = int(pid_file.read_text())
    for _ in range(100):
        if not Path(f"/proc/{pid}").exists() or Path(f"/proc/{pid}/stat").read_text().split()[2] == "Z":
            break
        time.sleep(0.05)
    else:
        pytest.fail("the background process of a README block was left running")


def test_newcomer_env_has_no_pip_configuration_nor_venv(tmp_path, monkeypatch):
    monkeypatch.setenv("PIP_FIND_LINKS", "/opt/wheels")
    monkeypatch.setenv("VIRTUAL_ENV", "/some/venv")
    monkeypatch.setenv("PATH", os.pathsep.join(["/some/venv/bin", "/usr/bin"]))
    env = newcomer_env(tmp_path / "home", tmp_path / "work")
    assert "PIP_FIND_LINKS" not in env and "VIRTUAL_ENV" not in env and env["PATH"].split(os.pathsep)[-1] == "/usr/bin"
    assert "/some/venv/bin" not in env["PATH"].split(os.pathsep)
    assert env["HOME"] == str(tmp_path / "home") and env["PIP_CONFIG_FILE"] == os.devnull


def test_fresh_clone_holds_what_git_tracks(tmp_path):
    clone = fresh_clone(tmp_path / "clone")
    assert (clone / "pyproject.toml").read_bytes() == (REPO / "pyproject.toml").read_bytes()
    assert (clone / "scripts" / "test.sh").is_file() and not (clone / ".venv").exists()
