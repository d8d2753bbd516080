"""Getopt::Std behaviour of the command line, and this program's long options beside it."""
import io
import subprocess
import sys

import pytest

from rouge155.base.flags import getopts as generic_getopts
from rouge155.cli.long_options import LONG_OPTIONS, Extras
from rouge155.cli.main import getopts, options_from_flags, run
from rouge155.cli.usage import usage


def test_bundled_and_attached_values():
    p = getopts(["-am", "-n4", "-2", "-1", "-c", "95", "cfg.xml"])
    assert p.flags["a"] is True and p.flags["m"] is True
    assert p.flags["n"] == "4" and p.flags["2"] == "-1" and p.flags["c"] == "95"
    assert p.positional == ["cfg.xml"]


def test_stops_at_first_non_option_and_double_dash():
    p = getopts(["-a", "cfg.xml", "-m"])
    assert p.positional == ["cfg.xml", "-m"] and "m" not in p.flags
    p = getopts(["-a", "--", "-weird.xml"])
    assert p.positional == ["-weird.xml"]


def test_unknown_option_reported_and_parsing_continues():
    p = getopts(["-q", "-kam", "cfg.xml"])
    assert p.unknown == ["q", "k"]
    assert p.flags["a"] is True and p.flags["m"] is True


def test_last_value_wins_and_missing_value_is_undefined():
    p = getopts(["-n", "2", "-n", "3", "-c"])
    assert p.flags["n"] == "3" and p.flags["c"] is None
    assert options_from_flags(p.flags).confidence is None


def test_value_in_bundle():
    p = getopts(["-mn2", "-sl10"])
    assert p.flags["m"] is True and p.flags["n"] == "2" and p.flags["s"] is True and p.flags["l"] == "10"


def test_long_options_are_ours():
    p = getopts(["--version", "-a", "x.xml"])
    assert p.long == ["--version"] and p.positional == ["x.xml"]


def test_long_options_after_positionals():
    p = getopts(["-a", "x.xml", "--format", "json", "-m", "--quiet"])
    assert p.long == ["--format", "json", "--quiet"] and p.positional == ["x.xml", "-m"]


def test_data_dir_from_environment():
    """-e, else $ROUGE_EVAL_HOME, else $RED_EVAL_HOME, else the bundled data."""
    from rouge155.inputs.resources import bundled_data_dir, resolve_data_dir

    env = {"RED_EVAL_HOME": "/red", "ROUGE_EVAL_HOME": "/rouge"}
    assert resolve_data_dir("/e", env) == "/e"
    assert resolve_data_dir(None, env) == "/rouge"
    assert resolve_data_dir(None, {"RED_EVAL_HOME": "/red"}) == "/red"
    assert resolve_data_dir(None, {}) == str(bundled_data_dir())
    assert (bundled_data_dir() / "smart_common_words.txt").is_file()


def test_help_mentions_quadratic_skip_bigrams():
    from click.testing import CliRunner

    from rouge155.cli.main import main

    out = CliRunner().invoke(main, ["--help"]).output
    assert "quadratic" in out and "--jobs" in out and "--format" in out


# -- this program's long options: one table, mistyped names refused -----------------------------------


@pytest.mark.parametrize("argv,nearest", [
    (["--langauge", "ru", "-a", "x.xml"], "--language"),
    (["--lang", "en", "-a", "x.xml"], "--language"),
    (["-a", "x.xml", "--quite"], "--quiet"),
    (["--jbos", "2", "-a", "x.xml"], "--jobs"),
    (["--format=json", "--referneces", "r.txt"], "--references"),
])
def test_mistyped_long_option_is_refused(argv, nearest):
    out, err = io.BytesIO(), io.BytesIO()
    assert run(argv, stdout=out, stderr=err) == 2
    bad = next(a for a in argv if a.startswith("--") and a.split("=")[0] not in {o.name for o in LONG_OPTIONS})
    assert out.getvalue() == b""
    assert err.getvalue().decode() == f"rouge155: no such option: {bad} (did you mean {nearest}?)\n"


def test_mistyped_long_option_from_the_command():
    """The console command refuses before anything runs (status 2, one line), without click's help."""
    p = subprocess.run([sys.executable, "-m", "rouge155", "--langauge", "ru", "-a", "x.xml"], capture_output=True,
                       timeout=60)
    assert (p.returncode, p.stdout) == (2, b"")
    assert p.stderr == b"rouge155: no such option: --langauge (did you mean --language?)\n"
    p = subprocess.run([sys.executable, "-m", "rouge155", "--format", "json", "--jbos", "2", "x.xml"],
                       capture_output=True, timeout=60)
    assert p.returncode == 2 and b"--jbos" in p.stderr and b"--jobs" in p.stderr and b"Traceback" not in p.stderr


def test_double_dash_keeps_getopt_meaning():
    p = getopts(["-a", "--", "--weird.xml", "-m"])
    assert p.refused is None and p.positional == ["--weird.xml", "-m"] and "m" not in p.flags
    p = getopts(["-n", "--", "-a", "x.xml"])  # a value may start with '-': Getopt::Std takes it
    assert p.flags["n"] == "--" and p.flags["a"] is True and p.refused is None
    p = getopts(["--sentence-sep", "--x", "-a", "x.xml"])  # our option's value, not an option
    assert p.long == ["--sentence-sep", "--x"] and p.refused is None


def test_unknown_perl_switch_unchanged():
    out, err = io.BytesIO(), io.BytesIO()
    run(["-q", "-h"], stdout=out, stderr=err)
    assert err.getvalue().startswith(b"Unknown option: q\n")


def test_a_value_given_twice_is_refused_references_repeat():
    assert getopts(["--summaries", "a", "--summaries=b"]).refused == "--summaries is given twice: give it once"
    p = getopts(["--references", "a", "--references", "b", "--references=c"])
    assert p.refused is None and p.long == ["--references", "a", "--references", "b", "--references=c"]


def test_parser_without_long_options_refuses_every_long_word():
    p = generic_getopts(["-n", "2", "--format", "json"])
    assert p.refused == "no such option: --format" and p.flags == {"n": "2"}


def test_usage_adds_one_line_pointing_to_help():
    for argv in ([], ["-h"], ["-h", "-a", "x.xml"]):
        out, err = io.BytesIO(), io.BytesIO()
        assert run(argv, stdout=out, stderr=err) == 255
        text = err.getvalue().decode()
        assert out.getvalue() == b"" and text.startswith(usage("rouge155"))
        extra = text[len(usage("rouge155")):]
        assert extra.count("\n") == 1 and extra.startswith("rouge155 --help lists")


def test_every_long_option_is_declared_once():
    """The parser's words, the --help command's options and Extras' fields all come from LONG_OPTIONS."""
    import click

    from rouge155.cli.main import main

    names = [o.name for o in LONG_OPTIONS]
    assert len(names) == len(set(names))
    click_names = {n for p in main.params for n in p.opts}
    assert click_names == set(names) - {"--help"} and "--help" in main.get_help_option_names(click.Context(main))
    fields = {o.dest for o in LONG_OPTIONS if o.dest}
    assert fields | {"progress", "prog"} == set(Extras.__match_args__)
    for o in LONG_OPTIONS:
        taken = getopts([o.name, "v", "x.xml"])
        assert taken.long == ([o.name, "v"] if o.takes_value else [o.name])
    assert {p.name: p.multiple for p in main.params if isinstance(p, click.Option)}["references"] is True


def test_click_command_passes_every_value(monkeypatch):
    from click.testing import CliRunner

    from rouge155.cli import main as cli_main

    seen = {}

    def fake_run(argv, extras=None, **_):
        seen.update(argv=argv, extras=extras)
        return 0

    monkeypatch.setattr(cli_main, "run", fake_run)
    result = CliRunner().invoke(cli_main.main, ["-n", "2", "--references", "a", "--jobs", "3", "--references", "b",
                                                "--summaries", "s", "--quiet", "-a"])
    assert result.exit_code == 0, result.output
    extras = seen["extras"]
    assert (extras.references, extras.summaries, extras.jobs, extras.quiet) == (("a", "b"), "s", 3, True)
    assert seen["argv"][:2] == ["-n", "2"]
