"""The text layer: from summary bytes to the tokens every metric counts.

``readers`` (SEE/SPL/ISI units, the two length limits, the script's clean-up), ``tokens`` (the token
filter and the batched engine's token ids), ``porter`` (the script's stemmer), ``modes`` (one class
per text mode: the Perl's bytes, the Unicode fork, a language), ``languages`` and ``segment``.
"""
