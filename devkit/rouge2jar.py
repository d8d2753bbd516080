"""The ROUGE 2.0 jar against ``rouge155-rouge2`` (scripts/rouge2_harness.py, tests/unit/rouge2): where the
jar is, generated projects, rouge.properties texts, one run of each program, and the normal-mode comparison.

The jar is an oracle kept outside the repository: ``$ROUGE155_ROUGE2_JAR`` or
``~/.cache/rouge155/rouge2/run/rouge2-1.2.2.jar`` (put there by hand from a fetched copy of
kavgan/ROUGE-2.0, ``versions/v1.2.2``). Its directory must hold (or this module copies from
``../shared/rouge-2.0``) ``resources/stopwords-rouge-default.txt`` and the Stanford model
``resources/taggers/wsj-0-18-left3words-nodistsim.tagger``. Java comes from Debian.
"""
from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Dict, List, Optional, Tuple

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared" / "rouge-2.0"
MODEL = "wsj-0-18-left3words-nodistsim.tagger"


def find_jar() -> Tuple[Optional[Path], str]:
    """(jar, "") or (None, reason to skip)."""
    if shutil.which("java") is None:
        return None, "java is not installed (Debian: openjdk-17-jre-headless)"
    env = os.environ.get("ROUGE155_ROUGE2_JAR")
    jar = Path(env) if env else Path.home() / ".cache/rouge155/rouge2/run/rouge2-1.2.2.jar"
    if not jar.is_file():
        return None, f"ROUGE 2.0 jar not found at {jar} (set ROUGE155_ROUGE2_JAR)"
    res = jar.parent / "resources"
    for name, src in (("stopwords-rouge-default.txt", SHARED / "stopwords-rouge-default.txt"),
                      (f"taggers/{MODEL}", SHARED / MODEL), (f"taggers/{MODEL}.props", SHARED / f"{MODEL}.props")):
        if not (res / name).is_file():
            if not src.is_file():
                return None, f"{res / name} is missing (and no {src} to copy it from)"
            (res / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, res / name)
    return jar, ""


def find_model() -> Tuple[Optional[Path], str]:
    """(the Stanford .tagger file the tests read, "") or (None, reason to skip): ``$ROUGE155_STANFORD_MODEL``,
    else ../shared/rouge-2.0/ beside the repository. rouge155 ships no model (GPL data of their authors)."""
    env = os.environ.get("ROUGE155_STANFORD_MODEL")
    path = Path(env) if env else SHARED / MODEL
    if not path.is_file():
        return None, (f"no Stanford POS tagger model at {path}: set ROUGE155_STANFORD_MODEL to a .tagger file "
                      f"of ROUGE 2.0's resources/taggers/ (e.g. {MODEL})")
    return path, ""


# -- generated projects ------------------------------------------------------------------------

NOUNS = "phone screen battery car automobile dog cat house home price market stock city film movie child kid " \
        "road street doctor physician camera picture photo dinner meal president leader company firm".split()
VERBS = "run runs running ran buy buys bought sell sold fall fell rise rose see saw seen make made take took " \
        "show shows showed said say eat ate walk walked improve improved".split()
ADJS = "good great bright clear big large small little quick fast happy glad new old bad poor cheap expensive " \
       "lightweight heavy beautiful".split()
STOP = "the a an is was of to and in on it this that very with for as by at be are".split()
ODD = ["U.S.", "don't", "it's", "e-mail", "well-known", "1999", "3.5", "$20", "10%", "(see)", "&", "?", "!",
       "...", "\"quoted\"", "'single'", "a;b", "x:y", "co,op", "Caf\u00e9", "na\u00efve", "under_score", "/",
       "#tag", "MiXeD", "ALLCAPS", "generously", "cats'", "--", "\t"]


def _sentence(rng: random.Random, odd: bool = True) -> str:
    words = []
    for _ in range(rng.randint(0, 14)):
        r = rng.random()
        pool = NOUNS if r < .3 else VERBS if r < .5 else ADJS if r < .65 else STOP if r < .9 or not odd else ODD
        w = rng.choice(pool)
        if rng.random() < .1:
            w = w.capitalize()
        words.append(w)
    s = " ".join(words)
    if rng.random() < .5:  # (the jar's synonym mode fails on "?" re-tagged for a 3rd reference)
        s += rng.choice([".", "!", "?", ";", " ."] if odd else [".", "!", ";", " ."])
    if rng.random() < .05:
        s = "  " + s
    return s


def summary_bytes(rng: random.Random, odd: bool = True) -> bytes:
    sents = [_sentence(rng, odd) for _ in range(rng.randint(0 if odd else 1, 5))]
    nl = "\r\n" if rng.random() < .15 else "\n"
    text = nl.join(sents) + (nl if rng.random() < .7 else "")
    enc = "latin-1" if rng.random() < .3 else "utf-8"
    return text.encode(enc, "replace")


def make_project(root: Path, rng: random.Random, tasks: int = 6, odd: bool = True) -> Path:
    """``tasks`` tasks, each with 1-3 systems and 1-4 references (some tasks without systems);
    ``odd=False``: plain words only (on the rest the jar's synonym lookups fail on some tokens)."""
    (root / "reference").mkdir(parents=True)
    (root / "system").mkdir()
    for t in range(tasks):
        task = rng.choice(["task", "Topic", "d", "T"]) + str(rng.randint(0, 999)) + chr(97 + t)
        for s in range(rng.randint(0 if t == 0 else 1, 3)):
            (root / "system" / f"{task}_sys{rng.choice('ABCxyz')}{s}.txt").write_bytes(summary_bytes(rng, odd))
        for m in range(rng.randint(1, 4)):
            (root / "reference" / f"{task}_ref{m}{rng.choice(['', '_x', '.txt'])}").write_bytes(summary_bytes(rng, odd))
    return root


def properties(project: Path, out: str, **kv: str) -> str:
    props = {"project.dir": str(project), "output": "file", "outputFile": out,
             "stopwords.file": "resources/stopwords-rouge-default.txt", "pos_tagger_name": MODEL}
    props.update(kv)
    return "".join(f"{k}={v}\n" for k, v in props.items())


def normal_settings(rng: random.Random, n: int) -> List[Dict[str, str]]:
    from rouge155.rouge2.properties import STEMMERS
    grams = ["1", "2", "3", "L", "S2", "SU4", "SU1", "S4", "4"]
    out = []
    for i in range(n):
        s = {"rouge.type": "normal" if i % 4 else "normalCompressed",
             "ngram": ",".join(rng.sample(grams, rng.randint(1, 5))),
             "stopwords.use": rng.choice(["true", "false"]),
             "stemmer.use": rng.choice(["true", "false"]),
             "stemmer.name": rng.choice(["englishStemmer"] * 8 + sorted(STEMMERS)),
             "beta": rng.choice(["1", "0.5", "3", "1.0"])}
        out.append(s)
    return out


def run_jar(jar: Path, props_text: str, out_name: str) -> Tuple[int, bytes, str]:
    cwd = jar.parent
    prop = cwd / f"harness-{os.getpid()}.properties"
    prop.write_text(props_text, encoding="latin-1")
    try:
        p = subprocess.run(["java", f"-Drouge.prop={prop}", "-jar", str(jar)], cwd=cwd,
                           capture_output=True, timeout=600)
        out = cwd / out_name
        data = out.read_bytes() if out.exists() else b""
        if out.exists():
            out.unlink()
        return p.returncode, data, p.stderr.decode("utf-8", "replace")[-500:]
    finally:
        prop.unlink()


def run_ours(cwd: Path, props_text: str, out_name: str) -> Tuple[int, bytes, str]:
    prop = Path(tempfile.mkdtemp()) / "rouge.properties"
    prop.write_text(props_text, encoding="latin-1")
    exe = Path(sys.executable).with_name("rouge155-rouge2")
    p = subprocess.run([str(exe), str(prop)], cwd=cwd, capture_output=True, timeout=600)
    out = cwd / out_name
    data = out.read_bytes() if out.exists() else b""
    if out.exists():
        out.unlink()
    shutil.rmtree(prop.parent)
    return p.returncode, data, p.stderr.decode("utf-8", "replace")


def tally(ok: bool, failures: List[str], failure: str, case: str, verbose: bool) -> bool:
    """One comparison counted: ``failure`` kept where the outputs differ, ``case`` printed when verbose."""
    if not ok:
        failures.append(failure)
    if verbose:
        print(f"{'same' if ok else 'DIFF'} {case}", flush=True)
    return ok


def compare_normal(seed: int, count: int, tasks: int = 6, verbose: bool = True) -> Tuple[int, int, List[str]]:
    """(cases, identical, failures) for ``count`` settings over one generated project."""
    jar, why = find_jar()
    if jar is None:
        raise SystemExit(f"skip: {why}")
    rng = random.Random(seed)
    tmp = Path(tempfile.mkdtemp(prefix="rouge2-h-"))
    failures: List[str] = []
    same = 0
    try:
        project = make_project(tmp / "proj", rng, tasks)
        for i, s in enumerate(normal_settings(rng, count)):
            out = f"h-{os.getpid()}-{i}.csv"
            text = properties(project, out, **s)
            jrc, jcsv, jerr = run_jar(jar, text, out)
            orc, ocsv, oerr = run_ours(jar.parent, text, out)
            ok = jrc == 0 and orc == 0 and jcsv == ocsv
            same += tally(ok, failures, f"seed {seed} settings {s}: jar rc {jrc} {jerr[-200:]!r} ours rc {orc} "
                          f"{oerr!r}\njar:\n{jcsv.decode('utf-8', 'replace')}\n"
                          f"ours:\n{ocsv.decode('utf-8', 'replace')}", str(s), verbose)
    finally:
        shutil.rmtree(tmp)
    return count, same, failures
