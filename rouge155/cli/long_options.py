"""``rouge155``'s own long options, each declared once.

:data:`LONG_OPTIONS` is the one table: the parser (:func:`rouge155.base.flags.getopts`) takes these
words out of argv, the ``--help`` command's click options are made from it (:mod:`.main`), and so is
:class:`Extras`, the record of their values. None of them changes what a Perl flag means.
"""
from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Dict

from ..base.flags import LongOption
from ..base.records import dataclass  # dataclasses' records without its start-up cost
from ..semantics import PERL, names  # the registry's table alone: no implementation is imported

PROG = "rouge155"

LONG_OPTIONS = (
    LongOption("--help", None, "Show this message and exit."),
    LongOption("--version", None, "Show the version and exit."),
    LongOption("--jobs", "jobs", "Processes to use (the output is identical for any N).", takes_value=True,
               default=1, kind="int", minimum=1),
    LongOption("--quiet", "quiet", "No progress bar (it shows on a terminal's stderr after ~2 s), and in the "
               "plain-text modes no note about texts that score 0 (empty, or dropped by the tokenizer)."),
    LongOption("--progress", "show_progress", "Show the progress bar on stderr even when it is not a terminal "
               "(pairs done, pairs/s, time left; after ~2 s)."),
    LongOption("--check", "check", "Report the input's protocol problems on stderr before the run (rouge155-doctor's "
               "checks: texts the tokenizer drops, empty texts, sentences, escaped text, references, ids); the "
               "output is unchanged."),
    LongOption("--cite", "cite", "Print one sentence a paper can include: the implementation and version, the "
               "settings in words and the signature (text: the last line; json: \"citation\"; csv: on stderr)."),
    LongOption("--format", "output_format", "text: exactly what ROUGE-1.5.5.pl prints; json/csv: every number, "
               "per instance too (schema: schema/rouge155-result.schema.json); html: one self-contained page with "
               "charts (rouge155-report).", takes_value=True, default="text",
               choices=("text", "json", "csv", "html")),
    LongOption("--precise", "precise", "json/csv: unrounded values instead of the report's %7.5f ones."),
    LongOption("--signature", "signature", "Print the run's signature (every setting that changes a number, "
               "docs/signature.md) as the last line of the text report; json/csv/html always carry it."),
    LongOption("--signature-check", "signature_check", "Refuse the run (exit 2, before scoring) unless its "
               "settings give this signature; one line names each difference.", takes_value=True, metavar="SIG"),
    LongOption("--semantics", "semantics", "Score as another implementation or a framework's recipe "
               "does, float for float (rouge-score, torchmetrics, pltrdy: the rouge package, py-rouge, rouge-chinese, "
               "llamafactory, ...: docs/semantics.md); every pair and the corpus in --format json|csv; the Perl flags "
               "map onto its options (docs/audit.md).", takes_value=True,
               default=PERL, choices=names(), metavar="NAME"),
    LongOption("--seed", "seed", "--semantics rouge-score: np.random.seed(N) before its bootstrap draws "
               "(default 0).", takes_value=True, kind="int", minimum=0, metavar="N"),
    LongOption("--system-dir", "system_dir", "Plain-text mode (pyrouge's convention): directory of system "
               "summaries.", takes_value=True),
    LongOption("--model-dir", "model_dir", "Plain-text mode: directory of reference (model) summaries.",
               takes_value=True),
    LongOption("--system-pattern", "system_pattern", "Regex for system file names; its group is the ID "
               "(e.g. 'doc.(\\d+).txt').", takes_value=True),
    LongOption("--model-pattern", "model_pattern", "Regex for reference file names, #ID# standing for the ID.",
               takes_value=True),
    LongOption("--system-id", "system_id", "System name in plain-text modes (JSONL: for lines without "
               "\"system\").", takes_value=True, default="1"),
    LongOption("--summaries", "summaries", "Parallel-file mode (files2rouge's convention): one system summary "
               "per line.", takes_value=True, metavar="FILE"),
    LongOption("--references", "references", "Parallel-file mode: one reference summary per line, parallel to "
               "--summaries; give it once per reference set for several references.", takes_value=True,
               repeatable=True, metavar="FILE"),
    LongOption("--jsonl", "jsonl", "JSONL mode: one object per line, {\"id\", \"prediction\", \"references\": "
               "[...], optional \"system\"}; -a scores every system (docs/plain-text.md).",
               takes_value=True, metavar="FILE"),
    LongOption("--sentence-sep", "sentence_sep", "Parallel-file and JSONL modes: the string that separates "
               "sentences within a summary.", takes_value=True),
    LongOption("--split-sentences", "split_sentences", "Plain-text modes: split sentences (nltk punkt if "
               "installed with its data, else a rule-based splitter, linear in the text's length)."),
    LongOption("--dask", "dask", "Compute on a Dask cluster: the scheduler's address (e.g. tcp://host:8786); "
               "same output. Needs pip install \".[dask]\" from the checkout.", takes_value=True,
               metavar="ADDRESS"),
    LongOption("--unicode", "unicode", "Tokenize as the Unicode fork ROUGE-1.5.5-unicode does (UTF-8, lc, "
               "Unicode \\w tokens, -b in characters), byte for byte."),
    LongOption("--language", "language", "ISO 639-1 code (de, ru, zh, ...): Unicode tokens fit for the "
               "language, its Snowball stemmer for -m, its stopwords for -s, a segmenter for zh/ja/th "
               "(docs/languages.md).", takes_value=True),
    LongOption("--char-level", "char_level", "With --language zh/ja/th: one token per character, no segmenter."),
    LongOption("--write-token-ids", "write_token_ids", "Also write every summary as integer token ids, and a "
               "config, so that the original ROUGE-1.5.5.pl gives the same numbers (DIR/README.txt).",
               takes_value=True, metavar="DIR"),
    LongOption("--synonyms", "synonyms", "Add ROUGE 2.0's ROUGE-N+Synonyms blocks (WordNet 3.0; needs "
               "pip install \".[rouge2]\")."),
    LongOption("--topic", "topic", "Add ROUGE 2.0's ROUGE-1-Topic: words whose word_tag matches REGEX "
               "(e.g. 'nn|jj').", takes_value=True, metavar="REGEX"),
    LongOption("--topic-uniq", "topic_uniq", "Add ROUGE-1-TopicUniq (each topic word once; regex from --topic, "
               "default nn|jj)."),
)


def _field_default(option: LongOption):
    if option.repeatable:
        return ()  # the values in order (a tuple: records share their defaults)
    if option.takes_value:
        return option.default
    return False


def _extras_record():
    """:class:`Extras`: one field per long option with a ``dest`` (its default from the table), and
    the run's context: ``progress`` (the entry point's bar, unless ``quiet``) and ``prog``."""
    annotations: Dict[str, str] = {}
    namespace: Dict[str, object] = {"__module__": __name__, "__qualname__": "Extras", "__doc__": (
        "The values of rouge155's own long options (fields named by LONG_OPTIONS' dest), and the run's "
        "context: progress (show a bar on a terminal) and prog (the name usage texts start with, as invoked).")}
    for option in LONG_OPTIONS:
        if option.dest is not None:
            annotations[option.dest] = "object"
            namespace[option.dest] = _field_default(option)
    for name, default in (("progress", False), ("prog", PROG)):
        annotations[name] = "object"
        namespace[name] = default
    namespace["__annotations__"] = annotations
    namespace["plain_text"] = property(_plain_text, doc="Whether the input is plain text (no config).")
    return dataclass(type("Extras", (), namespace))


def _plain_text(extras) -> bool:
    return any(v not in (None, ()) for v in (extras.system_dir, extras.model_dir, extras.summaries,
                                             extras.references, extras.jsonl))


Extras = _extras_record()
