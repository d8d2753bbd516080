"""Every ROUGE semantics rouge155 computes, by name: ``get(name)`` gives its record (the registry,
:mod:`rouge155.semantics`, under the name the compat drop-ins and docs/semantics.md use).

``"perl"`` is ROUGE-1.5.5.pl (the default everywhere); the others each reproduce an implementation
exactly. A record lists the implementation's six rules (tokenizer, stemmer, sentence splitter, F
formula, multi-reference policy, aggregation) and scores batches (``score_pairs``), so that a tool can
score one set of outputs under each and say which rule makes a difference.
"""
from __future__ import annotations

from ..engine.pairs import PairScores
from ..semantics import NAMES, PERL, check, get, names, others, register
from ..semantics.base import MissingDependency, MissingPunkt, Rule
from ..semantics.record import Semantics

__all__ = ["get", "check", "names", "others", "register", "NAMES", "PERL", "Semantics", "Rule", "PairScores",
           "MissingDependency", "MissingPunkt"]
