"""The step-by-step engine: the script's walk (``computeROUGEX``), one instance at a time.

A run walks systems, then metrics, then evaluations in the Perl's order, because some of the
script's state carries from one step to the next (``-M`` switching ``-m`` off, one warning per
missing peer). It yields one :class:`~rouge155.engine.plan.MetricBlock` per printed block;
aggregation comes after. It covers every option (``-v`` through :mod:`.verbose`), and it is the
engine that reproduces a run the script dies in part-way.
"""
from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Callable, Dict, Iterator, List, Optional, Sequence, Tuple

    from ..base.perl import Number
    from ..inputs.resources import WordLists

from ..base.errors import RougeError
from ..base.options import Options
from ..base.perl import r5
from ..base.perlmath import perl_add
from ..inputs.config import EvalConfig, Evaluation
from ..inputs.sources import TextSource
from ..metrics.formulas import Counts, ModelMatch, combine, counts_row, w_power, w_ratio, w_weight
from ..metrics.lcs import lcs_hits, wlcs_hits
from ..metrics.ngram import clipped_hits, ngrams
from ..metrics.skipbigram import skip_bigrams
from ..text.modes import text_model
from ..text.tokens import Tokenizer
from .plan import BE, LCS, NGRAM, SKIP, WLCS, MetricBlock, MetricSpec, metric_plan


class SummaryReader:
    """A run's summaries as the script reads them: ``readText`` (the joined text), ``readText_LCS``
    (its units) and ``readBE``, each document parsed once, then the token filter."""

    def __init__(self, options: Options, word_lists: WordLists, source: TextSource, warn: Callable[[str], None]):
        self.source = source
        self.warn = warn
        self.text = text_model(options)
        self.stemmer = self.text.stemmer(word_lists.exceptions)
        self.tokenizer = Tokenizer(self.text.stopwords(word_lists.stopwords) if options.remove_stopwords else None,
                                   self.stemmer, self.text.counted_first)
        self._units: Dict[Tuple[str, Optional[str]], List[bytes]] = {}
        self._word_limit = options.word_limit_num
        self._byte_limit = options.byte_limit_num

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

    def be_lines(self, path: str, fmt: Optional[str], verbose: bool) -> List[bytes]:
        """``readBE``: the file's BE lines."""
        raw = self.text.be_bytes(self.source.read(path))
        if verbose:
            self.warn(path)  # readBE names each file on stderr with -v
        from ..metrics.be import read_lines  # BE runs only

        lines = read_lines(raw, fmt)
        if not lines:
            self.warn(f"readBE: {path} -> empty text")
        return lines


class StepwiseRun:
    """One evaluation run over a config, with the state the Perl script keeps between steps."""

    def __init__(
        self,
        config: EvalConfig,
        options: Options,
        word_lists: WordLists,
        source: Optional[TextSource] = None,
        warn: Callable[[str], None] = lambda _msg: None,
        debug: Optional[Callable[[str], None]] = None,
    ):
        self.config = config
        self.options = options
        self.source = source or TextSource()
        self.warn = warn
        # -v: the script's debugging lines (stdout); None when off.
        self.verbose = None
        if options.verbose and debug:
            from .verbose import VerboseLines  # -v only: a run without it never loads the module

            self.verbose = VerboseLines(debug)
        self.reader = SummaryReader(options, word_lists, self.source, warn)
        # Perl quirk: -M sets $opt_m=1 around each model and then undef, so after the first model
        # processed under -M, -m is off for the rest of the run (peers included).
        self.stem_on = options.stem
        self._known_missing: set = set()

    def _model_stemming(self) -> bool:
        return True if self.options.stem_models_only else self.stem_on

    def _after_model(self) -> None:
        if self.options.stem_models_only:
            self.stem_on = False

    # -- the walk -----------------------------------------------------------------------------------
    def blocks(self, systems: Sequence[str], plan: Optional[List[MetricSpec]] = None) -> Iterator[MetricBlock]:
        """Each system's blocks of ``plan`` (default: the options' plan), in the script's order."""
        v = self.verbose
        for system in systems:
            for spec in metric_plan(self.options) if plan is None else plan:
                keys, rows = [], []
                for ev in self.config.evaluations:
                    if v and spec.is_ngram:
                        v.evaluation(ev.eval_id)
                    counts = self.instance(ev, system, spec)
                    if counts is not None:
                        if v:
                            v.line(f"{ev.eval_id}.{system}")
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
        return _SCORERS[spec.kind](self, spec, peer, models, ev.input_format)

    def combine(self, matches: List[ModelMatch], ratio=None) -> Counts:
        """A peer's matches against its models combined by ``-f`` and ``-p`` (ROUGE 2.0's extension
        combines its own measures with it). ROUGE-W (``ratio``: its R and P) sums its counts in
        Perl's numbers: past 2**53 they are exact integers there, or doubles Perl adds as integers."""
        if ratio is None:
            return combine(matches, self.options.formula, self.options.alpha_num)
        return combine(matches, self.options.formula, self.options.alpha_num, ratio, perl_add)

    # -- the metrics: each (self, spec, peer path, model paths, input format) -> Counts ---------------
    def _bag(self, peer: str, models: List[str], fmt: Optional[str], bag, models_only_stemming: bool) -> Counts:
        """A clipped multiset metric (ROUGE-N, ROUGE-S/SU): ``bag(tokens)`` gives (grams, count)."""
        v = self.verbose
        text = self.reader.joined_text(peer, fmt)
        peer_grams, peer_count = bag(self.reader.tokenizer.tokens(text, self.stem_on))
        if v:
            v.peer(peer)
            v.text(text, peer_grams, peer_count)
        matches = []
        for path in models:
            text = self.reader.joined_text(path, fmt)
            if models_only_stemming:
                tokens = self.reader.tokenizer.tokens(text, self._model_stemming())
                self._after_model()
            else:
                # Perl quirk: ROUGE-N ignores -M (the script sets $opt_m around models only elsewhere).
                tokens = self.reader.tokenizer.tokens(text, self.stem_on)
            grams, count = bag(tokens)
            if v:
                v.text(text, grams, count)
            hit = clipped_hits(grams, peer_grams)
            matches.append(ModelMatch(hit, count, peer_count, r5(hit / count) if count else 0.0))
            if v:
                v.model(path)
        return self.combine(matches)

    def _ngram(self, spec: MetricSpec, peer: str, models: List[str], fmt: Optional[str]) -> Counts:
        n = spec.n
        counts = self._bag(peer, models, fmt, lambda tokens: ngrams(tokens, n), False)
        if self.verbose:
            self.verbose.totals(f"{n}-gram", f"ROUGE-{n}", counts, ("-R: ", "-P: ", "-F: "))
        return counts

    def _skip(self, spec: MetricSpec, peer: str, models: List[str], fmt: Optional[str]) -> Counts:
        distance, unigrams = self.options.skip_distance_num, spec.skip_unigrams
        counts = self._bag(peer, models, fmt, lambda tokens: skip_bigrams(tokens, distance, unigrams), True)
        if self.verbose:
            self.verbose.skip_totals(str(self.options.skip_distance), counts)  # -2 is given: a skip metric
        return counts

    def _lcs(self, spec: MetricSpec, peer: str, models: List[str], fmt: Optional[str]) -> Counts:
        """ROUGE-L, or ROUGE-W (``spec.is_weighted``): summary-level, over the texts' units."""
        v, weighted = self.verbose, spec.is_weighted
        peer_texts = self.reader.unit_texts(peer, fmt)
        peer_units = self.reader.unit_tokens(peer_texts, self.stem_on)
        peer_1grams, peer_count = ngrams(self.reader.joined_tokens(peer, fmt, self.stem_on), 1)
        if v:
            v.peer(peer)
            v.units(peer_texts, peer_units)
        trace = v.lcs_trace(weighted) if v else None
        peer_side = (peer_units, peer_1grams, peer_count)
        weight = w_weight(str(self.options.weight)) if weighted else None  # an integer where Perl reads one
        matches = [self._lcs_match(path, fmt, weight, peer_side, trace) for path in models]
        if weight is not None:
            counts = self.combine(matches, lambda hit, count: w_ratio(hit, count, weight))
            if v:
                v.weighted_totals(str(self.options.weight), counts)
        else:
            counts = self.combine(matches)
            if v:
                v.totals("ROUGE-L", "ROUGE-L", counts, ("-R score: ", "-P: ", "-F: "))
        return counts

    def _lcs_match(self, path: str, fmt: Optional[str], weight: Optional[Number], peer_side, trace) -> ModelMatch:
        """One model of ``_lcs`` (ROUGE-W where ``weight`` is set) against the peer's (units, unigram
        counts, token count); the kernels consume the unigram dicts, so each model gets fresh copies."""
        peer_units, peer_1grams, peer_count = peer_side
        model_texts = self.reader.unit_texts(path, fmt)
        if weight is not None:
            # Perl quirk: ROUGE-W applies -M to the model's unigram counts but not to its units.
            model_units = self.reader.unit_tokens(model_texts, self.stem_on)
        else:
            model_units = self.reader.unit_tokens(model_texts, self._model_stemming())
            self._after_model()
        model_1grams, _ = ngrams(self.reader.joined_tokens(path, fmt, self._model_stemming()), 1)
        self._after_model()
        if weight is not None:
            hit, base = wlcs_hits(model_units, peer_units, dict(model_1grams), dict(peer_1grams), weight, trace)
            if base == 0:
                raise RougeError(f"Illegal division by zero: ROUGE-W model summary {path} has no tokens to weigh")
            # Perl quirk (w_power): the model's weighted length is raised to w again.
            match = ModelMatch(hit, w_power(base, weight), w_power(peer_count, weight), w_ratio(hit, base, weight))
        else:
            hit, base = lcs_hits(model_units, peer_units, dict(model_1grams), dict(peer_1grams), trace)
            match = ModelMatch(hit, base, peer_count, hit / base if base > 0 else 0.0)
        if self.verbose:
            self.verbose.model(path)
            self.verbose.units(model_texts, model_units)
        return match

    def _be(self, _spec: MetricSpec, peer: str, models: List[str], fmt: Optional[str]) -> Counts:
        v = self.verbose
        mode = self.options.be_mode or ""
        if self.reader.text.chars:  # createBE as the Unicode fork runs it, on characters
            from ..metrics.be_text import create
        else:
            from ..metrics.be import create
        lines = self.reader.be_lines(peer, fmt, v is not None)
        peer_bes = create(lines, mode, self.stem_on, self.reader.stemmer)
        if v:
            v.peer(peer)
            v.bes(lines, peer_bes)
        matches = []
        for path in models:
            lines = self.reader.be_lines(path, fmt, v is not None)
            model_bes = create(lines, mode, self._model_stemming(), self.reader.stemmer)
            self._after_model()
            if v:
                v.bes(lines, model_bes)
                v.be_matches(model_bes, peer_bes)
            hit = clipped_hits(model_bes.grams, peer_bes.grams)
            count = model_bes.count
            matches.append(ModelMatch(hit, count, peer_bes.count, r5(hit / count) if count else 0.0))
            if v:
                v.model(path)
        counts = self.combine(matches)
        if v:
            v.totals(f"BE-{mode}", f"ROUGE-BE-{mode}", counts, ("-R: ", "-P: ", "-F: "))
        return counts


# The step-by-step scorer of each metric kind.
_SCORERS = {NGRAM: StepwiseRun._ngram, LCS: StepwiseRun._lcs, WLCS: StepwiseRun._lcs, SKIP: StepwiseRun._skip,
            BE: StepwiseRun._be}
