"""Hostile inputs: crafted exception .db files, deep and entity-laden configs, rouge155-home's
surroundings (links, read-only places, odd Python paths, `perl SCRIPT`), data files in the current
directory, and directory mode with many files. Each gives the Perl's result or one clear line, in
bounded time (the bounds are generous: they catch quadratic behaviour, not slowness)."""
import errno
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rouge155.inputs.berkeley_db import read_hash_db
from rouge155.inputs.resources import load_exceptions

from support.craftdb import hash_page, meta_page, shared_chain_db
from devkit.difftools import DATA, REPO, SAMPLES, Outcome, run_ours, run_perl

SAMPLE = REPO / "sample-test"
STD = ["-n", "2", "-a"]


MEMORY_LIMIT = 1 << 30  # crafted files are read in a subprocess under this limit: a regression fails, the machine lives


def _limited(command, cwd, timeout=120):
    """``command`` in a subprocess that may map at most :data:`MEMORY_LIMIT` bytes."""
    import resource

    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))

    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1")  # no per-thread BLAS buffers
    p = subprocess.run(command, cwd=cwd, capture_output=True, timeout=timeout, preexec_fn=limit, env=env)
    return Outcome(p.stdout, p.returncode, p.stderr)


def _limited_ours(args, cwd, timeout=120):
    return _limited([sys.executable, "-m", "rouge155", *args], cwd, timeout)


def _one_line_error(outcome, *needles):
    err = outcome.stderr.decode("utf-8", "replace")
    assert outcome.status != 0 and "Traceback" not in err and "internal error" not in err, err
    assert len(err.strip().splitlines()) == 1, err
    for needle in needles:
        assert needle in err, err
    return err


def _data_dir_with_db(tmp_path, name, db: bytes) -> Path:
    d = tmp_path / name
    d.mkdir()
    shutil.copy(DATA / "smart_common_words.txt", d)
    (d / "WordNet-2.0.exc.db").write_bytes(db)
    return d


# --- the exception .db reader -------------------------------------------------------------------

def test_shared_overflow_chain_read_once(tmp_path):
    """3.5 MB whose 5,760 items all name one 800-page overflow chain: quadratic readers took a minute
    (and, decoding every copy, 18 GB)."""
    raw = shared_chain_db(800, 60)
    assert len(raw) > 3_500_000
    d = _data_dir_with_db(tmp_path, "chain", raw)
    code = ("import sys; from rouge155.inputs.berkeley_db import read_hash_db; "
            "p = read_hash_db(open(sys.argv[1], 'rb').read()); print(len(p), sorted({len(v) for v in p.values()}))")
    start = time.perf_counter()
    p = _limited([sys.executable, "-c", code, str(d / "WordNet-2.0.exc.db")], str(tmp_path))
    assert p.ok and p.stdout == f"5760 [{800 * (4096 - 26)}]\n".encode(), p.stderr
    ours = _limited_ours(["-e", str(d), "-m"] + STD + ["rouge155-spl.xml"], str(SAMPLE))
    assert ours.ok and time.perf_counter() - start < 60, ours.stderr


def test_overflow_chains_overlapping_otherwise_refused(tmp_path):
    d = _data_dir_with_db(tmp_path, "vary", shared_chain_db(800, 60, vary_length=True))
    ours = _limited_ours(["-e", str(d)] + STD + ["rouge155-spl.xml"], str(SAMPLE), timeout=60)
    _one_line_error(ours, str(d / "WordNet-2.0.exc.db"), "overflow")


@pytest.mark.parametrize("entries", [65535, 3000, 2035])
def test_page_claiming_too_many_entries(tmp_path, entries):
    db = bytes(meta_page() + hash_page([b"a", b"b"]) + hash_page([b"c", b"d"], entries=entries))
    d = _data_dir_with_db(tmp_path, "count", db)
    ours = run_ours(["-e", str(d)] + STD + ["rouge155-spl.xml"], str(SAMPLE))
    _one_line_error(ours, str(d / "WordNet-2.0.exc.db"))


@pytest.mark.parametrize("gigabytes", [2, 30])
def test_sparse_huge_db_refused_unread(tmp_path, gigabytes):
    d = _data_dir_with_db(tmp_path, "sparse", bytes(meta_page()))
    with open(d / "WordNet-2.0.exc.db", "r+b") as fh:
        fh.truncate(gigabytes << 30)  # sparse: no disk space, but reading it would take GBs of memory
    ours = _limited_ours(["-e", str(d)] + STD + ["rouge155-spl.xml"], str(SAMPLE), timeout=60)
    _one_line_error(ours, str(d / "WordNet-2.0.exc.db"), "too large")


@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_db_not_a_regular_file(tmp_path, kind):
    d = _data_dir_with_db(tmp_path, kind, b"")
    db = d / "WordNet-2.0.exc.db"
    db.unlink()
    if kind == "fifo":
        os.mkfifo(db)  # opening it would wait for a writer forever
    else:
        os.symlink("/dev/zero", db)  # reading it would never end
    ours = _limited_ours(["-e", str(d)] + STD + ["rouge155-spl.xml"], str(SAMPLE), timeout=60)
    _one_line_error(ours, str(db), "not a regular file")


def test_release_version7_db():
    db = SAMPLES / "release-data" / "WordNet-2.0.exc.db"
    if not db.is_file():
        pytest.skip(f"the release's own .db is not at {db}")
    got = read_hash_db(db.read_bytes())
    assert {k.decode("latin-1"): v.decode("latin-1") for k, v in got.items()} == load_exceptions(str(DATA))


def test_setup_version9_db(reference):
    raw = (reference / "data" / "WordNet-2.0.exc.db").read_bytes()
    assert int.from_bytes(raw[16:20], "little") == 9
    got = read_hash_db(raw)
    assert {k.decode("latin-1"): v.decode("latin-1") for k, v in got.items()} == load_exceptions(str(DATA))


# --- configs ---------------------------------------------------------------------------------------

def _nested(depth: int) -> str:
    body = (SAMPLE / "rouge155-spl.xml").read_text().split(">", 1)[1].rsplit("</ROUGE-EVAL>", 1)[0]
    body = body.replace("<PEER-ROOT>\nspl/", f"<PEER-ROOT>\n{SAMPLE}/spl/").replace(
        "<MODEL-ROOT>\nspl/", f"<MODEL-ROOT>\n{SAMPLE}/spl/")
    return '<ROUGE-EVAL version="1.0">' + "<G>" * depth + body + "</G>" * depth + "</ROUGE-EVAL>\n"


def test_deep_config_as_the_perl(reference, tmp_path):
    (tmp_path / "deep.xml").write_text(_nested(1000))
    perl = run_perl(reference, STD + ["deep.xml"], str(tmp_path))
    ours = run_ours(STD + ["deep.xml"], str(tmp_path))
    assert perl.ok and ours.ok and ours.stdout == perl.stdout


def test_config_deeper_than_the_parser_allows(tmp_path):
    (tmp_path / "deep.xml").write_text(_nested(5000))
    _one_line_error(run_ours(STD + ["deep.xml"], str(tmp_path)), "deep.xml", "nested deeper")


ENTITY_CONFIG = """<?xml version="1.0"?>
<!DOCTYPE ROUGE-EVAL [
<!ENTITY spl "{spl}">
<!ENTITY sys "&spl;/systems">
<!ENTITY mod "&spl;/mo&#100;els">
<!ENTITY peers "<P ID='S2'>T01.P.S2.spl</P>">
<!ENTITY s1 "S1">
{extra}]>
<ROUGE-EVAL version="1.0">
<EVAL ID="T01">
<PEER-ROOT>&sys;</PEER-ROOT>
<MODEL-ROOT>&spl;/models</MODEL-ROOT>
<INPUT-FORMAT TYPE="SPL"></INPUT-FORMAT>
<PEERS><P ID="&s1;">T01.P.S1.spl</P>&peers;</PEERS>
<MODELS><M ID="A">T01.M.A.spl</M><M ID="B">T01.M.&#66;.spl</M></MODELS>
</EVAL>
<EVAL ID="T02">
<PEER-ROOT>{spl}/&#115;ystems</PEER-ROOT>
<MODEL-ROOT>&mod;</MODEL-ROOT>
<INPUT-FORMAT TYPE="SPL"></INPUT-FORMAT>
<PEERS><P ID="S1">T02.P.S1.spl</P></PEERS>
<MODELS><M ID="A">T02.M.A.spl</M></MODELS>
</EVAL>
</ROUGE-EVAL>
"""


def test_internal_entities_as_the_perl(reference, tmp_path):
    (tmp_path / "ent.xml").write_text(ENTITY_CONFIG.format(spl=SAMPLE / "spl", extra=""))
    for args in (STD, ["-n", "1", "-d", "-a"], ["-n", "1", "ent.xml", "S2"]):
        args = args + ["ent.xml"] if args[-1] == "-a" else args
        perl = run_perl(reference, args, str(tmp_path))
        ours = run_ours(args, str(tmp_path))
        assert perl.ok and ours.ok and ours.stdout == perl.stdout, (args, perl.stderr, ours.stderr)


def test_external_entity_never_read(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text(str(SAMPLE / "spl"))
    extra = f'<!ENTITY ext SYSTEM "{secret}">\n'
    text = ENTITY_CONFIG.format(spl=SAMPLE / "spl", extra=extra).replace("<MODEL-ROOT>&mod;", "<MODEL-ROOT>&ext;")
    (tmp_path / "ext.xml").write_text(text)
    _one_line_error(run_ours(STD + ["ext.xml"], str(tmp_path)), "ext.xml", "external")


# --- rouge155-home -----------------------------------------------------------------------------------

def _home(*args, python=sys.executable, cwd=None):
    return subprocess.run([python, "-m", "rouge155.cli.home", *map(str, args)], capture_output=True, cwd=cwd,
                          timeout=120)


def _home_error(p, *needles):
    err = p.stderr.decode()
    assert p.returncode != 0 and "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    for needle in needles:
        assert needle in err, err


def _tree(path: Path):
    return {str(p.relative_to(path)): (p.is_symlink(), p.read_bytes() if p.is_file() and not p.is_symlink() else None)
            for p in sorted(path.rglob("*"))}


def test_home_never_writes_through_links(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "f").write_text("not yours\n")
    home = tmp_path / "home"
    (home / "data").mkdir(parents=True)
    os.symlink(outside / "f", home / "ROUGE-1.5.5.pl")
    os.symlink(outside / "f", home / "data" / "smart_common_words.txt")
    before = _tree(home)
    _home_error(_home(home), "symbolic link", "--force")
    assert _tree(home) == before  # refused before anything was written
    assert _home(home, "--force").returncode == 0
    assert (outside / "f").read_text() == "not yours\n" and sorted(os.listdir(outside)) == ["f"]
    script = home / "ROUGE-1.5.5.pl"
    assert not script.is_symlink() and b"rouge155-home" in script.read_bytes()
    assert (home / "data" / "smart_common_words.txt").read_bytes() == (DATA / "smart_common_words.txt").read_bytes()


def test_home_data_dir_linked_elsewhere(tmp_path):
    outside = tmp_path / "outside"
    (outside / "WordNet-2.0-Exceptions").mkdir(parents=True)
    (outside / "smart_common_words.txt").write_text("mine\n")
    home = tmp_path / "home"
    home.mkdir()
    os.symlink(outside, home / "data")
    _home_error(_home(home), "data", "symbolic link")
    assert not (home / "ROUGE-1.5.5.pl").exists()
    assert _home(home, "--force").returncode == 0
    assert (outside / "smart_common_words.txt").read_text() == "mine\n"
    assert os.listdir(outside / "WordNet-2.0-Exceptions") == []
    assert not (home / "data").is_symlink() and (home / "data" / "smart_common_words.txt").is_file()


def test_home_hard_link_replaced_not_written(tmp_path):
    outside = tmp_path / "outside.txt"
    outside.write_text("not yours\n")
    home = tmp_path / "home"
    (home / "data").mkdir(parents=True)
    os.link(outside, home / "data" / "smart_common_words.txt")
    _home_error(_home(home), "not written by rouge155-home")
    assert _home(home, "--force").returncode == 0
    assert outside.read_text() == "not yours\n"
    assert _home(home).returncode == 0  # its own files: replaced without --force


def test_home_parent_is_a_file(tmp_path):
    (tmp_path / "file").write_text("x")
    _home_error(_home(tmp_path / "file" / "home"), "Not a directory")
    _home_error(_home(tmp_path / "file"), "not a directory")


def test_home_read_only_file_system(tmp_path, monkeypatch):
    from click.testing import CliRunner

    import rouge155.cli.home as home_mod

    def read_only(*_args, **_kwargs):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    monkeypatch.setattr(home_mod.tempfile, "mkstemp", read_only)
    monkeypatch.setattr(home_mod.os, "mkdir", read_only)
    for target in (tmp_path / "new", tmp_path):
        result = CliRunner().invoke(home_mod.main, [str(target)])
        assert result.exit_code == 1 and "Traceback" not in result.output
        assert "Read-only file system" in result.output and len(result.output.strip().splitlines()) == 1


def _odd_python(tmp_path) -> str:
    """A Python whose path holds "perl" and a space, seeing this rouge155 (a venv without pip)."""
    venv = tmp_path / "my perl tools" / "py env"
    made = subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], capture_output=True, timeout=120)
    python = venv / "bin" / "python"
    if made.returncode != 0 or not python.exists():
        pytest.skip(f"cannot make a venv here: {made.stderr.decode(errors='replace').strip()[-200:]}")
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    import site as site_mod

    dirs = [d for d in site_mod.getsitepackages() + [site_mod.getusersitepackages(), str(REPO)] if os.path.isdir(d)]
    Path(site, "rouge155-test.pth").write_text("".join(f"import site; site.addsitedir({d!r})\n" for d in dirs))
    return str(python)


def test_home_script_from_odd_python_path_and_through_perl(tmp_path, reference):
    python = _odd_python(tmp_path)
    home = tmp_path / "a home"
    p = _home(home, python=python)
    assert p.returncode == 0, p.stderr
    script = home / "ROUGE-1.5.5.pl"
    assert f"#@python {python}\n" in script.read_text()
    args = ["-e", str(home / "data"), "-n", "2", "-m", "-a", "rouge155-spl.xml"]
    expected = run_perl(reference, args[2:], str(SAMPLE)).stdout
    for command in ([str(script)], ["perl", str(script)], ["sh", str(script)]):
        run = subprocess.run(command + args, capture_output=True, cwd=SAMPLE, timeout=120)
        assert run.returncode == 0 and run.stdout == expected, (command, run.stderr)
    # the usage names the program as invoked, as the Perl's $0 does
    for command, name in (([str(script)], str(script)),
                          (["perl", "../a home/ROUGE-1.5.5.pl"], "../a home/ROUGE-1.5.5.pl")):
        run = subprocess.run(command + ["-h"], capture_output=True, cwd=tmp_path / "my perl tools", timeout=120)
        assert run.returncode != 0 and run.stderr.split(b"\n")[0] == name.encode()
    cmd = (home / "ROUGE-1.5.5.cmd").read_bytes()
    assert f'"{python}" -m rouge155 %*\r\n'.encode() in cmd


def test_usage_names_program_as_invoked(reference):
    perl = subprocess.run(["perl", str(reference / "ROUGE-1.5.5.pl"), "-H"], capture_output=True)
    launcher = Path(sys.executable).parent / "rouge155"
    if not launcher.exists():
        pytest.skip("rouge155 console script not next to this Python")
    ours = subprocess.run([str(launcher), "-H"], capture_output=True)
    assert perl.stderr.split(b"\n", 1)[0] == str(reference / "ROUGE-1.5.5.pl").encode()
    assert ours.stderr.split(b"\n", 1)[0] == str(launcher).encode()
    assert ours.stderr.split(b"\n", 1)[1] == perl.stderr.split(b"\n", 1)[1]


# --- data files in the current directory -----------------------------------------------------------

def _cwd_run(command, cwd):
    env = {k: v for k, v in os.environ.items() if k not in ("ROUGE_EVAL_HOME", "RED_EVAL_HOME")}
    return subprocess.run(command, capture_output=True, cwd=cwd, env=env, timeout=300)


def test_data_files_from_current_directory(reference, tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    config = (SAMPLE / "rouge155-spl.xml").read_text().replace("\nspl/", f"\n{SAMPLE}/spl/")
    (work / "c.xml").write_text(config)
    (work / "smart_common_words.txt").write_text("the\nport\nflood\n")  # not the SMART list
    shutil.copy(reference / "data" / "WordNet-2.0.exc.db", work)
    args = ["-n", "2", "-s", "-m", "-a", "c.xml"]
    perl = _cwd_run(["perl", str(reference / "ROUGE-1.5.5.pl"), *args], work)
    ours = _cwd_run([sys.executable, "-m", "rouge155", *args], work)
    bundled = run_ours(args, str(work))  # -e with the bundled data
    assert perl.returncode == 0 and ours.returncode == 0
    assert ours.stdout == perl.stdout and ours.stdout != bundled.stdout
    # only the stopwords here: the bundled exceptions stand in for the missing .db
    (work / "WordNet-2.0.exc.db").unlink()
    assert _cwd_run([sys.executable, "-m", "rouge155", *args], work).stdout == perl.stdout
    # a broken .db here is the Perl's error
    (work / "WordNet-2.0.exc.db").write_bytes(b"not a database" * 100)
    perl = _cwd_run(["perl", str(reference / "ROUGE-1.5.5.pl"), *args], work)
    ours = _cwd_run([sys.executable, "-m", "rouge155", *args], work)
    assert perl.returncode != 0 and ours.returncode != 0 and ours.stdout == perl.stdout == b""
    assert ours.stderr == b"Cannot open exception db file for reading: WordNet-2.0.exc.db\n"
    # nothing here: the bundled data, as before
    for name in ("WordNet-2.0.exc.db", "smart_common_words.txt"):
        (work / name).unlink()
    assert _cwd_run([sys.executable, "-m", "rouge155", *args], work).stdout == bundled.stdout


def test_empty_data_dir_is_the_root(reference):
    for env, args in (({}, ["-e", ""]), ({"ROUGE_EVAL_HOME": ""}, [])):
        env = dict({k: v for k, v in os.environ.items() if k not in ("ROUGE_EVAL_HOME", "RED_EVAL_HOME")}, **env)
        command = args + ["-n", "2", "-a", "rouge155-spl.xml"]
        perl = subprocess.run(["perl", str(reference / "ROUGE-1.5.5.pl"), *command], capture_output=True, cwd=SAMPLE,
                              env=env, timeout=120)
        ours = subprocess.run([sys.executable, "-m", "rouge155", *command], capture_output=True, cwd=SAMPLE, env=env,
                              timeout=120)
        assert perl.returncode != 0 and ours.returncode != 0 and ours.stdout == perl.stdout
        assert ours.stderr == perl.stderr == b"Cannot open /smart_common_words.txt\n"


# --- directory mode ----------------------------------------------------------------------------------

def _naive(system_files, model_files, system_pattern, model_pattern):
    """pyrouge's own way: every model file tried for every ID."""
    out = []
    for name in sorted(system_files):
        m = re.match(system_pattern, name)
        if m:
            regex = re.compile(model_pattern.replace("#ID#", m.group(1) or ""))
            out.append((name, sorted(f for f in model_files if regex.match(f))))
    return out


PATTERNS = [
    (r"sum.(\d+).txt", "sum.[A-Z].#ID#.txt"),
    (r"sum.(\d+).txt", "#ID#"),  # model names must start with the ID; 1 also takes 10, 11...
    (r"sum.(\d+).txt", ".*#ID#"),
    (r"sum.(\d+).txt", "(?i)SUM.[a-z].#ID#.TXT"),  # case ignored: every file tried
    (r"sum.(\d+).txt", "sum.[A-Z].(#ID#|7).txt"),  # the ID in an alternative
    (r"sum.(\d+).txt", "sum.[#ID#].*"),  # the ID in a class
    (r"sum.(\d+).txt", r"sum.\w{#ID#}"),  # the ID as a repeat count
    (r"sum.(\d+).txt", r"sum.[A-Z].#ID#?.txt"),  # its last digit optional
    (r"sum.(\d*).txt", "sum.[A-Z].#ID#.txt"),  # an empty ID
    (r"(sum).(\d+).txt", "#ID#.[A-Z].1.txt"),  # one ID for all
]


@pytest.mark.parametrize("system_pattern,model_pattern", PATTERNS)
def test_directory_mode_finds_what_pyrouge_finds(system_pattern, model_pattern):
    from rouge155.inputs.plaintext import _ModelMatcher

    systems = [f"sum.{i}.txt" for i in range(1, 120)] + ["sum..txt", "other.txt"]
    models = [f"sum.{c}.{i}.txt" for i in range(1, 120) for c in "AB"] + ["sum.C.7.txt", "SUM.a.3.TXT", "sum.x"]
    expected = _naive(systems, models, system_pattern, model_pattern)
    idents = [re.match(system_pattern, n).group(1) or "" for n, _ in expected]
    matcher = _ModelMatcher(models, model_pattern, idents)
    assert [(n, matcher.models(i)) for (n, _), i in zip(expected, idents)] == expected


def test_directory_mode_linear(tmp_path):
    """10,000 system files and 10,000 models: pyrouge's per-ID scan made this quadratic (a minute)."""
    from rouge155.inputs.plaintext import from_directories

    sys_dir, mod_dir = tmp_path / "sys", tmp_path / "mod"
    sys_dir.mkdir()
    mod_dir.mkdir()
    n = 10_000
    for i in range(n):
        (sys_dir / f"sum.{i}.txt").write_bytes(b"a b c\n")
        (mod_dir / f"sum.{'AB'[i % 2]}.{i}.txt").write_bytes(b"a b\n")
    start = time.perf_counter()
    config, _ = from_directories(str(sys_dir), str(mod_dir), r"sum.(\d+).txt", "sum.[A-Z].#ID#.txt")
    assert time.perf_counter() - start < 60
    assert len(config.evaluations) == n
    first = config.evaluations[0]
    assert first.peers["1"] == str(sys_dir / "sum.0.txt")
    assert [first.models[m] for m in first.model_ids] == [str(mod_dir / "sum.A.0.txt")]
    assert all(len(ev.model_ids) == 1 for ev in config.evaluations)
