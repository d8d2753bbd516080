"""ROUGE 2.0's measures inside a normal rouge155 run (``--synonyms``, ``--topic RE``, ``--topic-uniq``).

The texts are read, cleaned, limited, stop-worded and stemmed exactly as for ROUGE-N (the same
StepwiseRun); the cleaned words are POS-tagged (any token tagger, see :mod:`rouge155.rouge2.tagger`)
before stop words and stemming drop or change them. Per (peer, model) pair:

* ``ROUGE-n+Synonyms`` (n = 1..-n): a peer n-gram matches a model n-gram that equals it, else one
  whose every word is the peer word or one of its WordNet synonyms (noun/verb/adjective by tag, as
  in ROUGE 2.0); each model n-gram is matched at most once, so hits never exceed either count
  (the jar lets one peer n-gram use up several synonyms; that quirk stays in ``rouge155-rouge2``).
* ``ROUGE-1-Topic``: unigrams whose ``word_tag`` (lower case) matches ``.*(RE).*``, clipped counts.
* ``ROUGE-1-TopicUniq``: the same, each distinct word counted once.
* with ``--synonyms`` too: ``ROUGE-1-Topic+Synonyms`` / ``ROUGE-1-TopicUniq+Synonyms``.

The pairs combine with -f/-p as ROUGE-N does, and the blocks get the usual averages and bootstrap
intervals (-r, -c); they come after all the standard blocks, so without these options nothing in
the output changes.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Callable, Dict, List, Optional, Sequence, Set, Tuple

import numpy as np

from ..metrics.formulas import ModelMatch, counts_row
from ..api import MetricResult, average_blocks
from ..inputs.config import EvalConfig
from ..base.errors import RougeError
from ..engine.plan import NGRAM, MetricBlock, MetricSpec
from ..engine.stepwise import StepwiseRun
from ..inputs.sources import TextSource
from ..base.options import Options
from ..base.perl import r5, perl_num
from ..inputs.resources import load_word_lists, resolve_data_dir
from .tagger import TokenTagger

Word = Tuple[str, str, str]  # (final token, lower-case tag, cleaned word before stop words/stemming)


@dataclass(frozen=True)
class ExtraMeasures:
    """Which ROUGE 2.0 measures to add (resolved once from the long options)."""

    synonyms: bool = False
    topic: Optional[str] = None      # the regex of --topic (None: no ROUGE-1-Topic block)
    topic_uniq: bool = False

    @property
    def any(self) -> bool:
        return self.synonyms or self.topic is not None or self.topic_uniq

    @property
    def topic_regex(self) -> str:
        return self.topic if self.topic is not None else "nn|jj"

    def check(self) -> None:
        try:
            re.compile(".*(" + self.topic_regex + ").*")
        except re.error as exc:
            raise RougeError(f"--topic {self.topic_regex!r} is not a regular expression ({exc})") from None


def _specs(options: Options, m: ExtraMeasures) -> List[Tuple[str, int, bool, Optional[str]]]:
    """(tag, n, synonyms, topic mode) in report order."""
    out: List[Tuple[str, int, bool, Optional[str]]] = []
    if m.synonyms:
        top = int(perl_num(options.ngram)) if options.ngram is not None else 1
        for n in range(1, max(top, 1) + 1):
            out.append((f"ROUGE-{n}+Synonyms", n, True, None))
    for mode, on in (("Topic", m.topic is not None), ("TopicUniq", m.topic_uniq)):
        if on:
            out.append((f"ROUGE-1-{mode}", 1, False, mode))
            if m.synonyms:
                out.append((f"ROUGE-1-{mode}+Synonyms", 1, True, mode))
    return out


class _Texts:
    """Tagged, filtered words of each summary (cached)."""

    def __init__(self, run: StepwiseRun, tagger: TokenTagger):
        self.run = run
        self.tagger = tagger
        self.cache: Dict[Tuple[str, Optional[str], bool], List[Word]] = {}

    def words(self, path: str, fmt: Optional[str], stemming: bool) -> List[Word]:
        key = (path, fmt, stemming)
        if key not in self.cache:
            text = self.run.reader.joined_text(path, fmt) or ""
            raw = [t for t in text.split(" ") if t]
            tags = list(self.tagger(raw)) if raw else []
            out: List[Word] = []
            for tok, tag in zip(raw, tags):
                final = self.run.reader.tokenizer.final(tok, stemming)
                if final is not None:
                    out.append((final, tag.lower(), tok))
            self.cache[key] = out
        return self.cache[key]


def _synonyms_of(word: str, raw: str, tag: str, wordnet, final: Callable[[str], Optional[str]]) -> Set[str]:
    """The word and the WordNet synonyms of its unstemmed form, filtered/stemmed like tokens."""
    syn: Set[str] = set()
    if "nn" in tag:
        syn = wordnet.nouns(raw)
    elif "jj" in tag:
        syn = wordnet.adjectives(raw)
    elif "vb" in tag:
        syn = wordnet.verbs(raw)
    out = {word}
    for s in syn:
        f = final(s)
        if f is not None:
            out.add(f)
    return out


def _hits(peer: List[Tuple[str, ...]], model: List[Tuple[str, ...]], peer_syn: Optional[List[List[Set[str]]]]) -> int:
    """Exact matches first, then synonym matches; each model n-gram used at most once."""
    bag = Counter(model)
    hits = 0
    rest = []
    for i, g in enumerate(peer):  # exact matches first
        if bag[g] > 0:
            bag[g] -= 1
            hits += 1
        else:
            rest.append(i)
    if peer_syn is None:
        return hits
    for i in rest:
        sets = peer_syn[i]
        for cand in bag:
            if bag[cand] > 0 and all(w in s for w, s in zip(cand, sets)):
                bag[cand] -= 1
                hits += 1
                break
    return hits


def extra_results(config: EvalConfig, options: Options, systems: Sequence[str], measures: ExtraMeasures,
                  data_dir: Optional[str] = None, source: Optional[TextSource] = None,
                  tagger: Optional[TokenTagger] = None, wordnet=None) -> List[MetricResult]:
    """The added blocks, system by system, for an already checked run (same config and options).
    ``tagger``: any token tagger (tokens -> Penn tags); ``wordnet``: any object with
    ``nouns``/``verbs``/``adjectives`` (word -> set of synonyms)."""
    if not measures.any:
        return []
    measures.check()
    if tagger is None:
        from .tagger import default_token_tagger
        tagger = default_token_tagger()
    if measures.synonyms and wordnet is None:
        from .wordnet import default_synonyms
        wordnet = default_synonyms()
    word_lists = load_word_lists(resolve_data_dir(data_dir))
    run = StepwiseRun(config, options, word_lists, source=source)
    texts = _Texts(run, tagger)
    stem = bool(options.stem) or bool(options.stem_models_only)
    topic = re.compile(".*(" + measures.topic_regex + ").*", re.DOTALL)
    blocks: List[MetricBlock] = []
    for system in systems:
        for tag, n, use_syn, mode in _specs(options, measures):
            keys, rows = [], []
            for ev in config.evaluations:
                if system not in ev.peers:
                    continue
                fmt = ev.input_format
                peer = texts.words(ev.peer_path(system), fmt, stem)
                if mode is not None:
                    peer = [w for w in peer if topic.fullmatch(f"{w[2]}_{w[1]}")]
                uniq = mode == "TopicUniq"
                grams = [tuple(w[0] for w in peer[k:k + n]) for k in range(len(peer) - n + 1)]
                starts = list(range(len(grams)))
                if uniq:  # each distinct word once (its first occurrence)
                    first: Dict[Tuple[str, ...], int] = {}
                    for k, g in enumerate(grams):
                        first.setdefault(g, k)
                    starts = sorted(first.values())
                    grams = [grams[k] for k in starts]
                syn = None
                if use_syn:
                    final = lambda s: run.reader.tokenizer.final(s, stem) if s else None  # noqa: E731
                    sets = [_synonyms_of(w[0], w[2], w[1], wordnet, final) for w in peer]
                    syn = [sets[k:k + n] for k in starts]
                matches = []
                for _mid, path in ev.model_paths():
                    model = texts.words(path, fmt, stem)
                    if mode is not None:
                        model = [w for w in model if topic.fullmatch(f"{w[2]}_{w[1]}")]
                    mgrams = [tuple(w[0] for w in model[k:k + n]) for k in range(len(model) - n + 1)]
                    if uniq:
                        mgrams = list(dict.fromkeys(mgrams))
                    hit = _hits(grams, mgrams, syn)
                    mc, pc = len(mgrams), len(grams)
                    matches.append(ModelMatch(hit, mc, pc, r5(hit / mc) if mc else 0.0))
                keys.append(f"{ev.eval_id}.{system}")
                rows.append(counts_row(run.combine(matches)))
            blocks.append(MetricBlock(system, MetricSpec(NGRAM, tag, n=n), keys,
                                      np.array(rows, dtype=np.float64).reshape(-1, 6)))
    return average_blocks(blocks, options)


def with_extra_results(results, config: EvalConfig, options: Options, systems: Sequence[str],
                       measures: ExtraMeasures, data_dir: Optional[str] = None, source: Optional[TextSource] = None):
    """The standard results, then the added blocks. The tagger and WordNet data load first, so a
    missing extra or a bad regex stops the run before anything is printed."""
    measures.check()
    from .tagger import default_token_tagger
    tagger = default_token_tagger()
    wordnet = None
    if measures.synonyms:
        from .wordnet import default_synonyms
        wordnet = default_synonyms()
    yield from results
    yield from extra_results(config, options, systems, measures, data_dir=data_dir, source=source,
                             tagger=tagger, wordnet=wordnet)


def evaluate(peers, models, measures: ExtraMeasures, options: Optional[Options] = None, *,
             input_format: str = "SPL", data_dir: Optional[str] = None, tagger: Optional[TokenTagger] = None,
             wordnet=None, **flags):
    """:func:`rouge155.evaluate` plus the ROUGE 2.0 blocks: same arguments, and ``measures``
    (which blocks), ``tagger`` and ``wordnet`` (pluggable; rouge155's own by default)."""
    from ..api import Result, evaluate as base_evaluate, memory_config
    result = base_evaluate(peers, models, options, input_format=input_format, data_dir=data_dir, **flags)
    options = result.options
    config, source = memory_config(peers, models, input_format)
    extra = extra_results(config, options, sorted(peers), measures, data_dir=data_dir,
                          source=source, tagger=tagger, wordnet=wordnet)
    return Result(options, result.metrics + extra, result.warnings)
