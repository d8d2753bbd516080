"""Command-line words as ROUGE-1.5.5.pl reads them (Getopt::Std's ``getopts``), with a program's
own long options read beside them.

The Perl flags keep Getopt::Std's every behaviour (bundling, attached values, a value that starts
with ``-``, ``--`` ending the flags, an unknown letter reported and skipped). Long options never
clash with them: each program declares its long options once, as a table of :class:`LongOption`,
and this parser, the program's ``--help`` command and the record of the options' values are all
made from that table. A word that starts with ``--`` and is none of them is refused (Getopt::Std
would read ``--langauge`` as ``-l angauge`` and score the run with a word limit of 0).
"""
from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Dict, List, Optional, Sequence, Tuple, Union

from .options import Options
from .records import dataclass, field  # dataclasses' records without its start-up cost

PERL_SPEC = "ahHb:c:de:f:l:mMn:p:st:r:2:3:w:uUvxz:"  # ROUGE-1.5.5.pl's getopts() string


def spec_table(spec: str) -> Dict[str, bool]:
    """Getopt::Std's spec string as {letter: takes a value}."""
    table: Dict[str, bool] = {}
    i = 0
    while i < len(spec):
        takes = i + 1 < len(spec) and spec[i + 1] == ":"
        table[spec[i]] = takes
        i += 2 if takes else 1
    return table


_PERL_FLAGS = spec_table(PERL_SPEC)


@dataclass(frozen=True)
class LongOption:
    """One long option of a program, declared once.

    ``dest``: the field of the program's record of values that it sets (None: the caller handles it,
    as ``--help`` and ``--version``); ``takes_value``: it reads the next word (or ``=VALUE``);
    ``repeatable``: every value is kept, in order (else giving it twice is refused); ``default``,
    ``kind`` ("int" or "str"), ``minimum``, ``choices`` and ``metavar`` describe the value for
    ``--help`` and its checks; ``help`` is its line in ``--help``.
    """

    name: str
    dest: Optional[str]
    help: str
    takes_value: bool = False
    repeatable: bool = False
    default: object = None
    kind: str = "str"
    minimum: Optional[int] = None
    choices: Tuple[str, ...] = ()
    metavar: Optional[str] = None


@dataclass
class ParsedArgs:
    """Getopt::Std's view of argv: flags (last value wins), positionals, complaints, our long options.

    ``long``: the long options' words as given (for the ``--help`` command's parser); ``refused``:
    one line saying why a long option cannot be read (a mistyped name, a value given twice), else None.
    """

    flags: Dict[str, Union[str, bool, None]] = field(default_factory=dict)
    positional: List[str] = field(default_factory=list)
    unknown: List[str] = field(default_factory=list)
    long: List[str] = field(default_factory=list)
    refused: Optional[str] = None


class _LongReader:
    """Takes this program's long options out of argv, wherever they stand."""

    def __init__(self, table: Sequence[LongOption], out: ParsedArgs):
        self.by_name = {o.name: o for o in table}
        self.out = out
        self.seen: Dict[str, int] = {}

    def take(self, args: List[str], escaped: bool = False) -> bool:
        """Consume ``args[0]`` (and its value) when it is a long option; refuse a mistyped one
        (unless ``escaped``: after ``--`` such a word is an argument)."""
        arg = args[0]
        name = arg.split("=", 1)[0]
        option = self.by_name.get(name)
        if option is None:
            if not escaped and arg.startswith("--") and arg != "--" and self.out.refused is None:
                self.out.refused = f"no such option: {name}{_suggestion(name, self.by_name)}"
                args.pop(0)
                return True
            return False
        self.out.long.append(args.pop(0))
        if option.takes_value and "=" not in arg and args:
            self.out.long.append(args.pop(0))
        count = self.seen[name] = self.seen.get(name, 0) + 1
        if count == 2 and option.takes_value and not option.repeatable and self.out.refused is None:
            self.out.refused = f"{name} is given twice: give it once"
        return True


def _suggestion(word: str, names) -> str:
    """`` (did you mean --x?)`` for the nearest name: the only one it begins, else difflib's nearest."""
    if not names:
        return ""
    prefixed = [n for n in names if n.startswith(word)]
    if len(prefixed) == 1:
        return f" (did you mean {prefixed[0]}?)"
    import difflib  # only on this error path

    near = difflib.get_close_matches(word, list(names), n=1, cutoff=0.5)
    return f" (did you mean {near[0]}?)" if near else " (--help lists the options)"


def getopts(argv: Sequence[str], long_options: Sequence[LongOption] = (), spec: str = PERL_SPEC) -> ParsedArgs:
    """Getopt::Std's ``getopts``: bundling, attached values, a value may start with '-', stop at the
    first non-option word or ``--``; an unknown switch is reported and parsing goes on.

    ``long_options`` are taken out of argv before, among or after the Perl flags and the positional
    arguments; any other word starting with ``--`` (``--`` itself aside, and words after it) is refused.
    """
    args = list(argv)
    out = ParsedArgs()
    letters = _PERL_FLAGS if spec == PERL_SPEC else spec_table(spec)
    reader = _LongReader(long_options, out)
    escaped = False
    while args and len(args[0]) >= 2 and args[0].startswith("-"):
        if args[0] == "--":
            args.pop(0)
            escaped = True
            break
        if reader.take(args):
            continue
        _perl_flag(args, letters, out)
    # This program's own long options may also follow the positional arguments.
    rest = []
    while args:
        if not reader.take(args, escaped):
            rest.append(args.pop(0))
    out.positional = rest
    return out


def _perl_flag(args: List[str], letters: Dict[str, bool], out: ParsedArgs) -> None:
    """One Perl flag (or the first of a bundle) from ``args[0]``, as Getopt::Std reads it."""
    arg = args[0]
    first, rest = arg[1], arg[2:]
    if first not in letters:
        out.unknown.append(first)
        if rest != "":
            args[0] = "-" + rest
        else:
            args.pop(0)
    elif letters[first]:
        args.pop(0)
        value: Optional[str] = rest
        if rest == "":
            # Perl: a missing value leaves the option undefined.
            value = args.pop(0) if args else None
        out.flags[first] = value
    else:
        out.flags[first] = True
        if rest == "":
            args.pop(0)
        else:
            args[0] = "-" + rest


def options_from_flags(flags: Dict[str, Union[str, bool, None]]) -> Options:
    """The evaluation options the Perl flags set (values as typed: the script's leniency is kept)."""
    def val(letter: str) -> Optional[str]:
        v = flags.get(letter)
        return v if isinstance(v, str) else None

    def on(letter: str) -> bool:
        return letter in flags and flags[letter] is not None

    return Options(
        ngram=val("n"),
        no_lcs=on("x"),
        weight=val("w"),
        skip_distance=val("2"),
        skip_unigrams=on("u"),
        skip_both=on("U"),
        be_mode=val("3"),
        stem=on("m"),
        stem_models_only=on("M"),
        remove_stopwords=on("s"),
        word_limit=val("l"),
        byte_limit=val("b"),
        score_formula=val("f"),
        alpha=val("p"),
        token_mode=val("t"),
        resamples=val("r"),
        confidence=val("c"),
        per_eval=on("d"),
        verbose=on("v"),
    )
