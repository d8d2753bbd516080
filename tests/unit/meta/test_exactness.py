"""Every grid cell equals what a single ``rouge155`` run with that setting plus ``rouge155-correlate``
gives (value and interval, to 1e-12), on generated data: the commands run as a user runs them."""
import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

from devkit.judgedgen import judged_records, write_config, write_jsonl
from rouge155.base.options import typed_options
from rouge155.meta import Condition, GridSpec, parse_reference_setting, parse_variants, read_config_judged, read_judged
from rouge155.meta import run_grid

REPO = Path(__file__).resolve().parents[3]
VARIANTS = ["ROUGE-1", "ROUGE-2", "ROUGE-L", "ROUGE-W-1.2", "ROUGE-S4", "ROUGE-SU4", "ROUGE-SU*"]
PASSES = ["-n 2 -w 1.2 -2 4 -U", "-x -2 -1 -u"]  # the Perl flags computing VARIANTS (two runs)
CONDITIONS = {"as is": ("", {}), "-m -s -l 30": ("-m -s -l 30", dict(stem=True, remove_stopwords=True,
                                                                       word_limit=30))}
STATS = ["--resamples", "200", "--seed", "3", "--measure", "recall", "--measure", "f_score"]


def _env():
    return dict(os.environ, PYTHONPATH=os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]))


def checked_stdout(args, cwd):
    """The stdout of command ``args`` run in ``cwd`` (this checkout on PYTHONPATH); it must succeed."""
    proc = subprocess.run(args, cwd=cwd, capture_output=True, env=_env())
    assert proc.returncode == 0, proc.stderr.decode()
    return proc.stdout


def rouge155_json(flags: str, config: Path, out: Path) -> Path:
    """``out``, holding the precise JSON of ``rouge155 FLAGS -a CONFIG``."""
    out.write_bytes(checked_stdout([sys.executable, "-m", "rouge155", *flags.split(), "-a", "--format", "json",
                                    "--precise", str(config)], config.parent))
    return out


def _correlate(args, cwd) -> dict:
    code = "from rouge155.cli.analysis import correlate_main; correlate_main()"
    return json.loads(checked_stdout([sys.executable, "-c", code, *args, *STATS, "--format", "json"], cwd))


def _single_reference_config(config: Path, k: int) -> Path:
    """The config with only each document's k-th model (the setting ref<k> as one ROUGE run)."""
    import re

    text = config.read_text()
    out = re.sub(r"<MODELS>(.*?)</MODELS>",
                 lambda m: "<MODELS>" + re.findall(r"<M ID=.*?</M>", m.group(1))[k - 1] + "</MODELS>", text)
    path = config.with_name(f"config.ref{k}.xml")
    path.write_text(out)
    return path


def _expected(setting: str, cond_flags: str, files, tmp: Path) -> dict:
    """rows of rouge155-correlate for one (condition, reference setting): {(metric, measure, level, coef): row}."""
    docs = []
    if setting in ("all", "ref2"):
        config = files["config"] if setting == "all" else _single_reference_config(files["config"], 2)
        results = [str(rouge155_json(f"{p} {cond_flags}", config, tmp / f"r{j}-{setting}.json"))
                   for j, p in enumerate(PASSES)]
        docs.append(_correlate([*results, "--human", str(files["human"])], tmp))
    else:
        refs = "jackknife" if setting == "jackknife" else "2"
        for p in PASSES:
            docs.append(_correlate(["--config", str(files["config"]), "--rouge-args", f"{p} {cond_flags}",
                                    "--references", refs, "--human", str(files["human"])], tmp))
    return {(r["metric"], r["measure"], r["level"], r["coefficient"]): r
            for doc in docs for r in doc["rows"] if not r.get("sample_size")}


def _same(a, b):
    if a is None or b is None or (isinstance(a, float) and math.isnan(a)) or (isinstance(b, float) and math.isnan(b)):
        return (a is None or math.isnan(a)) and (b is None or math.isnan(b))
    return abs(a - b) <= 1e-12


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("exact")
    records = judged_records(systems=4, documents=6, references=3, seed=11)
    files = write_config(tmp, records)
    files["jsonl"] = write_jsonl(tmp / "judged.jsonl", records)
    return tmp, files


def _spec(conditions):
    return GridSpec(variants=parse_variants(VARIANTS), conditions=conditions,
                    references=[parse_reference_setting(s) for s in ("all", "jackknife", "ref2", "2")],
                    measures=("recall", "f_score"), resamples=200, seed=3)


def test_every_cell_equals_rouge155_plus_correlate(data):
    tmp, files = data
    conditions = [Condition(label, typed_options(**kw)) for label, (_flags, kw) in CONDITIONS.items()]
    grid = run_grid(read_config_judged(str(files["config"]), str(files["human"])), _spec(conditions))
    checked = 0
    for label, (flags, _kw) in CONDITIONS.items():
        for setting, name in (("all", "all"), ("jackknife", "jackknife"), ("ref2", "ref2"), ("2", "2 refs")):
            expected = _expected(setting, flags, files, tmp)
            cells = [c for c in grid.cells if c.condition == label and c.references == name]
            assert len(cells) == len(expected) == len(VARIANTS) * 2 * 2 * 3
            for c in cells:
                row = expected[(c.variant, c.measure, c.level, c.coefficient)]
                for field in ("value", "low", "high"):
                    assert _same(getattr(c, field), row[field]), (label, setting, c, row)
                checked += 1
    assert checked == 2 * 4 * len(VARIANTS) * 12


def test_judged_jsonl_gives_the_config_s_numbers(data):
    _tmp, files = data
    spec = _spec([Condition("-m", typed_options(stem=True))])
    from_config = run_grid(read_config_judged(str(files["config"]), str(files["human"])), spec)
    from_jsonl = run_grid(read_judged(str(files["jsonl"])), spec)
    assert [(c.variant, c.value, c.low, c.high, c.best, c.equivalent, c.p_permutation) for c in from_config.cells] == \
        [(c.variant, c.value, c.low, c.high, c.best, c.equivalent, c.p_permutation) for c in from_jsonl.cells]


def test_best_model_formula_equals_single_runs(data):
    """-f B: each document's first best reference, as the script picks it."""
    tmp, files = data
    variants = ["ROUGE-1", "ROUGE-2", "ROUGE-L", "ROUGE-SU4"]
    spec = GridSpec(variants=parse_variants(variants), conditions=[Condition("-f B", typed_options(score_formula="B"))],
                    references=[parse_reference_setting(s) for s in ("all", "jackknife")], measures=("recall",),
                    resamples=200, seed=3)
    grid = run_grid(read_config_judged(str(files["config"]), str(files["human"])), spec)
    result = rouge155_json("-n 2 -2 4 -u -f B", files["config"], tmp / "b.json")
    rows = {(r["metric"], r["measure"], r["level"], r["coefficient"]): r
            for r in _correlate([str(result), "--human", str(files["human"])], tmp)["rows"]}
    jack = {(r["metric"], r["measure"], r["level"], r["coefficient"]): r
            for r in _correlate(["--config", str(files["config"]), "--rouge-args", "-n 2 -2 4 -u -f B",
                                 "--references", "jackknife", "--human", str(files["human"])], tmp)["rows"]}
    for c in grid.cells:
        row = (rows if c.references == "all" else jack)[(c.variant, c.measure, c.level, c.coefficient)]
        assert _same(c.value, row["value"]) and _same(c.low, row["low"]) and _same(c.high, row["high"]), (c, row)
