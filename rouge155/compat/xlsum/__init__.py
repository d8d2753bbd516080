"""XL-Sum's ``multilingual_rouge_scoring`` (csebuetnlp/xl-sum; PyPI ``multilingual-rouge`` 0.0.1), float
for float: ``from rouge155.compat.xlsum import rouge_scorer, scoring`` where the original is imported as
``from rouge_score import rouge_scorer, scoring`` (its package's name) or ``from multilingual_rouge import ...``.

* :mod:`.rouge_scorer`: ``RougeScorer(rouge_types, use_stemmer=, lang=, callable_stemmer=,
  callable_tokenizer=, min_char_length=)`` with ``score(target, prediction)`` and ``score_batch`` (many
  pairs at once, the fast path); ``MultiTokenizer``, ``MultiStemmer``, ``SPECIAL_LANGID_CONVERSION_MAP``;
* :mod:`.scoring`: ``Score``, ``AggregateScore``, ``BaseScorer``, ``BootstrapAggregator`` (rouge-score's
  bootstrap, which XL-Sum kept unchanged), ``fmeasure``;
* :mod:`.tokenizers`: ``BasicTokenizer``, ``BurmeseTokenizer``, ``whitespace_tokenize``.

Its default semantics is ``"xlsum"``, the only one it takes: XL-Sum's scorer has no ROUGE-1.5.5.pl
counterpart (its tokens, segmenters and stemmers are its own). The rules: :mod:`rouge155.semantics.xlsum`.
"""
