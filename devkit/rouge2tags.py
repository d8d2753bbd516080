"""Topic and synonym measures given the ROUGE 2.0 jar's own POS tags, and how rouge155's tagger agrees
(scripts/rouge2_harness.py --tags, tests/unit/rouge2).

The Stanford model the jar loads tags every sentence the computation asks for: a small Java
program (written here, compiled into the cache next to the jar; it calls the jar's
``MaxentTagger.tagString`` exactly as ``ROUGECalculator.getPOSTagged`` does) tags a batch of
strings per JVM start. rouge155 runs with a lookup table of those tags; sentences it asks for that
are not in the table yet (the jar re-tags a system summary's already tagged text once per
reference) are tagged in the next round, until none is missing.
"""
from __future__ import annotations

import os
import random
import shutil
import subprocess
import tempfile
from collections import Counter
from pathlib import Path
from typing import Dict, Iterable, List, Set, Tuple

from .difftools import REPO, SAMPLES
from .rouge2jar import MODEL, find_jar, make_project, properties, run_jar, summary_bytes, tally

# the DUC 2002 summaries of the ROUGE-1.5.5 release sample (shared/, for checking only)
DUC2002_SPL = SAMPLES / "sample-test" / "DUC2002" / "docs-spl"

JAVA = r"""
import edu.stanford.nlp.tagger.maxent.MaxentTagger;
import java.io.*;
import java.nio.charset.StandardCharsets;

public class Rouge155TagLines {
    public static void main(String[] a) throws Exception {
        MaxentTagger tagger = new MaxentTagger(a[0]);
        BufferedReader in = new BufferedReader(new InputStreamReader(new FileInputStream(a[1]),
                                                                     StandardCharsets.UTF_8));
        Writer out = new BufferedWriter(new OutputStreamWriter(new FileOutputStream(a[2]), StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            String s = line.replace("\\n", "\n").replace("\\r", "\r").replace("\\\\", "\\");
            String t = tagger.tagString(s);
            out.write(t.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r"));
            out.write("\n");
        }
        out.close();
    }
}
"""


JAVA_STEM = r"""
import java.io.*;
import java.nio.charset.StandardCharsets;
import org.tartarus.snowball.SnowballStemmer;

public class Rouge155StemWords {
    public static void main(String[] a) throws Exception {
        Writer out = new BufferedWriter(new OutputStreamWriter(new FileOutputStream(a[1]), StandardCharsets.UTF_8));
        for (int k = 2; k < a.length; k++) {
            SnowballStemmer st = (SnowballStemmer) Class.forName("org.tartarus.snowball.ext." + a[k])
                .getDeclaredConstructor().newInstance();
            BufferedReader in = new BufferedReader(new InputStreamReader(new FileInputStream(a[0]),
                                                                         StandardCharsets.UTF_8));
            String w;
            while ((w = in.readLine()) != null) {
                st.setCurrent(w);
                out.write(st.stem() ? st.getCurrent() : "\u0000");  // false: the jar drops the word
                out.write("\n");
            }
        }
        out.close();
    }
}
"""


def _java_class(jar: Path, name: str, source: str) -> Path:
    """Compiles one of this harness's Java helpers next to the jar (per source version)."""
    import hashlib
    classes = jar.parent / f"rouge155-java-{hashlib.sha1(source.encode()).hexdigest()[:10]}"
    if not (classes / f"{name}.class").exists():
        classes.mkdir(exist_ok=True)
        (classes / f"{name}.java").write_text(source)
        subprocess.run(["javac", "-cp", str(jar), "-d", str(classes), str(classes / f"{name}.java")], check=True,
                       capture_output=True)
    return classes


def compare_stemmers(words: List[str]) -> Dict[str, List[Tuple[str, str, str]]]:
    """Each Snowball stemmer the jar has against rouge155's (snowballstemmer): differences."""
    from rouge155.rouge2.properties import STEMMERS
    from rouge155.rouge2.run import snowball
    jar, why = find_jar()
    if jar is None:
        raise SystemExit(f"skip: {why}")
    classes = _java_class(jar, "Rouge155StemWords", JAVA_STEM)
    names = sorted(STEMMERS)
    tmp = Path(tempfile.mkdtemp())
    try:
        (tmp / "in.txt").write_text("".join(w + "\n" for w in words), encoding="utf-8")
        subprocess.run(["java", "-cp", f"{jar}:{classes}", "Rouge155StemWords", str(tmp / "in.txt"),
                        str(tmp / "out.txt"), *names], check=True, capture_output=True, timeout=600)
        got = (tmp / "out.txt").read_text(encoding="utf-8").split("\n")[:-1]
    finally:
        shutil.rmtree(tmp)
    out = {}
    for k, name in enumerate(names):
        stem = snowball(name)
        java = got[k * len(words):(k + 1) * len(words)]
        ours = ["\0" if o is None else o for o in map(stem, words)]  # None: the jar drops the word
        out[name] = [(w, j, o) for w, j, o in zip(words, java, ours) if o != j]
    return out


def stem_words(seed: int = 3) -> List[str]:
    """Words of the sample summaries (this repository's; the DUC 2002 ones of shared/ when there),
    and as many with one letter made accented (Latin-1)."""
    import re
    words = set()
    files = sorted((REPO / "sample-test" / "spl").glob("*/*.spl"))
    files += sorted(DUC2002_SPL.glob("*.spl"))
    for f in files:
        words |= set(re.findall(r"[a-z]+", f.read_text("latin-1").lower()))
    rng = random.Random(seed)
    accents = "àâäçéèêëîïôöùûüÿæñáíóúåøßþ"
    for w in sorted(words):
        i = rng.randrange(len(w))
        words.add(w[:i] + rng.choice(accents) + w[i + 1:])
    return sorted(words)


def _esc(s: str) -> str:
    return s.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r")


def _unesc(s: str) -> str:
    out, i = [], 0
    while i < len(s):
        if s[i] == "\\" and i + 1 < len(s):
            out.append({"n": "\n", "r": "\r", "\\": "\\"}[s[i + 1]])
            i += 2
        else:
            out.append(s[i])
            i += 1
    return "".join(out)


class StanfordTagger:
    """Batches of strings tagged by the jar's Stanford model, one JVM start per batch."""

    def __init__(self, jar: Path) -> None:
        self.jar = jar
        self.classes = _java_class(jar, "Rouge155TagLines", JAVA)
        self.table: Dict[str, str] = {}

    def tag(self, strings: Iterable[str]) -> None:
        todo = sorted({s for s in strings if s not in self.table})
        if not todo:
            return
        tmp = Path(tempfile.mkdtemp())
        try:
            (tmp / "in.txt").write_text("".join(_esc(s) + "\n" for s in todo), encoding="utf-8")
            subprocess.run(["java", "-cp", f"{self.jar}:{self.classes}", "Rouge155TagLines",
                            f"resources/taggers/{MODEL}", str(tmp / "in.txt"), str(tmp / "out.txt")],
                           cwd=self.jar.parent, check=True, capture_output=True, timeout=1200)
            got = (tmp / "out.txt").read_text(encoding="utf-8").split("\n")[:-1]
        finally:
            shutil.rmtree(tmp)
        assert len(got) == len(todo), (len(got), len(todo))
        for s, t in zip(todo, got):
            self.table[s] = _unesc(t)


class Recorder:
    """A sentence tagger reading a table; what it lacks is recorded (and tagged provisionally)."""

    def __init__(self, table: Dict[str, str]) -> None:
        self.table = table
        self.missing: Set[str] = set()

    def __call__(self, sent: str) -> str:
        if sent in self.table:
            return self.table[sent]
        self.missing.add(sent)
        return " ".join(w + "_NN" for w in sent.split())


def run_with_jar_tags(stanford: StanfordTagger, settings, synonyms=None, rounds: int = 8):
    from rouge155.rouge2.run import csv_text, evaluate_project
    for _ in range(rounds):
        rec = Recorder(stanford.table)
        groups = evaluate_project(settings, tagger=rec, synonyms=synonyms)
        if not rec.missing:
            return csv_text(groups)
        stanford.tag(rec.missing)
    raise RuntimeError("tags still missing after %d rounds" % rounds)


TOPIC_SETTINGS = [
    {"rouge.type": "topic", "topic.type": "nn|jj", "ngram": "1,2"},
    {"rouge.type": "topicUniq", "topic.type": "nn|jj", "ngram": "1"},
    {"rouge.type": "topic", "topic.type": "vb", "ngram": "L", "stopwords.use": "true"},
    {"rouge.type": "topicUniq", "topic.type": "nn", "ngram": "SU4", "stemmer.use": "true"},
    {"rouge.type": "topic", "topic.type": "jj|vb[dgnpz]?$", "ngram": "1", "stopwords.use": "true",
     "stemmer.use": "true"},
    {"rouge.type": "topicUniq", "topic.type": "nn.*|jj", "ngram": "1", "beta": "2"},
]
SYNONYM_SETTINGS = [
    {"rouge.type": "normal", "synonyms.use": "true", "ngram": "1,2,L"},
    {"rouge.type": "normal", "synonyms.use": "true", "ngram": "SU4", "stopwords.use": "true"},
    {"rouge.type": "topic", "synonyms.use": "true", "topic.type": "nn|jj|vb", "ngram": "1"},
    {"rouge.type": "topicUniq", "synonyms.use": "true", "topic.type": "nn|jj", "ngram": "1"},
    {"rouge.type": "normalCompressed", "synonyms.use": "true", "ngram": "1,2"},
]


JAWS_DIR = "C:\\Program Files (x86)\\WordNet\\2.1\\dict\\"


def wordnet_ready(jar: Path) -> bool:
    """The jar reads WordNet from a fixed Windows path, on Linux one relative directory of that
    literal name; filled from Debian's wordnet-base + wordnet-sense-index (WordNet 3.0)."""
    d = jar.parent / JAWS_DIR
    if (d / "index.sense").is_file():
        return True
    src = Path("/usr/share/wordnet")
    if not (src / "index.sense").is_file():
        return False
    d.mkdir(exist_ok=True)
    for f in src.iterdir():
        if f.is_file():
            shutil.copyfile(f, d / f.name)
    return True


def coarse(tag: str) -> str:
    t = tag.upper()
    return "noun" if t.startswith("NN") else "verb" if t.startswith("VB") else "adj" if t.startswith("JJ") else "other"


def compare_tags(seed: int = 7, tasks: int = 8, with_synonyms: bool = True, verbose: bool = True,
                 quick: bool = False):
    """(cases, identical, failures, rows) for topic and synonym settings on generated projects and the
    jar's sample, given the jar's tags; ``rows``: {"own": (identical, rows), "model": ...}, the CSV rows of
    whole runs with rouge155's own tagger and with the jar's model file read by rouge155 (cwd = the jar's
    folder, whose resources/taggers/ holds it); ``quick``: a third of the settings."""
    from rouge155.rouge2.properties import settings_from_properties, parse_properties
    from rouge155.rouge2.run import csv_text, evaluate_project
    from rouge155.rouge2.tagger import default_sentence_tagger
    jar, why = find_jar()
    if jar is None:
        raise SystemExit(f"skip: {why}")
    stanford = StanfordTagger(jar)
    rng = random.Random(seed)
    tmp = Path(tempfile.mkdtemp(prefix="rouge2-t-"))
    failures: List[str] = []
    same = cases = 0
    row_tally = {"own": [0, 0], "model": [0, 0]}   # CSV rows identical to the jar's, rows
    cwd = os.getcwd()
    try:
        project = make_project(tmp / "proj", rng, tasks)
        plain = make_project(tmp / "plain", rng, tasks, odd=False)
        with_synonyms = with_synonyms and wordnet_ready(jar)
        grid = [(project, s) for s in TOPIC_SETTINGS + (SYNONYM_SETTINGS if with_synonyms else [])]
        grid += [(plain, s) for s in (TOPIC_SETTINGS[:2] + SYNONYM_SETTINGS if with_synonyms else TOPIC_SETTINGS[:2])]
        sample = jar.parent / "projects" / "test-summarization"
        if with_synonyms and (sample / "reference").is_dir():
            # the jar's own sample, English task only (its Stanford model fails on the Persian one)
            eng = tmp / "sample"
            for sub in ("reference", "system"):
                (eng / sub).mkdir(parents=True)
                for f in (sample / sub).glob("task1_*"):
                    shutil.copyfile(f, eng / sub / f.name)
            grid += [(eng, s) for s in TOPIC_SETTINGS[:1] + SYNONYM_SETTINGS]
        if quick:
            grid = grid[::3]
        os.chdir(jar.parent)  # relative resources/ paths, as the jar sees them
        for i, (project, s) in enumerate(grid):
            out = f"t-{os.getpid()}-{i}.csv"
            text = properties(project, out, **s)
            jrc, jcsv, jerr = run_jar(jar, text, out)
            settings = settings_from_properties(parse_properties(text.encode("latin-1")))
            try:
                ours = run_with_jar_tags(stanford, settings).encode("utf-8")
                orc = 0
            except Exception as exc:  # the jar fails on some inputs; so must we
                ours, orc = str(exc).encode(), 1
            cases += 1
            ok = (jrc == 0) == (orc == 0) and (jrc != 0 or jcsv == ours)
            same += tally(ok, failures, f"{s}: jar rc {jrc} {jerr[-300:]!r} ours rc {orc}\njar:\n{jcsv.decode()}\n"
                          f"ours:\n{ours.decode()}", f"(jar rc {jrc}) {project.name} {s}", verbose)
            if jrc == 0:  # whole runs as rouge155-rouge2 makes them: own tagger, and the model file's tags
                jl = jcsv.decode().splitlines()
                for name, tagger in (("own", default_sentence_tagger()), ("model", None)):
                    try:
                        got = csv_text(evaluate_project(settings, tagger=tagger)).splitlines()
                    except Exception:
                        got = []
                    rows = [(a, b) for a, b in zip(jl[1:], got[1:]) if a]
                    row_tally[name][0] += sum(a == b for a, b in rows)
                    row_tally[name][1] += len(rows)
    finally:
        os.chdir(cwd)
        shutil.rmtree(tmp)
    return cases, same, failures, {k: (v[0], v[1]) for k, v in row_tally.items()}


def tag_agreement(seed: int, summaries: int):
    """Token-level agreement of rouge155's tagger with the Stanford model on generated sentences
    and the jar's sample (English), per coarse class, as the jar tags them (cleaned, lower case)."""
    from rouge155.rouge2.measures import clean_sentence
    from rouge155.rouge2.tagger import default_sentence_tagger
    jar, why = find_jar()
    if jar is None:
        raise SystemExit(f"skip: {why}")
    rng = random.Random(seed)
    groups: Dict[str, List[str]] = {"generated": [], "sample": []}
    for _ in range(summaries):
        for line in summary_bytes(rng, odd=False).decode("latin-1").splitlines():
            groups["generated"].append(clean_sentence(line).lower())
    # sample summaries: this repository's sample-test/spl, the jar's own English sample
    files = sorted((REPO / "sample-test" / "spl").glob("*/*.spl"))
    files += sorted((jar.parent / "projects" / "test-summarization").glob("*/task1_*"))
    # and the DUC 2002 summaries of the ROUGE-1.5.5 release sample (shared/, for checking only)
    files += sorted(DUC2002_SPL.glob("*.spl"))
    for f in files:
        for line in f.read_bytes().decode("latin-1").splitlines():
            groups["sample"].append(clean_sentence(line).lower())
    stanford = StanfordTagger(jar)
    stanford.tag(s for g in groups.values() for s in g if s.strip())
    ours = default_sentence_tagger()
    out = {}
    for name, sents in groups.items():
        sents = [s for s in sents if s.strip()]
        per: Counter = Counter()
        both: Counter = Counter()
        tokens = same_tok = 0
        for s in sents:
            a = [t.rsplit("_", 1) for t in stanford.table[s].split()]
            b = [t.rsplit("_", 1) for t in ours(s).split()]
            if [w for w, _ in a] != [w for w, _ in b]:
                continue  # tokenised differently: counted apart
            same_tok += 1
            for (_, ta), (_, tb) in zip(a, b):
                ca, cb = coarse(ta), coarse(tb)
                tokens += 1
                per[ca] += 1
                both[ca] += ca == cb
        out[name] = (len(sents), same_tok, tokens, per, both)
    return out
