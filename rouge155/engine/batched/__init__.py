"""The batched engine: every instance of a chunk of evaluations scored at once with numpy.

The same numbers as the step-by-step engine, module by module along the work: ``documents`` (each
summary read and tokenised once), ``instances`` (a block's (instance, model) pairs as arrays),
``ngram_pairs``, ``skip_pairs``, ``lcs_pairs`` (each metric's maths over all pairs), ``combine``
(pairs into instance rows, by ``-f`` and ``-p``), ``chunks`` (computing, cutting and running the
chunks) and ``replay`` (the script's warnings, in its order).
"""
