"""The evaluation run: which metrics, in which order, over which instances (``computeROUGEX``).

A run walks systems, then metrics, then evaluations in the Perl's order, because some of the
script's state carries from one step to the next (``-M`` switching ``-m`` off, one warning per
missing peer). It yields one :class:`MetricBlock` per printed block; aggregation comes after.
"""
from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Dict, Iterator, List, Mapping, Optional, Sequence, Tuple

from .aggregate import Counts, Instance, ModelMatch, combine, instance_values
from .config import EvalConfig, Evaluation
from .errors import RougeError
from .metrics import be as be_metric
from .metrics.lcs import lcs_hits, wlcs_hits
from .metrics.ngram import clipped_hits, ngrams
from .metrics.skipbigram import skip_bigrams
from .options import Options
from .perl import perl_num, r5
from .readers import clean, limited_text, limited_units, parse_units, read_file
from .resources import LanguageData
from .stem import Stemmer
from .tokenize import Tokenizer


class TextSource:
    """Where summary text comes from: the file system (the CLI) or memory (the API)."""

    def exists(self, path: str) -> bool:
        return os.path.exists(path)

    def read(self, path: str) -> bytes:
        return read_file(path)


class MemorySource(TextSource):
    """Summaries held in memory, keyed by the names the config uses."""

    def __init__(self, texts: Mapping[str, bytes]):
        self._texts = texts

    def exists(self, path: str) -> bool:
        return path in self._texts

    def read(self, path: str) -> bytes:
        try:
            return self._texts[path]
        except KeyError:
            raise RougeError(f"Cannot open {path}") from None


@dataclass(frozen=True)
class MetricSpec:
    """One printed block: ``kind`` is N, L, W, S or BE; ``tag`` is what the report calls it."""

    kind: str
    tag: str
    n: int = 0
    skip_unigrams: bool = False


@dataclass
class MetricBlock:
    system: str
    spec: MetricSpec
    instances: List[Instance] = field(default_factory=list)
    counts: List[Counts] = field(default_factory=list)


def metric_plan(options: Options) -> List[MetricSpec]:
    """The metrics of one system, in the script's order."""
    plan: List[MetricSpec] = []
    if options.ngram is not None:
        top = perl_num(options.ngram)
        n = 1
        while n <= top:
            plan.append(MetricSpec("N", f"ROUGE-{n}", n=n))
            n += 1
    if not options.no_lcs and options.be_mode is None:
        plan.append(MetricSpec("L", "ROUGE-L"))
    if options.weight is not None:
        plan.append(MetricSpec("W", f"ROUGE-W-{options.weight}"))
    if options.skip_distance is not None:
        sd = options.skip_distance
        if options.skip_distance_num >= 0:
            if options.skip_unigrams:
                plan.append(MetricSpec("S", f"ROUGE-SU{sd}", skip_unigrams=True))
            elif options.skip_both:
                plan.append(MetricSpec("S", f"ROUGE-S{sd}"))
                plan.append(MetricSpec("S", f"ROUGE-SU{sd}", skip_unigrams=True))
            else:
                plan.append(MetricSpec("S", f"ROUGE-S{sd}"))
        elif options.skip_unigrams:
            plan.append(MetricSpec("S", "ROUGE-SU*", skip_unigrams=True))
        else:
            plan.append(MetricSpec("S", "ROUGE-S*"))
            if options.skip_both:
                plan.append(MetricSpec("S", "ROUGE-SU*", skip_unigrams=True))
    if options.be_mode is not None:
        plan.append(MetricSpec("BE", f"ROUGE-BE-{options.be_mode}"))
    return plan


class Run:
    """One evaluation run over a config, with the state the Perl script keeps between steps."""

    def __init__(
        self,
        config: EvalConfig,
        options: Options,
        language: LanguageData,
        source: Optional[TextSource] = None,
        warn: Callable[[str], None] = lambda msg: None,
    ):
        self.config = config
        self.options = options
        self.source = source or TextSource()
        self.warn = warn
        stem = Stemmer(language.exceptions)
        self.stemmer = stem
        self.tokenizer = Tokenizer(language.stopwords if options.remove_stopwords else None, stem)
        # Perl quirk: -M sets $opt_m=1 around each model and then undef, so after the first model
        # processed under -M, -m is off for the rest of the run (peers included).
        self.stem_on = options.stem
        self._known_missing: set = set()
        self._units: Dict[Tuple[str, Optional[str]], List[bytes]] = {}
        self._word_limit = options.word_limit_num
        self._byte_limit = options.byte_limit_num

    # -- text ---------------------------------------------------------------------------------------
    def _raw_units(self, path: str, fmt: Optional[str]) -> List[bytes]:
        key = (path, fmt)
        units = self._units.get(key)
        if units is None:
            units = parse_units(self.source.read(path), fmt)
            if len(self._units) > 4096:
                self._units.clear()
            self._units[key] = units
        return units

    def joined_tokens(self, path: str, fmt: Optional[str], stemming: bool) -> List[str]:
        """``readText`` then the token filter."""
        text = limited_text(self._raw_units(path, fmt), self._word_limit, self._byte_limit)
        if text is None:
            self.warn(f"readText: {path} -> empty text")
            return []
        return self.tokenizer.tokens(clean(text), stemming)

    def unit_tokens(self, path: str, fmt: Optional[str], stemming: bool) -> List[List[str]]:
        """``readText_LCS`` then ``tokenizeText_LCS``: one token list per unit."""
        units = limited_units(self._raw_units(path, fmt), self._word_limit, self._byte_limit)
        return [self.tokenizer.tokens(clean(u), stemming) for u in units]

    def _model_stemming(self) -> bool:
        return True if self.options.stem_models_only else self.stem_on

    def _after_model(self) -> None:
        if self.options.stem_models_only:
            self.stem_on = False

    # -- the walk -----------------------------------------------------------------------------------
    def systems(self, system_id: Optional[str], evaluate_all: bool) -> List[str]:
        if evaluate_all:
            return sorted(self.config.peer_ids)
        return [system_id if system_id is not None else ""]

    def blocks(self, systems: Sequence[str]) -> Iterator[MetricBlock]:
        plan = metric_plan(self.options)
        for system in systems:
            for spec in plan:
                block = MetricBlock(system, spec)
                for ev in self.config.evaluations:
                    counts = self.instance(ev, system, spec)
                    if counts is not None:
                        block.counts.append(counts)
                        block.instances.append(
                            Instance(f"{ev.eval_id}.{system}", instance_values(counts, self.options.token_mode_num))
                        )
                yield block

    def instance(self, ev: Evaluation, system: str, spec: MetricSpec) -> Optional[Counts]:
        if system not in ev.peers:
            if (ev.eval_id, system) not in self._known_missing:
                self._known_missing.add((ev.eval_id, system))
                self.warn(f"*ROUGE Warning: test instance for peer {system} does not exist for evaluation {ev.eval_id}")
            return None
        peer = ev.peer_path(system)
        models = []
        for _mid, path in ev.model_paths():
            if not self.source.exists(path):
                raise RougeError(f"Cannot find model summary: {path}")
            models.append(path)
        fmt = ev.input_format
        if spec.kind == "N":
            return self._ngram(peer, models, fmt, spec.n)
        if spec.kind == "L":
            return self._lcs(peer, models, fmt, weighted=False)
        if spec.kind == "W":
            return self._lcs(peer, models, fmt, weighted=True)
        if spec.kind == "S":
            return self._skip(peer, models, fmt, spec.skip_unigrams)
        return self._be(peer, models, fmt)

    def _combine(self, matches: List[ModelMatch], ratio=None) -> Counts:
        if ratio is None:
            return combine(matches, self.options.formula, self.options.alpha_num)
        return combine(matches, self.options.formula, self.options.alpha_num, ratio)

    def _ngram(self, peer: str, models: List[str], fmt: Optional[str], n: int) -> Counts:
        peer_grams, peer_count = ngrams(self.joined_tokens(peer, fmt, self.stem_on), n)
        matches = []
        for path in models:
            # Perl quirk: ROUGE-N ignores -M (the script sets $opt_m around models only elsewhere).
            grams, count = ngrams(self.joined_tokens(path, fmt, self.stem_on), n)
            hit = clipped_hits(grams, peer_grams)
            matches.append(ModelMatch(hit, count, peer_count, r5(hit / count) if count else 0.0))
        return self._combine(matches)

    def _skip(self, peer: str, models: List[str], fmt: Optional[str], with_unigrams: bool) -> Counts:
        distance = self.options.skip_distance_num
        peer_grams, peer_count = skip_bigrams(self.joined_tokens(peer, fmt, self.stem_on), distance, with_unigrams)
        matches = []
        for path in models:
            tokens = self.joined_tokens(path, fmt, self._model_stemming())
            self._after_model()
            grams, count = skip_bigrams(tokens, distance, with_unigrams)
            hit = clipped_hits(grams, peer_grams)
            matches.append(ModelMatch(hit, count, peer_count, r5(hit / count) if count else 0.0))
        return self._combine(matches)

    def _lcs(self, peer: str, models: List[str], fmt: Optional[str], weighted: bool) -> Counts:
        weight = self.options.weight_num
        peer_units = self.unit_tokens(peer, fmt, self.stem_on)
        peer_1grams, peer_count = ngrams(self.joined_tokens(peer, fmt, self.stem_on), 1)
        matches = []
        for path in models:
            if weighted:
                # Perl quirk: ROUGE-W applies -M to the model's unigram counts but not to its units.
                model_units = self.unit_tokens(path, fmt, self.stem_on)
            else:
                model_units = self.unit_tokens(path, fmt, self._model_stemming())
                self._after_model()
            model_1grams, _ = ngrams(self.joined_tokens(path, fmt, self._model_stemming()), 1)
            self._after_model()
            if weighted:
                hit, base = wlcs_hits(model_units, peer_units, dict(model_1grams), dict(peer_1grams), weight)
                if base == 0:
                    raise RougeError(
                        f"Illegal division by zero: ROUGE-W model summary {path} has no tokens to weigh"
                    )
                score = (hit / base) ** (1 / weight)
                # Perl quirk: the model's weighted length (already a sum of len**w) is raised to w again.
                matches.append(ModelMatch(hit, base**weight, float(peer_count) ** weight, score))
            else:
                hit, base = lcs_hits(model_units, peer_units, dict(model_1grams), dict(peer_1grams))
                matches.append(ModelMatch(hit, base, peer_count, hit / base if base > 0 else 0.0))
        if weighted:
            return self._combine(matches, lambda hit, count: (hit / count) ** (1 / weight))
        return self._combine(matches)

    def _be(self, peer: str, models: List[str], fmt: Optional[str]) -> Counts:
        mode = self.options.be_mode or ""
        peer_bes = be_metric.create(self._read_be(peer, fmt), mode, self.stem_on, self.stemmer)
        matches = []
        for path in models:
            lines = self._read_be(path, fmt)
            model_bes = be_metric.create(lines, mode, self._model_stemming(), self.stemmer)
            self._after_model()
            hit = clipped_hits(model_bes.grams, peer_bes.grams)
            count = model_bes.count
            matches.append(ModelMatch(hit, count, peer_bes.count, r5(hit / count) if count else 0.0))
        return self._combine(matches)

    def _read_be(self, path: str, fmt: Optional[str]) -> List[bytes]:
        lines = be_metric.read_lines(self.source.read(path), fmt)
        if not lines:
            self.warn(f"readBE: {path} -> empty text")
        return lines
