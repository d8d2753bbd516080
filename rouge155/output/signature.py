"""The signature of a result: one line naming every setting that changes a number.

sacrebleu prints one with every BLEU score so that two papers' numbers can be compared; this is
ROUGE's (the grammar, every key and what it stands for: docs/signature.md)::

    rouge155:0.1.0|sem:perl|refs:4|mref:A|split:none|tok:perl|stem:m|stemmer:rouge-porter+wordnet-2.0|...

Fields are ``key:value`` joined by ``|``, in the fixed order of :data:`KEYS` (an implementation's
own settings, ``sem.NAME``, follow ``sem`` sorted by NAME); values are canonical (numbers as the
run reads them: ``-w 1.20`` and ``-w 1.2`` sign alike) and percent-escaped where they hold ``%``,
``|``, ``:``, a space or anything but printable ASCII, so the line stays one line and splits back
unambiguously. Data files are named by their content, never their path: the bundled stopword
list and WordNet exceptions by name (whatever file or ``.db`` holds them), any other by a hash of
the words it gives.

Nothing here runs in a default run: the command line builds a signature for ``--signature``,
``--signature-check`` and ``--format json|csv|html`` only, the API on request (a ``score_pairs``
result computes its own on first access).
"""
from __future__ import annotations

import re

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any, Callable, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

from .. import __version__
from ..base.options import Options
from ..base.perl import fmt_num, perl_num

PROGRAM = "rouge155"
# Every key, in the order a signature lists them ("sem.NAME" keys come right after "sem").
KEYS = ("rouge155", "sem", "refs", "mref", "split", "tok", "stem", "stemmer", "stop", "n", "lcs", "w", "skip",
        "be", "r2", "len", "p", "agg", "t", "r", "c")
SEMANTICS_PREFIX = "sem."
_KEY = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.+-]*\Z")
_ESCAPED = re.compile(r"(?:[!-$&-~]|%[0-9A-Fa-f]{2})*\Z")  # printable ASCII, % only as %XX (| and : apart)
# What a value keeps as it is: printable ASCII but the escape character and the two separators.
_SAFE = "".join(chr(c) for c in range(0x21, 0x7F) if chr(c) not in "%|:")


def escape(value: str) -> str:
    """A value as a signature writes it: ``%``, ``|``, ``:``, spaces, controls and non-ASCII as
    ``%XX`` of their UTF-8 bytes (a surrogate-escaped byte, as the command line holds undecodable
    ones, as that byte)."""
    from urllib.parse import quote

    return quote(value, safe=_SAFE, errors="surrogateescape")


def unescape(text: str) -> str:
    """:func:`escape` undone."""
    from urllib.parse import unquote

    return unquote(text, errors="surrogateescape")


class Signature:
    """The fields of a signature, in order; ``str()`` is the line. Two signatures are equal when
    they have the same fields with the same values."""

    __slots__ = ("_fields",)

    def __init__(self, fields: Iterable[Tuple[str, str]]):
        checked: Dict[str, str] = {}
        for key, value in fields:
            if not isinstance(key, str) or not _KEY.match(key):
                raise ValueError(f"signature key {key!r}: letters, digits and _ . + - only")
            if key in checked:
                raise ValueError(f"signature key {key!r} is given twice")
            if not isinstance(value, str):
                raise TypeError(f"signature value of {key!r} must be a str, not {type(value).__name__}")
            checked[key] = value
        self._fields = checked

    @property
    def fields(self) -> Dict[str, str]:
        """``{key: value}`` in order (values unescaped)."""
        return dict(self._fields)

    def get(self, key: str, default: Optional[str] = None) -> Optional[str]:
        return self._fields.get(key, default)

    def __str__(self) -> str:
        return "|".join(f"{key}:{escape(value)}" for key, value in self._fields.items())

    def __repr__(self) -> str:
        return f"Signature({str(self)!r})"

    def __eq__(self, other) -> bool:
        return isinstance(other, Signature) and other._fields == self._fields

    def __hash__(self) -> int:
        return hash(tuple(sorted(self._fields.items())))

    def differences(self, run: Signature) -> List[str]:
        """One line per field where ``run`` (this run's signature) differs from this one (the
        signature asked for), in signature order; empty when they agree."""
        lines = []
        for key in list(self._fields) + [k for k in run._fields if k not in self._fields]:
            want, have = self._fields.get(key), run._fields.get(key)
            if want == have:
                continue
            wanted = f"{escape(want)} in the signature" if want is not None else "not in the signature"
            had = f"{escape(have)} in this run" if have is not None else "not set in this run"
            lines.append(f"{key}: {wanted}, {had}")
        return lines

    def options(self) -> Options:
        """The Perl flags the signature stands for, as :class:`Options` (canonical values: a
        signature built from them with the same data, input and text mode is this one).
        ValueError when it has no Perl flags (another implementation's semantics)."""
        return _options_from_fields(self._fields)


def parse(text: str) -> Signature:
    """A signature line back into its fields. ValueError saying what is wrong when ``text`` is not
    one (surrounding whitespace, a trailing newline included, is ignored)."""
    if not isinstance(text, str):
        raise TypeError(f"a signature is a str, not {type(text).__name__}")
    fields = []
    for part in text.strip().split("|"):
        key, colon, raw = part.partition(":")
        if not colon or not _KEY.match(key):
            raise ValueError(f"not a rouge155 signature: {part[:60]!r} is not KEY:VALUE "
                             "(KEY: letters, digits, _ . + -)")
        if ":" in raw:
            raise ValueError(f"not a rouge155 signature: the value of {key[:40]!r} holds ':' (escaped it is %3A)")
        if not _ESCAPED.match(raw):
            raise ValueError(f"not a rouge155 signature: the value of {key[:40]!r} holds a space, a character "
                             "outside printable ASCII or a % not followed by two hex digits")
        fields.append((key, unescape(raw)))
    if fields[0][0] != PROGRAM:
        raise ValueError(f"not a rouge155 signature: it starts with {PROGRAM}:VERSION")
    return Signature(fields)


def check(expected: Union[str, Signature], run: Signature, argument: str = "signature_check") -> None:
    """Refuse a run whose signature differs from ``expected``: ValueError naming ``argument`` and,
    one line each, every difference."""
    if not isinstance(expected, Signature):
        try:
            expected = parse(expected)
        except (TypeError, ValueError) as exc:
            raise type(exc)(f"{argument}: {exc}") from None
    lines = expected.differences(run)
    if lines:
        raise ValueError(f"{argument}: this run's settings differ from the signature's:\n" + "\n".join(lines))


# -- building ------------------------------------------------------------------------------------
def reference_counts(evaluations) -> str:
    """``refs``'s value: how many references each evaluation has, as one count or ``min-max``.
    ``evaluations``: a config's evaluations (their ``model_ids``) or the counts themselves."""
    counts = [c if isinstance(c, int) else len(c.model_ids) for c in evaluations]
    if not counts:
        return "0"
    low, high = min(counts), max(counts)
    return str(low) if low == high else f"{low}-{high}"


def sentence_splitting(split: bool = False, separator: Union[str, bytes, None] = None) -> str:
    """``split``'s value: ``none`` (the input's own sentences: lines, SEE units), ``sep.SEP`` (cut at
    a separator, as typed), ``rules`` (the rule-based splitter) or ``punkt@nltk-VERSION``."""
    if separator is not None:
        import os

        return "sep." + (os.fsdecode(separator) if isinstance(separator, bytes) else separator)
    if not split:
        return "none"
    from ..inputs.sentences import rule_based_split, splitter

    if splitter() is rule_based_split:
        return "rules"
    return "punkt@nltk-" + _distribution_version("nltk")


def signature_of(
    options: Optional[Options] = None,
    *,
    semantics: str = "perl",
    semantics_settings: Optional[Mapping[str, object]] = None,
    references: Union[str, Sequence, None] = None,
    multi_reference: Optional[str] = None,
    sentences: Optional[str] = None,
    data_dir: Optional[str] = None,
    aggregate: bool = True,
    rouge2: Optional[Tuple[bool, Optional[str], bool]] = None,
    version: str = __version__,
) -> Signature:
    """The signature of a result.

    ``options``: the Perl flags (None for another implementation that takes none: then its
    ``semantics_settings`` say everything), read with the text mode they name and the word lists
    of ``data_dir`` (the run's ``-e``; None: the one the API resolves). ``semantics``: the
    implementation's name; ``semantics_settings``: its own settings, ``{name: value}`` with a str,
    number, bool, None or a list of them each (a custom tokenizer is named by the caller).
    ``references``: :func:`reference_counts`'s value or what it takes; ``multi_reference``: the
    policy (default: the Perl's ``-f``); ``sentences``: :func:`sentence_splitting`'s value;
    ``aggregate``: False for per-pair scores (no bootstrap: ``t``, ``r``, ``c`` are left out);
    ``rouge2``: ``(synonyms, topic regex or None, topic-uniq)`` of ROUGE 2.0's added measures.
    """
    if not isinstance(semantics, str) or not semantics:
        raise TypeError(f"semantics must be a name such as 'perl', not {semantics!r}")
    fields: List[Tuple[str, str]] = [(PROGRAM, version), ("sem", semantics)]
    fields += _semantics_fields(semantics_settings)
    if references is not None:
        fields.append(("refs", references if isinstance(references, str) else reference_counts(references)))
    if multi_reference is None and options is not None:
        multi_reference = "B" if options.formula == "B" else "A"  # Perl quirk: any -f but B is A
    if multi_reference is not None:
        fields.append(("mref", str(multi_reference)))
    if sentences is not None:
        fields.append(("split", sentences))
    if options is not None:
        fields += _text_fields(options, data_dir)
        fields += _metric_fields(options, rouge2)
        fields += _scoring_fields(options, aggregate)
    return Signature(fields)


def _semantics_fields(settings: Optional[Mapping[str, object]]) -> List[Tuple[str, str]]:
    if settings is None:
        return []
    if not hasattr(settings, "items"):
        raise TypeError(f"semantics_settings must be a mapping of names to values, not {type(settings).__name__}")
    for name in settings:
        if not isinstance(name, str) or not _KEY.match(name):
            raise ValueError(f"semantics_settings: {name!r} is not a name (letters, digits and _ . + -)")
    return [(SEMANTICS_PREFIX + name, _setting_text(name, settings[name])) for name in sorted(settings)]


def _setting_text(name: str, value) -> str:
    """A setting's value as text: yes/no, none, numbers as Python prints them back, lists
    comma-separated (a comma inside an item as %2C)."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (int, float, str)):
        return repr(value) if isinstance(value, float) else str(value)
    if isinstance(value, (list, tuple)):
        return ",".join(_setting_text(name, item).replace("%", "%25").replace(",", "%2C") for item in value)
    raise TypeError(f"semantics_settings[{name!r}] must be a str, number, bool, None or a list of them, not "
                    f"{type(value).__name__} (name a custom object, e.g. 'custom:MyTokenizer')")


def _number(value) -> str:
    return fmt_num(perl_num(value))


def _text_fields(options: Options, data_dir: Optional[str]) -> List[Tuple[str, str]]:
    """tok, stem, stemmer, stop: the text mode and what -m, -M and -s use."""
    from ..text.modes import text_model

    described = text_model(options).describe()
    mode = described["mode"]
    tok = mode if mode != "language" else _language_tokenizer(described)
    flags = "+".join(f for f, on in (("m", options.stem), ("M", options.stem_models_only)) if on) or "no"
    stemmer = _stemmer_id(described, data_dir) if flags != "no" else None
    if stemmer is None:  # a language without a stemmer: -m leaves every token as it is
        flags = "no"
    stop = _stopwords_id(described, data_dir) if options.remove_stopwords else "no"
    return [("tok", tok), ("stem", flags), ("stemmer", stemmer or "none"), ("stop", stop)]


# The packages behind each segmenter and stemmer family: their versions change numbers too.
_SEGMENTER_PACKAGES = {"jieba": ("jieba",), "fugashi+unidic-lite": ("fugashi", "unidic-lite"),
                       "pythainlp-newmm": ("pythainlp",)}


def _distribution_version(name: str) -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(name)
    except PackageNotFoundError:
        return "unknown"


def _language_tokenizer(described: Mapping[str, object]) -> str:
    """``CODE`` or ``CODE+SEGMENTER`` (each of its packages with its version), ``CODE+char-level``."""
    segmenter = described.get("segmenter")
    if segmenter is None:
        return str(described["language"])
    packages = _SEGMENTER_PACKAGES.get(str(segmenter))
    if packages:
        segmenter = "+".join(f"{p}@{_distribution_version(p)}" for p in packages)
    return f"{described['language']}+{segmenter}"


def _word_lists(data_dir: Optional[str]):
    """The stopwords and exceptions a run with ``data_dir`` (``-e``) reads."""
    from ..inputs.resources import load_word_lists, resolve_data_dir

    return load_word_lists(resolve_data_dir(data_dir))


def _content_id(lines: Iterable[str]) -> str:
    import hashlib

    text = "\n".join(sorted(lines))
    return hashlib.sha256(text.encode("utf-8", "surrogateescape")).hexdigest()[:12]


def _stemmer_id(described: Mapping[str, object], data_dir: Optional[str]) -> Optional[str]:
    """The script's Porter variant with the exceptions it looks up first (``wordnet-2.0``: the
    bundled ones, from any file that holds them; else ``exc.HASH`` of the pairs read), a Snowball
    stemmer with PyStemmer's version, or None (no stemmer)."""
    name = described.get("stemmer", "rouge-porter+wordnet")
    if name is None:
        return None
    if name != "rouge-porter+wordnet":
        return f"{name}@PyStemmer-{_distribution_version('PyStemmer')}"
    from ..inputs.resources import bundled_exceptions

    exceptions = _word_lists(data_dir).exceptions
    if dict(exceptions.items()) == bundled_exceptions():
        return "rouge-porter+wordnet-2.0"
    return "rouge-porter+exc." + _content_id(f"{k} {v}" for k, v in exceptions.items())


def _stopwords_id(described: Mapping[str, object], data_dir: Optional[str]) -> str:
    """``smart`` (the bundled SMART list, from any file that holds it), ``list.HASH`` of another
    list's words, or a language's bundled list (``stopwords-iso-CODE``)."""
    name = described.get("stopwords", "smart")
    if name != "smart":
        return str(name)
    import os

    from ..inputs.resources import STOPWORDS_FILE, bundled_data_path, load_stopwords

    words = _word_lists(data_dir).stopwords
    if words == load_stopwords(os.path.join(bundled_data_path(), STOPWORDS_FILE)):
        return "smart"
    return "list." + _content_id(words)


def _metric_fields(options: Options, rouge2) -> List[Tuple[str, str]]:
    """n, lcs, w, skip, be, r2: which metrics, with their parameters."""
    top = perl_num(options.ngram) if options.ngram is not None else 0
    # the script's ROUGE-1 .. ROUGE-n: n = 1, 2, ... while n <= -n (-n 2.5 is -n 2; NaN, 0 and less: none)
    n = "0" if not top >= 1 else ("Inf" if top == float("inf") else str(int(top)))
    lcs = not options.no_lcs and options.be_mode is None
    weight = _number(options.weight) if options.weight is not None else "no"
    return [("n", n), ("lcs", "yes" if lcs else "no"), ("w", weight), ("skip", _skip_value(options)),
            ("be", options.be_mode if options.be_mode is not None else "no"), ("r2", _rouge2_value(rouge2))]


def _skip_value(options: Options) -> str:
    """``-2``/``-u``/``-U`` as the metrics they give: ``S4``, ``SU4``, ``S4,SU4``, ``S*``... or ``no``
    (-u wins over -U, as in the script)."""
    if options.skip_distance is None:
        return "no"
    distance = options.skip_distance_num
    gap = fmt_num(distance) if distance >= 0 else "*"
    if options.skip_unigrams:
        return f"SU{gap}"
    return f"S{gap},SU{gap}" if options.skip_both else f"S{gap}"


def _rouge2_value(rouge2) -> str:
    if rouge2 is None:
        return "no"
    synonyms, topic, topic_uniq = rouge2
    regex = topic if topic is not None else "nn|jj"
    parts = [p for p, on in (("synonyms", synonyms), (f"topic.{regex}", topic is not None),
                             (f"topic-uniq.{regex}", topic_uniq)) if on]
    return "+".join(parts) or "no"


def _scoring_fields(options: Options, aggregate: bool) -> List[Tuple[str, str]]:
    """len, p, agg and (aggregated results) t, r, c."""
    if options.word_limit_num != 0:
        length = fmt_num(options.word_limit_num) + "w"
    elif options.byte_limit_num != 0:
        length = fmt_num(options.byte_limit_num) + "b"
    else:
        length = "no"
    fields = [("len", length), ("p", fmt_num(options.alpha_num)), ("agg", "bootstrap" if aggregate else "none")]
    if aggregate:
        fields += [("t", str(options.token_mode_num or 0)), ("r", fmt_num(options.resamples_num)),
                   ("c", fmt_num(options.confidence_num))]
    return fields


# -- reading back --------------------------------------------------------------------------------
def _options_from_fields(fields: Mapping[str, str]) -> Options:
    """:meth:`Signature.options`."""
    missing = [k for k in ("tok", "stem", "stop", "n", "lcs", "w", "skip", "be", "len", "p") if k not in fields]
    if missing:
        raise ValueError(f"the signature has no Perl flags ({', '.join(missing)} missing): semantics "
                         f"{fields.get('sem')!r} takes its own settings")
    values: Dict[str, Any] = {}  # Options' keyword arguments
    tok = fields["tok"]
    if tok == "unicode":
        values["unicode"] = True
    elif tok != "perl":
        values["language"] = tok.split("+", 1)[0]
        values["char_level"] = tok.endswith("+char-level")
    values["stem"] = "m" in fields["stem"].split("+")
    values["stem_models_only"] = "M" in fields["stem"].split("+")
    values["remove_stopwords"] = fields["stop"] != "no"
    values["ngram"] = fields["n"] if fields["n"] != "0" else None
    values["be_mode"] = fields["be"] if fields["be"] != "no" else None
    values["no_lcs"] = fields["lcs"] == "no" and values["be_mode"] is None
    values["weight"] = fields["w"] if fields["w"] != "no" else None
    values.update(_skip_options(fields["skip"]))
    length = fields["len"]
    if length != "no":
        values["word_limit" if length.endswith("w") else "byte_limit"] = length[:-1]
    values["score_formula"] = "B" if fields.get("mref") == "B" else None
    values["alpha"] = fields["p"]
    for key, name in (("t", "token_mode"), ("r", "resamples"), ("c", "confidence")):
        if key in fields:
            values[name] = fields[key]
    return Options(**values)


def _skip_options(value: str) -> Dict[str, Any]:
    if value == "no":
        return {}
    kinds = value.split(",")
    gap = kinds[0].lstrip("SU")
    return {"skip_distance": "-1" if gap == "*" else gap, "skip_unigrams": kinds == ["SU" + gap],
            "skip_both": len(kinds) == 2}


# -- results that carry their signature ----------------------------------------------------------
def api_signature_args(options: Optional[Options], references, data_dir: Optional[str] = None,
                       aggregate: bool = True, signature_check: Union[str, Signature, None] = None,
                       **others) -> Dict[str, Any]:
    """What :func:`signature_of` takes for an API call over texts in memory: the Perl's ``options``
    (their own sentences; ``data_dir`` resolved now, as the call reads it), or, with ``options`` None,
    ``others``' ``semantics``, ``semantics_settings`` and ``multi_reference``; ``references``: the
    evaluations or their reference counts. A call whose signature differs from ``signature_check``
    is refused here, before scoring (ValueError naming it, one line per difference)."""
    from ..inputs.resources import resolve_data_dir

    args: Dict[str, Any] = {"options": options, "references": reference_counts(references), **others}
    if options is not None:
        args.update(sentences="none", data_dir=resolve_data_dir(data_dir), aggregate=aggregate)
    if signature_check is not None:
        check(signature_check, signature_of(**args))
    return args


class SignedScores(dict):
    """``{metric: scores}`` (a dict, as before) whose ``.signature`` names the settings that made
    them; built on first access, from what the call was given (nothing is computed otherwise)."""

    def __init__(self, scores, signature_args: Union[Mapping[str, Any], Callable[[], Mapping[str, Any]]]):
        super().__init__(scores)
        # the arguments, or what makes them (a call of one pair makes them only if its signature is read)
        self._signature_args = signature_args if callable(signature_args) else dict(signature_args)
        self._signature: Optional[str] = None

    def __reduce__(self):
        """Pickled with the arguments themselves (what makes them lazily is a local function)."""
        args = self._signature_args
        return (type(self), (dict(self), args() if callable(args) else args))

    @property
    def signature(self) -> str:
        if self._signature is None:
            args = self._signature_args
            self._signature = str(signature_of(**(args() if callable(args) else args)))
        return self._signature

