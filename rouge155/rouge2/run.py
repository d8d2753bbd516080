"""A whole ROUGE 2.0 run: project folder in, the jar's CSV rows (and console summary) out."""
from __future__ import annotations

from typing import Callable, List, Optional, Set

from ..base.errors import RougeError
from . import javalang
from .measures import Calculator, Rouge2Result, SentenceTagger, SynonymSource, clean_sentence, rouge_name
from .project import read_lines, read_project
from .properties import STEMMERS, Settings

CSV_HEADER = "ROUGE-Type,Task Name,System Name,Avg_Recall,Avg_Precision,Avg_F-Score,Num Reference Summaries"


def missing_extra(what: str) -> RougeError:
    return RougeError(f'{what} needs the rouge2 extra: pip install ".[rouge2]"')


def load_stopwords(path: str) -> Set[str]:
    """``StopWordsHandler``: each line trimmed and lower-cased (blank lines give the empty word)."""
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError as exc:
        raise RougeError(f"cannot read stopwords.file {path}: {exc.strerror}") from None
    return {javalang.trim(line).lower() for line in javalang.lines(data)}


def snowball(name: str) -> Callable[[str], Optional[str]]:
    """The jar's ``org.tartarus.snowball.ext.<name>`` as a word -> stem function; None where the
    stemmer's ``stem()`` returns false (the Turkish one does on one-syllable words)."""
    import importlib

    algorithm = STEMMERS[name]
    # the pure-Python class itself: snowballstemmer.stemmer() would hand over to PyStemmer (rouge155's
    # --language stemmers), whose newer Snowball release stems differently from the jar
    try:
        module = importlib.import_module(f"snowballstemmer.{algorithm}_stemmer")
    except ImportError:
        raise missing_extra("stemmer.use=true") from None
    stemmer = getattr(module, "".join(p.capitalize() for p in algorithm.split("_")) + "Stemmer")()

    def stem(word: str) -> Optional[str]:
        # one stemmer object and no cache, as the jar's static SnowballStemmer; stem()'s result
        # matters (jar quirk: applyStemming drops a word whose stem() is false)
        stemmer.set_current(word)
        if not stemmer._stem():
            return None
        return stemmer.get_current()
    return stem


def evaluate_project(settings: Settings, *, tagger: Optional[SentenceTagger] = None,
                     synonyms: Optional[SynonymSource] = None,
                     stem: Optional[Callable[[str], Optional[str]]] = None) -> List[List[Rouge2Result]]:
    """Rows grouped as the jar writes them: for each task, for each ngram entry, one row per
    system. Without ``tagger`` (needed by topic measures and synonyms) rouge155's own is used."""
    stopwords = load_stopwords(settings.stopwords_file) if settings.remove_stopwords else None
    if settings.use_stemmer and stem is None:
        stem = snowball(settings.stemmer)
    if settings.needs_tagger and tagger is None:
        from .tagger import project_tagger
        tagger, _ = project_tagger(settings)
    if settings.use_synonyms and synonyms is None:
        from .wordnet import default_synonyms
        synonyms = default_synonyms()
    calc = Calculator(settings, stopwords=stopwords, stem=stem, tagger=tagger, synonyms=synonyms)
    tasks = read_project(settings.project_dir)
    groups: List[List[Rouge2Result]] = []
    cache = {}

    def sentences(path: str) -> List[str]:
        if path not in cache:
            cache[path] = [clean_sentence(line) for line in read_lines(path)]
        return list(cache[path])

    tag_all = getattr(tagger, "tag_strings", None)
    if tag_all is not None:  # a batch tagger (the Stanford one): every sentence's first tagging in one go
        paths = [s.path for t in tasks for s in t.systems] + [p for t in tasks if t.systems for p in t.references]
        tag_all([s.lower() for p in dict.fromkeys(paths) for s in sentences(p)])

    for task in tasks:
        for ngram in settings.ngrams:
            rows: List[Rouge2Result] = []
            for system in task.systems:
                r = Rouge2Result(rouge_name(settings, ngram), task.name, system.name)
                calc.compute(r, ngram, sentences(system.path), [sentences(p) for p in task.references])
                rows.append(r)
            groups.append(rows)
    return groups


def csv_text(groups: List[List[Rouge2Result]]) -> str:
    """The results file: a header, then each group's rows followed by an empty line."""
    fmt = javalang.decimal_format
    out = [CSV_HEADER + "\n"]
    for rows in groups:
        for r in rows:
            out.append(f"{r.rouge_name},{r.task.upper()},{r.system.upper()},{fmt(r.recall)},"
                       f"{fmt(r.precision)},{fmt(r.f)},{r.count}\n")
        out.append("\n")
    return "".join(out)


def summary_text(groups: List[List[Rouge2Result]]) -> str:
    """What the jar prints between its "Results Summary" lines."""
    fmt = javalang.decimal_format
    out = ["\n========Results Summary=======\n\n"]
    for rows in groups:
        for r in rows:
            out.append(f"{r.rouge_name}\t{r.task.upper()}\t{r.system.upper()}\tAverage_R:{fmt(r.recall)}"
                       f"\tAverage_P:{fmt(r.precision)}\tAverage_F:{fmt(r.f)}\tNum Reference Summaries:{r.count}\n")
        out.append("\n\n")
    out.append("======Results Summary End======\n\n")
    return "".join(out)
