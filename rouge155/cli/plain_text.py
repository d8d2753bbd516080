"""The command line's plain-text modes: which one the long options ask for, its evaluations and texts,
and the systems to score."""
from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import List, Optional, Tuple

from ..base.errors import RougeError
from ..semantics import PERL

if TYPE_CHECKING:
    from ..inputs.config import EvalConfig
    from ..inputs.sources import MemorySource


def _modes(extras) -> List[str]:
    given = (("--jsonl", extras.jsonl is not None),
             ("--summaries/--references", extras.summaries is not None or bool(extras.references)),
             ("--system-dir/--model-dir", extras.system_dir is not None or extras.model_dir is not None))
    return [name for name, on in given if on]


def plain_text_input(extras, evaluate_all: bool) -> Tuple[EvalConfig, MemorySource, List[str]]:
    """(config, in-memory source, systems) of the plain-text mode the long options give. ``-a``
    (``evaluate_all``) scores every system of a JSONL file, in the order a config's would be."""
    modes = _modes(extras)
    if len(modes) > 1:
        raise RougeError(f"give one plain-text input, not {' and '.join(modes)}")
    if extras.jsonl is not None:
        from ..inputs.jsonl import from_jsonl

        config, source = from_jsonl(extras.jsonl, extras.system_id, extras.sentence_sep, extras.split_sentences)
        if evaluate_all:
            return config, source, sorted(config.peer_ids)
        if extras.system_id not in config.peer_ids:
            raise RougeError(f"{extras.jsonl} has no prediction of system {extras.system_id}: give -a to score "
                             f"all its systems ({', '.join(config.peer_ids)}) or --system-id NAME")
        return config, source, [extras.system_id]
    from ..inputs.plaintext import from_directories, from_parallel_files

    if extras.summaries is not None or extras.references:
        if extras.summaries is None or not extras.references:
            raise RougeError("--summaries and --references go together (one summary per line in each)")
        references = [extras.references] if isinstance(extras.references, str) else list(extras.references)
        config, source = from_parallel_files(extras.summaries, references, extras.system_id,
                                             extras.sentence_sep, extras.split_sentences)
        return config, source, [extras.system_id]
    missing = [name for name, v in (("--system-dir", extras.system_dir), ("--model-dir", extras.model_dir),
                                    ("--system-pattern", extras.system_pattern),
                                    ("--model-pattern", extras.model_pattern)) if v is None]
    if missing:
        raise RougeError("directory mode needs " + ", ".join(missing))
    config, source = from_directories(extras.system_dir, extras.model_dir, extras.system_pattern,
                                      extras.model_pattern, extras.system_id, extras.split_sentences)
    return config, source, [extras.system_id]


def sentence_rule(extras) -> Tuple[bool, Optional[str]]:
    """(split, separator) as the input was read: a separator cuts sentences in the parallel-file and
    JSONL modes (and wins over the splitter), the splitter works in every plain-text mode, and a
    config's files keep their own sentences."""
    if not extras.plain_text:
        return False, None
    parallel = extras.jsonl is not None or extras.summaries is not None or bool(extras.references)
    separator = extras.sentence_sep if parallel else None
    return bool(extras.split_sentences) and separator is None, separator


STREAM_ENV = "ROUGE155_STREAM"  # "always"/"never": stream from the first pair or never (tests, measurements)


def streamed_plan(extras, options):
    """The plan of a streamed run (``rouge155/inputs/streams.py``) when this plain-text run can
    stream: the Perl's semantics through the batched engine, more pairs than a small run has,
    regular files, nothing that needs every text at once (``--write-token-ids``, ROUGE 2.0's
    measures; a JSONL signature, which counts references before scoring). Else None: the input is
    read whole, as before."""
    import os
    import stat

    from ..engine.plan import SMALL_RUN_PAIRS

    policy = os.environ.get(STREAM_ENV, "")
    if not may_stream(extras, options) or len(_modes(extras)) != 1:
        return None
    signed = extras.signature or extras.signature_check is not None or extras.output_format != "text"
    if extras.jsonl is not None and signed:
        return None
    files = [extras.jsonl] if extras.jsonl is not None else [extras.summaries, *(extras.references or ())]
    if extras.system_dir is None and not all(f is not None and _regular(f, os, stat) for f in files):
        return None
    try:
        plan = _plan(extras)
    except RougeError:  # the in-memory mode reports it, after what it finds first
        return None
    if plan is None or (policy != "always" and plan.count * max(plan.reference_counts or [1]) <= SMALL_RUN_PAIRS):
        return None
    return plan


def may_stream(extras, options) -> bool:
    """Whether a run of these options may stream at all: the Perl's semantics through the batched
    engine, nothing that needs every text at once (``--write-token-ids``, ROUGE 2.0's measures, ``--check``:
    the doctor's reference checks), and ``$ROUGE155_STREAM`` not ``never``."""
    import os

    from ..base.lazy import numpy_usable
    from ..engine.plan import batched_engine_supports

    if os.environ.get(STREAM_ENV, "") == "never" or extras.semantics != PERL or extras.write_token_ids is not None:
        return False
    if extras.synonyms or extras.topic is not None or extras.topic_uniq or getattr(extras, "check", False):
        return False
    return batched_engine_supports(options) and numpy_usable()


def _regular(path: str, os, stat) -> bool:
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def _plan(extras):
    """The plan of the plain-text mode given, or None where its arguments are incomplete (the
    in-memory mode says what is missing)."""
    from ..inputs import streams

    if extras.jsonl is not None:
        return streams.JsonlPlan(extras.jsonl, extras.system_id, extras.sentence_sep, extras.split_sentences)
    if extras.summaries is not None and extras.references:
        references = [extras.references] if isinstance(extras.references, str) else list(extras.references)
        return streams.ParallelFilesPlan(extras.summaries, references, extras.system_id, extras.sentence_sep,
                                         extras.split_sentences)
    if None in (extras.system_dir, extras.model_dir, extras.system_pattern, extras.model_pattern):
        return None
    return streams.DirectoriesPlan(extras.system_dir, extras.model_dir, extras.system_pattern, extras.model_pattern,
                                   extras.system_id, extras.split_sentences)
