"""pyrouge (from PyPI), unmodified, against a home made by rouge155-home and against the original."""
import os
import shutil
import subprocess
import sys

import pytest

from devkit.difftools import REPO

pyrouge = pytest.importorskip("pyrouge")


def _plain_summaries(tmp_path):
    """Plain-text system and model summaries (one sentence per line), pyrouge-style names."""
    sys_dir, mod_dir = tmp_path / "system", tmp_path / "model"
    sys_dir.mkdir()
    mod_dir.mkdir()
    spl = REPO / "sample-test" / "spl"
    for f in sorted((spl / "systems").glob("T0*.P.S1.spl")):
        topic = f.name.split(".")[0]
        shutil.copy(f, sys_dir / f"{topic}.txt")
    for f in sorted((spl / "models").glob("T0*.M.*.spl")):
        topic, _, letter = f.name.split(".")[:3]
        shutil.copy(f, mod_dir / f"{topic}.{letter}.txt")
    return sys_dir, mod_dir


def _pyrouge_dict(home, sys_dir, mod_dir, env_home, args=None):
    code = (
        "import sys, json\n"
        "from pyrouge import Rouge155\n"
        "r = Rouge155(rouge_dir=sys.argv[1], rouge_args=sys.argv[5] or None)\n"
        "r.system_dir, r.model_dir = sys.argv[2], sys.argv[3]\n"
        "r.system_filename_pattern = r'(T\\d+).txt'\n"
        "r.model_filename_pattern = '#ID#.[A-Z].txt'\n"
        "out = r.convert_and_evaluate()\n"
        "open(sys.argv[4], 'w').write(json.dumps([out, r.output_to_dict(out)]))\n"
    )
    result = env_home / "result.json"
    env = dict(os.environ, HOME=str(env_home))
    subprocess.run([sys.executable, "-c", code, str(home), str(sys_dir), str(mod_dir), str(result), args or ""],
                   check=True, env=env, capture_output=True)
    import json

    return json.loads(result.read_text())


def test_rouge155_home_command(tmp_path):
    home = tmp_path / "home"
    subprocess.run([sys.executable, "-m", "rouge155.cli.home", str(home)], check=True, capture_output=True)
    script = home / "ROUGE-1.5.5.pl"
    assert os.access(script, os.X_OK)
    assert (home / "data" / "smart_common_words.txt").is_file()
    assert len(list((home / "data" / "WordNet-2.0-Exceptions").glob("*.exc"))) == 4
    # it runs rouge155 with the arguments it is given, no Perl needed
    p = subprocess.run([str(script), "-H"], capture_output=True)
    assert p.returncode != 0 and b"ROUGE-eval-config-file" in p.stderr


@pytest.mark.parametrize("args", [None, "-c 95 -2 4 -u -r 1000 -n 2 -s -a"])
def test_pyrouge_unmodified_same_dict(reference, tmp_path, args):
    home = tmp_path / "home"
    subprocess.run([sys.executable, "-m", "rouge155.cli.home", str(home)], check=True, capture_output=True)
    sys_dir, mod_dir = _plain_summaries(tmp_path)
    (tmp_path / "h1").mkdir()
    (tmp_path / "h2").mkdir()
    if args:
        args_ours = f"-e {home / 'data'} {args}"
        args_ref = f"-e {reference / 'data'} {args}"
    else:
        args_ours = args_ref = None
    ours_text, ours = _pyrouge_dict(home, sys_dir, mod_dir, tmp_path / "h1", args_ours)
    ref_text, ref = _pyrouge_dict(reference, sys_dir, mod_dir, tmp_path / "h2", args_ref)
    assert ours == ref and len(ours) >= 9
    assert ours_text == ref_text
