"""The Python API: in-memory texts give what the command line gives for the same files."""
import os

import pytest

from rouge155 import OptionError, Options, evaluate
from rouge155.cli.main import run

MODELS = {
    "1": ["The cat sat on the mat.\nIt was happy.", "A cat was sitting on a mat."],
    "2": ["Stocks fell sharply on Monday."],
}
PEERS = {
    "A": {"1": "The cat sat on a mat.", "2": "Stocks fell on Monday."},
    "B": {"1": "A dog barked.", "2": "Markets rose."},
}


def _write(tmp_path):
    lines = []
    for eid, models in MODELS.items():
        names = []
        for k, text in enumerate(models):
            p = tmp_path / f"m{eid}{k}.spl"
            p.write_text(text + "\n")
            names.append(p.name)
        peer = tmp_path / f"pA{eid}.spl"
        peer.write_text(PEERS["A"][eid] + "\n")
        lines.append(" ".join([peer.name] + names))
    (tmp_path / "list.lst").write_text("\n".join(lines) + "\n")


def test_api_matches_cli(tmp_path):
    import io

    _write(tmp_path)
    out, err = io.BytesIO(), io.BytesIO()
    old = os.getcwd()
    os.chdir(tmp_path)
    try:
        status = run(["-n", "2", "-w", "1.2", "-2", "4", "-U", "-m", "-z", "SPL", "list.lst", "A"], stdout=out,
                     stderr=err)
    finally:
        os.chdir(old)
    assert status == 0
    result = evaluate({"A": PEERS["A"]}, MODELS, ngram=2, weight=1.2, skip_distance=4, skip_both=True, stem=True)
    assert result.to_text().encode() == out.getvalue()
    r1 = result.get("ROUGE-1", "A")
    assert 0 < r1.recall <= 1 and len(r1.instances) == 2


def test_api_options_validated():
    with pytest.raises(OptionError):
        evaluate(PEERS, MODELS, confidence=120)
    with pytest.raises(OptionError):
        evaluate(PEERS, MODELS, no_such_option=1)
    with pytest.raises(OptionError):
        evaluate(PEERS, MODELS, Options(), ngram=2)


@pytest.mark.parametrize("kwargs,fragment", [
    ({"ngram": "4"}, "ngram must be an integer"),
    ({"ngram": -1}, "ngram must be an integer"),
    ({"weight": 0}, "weight must be a number > 0"),
    ({"alpha": 1.5}, "alpha must be a number between 0 and 1"),
    ({"token_mode": 3}, "token_mode must be 0, 1 or 2"),
    ({"resamples": 0}, "resamples must be an integer >= 1"),
    ({"be_mode": "XYZ"}, "be_mode must be one of"),
    ({"score_formula": "C"}, "score_formula must be"),
    ({"stem": "yes"}, "stem must be True or False"),
    ({"word_limit": 10, "byte_limit": 75}, "not both"),
    ({"bogus": 1}, "unknown option"),
])
def test_api_option_errors(kwargs, fragment):
    with pytest.raises(OptionError, match=fragment):
        evaluate(PEERS, MODELS, **kwargs)


def test_api_equals_cli_on_generated_sets(tmp_path):
    """In-memory scoring (texts read into dicts) equals the command line on generated SPL sets."""
    import io
    import random

    from devkit.evalgen import make_evalset, random_flags
    from rouge155.cli.main import getopts, options_from_flags
    from rouge155.inputs.config import read_xml_config

    checked = 0
    for seed in range(80):
        es = make_evalset(str(tmp_path / f"s{seed}"), 900 + seed, allow_missing_files=False)
        if es.fmt != "SPL":
            continue
        r = random.Random(seed)
        flags = random_flags(r, es)
        if "-z" in flags:
            continue
        parsed = getopts(flags)
        options = options_from_flags(parsed.flags)
        cfg = read_xml_config(str(tmp_path / f"s{seed}" / "config.xml"))
        models = {ev.eval_id: [(tmp_path / f"s{seed}" / "models" / ev.models[m]).read_bytes() for m in ev.model_ids]
                  for ev in cfg.evaluations}
        peers = {}
        for ev in cfg.evaluations:
            for system, name in ev.peers.items():
                peers.setdefault(system, {})[ev.eval_id] = (tmp_path / f"s{seed}" / "peers" / name).read_bytes()
        try:
            result = evaluate(peers, models, options)
            api_text = result.to_text().encode()
        except Exception as exc:
            api_text = type(exc).__name__.encode()
        out, err = io.BytesIO(), io.BytesIO()
        old = os.getcwd()
        os.chdir(tmp_path / f"s{seed}")
        try:
            head = flags[: flags.index(es.xml)]
            argv = [a for a in head if a != "-a"] + ["-a", "config.xml"]
            status = run(argv, stdout=out, stderr=err)
        finally:
            os.chdir(old)
        if status == 0:
            assert api_text == out.getvalue(), flags
        else:
            assert not api_text.startswith(b"---")
        checked += 1
    assert checked >= 10
