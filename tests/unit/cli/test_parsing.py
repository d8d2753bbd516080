"""Getopt::Std behaviour of the command line."""
from rouge155.cli.main import getopts, options_from_flags


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


def test_data_dir_from_environment(monkeypatch, tmp_path):
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
