"""``scripts/bench.py --mode xlsum``: XL-Sum's scorer against rouge155's ``semantics="xlsum"``, side by side.

Per language (``lang=`` as XL-Sum's evaluation passes it, stemming on): the original package's
``RougeScorer.score`` per pair (the PyPI port multilingual-rouge 0.0.1, or the original files: see
devkit/oracles.py; each needs pyonmttok) on ``--slow-pairs`` pairs, and rouge155's
``compat.xlsum.rouge_scorer.RougeScorer.score_batch`` on ``--pairs`` pairs (a fresh scorer and an
empty word memo each round: its stems and words are learnt inside the timing), best of ``--repeat`` rounds;
pairs per wall second and per CPU second, and whether every value is equal (==) on the pairs both
scored. Pairs: devkit/mlgen.py (generated, 1-3 lines of 1-28 words), types rouge1, rouge2, rougeL, rougeLsum.
"""
from __future__ import annotations

import time
import warnings
from functools import partial
from typing import Any, Callable, List, Tuple

from devkit import mlgen
from devkit.oracles import load_multilingual_rouge, load_xlsum_original

TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
LANGS = [(None, "en"), ("hindi", "hi"), ("russian", "ru"), ("arabic", "ar"), ("turkish", "tr"), ("bengali", "bn"),
         ("amharic", "am"), ("chinese_simplified", "zh"), ("japanese", "ja"), ("thai", "th"), ("burmese", "my")]


def _best(repeat: int, run: Callable[[], List[Any]]) -> Tuple[float, float, List[Any]]:
    wall = cpu = float("inf")
    out: List[Any] = []
    for _ in range(repeat):
        w, c = time.perf_counter(), time.process_time()
        out = run()
        wall, cpu = min(wall, time.perf_counter() - w), min(cpu, time.process_time() - c)
    return wall, cpu, out


def _theirs(scorer, refs, preds) -> list:
    return [scorer.score(r, p) for r, p in zip(refs, preds)]


def _ours(lang, refs, preds) -> list:
    from rouge155.compat.xlsum import rouge_scorer
    from rouge155.semantics.xlsum import forget

    forget()  # cold: every word's tokens, segments and stems learnt inside the timing
    return rouge_scorer.RougeScorer(TYPES, use_stemmer=True, lang=lang).score_batch(refs, preds)


def bench_xlsum(n: int, repeat: int, slow: int) -> None:
    from rouge155.compat.xlsum import rouge_scorer

    theirs_module, which = load_multilingual_rouge(), "multilingual-rouge 0.0.1"
    if theirs_module is None:
        theirs_module, which = load_xlsum_original(), "XL-Sum original"
    if theirs_module is None:
        raise SystemExit("neither multilingual-rouge nor XL-Sum's original files (with pyonmttok) are here")
    warnings.simplefilter("ignore")
    rouge_scorer.RougeScorer(TYPES).score("warm", "up")  # the Unicode tables, built once per process
    print(f"{n} pairs (rouge155) / {slow} pairs ({which}), stemming on, types {', '.join(TYPES)}, best of {repeat}")
    print(f"{'lang':20s} {which + ' pairs/s':>30s} {'rouge155 pairs/s':>18s} {'ratio':>7s} {'CPU ratio':>9s}  equal")
    for lang, code in LANGS:
        refs, preds = mlgen.pairs(n, code, seed=7)
        try:
            theirs = theirs_module.RougeScorer(TYPES, use_stemmer=True, lang=lang)
            rouge_scorer.RougeScorer(TYPES, use_stemmer=True, lang=lang)
        except Exception as exc:  # a stemmer or segmenter missing here
            print(f"{str(lang):20s} skipped: {type(exc).__name__}: {str(exc)[:80]}")
            continue
        theirs.score(refs[0], preds[0])
        t_wall, t_cpu, t_out = _best(1, partial(_theirs, theirs, refs[:slow], preds[:slow]))
        o_wall, o_cpu, o_out = _best(repeat, partial(_ours, lang, refs, preds))
        equal = all(tuple(a[t]) == tuple(map(float, b[t])) for a, b in zip(o_out, t_out) for t in TYPES)
        rate_t, rate_o = slow / t_wall, n / o_wall
        print(f"{str(lang):20s} {rate_t:30,.0f} {rate_o:18,.0f} {rate_o / rate_t:7.1f} "
              f"{(n / o_cpu) / (slow / t_cpu):9.1f}  {equal}")
