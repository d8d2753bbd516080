"""The signature (docs/signature.md) of results scored under a :class:`~rouge155.audit.setups.Setup`:
``sem:NAME`` and the implementation's own settings (``sem.NAME`` keys), the references, the
multi-reference policy and the sentences; nltk's version where nltk's code decides tokens or stems.
The Perl's setup signs as ``rouge155`` signs the Perl flags it stands for."""
from __future__ import annotations

from typing import Dict, Optional, Sequence

from ..base.options import Options
from ..engine.semantics import signature_fields
from ..output.signature import Signature, reference_counts, signature_of
from .setups import Setup


def nltk_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("nltk")
    except PackageNotFoundError:
        return "none"


def semantics_settings(setup: Setup) -> Dict[str, object]:
    """The settings that change a number, by the implementation's own names."""
    settings = setup.settings()
    settings.pop("multi_reference", None)  # the signature's own mref field holds it
    if setup.semantics == "py-rouge" or setup.stem:  # nltk's Porter stemmer or Treebank rules
        settings["nltk"] = nltk_version()
    settings.update(signature_fields(setup.semantics))  # a segmenter's version, the Unicode data's
    return settings


def perl_options(setup: Setup) -> Options:
    """The Perl flags a Perl setup stands for."""
    ngram = sum(1 for m in setup.metrics if m[6:].isdigit())
    return Options(ngram=str(ngram) if ngram else None, no_lcs="ROUGE-L" not in setup.metrics, stem=setup.stem,
                   score_formula="B" if setup.letter == "B" else None)


def setup_signature(setup: Setup, counts: Sequence[int], sentences: str = "none",
                    options: Optional[Options] = None) -> Signature:
    """The signature of ``setup``'s results. ``counts``: the references of each pair; ``sentences``:
    how the input's sentences were made (the ``split`` value); ``options``: the Perl flags, for
    ``perl`` (default: the ones ``setup`` stands for)."""
    refs = reference_counts(list(counts))
    if setup.semantics == "perl":
        return signature_of(options or perl_options(setup), references=refs, sentences=sentences)
    return signature_of(semantics=setup.semantics, semantics_settings=semantics_settings(setup), references=refs,
                        multi_reference=setup.policy, sentences=sentences)
