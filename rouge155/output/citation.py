"""``--cite``: one sentence a paper can include, made from a result's signature (:mod:`.signature`): the
metrics, the implementation and version, the settings in words, and the signature itself."""
from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Dict, List

    from .signature import Signature

_TOKENS = {"perl": "ROUGE-1.5.5's ASCII tokens", "unicode": "the Unicode fork's tokens (--unicode)"}
_POLICY = {"A": "scores over several references combined as the script's model average (-f A)",
           "B": "the best reference's score (-f B)"}


def _and(items: List[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _perl_metrics(f: Dict[str, str]) -> List[str]:
    out = []
    n = f.get("n", "0")
    if n not in ("0", "Inf"):
        out += [f"ROUGE-{k}" for k in range(1, int(n) + 1)] if int(n) <= 4 else [f"ROUGE-1 to ROUGE-{n}"]
    if f.get("lcs") == "yes":
        out.append("ROUGE-L")
    if f.get("w", "no") != "no":
        out.append(f"ROUGE-W-{f['w']}")
    if f.get("skip", "no") != "no":
        out += [f"ROUGE-{s}" for s in f["skip"].split(",")]
    if f.get("be", "no") != "no":
        out.append(f"ROUGE-BE ({f['be']})")
    if f.get("r2", "no") != "no":
        out.append(f"ROUGE 2.0's {f['r2'].replace('+', ', ')}")
    return out


def _perl_settings(f: Dict[str, str]) -> List[str]:
    out = []
    tok = f.get("tok", "perl")
    out.append("on " + _TOKENS.get(tok, f"the tokens of --language {tok}"))
    stem = f.get("stem", "no")
    flags = "-" + stem.replace("+", " -")
    out.append("without stemming" if stem == "no" else f"with stemming ({f.get('stemmer')}, {flags})")
    stop = f.get("stop", "no")
    out.append("with stopwords kept" if stop == "no" else f"with stopwords removed ({stop}, -s)")
    length = f.get("len", "no")
    if length != "no":
        out.append(f"summaries cut to {length[:-1]} {'words' if length.endswith('w') else 'bytes'}")
    alpha = f.get("p", "0.5")
    out.append("F1 (alpha 0.5)" if alpha == "0.5" else f"F with alpha {alpha} (-p)")
    if f.get("t", "0") != "0":
        out.append(f"counts by token (-t {f['t']})")
    if f.get("agg") == "bootstrap" and "r" in f:
        out.append(f"averaged over documents with {f.get('c')}% bootstrap confidence intervals ({f['r']} resamples)")
    return out


def _own_settings(f: Dict[str, str]) -> List[str]:
    own = {k[len("sem."):]: v for k, v in f.items() if k.startswith("sem.")}
    own.pop("metrics", None)
    return [f"{name} {value}" for name, value in own.items()]


def _common(f: Dict[str, str]) -> List[str]:
    out = []
    refs = f.get("refs")
    if refs is not None:
        out.append(f"against {refs} reference{'' if refs == '1' else 's'} per summary")
        mref = f.get("mref")
        if mref is not None and refs != "1":
            out.append(_POLICY.get(mref, f"several references combined by its policy '{mref}'"))
    split = f.get("split", "none")
    if split.startswith("sep."):
        out.append(f"sentences cut at '{split[4:]}'")
    elif split == "rules":
        out.append("sentences split by rouge155's rule-based splitter")
    elif split.startswith("punkt"):
        out.append(f"sentences split by nltk's punkt ({split.split('@', 1)[-1]})")
    return out


def citation(signature: Signature, reproduces: str) -> str:
    """The sentence for ``signature`` (``reproduces``: what its implementation reproduces, as its
    record says: ``ROUGE-1.5.5.pl (Chin-Yew Lin, 2004), byte for byte``)."""
    f = signature.fields
    version = f.get("rouge155", "")
    if f.get("sem", "perl") == "perl":
        metrics = _perl_metrics(f) or ["ROUGE"]
        lead = f"{_and(metrics)} {'was' if len(metrics) == 1 else 'were'} computed with rouge155 {version}, " \
               f"which reproduces {reproduces}"
        settings = _perl_settings(f) + _common(f)
    else:
        own = f.get("sem.metrics", "ROUGE").split(",")
        lead = f"{_and(own)} {'was' if len(own) == 1 else 'were'} computed as {reproduces} computes " \
               f"{'it' if len(own) == 1 else 'them'}, reproduced value for value by rouge155 {version}"
        settings = _own_settings(f) + _common(f)
    return f"{lead}: {'; '.join(settings)} (signature {signature})."
