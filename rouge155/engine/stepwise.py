"""The evaluation run: which metrics, in which order, over which instances (``computeROUGEX``).

A run walks systems, then metrics, then evaluations in the Perl's order, because some of the
script's state carries from one step to the next (``-M`` switching ``-m`` off, one warning per
missing peer). It yields one :class:`MetricBlock` per printed block; aggregation comes after.
"""
from __future__ import annotations

from collections import Counter

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Callable, Dict, Iterator, List, Mapping, Optional, Sequence, Tuple

from ..base.records import dataclass, field  # dataclasses' records without its start-up cost
from ..metrics.formulas import (Counts, ModelMatch, combine, counts_row, w_power, w_ratio, w_totals_printed,
                                w_weight)
from ..inputs.config import EvalConfig, Evaluation
from ..inputs.sources import TextSource
from ..base.errors import RougeError
from ..metrics.lcs import lcs_hits, wlcs_hits
from ..metrics.ngram import clipped_hits, ngrams
from ..metrics.skipbigram import skip_bigrams
from ..base.options import Options
from ..base.perl import f5, fmt_num, perl_num, r5
from ..base.perlmath import perl_add
from ..text.modes import text_model
from ..inputs.resources import LanguageData
from ..text.tokens import Tokenizer


@dataclass(frozen=True)
class MetricSpec:
    """One printed block: ``kind`` is N, L, W, S or BE; ``tag`` is what the report calls it."""

    kind: str
    tag: str
    n: int = 0
    skip_unigrams: bool = False


@dataclass
class MetricBlock:
    """One metric for one system: each instance's key (``evalID.systemID``) and counts row
    (model count, hit, R, peer count, P, F), in evaluation order: a list of float tuples here, an
    (n, 6) numpy array from the batched engine (:func:`aggregate.table_rows` reads both)."""

    system: str
    spec: MetricSpec
    keys: List[str] = field(default_factory=list)
    counts: Sequence = field(default_factory=list)


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
        debug: Optional[Callable[[str], None]] = None,
    ):
        self.config = config
        self.options = options
        self.source = source or TextSource()
        self.warn = warn
        # -v: the script's debugging lines (stdout); None when off.
        self.debug = debug if options.verbose else None
        self.text = text_model(options)
        stem = self.text.stemmer(language.exceptions)
        self.stemmer = stem
        self.tokenizer = Tokenizer(self.text.stopwords(language.stopwords) if options.remove_stopwords else None,
                                   stem, self.text.counted_first)
        # Perl quirk: -M sets $opt_m=1 around each model and then undef, so after the first model
        # processed under -M, -m is off for the rest of the run (peers included).
        self.stem_on = options.stem
        self._known_missing: set = set()
        self._w_zeros = [False, False]  # Perl quirk: computeWLCSScore's "!= 0" literals, once read as doubles
        self._units: Dict[Tuple[str, Optional[str]], List[bytes]] = {}
        self._word_limit = options.word_limit_num
        self._byte_limit = options.byte_limit_num

    # -- text ---------------------------------------------------------------------------------------
    def _raw_units(self, path: str, fmt: Optional[str]) -> List[bytes]:
        key = (path, fmt)
        units = self._units.get(key)
        if units is None:
            units = self.text.parse(self.source.read(path), fmt, path)
            if len(self._units) > 4096:
                self._units.clear()
            self._units[key] = units
        return units

    def joined_text(self, path: str, fmt: Optional[str]) -> Optional[str]:
        """``readText``: the cleaned, limited text (None where Perl leaves it undefined)."""
        text = self.text.limited_text(self._raw_units(path, fmt), self._word_limit, self._byte_limit)
        if text is None:
            self.warn(f"readText: {path} -> empty text")
            return None
        return self.text.clean(text)

    def joined_tokens(self, path: str, fmt: Optional[str], stemming: bool) -> List[str]:
        """``readText`` then the token filter."""
        return self.tokenizer.tokens(self.joined_text(path, fmt), stemming)

    def unit_texts(self, path: str, fmt: Optional[str]) -> List[str]:
        """``readText_LCS``: the cleaned, limited units (Perl quirk: it never warns, its test
        ``defined(@units > 0)`` being always true)."""
        units = self.text.limited_units(self._raw_units(path, fmt), self._word_limit, self._byte_limit)
        return [self.text.clean(u) for u in units]

    def unit_tokens(self, units: List[str], stemming: bool) -> List[List[str]]:
        """``tokenizeText_LCS``: one token list per unit."""
        return [self.tokenizer.tokens(u, stemming) for u in units]

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
                keys, rows = [], []
                for ev in self.config.evaluations:
                    if self.debug and spec.kind == "N":
                        self.debug(f"@Eval ({ev.eval_id})")
                    counts = self.instance(ev, system, spec)
                    if counts is not None:
                        if self.debug:
                            self.debug(f"{ev.eval_id}.{system}")
                        keys.append(f"{ev.eval_id}.{system}")
                        rows.append(counts_row(counts))  # Perl's numbers: ROUGE-W's integers stay exact
                yield MetricBlock(system, spec, keys, rows)

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

    def _combine(self, matches: List[ModelMatch], ratio=None) -> Counts:  # ROUGE-W (ratio): Perl's sums
        return combine(matches, self.options.formula, self.options.alpha_num, *((ratio, perl_add) if ratio else ()))

    def _bag(self, peer: str, models: List[str], fmt: Optional[str], bag, models_only_stemming: bool) -> Counts:
        """A clipped multiset metric (ROUGE-N, ROUGE-S/SU): ``bag(tokens)`` gives (grams, count)."""
        dbg = self.debug
        text = self.joined_text(peer, fmt)
        peer_grams, peer_count = bag(self.tokenizer.tokens(text, self.stem_on))
        if dbg:
            dbg(f"***P {peer}")
            _debug_text(dbg, text, peer_grams, peer_count)
        matches = []
        for path in models:
            text = self.joined_text(path, fmt)
            if models_only_stemming:
                tokens = self.tokenizer.tokens(text, self._model_stemming())
                self._after_model()
            else:
                # Perl quirk: ROUGE-N ignores -M (the script sets $opt_m around models only elsewhere).
                tokens = self.tokenizer.tokens(text, self.stem_on)
            grams, count = bag(tokens)
            if dbg:
                _debug_text(dbg, text, grams, count)
            hit = clipped_hits(grams, peer_grams)
            matches.append(ModelMatch(hit, count, peer_count, r5(hit / count) if count else 0.0))
            if dbg:
                dbg(f"***M {path}")
        return self._combine(matches)

    def _ngram(self, peer: str, models: List[str], fmt: Optional[str], n: int) -> Counts:
        counts = self._bag(peer, models, fmt, lambda tokens: ngrams(tokens, n), False)
        if self.debug:
            _debug_totals(self.debug, f"{n}-gram", f"ROUGE-{n}", counts, ("-R: ", "-P: ", "-F: "))
        return counts

    def _skip(self, peer: str, models: List[str], fmt: Optional[str], with_unigrams: bool) -> Counts:
        distance = self.options.skip_distance_num
        counts = self._bag(peer, models, fmt, lambda tokens: skip_bigrams(tokens, distance, with_unigrams), True)
        dbg = self.debug
        if dbg:
            sd = self.options.skip_distance
            # Perl quirk: the -v lines for P and F print the recall.
            r = _f5(counts.recall)
            dbg(f"total ROUGE-S{sd} model count: {fmt_num(counts.model_count)}")
            dbg(f"total ROUGE-S{sd} peer count: {fmt_num(counts.peer_count)}")
            dbg(f"total ROUGE-S{sd} hit: {fmt_num(counts.hit)}")
            dbg(f"total ROUGE-S{sd}-R: {r}")
            dbg(f"total ROUGE-S{sd}-P: {r}")
            dbg(f"total ROUGE-S{sd}-F: {r}")
        return counts

    def _lcs(self, peer: str, models: List[str], fmt: Optional[str], weighted: bool) -> Counts:
        dbg = self.debug
        weight = w_weight(self.options.weight) if weighted else None
        peer_texts = self.unit_texts(peer, fmt)
        peer_units = self.unit_tokens(peer_texts, self.stem_on)
        peer_1grams, peer_count = ngrams(self.joined_tokens(peer, fmt, self.stem_on), 1)
        if dbg:
            dbg(f"***P {peer}")
            _debug_units(dbg, peer_texts, peer_units)
        trace = None
        if dbg:
            label = "ROUGE-W: " if weighted else "LCS: "

            def trace(tokens: List[str]) -> None:
                dbg(label + (" ".join(tokens) if tokens else "-"))

        matches = []
        for path in models:
            model_texts = self.unit_texts(path, fmt)
            if weighted:
                # Perl quirk: ROUGE-W applies -M to the model's unigram counts but not to its units.
                model_units = self.unit_tokens(model_texts, self.stem_on)
            else:
                model_units = self.unit_tokens(model_texts, self._model_stemming())
                self._after_model()
            model_1grams, _ = ngrams(self.joined_tokens(path, fmt, self._model_stemming()), 1)
            self._after_model()
            if weighted:
                hit, base = wlcs_hits(model_units, peer_units, dict(model_1grams), dict(peer_1grams), weight, trace)
                if base == 0:
                    raise RougeError(
                        f"Illegal division by zero: ROUGE-W model summary {path} has no tokens to weigh"
                    )
                # Perl quirk (w_power): the model's weighted length is raised to w again.
                matches.append(ModelMatch(hit, w_power(base, weight), w_power(peer_count, weight),
                                          w_ratio(hit, base, weight)))
            else:
                hit, base = lcs_hits(model_units, peer_units, dict(model_1grams), dict(peer_1grams), trace)
                matches.append(ModelMatch(hit, base, peer_count, hit / base if base > 0 else 0.0))
            if dbg:
                dbg(f"***M {path}")
                _debug_units(dbg, model_texts, model_units)
        if weighted:
            counts = self._combine(matches, lambda hit, count: w_ratio(hit, count, weight))
            if dbg:
                w = self.options.weight
                _debug_totals(dbg, f"ROUGE-W-{w}", f"ROUGE-W-{w}", w_totals_printed(counts, self._w_zeros), _W_SCORE_LABELS)
        else:
            counts = self._combine(matches)
            if dbg:
                _debug_totals(dbg, "ROUGE-L", "ROUGE-L", counts, ("-R score: ", "-P: ", "-F: "))
        return counts

    def _be(self, peer: str, models: List[str], fmt: Optional[str]) -> Counts:
        dbg = self.debug
        mode = self.options.be_mode or ""
        if self.text.chars:  # createBE as the Unicode fork runs it, on characters
            from ..metrics.be_text import create
        else:
            from ..metrics.be import create
        lines = self._read_be(peer, fmt)
        peer_bes = create(lines, mode, self.stem_on, self.stemmer)
        if dbg:
            dbg(f"***P {peer}")
            _debug_bes(dbg, lines, peer_bes)
        matches = []
        for path in models:
            lines = self._read_be(path, fmt)
            model_bes = create(lines, mode, self._model_stemming(), self.stemmer)
            self._after_model()
            if dbg:
                _debug_bes(dbg, lines, model_bes)
                for key in sorted(model_bes.grams):
                    if key in peer_bes.grams:
                        dbg(f"* Match: {key.decode('latin-1')}")
            hit = clipped_hits(model_bes.grams, peer_bes.grams)
            count = model_bes.count
            matches.append(ModelMatch(hit, count, peer_bes.count, r5(hit / count) if count else 0.0))
            if dbg:
                dbg(f"***M {path}")
        counts = self._combine(matches)
        if dbg:
            _debug_totals(dbg, f"BE-{mode}", f"ROUGE-BE-{mode}", counts, ("-R: ", "-P: ", "-F: "))
        return counts

    def _read_be(self, path: str, fmt: Optional[str]) -> List[bytes]:
        raw = self.text.be_bytes(self.source.read(path))
        if self.debug:
            self.warn(path)  # readBE names each file on stderr with -v
        from ..metrics.be import read_lines  # BE runs only

        lines = read_lines(raw, fmt)
        if not lines:
            self.warn(f"readBE: {path} -> empty text")
        return lines


# -- -v output: Perl dumps hashes in its random order; these print them sorted by key. ---------------
_f5 = f5  # Perl's %7.5f, Inf and NaN included
_W_SCORE_LABELS = ("-R score: ", "-P score: ", "-F score: ")


def _dump(grams: Counter, count: int, sep: str = "|") -> str:
    items = [(str(k) if not isinstance(k, bytes) else k.decode("latin-1"), v) for k, v in grams.items()]
    items.append(("_cn_", count))
    items.sort()
    return sep.join(f"{k}{sep}{v}" for k, v in items)


def _debug_text(dbg, text: Optional[str], grams: Counter, count: int) -> None:
    if text is None:
        dbg("---empty text---")
    else:
        dbg(text)
        dbg(_dump(grams, count))


def _debug_units(dbg, texts: List[str], units: List[List[str]]) -> None:
    dbg("\n".join(texts))
    for i in range(len(texts)):
        dbg(f"{i}: " + "|".join(units[i] if i < len(units) else []))


def _debug_bes(dbg, lines: List[bytes], bes) -> None:
    if lines:
        dbg(_dump(bes.grams, bes.count, "#"))
    else:
        dbg("---empty text---")


def _debug_totals(dbg, count_tag: str, score_tag: str, counts: Counts, score_labels) -> None:
    dbg(f"total {count_tag} model count: {fmt_num(counts.model_count)}")
    dbg(f"total {count_tag} peer count: {fmt_num(counts.peer_count)}")
    dbg(f"total {count_tag} hit: {fmt_num(counts.hit)}")
    for label, value in zip(score_labels, (counts.recall, counts.precision, counts.f)):
        dbg(f"total {score_tag}{label}{_f5(value)}")
