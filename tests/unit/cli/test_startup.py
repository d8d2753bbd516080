"""Start-up: small runs load neither numpy nor click, and give the bytes the numpy path gives;
a tight address-space limit costs speed, never the output, and a failed start is one line. (The
plain-Python bootstrap small runs use is checked against numpy's in tests/unit/engine/test_aggregate.py.)"""
import dataclasses
import random
import subprocess
import sys
from pathlib import Path

import pytest

from rouge155.base.options import Options

from devkit.difftools import REPO
DATA = REPO / "data"


def _one_pair(root: Path) -> str:
    (root / "sys").mkdir(parents=True)
    (root / "ref").mkdir()
    (root / "sys" / "0.spl").write_text("the cat sat on the mat .\nit purred all day long\n")
    (root / "ref" / "0.A.spl").write_text("a cat was sitting on the mat\nthe cat purred\n")
    (root / "config.xml").write_text(
        '<ROUGE-EVAL version="1.0">\n<EVAL ID="0"><PEER-ROOT>sys</PEER-ROOT><MODEL-ROOT>ref</MODEL-ROOT>'
        '<INPUT-FORMAT TYPE="SPL"></INPUT-FORMAT><PEERS><P ID="1">0.spl</P></PEERS>'
        '<MODELS><M ID="A">0.A.spl</M></MODELS></EVAL>\n</ROUGE-EVAL>\n')
    return "config.xml"


def _many_pairs(root: Path, n: int = 20) -> str:
    r = random.Random(3)
    words = "the cat sat on mat it purred dog ran fast slow day long stock fell rose market".split()
    (root / "sys").mkdir(parents=True)
    (root / "ref").mkdir()
    evals = []
    for i in range(n):
        for d, name in (("sys", f"{i}.spl"), ("ref", f"{i}.A.spl")):
            lines = [" ".join(r.choice(words) for _ in range(r.randint(3, 9))) for _ in range(r.randint(1, 3))]
            (root / d / name).write_text("\n".join(lines) + "\n")
        evals.append(f'<EVAL ID="{i}"><PEER-ROOT>sys</PEER-ROOT><MODEL-ROOT>ref</MODEL-ROOT>'
                     f'<INPUT-FORMAT TYPE="SPL"></INPUT-FORMAT><PEERS><P ID="1">{i}.spl</P></PEERS>'
                     f'<MODELS><M ID="A">{i}.A.spl</M></MODELS></EVAL>')
    (root / "config.xml").write_text('<ROUGE-EVAL version="1.0">\n' + "\n".join(evals) + "\n</ROUGE-EVAL>\n")
    return "config.xml"


FLAGS = "-c 95 -2 -1 -U -r 1000 -n 4 -w 1.2 -a -m".split()


def _python(code: str, cwd, limit_bytes=None):
    def limit():
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (limit_bytes, limit_bytes))

    return subprocess.run([sys.executable, "-c", code], cwd=cwd, capture_output=True, timeout=300,
                          preexec_fn=limit if limit_bytes else None)


def test_small_run_loads_no_numpy_click_typing_or_dataclasses(tmp_path):
    config = _one_pair(tmp_path)
    code = (
        "import sys\nfrom rouge155.cli.main import run\n"
        f"status = run({['-e', str(DATA), *FLAGS, config]!r}, stdout=sys.stdout.buffer)\n"
        "loaded = [m for m in ('numpy._core', 'numpy.core', 'click', 'typing', 'dataclasses', 'multiprocessing')"
        " if m in sys.modules]\n"
        "loaded += [m for m in sys.modules if m.startswith('rouge155.semantics.')]  # no implementation's module\n"
        "sys.stderr.write(repr((status, loaded)))\n"
    )
    p = _python(code, tmp_path)
    assert p.stderr.decode() == "(0, [])"
    assert b"ROUGE-SU* Average_F" in p.stdout


def test_quiet_run_loads_no_click(tmp_path):
    config = _one_pair(tmp_path)
    code = (
        "import sys\nfrom rouge155.cli import entry_point\n"
        f"sys.argv = ['rouge155', '--quiet', *{['-e', str(DATA), *FLAGS, config]!r}]\n"
        "import os\n"
        "real_exit = os._exit\n"
        "os._exit = lambda code: (sys.stderr.write(repr('click' in sys.modules)), sys.stderr.flush(),"
        " real_exit(code))\n"
        "entry_point()\n"
    )
    p = _python(code, tmp_path)
    plain = subprocess.run([sys.executable, "-m", "rouge155", "-e", str(DATA), *FLAGS, config], cwd=tmp_path,
                           capture_output=True, timeout=60)
    assert (p.returncode, p.stderr) == (0, b"False")
    assert p.stdout == plain.stdout


def test_mistyped_long_option_refused_without_click(tmp_path):
    code = (
        "import os, sys\nfrom rouge155.cli import entry_point\n"
        "sys.argv = ['rouge155', '--langauge', 'ru', '-a', 'x.xml']\n"
        "real_exit = os._exit\n"
        "os._exit = lambda code: (sys.stdout.write(repr('click' in sys.modules)), sys.stdout.flush(),"
        " real_exit(code))\n"
        "entry_point()\n"
    )
    p = _python(code, tmp_path)
    assert (p.returncode, p.stdout) == (2, b"False")
    assert p.stderr == b"rouge155: no such option: --langauge (did you mean --language?)\n"


def test_version_without_click_as_with_click():
    from click.testing import CliRunner

    from rouge155.cli.main import main

    fast = subprocess.run([sys.executable, "-m", "rouge155", "--version"], capture_output=True, timeout=60)
    assert fast.returncode == 0 and fast.stdout.decode() == CliRunner().invoke(main, ["--version"]).output


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS as Linux applies it")
def test_tight_address_space_same_bytes(tmp_path):
    """Under a limit numpy cannot load in, a run of 20 pairs (the batched engine's size) goes through
    the plain-Python engine: the same bytes, no traceback."""
    config = _many_pairs(tmp_path)
    code = (f"import sys\nfrom rouge155.cli import entry_point\n"
            f"sys.argv = ['rouge155', *{['-e', str(DATA), *FLAGS, config]!r}]\nentry_point()\n")
    free = _python(code, tmp_path)
    tight = _python(code, tmp_path, limit_bytes=64 << 20)
    assert free.returncode == 0 and free.stdout.count(b"Average_F") == 8
    assert (tight.returncode, tight.stdout, tight.stderr) == (0, free.stdout, b"")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS as Linux applies it")
def test_start_under_tiny_limit_is_at_most_one_line(tmp_path):
    config = _one_pair(tmp_path)
    launcher = "from rouge155.cli.launch import main\nimport sys\nsys.argv = ['rouge155', *%r]\nmain()\n" % (
        ["-e", str(DATA), *FLAGS, config],)
    for mb in (18, 20, 24, 32):
        p = _python(launcher, tmp_path, limit_bytes=mb << 20)
        if b"Python runtime state" in p.stderr or b"<frozen site>" in p.stderr:
            continue  # the interpreter itself could not start: before any of our code runs
        assert b"Traceback" not in p.stderr, (mb, p.stderr[-400:])
        assert p.stderr.count(b"\n") <= 1, (mb, p.stderr)
        if p.returncode == 0:
            assert p.stdout.count(b"Average_F") == 8


def test_launcher_failure_is_one_line(monkeypatch, capsys):
    from rouge155.cli import launch

    monkeypatch.setitem(sys.modules, "rouge155.cli.main", None)  # import fails as under a tight ulimit -v
    with pytest.raises(SystemExit) as exc:
        launch.main()
    assert exc.value.code == 1
    err = capsys.readouterr().err
    assert err.startswith("rouge155: cannot start:") and err.count("\n") == 1


def test_records_work_with_dataclasses_functions():
    o = Options(ngram="2")
    assert dataclasses.is_dataclass(o)
    assert dataclasses.replace(o, stem=True) == Options(ngram="2", stem=True)
    assert dataclasses.asdict(o)["ngram"] == "2"
    assert [f.name for f in dataclasses.fields(Options)][:3] == ["ngram", "no_lcs", "weight"]
    assert hash(o) == hash(Options(ngram="2")) and o != Options(ngram="3")
    with pytest.raises(AttributeError):
        o.stem = True
    assert repr(o).startswith("Options(ngram='2', no_lcs=False,")


def test_record_defaults_and_factories():
    from rouge155.base.records import dataclass, field

    @dataclass
    class R:
        a: int
        b: list = field(default_factory=list)
        c: str = "x"

    r1, r2 = R(1), R(1)
    r1.b.append(5)
    assert r2.b == [] and r1 != r2 and R(2, [], "y") == R(2, [], "y") and repr(R(3)).endswith("R(a=3, b=[], c='x')")
    with pytest.raises(TypeError):
        hash(r1)
    with pytest.raises(TypeError):
        @dataclass
        class Bad:
            a: int = 1
            b: int


def test_package_evaluate_is_the_function():
    code = ("import rouge155.engine.stepwise, rouge155\nfrom rouge155 import evaluate\n"
            "print(callable(evaluate), rouge155.evaluate is evaluate)")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=60)
    assert p.stdout.split() == [b"True", b"True"], p.stderr
