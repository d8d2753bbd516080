"""The wheel: builds (sdist too), passes twine check, carries the data, installs into a fresh virtual
environment without Perl or a compiler (this Python's, and the distribution's /usr/bin/python3's), and
runs the README's example."""
import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

from devkit.difftools import REPO

# A Debian/Ubuntu system Python: externally managed (PEP 668), so the README installs into a venv.
SYSTEM_PYTHON = Path("/usr/bin/python3")
README_RUN = ["-c", "95", "-2", "-1", "-U", "-r", "1000", "-n", "4", "-w", "1.2", "-a", "rouge155-see.xml"]


def _clean_env(bin_dir):
    drop = ("ROUGE_EVAL_HOME", "RED_EVAL_HOME", "PYTHONPATH", "VIRTUAL_ENV")
    env = {k: v for k, v in os.environ.items() if k not in drop}
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
    return env


def _assert_readme_evaluation(bin_dir):
    """The README's evaluation with the installed console script, the bundled data found without -e."""
    run = subprocess.run([str(bin_dir / "rouge155"), *README_RUN], capture_output=True, env=_clean_env(bin_dir),
                         cwd=REPO / "sample-test")
    assert run.returncode == 0, run.stderr
    assert run.stdout == (REPO / "sample-output" / "rouge155-see-std-a.out").read_bytes()


@pytest.fixture(scope="module")
def dist(tmp_path_factory):
    out = tmp_path_factory.mktemp("dist")
    p = subprocess.run([sys.executable, "-m", "build", "--outdir", str(out), str(REPO)], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr[-2000:]
    return out


def test_sdist_and_wheel_pass_twine_check(dist):
    files = sorted(dist.iterdir())
    assert any(f.suffix == ".whl" for f in files) and any(f.name.endswith(".tar.gz") for f in files)
    p = subprocess.run([sys.executable, "-m", "twine", "check", *map(str, files)], capture_output=True, text=True)
    assert p.returncode == 0, p.stdout + p.stderr


def test_wheel_in_fresh_venv_runs_readme_example(dist, tmp_path):
    import zipfile

    wheel = next(dist.glob("*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    assert "rouge155/_data/smart_common_words.txt" in names
    assert "rouge155/_data/WordNet-2.0-Exceptions/verb.exc" in names
    assert "rouge155/_data/wordnet-3.0-synonyms.txt.gz" in names
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    bin_dir = env_dir / "bin"
    p = subprocess.run([str(bin_dir / "python"), "-m", "pip", "install", "-q", str(wheel)], capture_output=True,
                       text=True)
    assert p.returncode == 0, p.stderr[-2000:]
    env = _clean_env(bin_dir)
    version = subprocess.run(["rouge155", "--version"], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert version.returncode == 0 and "0.1.0" in version.stdout
    _assert_readme_evaluation(bin_dir)
    # the README's API example
    readme = (REPO / "README.md").read_text()
    example = readme.split("```python\n", 1)[1].split("```", 1)[0]
    api = subprocess.run([str(bin_dir / "python"), "-c", example], capture_output=True, text=True, env=env,
                         cwd=tmp_path)
    assert api.returncode == 0, api.stderr
    assert "ROUGE-2 Average_R" in api.stdout
    # rouge155-rouge2 without the rouge2 extra: one line naming it
    (tmp_path / "p" / "system").mkdir(parents=True)
    (tmp_path / "p" / "reference").mkdir()
    (tmp_path / "p" / "system" / "t_a.txt").write_text("cats ran\n")
    (tmp_path / "p" / "reference" / "t_b.txt").write_text("a cat ran\n")
    (tmp_path / "rouge.properties").write_text("project.dir=p\nstemmer.use=true\n")
    r2 = subprocess.run(["rouge155-rouge2"], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert r2.returncode == 1 and r2.stderr == ("rouge155-rouge2: stemmer.use=true needs the rouge2 extra: "
                                                "pip install \".[rouge2]\"\n")


def test_wheel_in_system_python_venv(dist, tmp_path):
    """The README's install on Debian/Ubuntu: `/usr/bin/python3 -m venv`, the wheel installed with that
    environment's pip, a real evaluation run from it."""
    if not SYSTEM_PYTHON.is_file():
        pytest.skip(f"no {SYSTEM_PYTHON} (a distribution's system Python) on this machine")
    env_dir = tmp_path / "venv"
    made = subprocess.run([str(SYSTEM_PYTHON), "-m", "venv", str(env_dir)], capture_output=True, text=True)
    if made.returncode != 0:
        why = ((made.stdout + made.stderr).strip().splitlines() or ["no message"])[0]
        pytest.skip(f"{SYSTEM_PYTHON} -m venv fails here (Debian/Ubuntu: apt install python3-venv): {why}")
    bin_dir = env_dir / "bin"
    wheel = next(dist.glob("*.whl"))
    p = subprocess.run([str(bin_dir / "python"), "-m", "pip", "install", "-q", "--disable-pip-version-check",
                        str(wheel)], capture_output=True, text=True, env=_clean_env(bin_dir))
    assert p.returncode == 0, p.stderr[-2000:]
    _assert_readme_evaluation(bin_dir)
