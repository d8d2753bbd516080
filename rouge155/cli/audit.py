"""``rouge155-audit``: one set of outputs scored under every semantics installed here, side by side.

    rouge155-audit [-m] [-n N] [-f A|B] [-x] [-a] (--summaries F --references F [...] | --jsonl F |
                   --system-dir D --model-dir D --system-pattern RE --model-pattern RE | CONFIG [SYSTEM-ID])
                   [--format text|json|html] [-o FILE] [--top K] [--seed N] [--semantics NAME ...]
                   [--language CODE] [--check] [--cite]

The Perl flags and the plain-text input options mean what they mean to ``rouge155``; -a audits every
system of the input, one after the other; -o FILE is --output FILE and -h is --help, as in the other
commands. Errors are one line on stderr: status 2 for the command line, 1 for the input.
"""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any, Dict, List, Sequence

from ..base.errors import RougeError
from ..base.flags import LongOption, options_from_flags
from ..semantics import others
from .flag_commands import UsageError, console_main, failed, read_command_line
from .flag_commands import usage as _usage
from .long_options import LONG_OPTIONS

PROG = "rouge155-audit"
_INPUT_OPTIONS = ("--system-dir", "--model-dir", "--system-pattern", "--model-pattern", "--system-id", "--summaries",
                  "--references", "--jsonl", "--sentence-sep", "--split-sentences")
AUDIT_OPTIONS = (
    LongOption("--help", "help", "Show this message and exit."),
    LongOption("--format", "output_format", "text (default), json or html (one page with charts).", takes_value=True,
               default="text", choices=("text", "json", "html"), metavar="FORMAT"),
    LongOption("--output", "output", "Write to FILE instead of stdout (also -o FILE).", takes_value=True,
               metavar="FILE"),
    LongOption("--top", "top", "How many of the most different pairs to show per implementation and metric.",
               takes_value=True, default=5, kind="int", minimum=0, metavar="K"),
    LongOption("--seed", "seed", "rouge-score's bootstrap: np.random.seed(N) before it draws.", takes_value=True,
               default=0, kind="int", minimum=0, metavar="N"),
    LongOption("--semantics", "semantics", "Audit only these implementations (repeatable; default: every one "
               "installed but the language-specific ones, which are audited when named).", takes_value=True,
               repeatable=True, choices=others(), metavar="NAME"),
    LongOption("--language", "language", "Score the outputs (in language CODE, ISO 639-1) under every implementation "
               "that runs on it, rouge155's --language and XL-Sum's lang= included, and name those whose tokenizer "
               "drops its script (text or json).", takes_value=True, metavar="CODE"),
    LongOption("--check", "check", "Report the input's protocol problems on stderr first (rouge155-doctor)."),
    LongOption("--cite", "cite", "Add each implementation's sentence for a paper (its version, settings in words "
               "and signature): text, the last lines; json, its \"citation\"."),
) + tuple(o for o in LONG_OPTIONS if o.name in _INPUT_OPTIONS)


def usage() -> str:
    return _usage(__doc__, AUDIT_OPTIONS, [
        "  -m, -n N, -f A|B, -x: stemming, ROUGE-1..N (default 2), the multi-reference policy, no ROUGE-L.",
        "  -a: audit every system of the input (else the only one, SYSTEM-ID or --system-id).",
        "  -o FILE: --output FILE; -h: this help."])


def _plain_text(values: Dict[str, Any]) -> bool:
    """Whether the input is plain text (else a config)."""
    return any(values[d] not in (None, (), False) for d in ("jsonl", "summaries", "references", "system_dir",
                                                            "model_dir"))


def _input(parsed, values: Dict[str, Any], every: bool):
    """(config, source, systems, where) of the input: the plain-text options or a config (CONFIG
    [SYSTEM-ID]); ``every``: -a, every system."""
    given = SimpleNamespace(**values)
    if _plain_text(values):
        if parsed.positional:
            raise UsageError(f"give plain-text input or a config, not both ({parsed.positional[0]})")
        from .plain_text import plain_text_input

        config, source, systems = plain_text_input(given, every)
        return config, source, systems, values["jsonl"] or values["summaries"] or values["system_dir"]
    if not parsed.positional:
        raise UsageError("nothing to audit: give --summaries/--references, --jsonl, --system-dir/--model-dir or a "
                         "ROUGE config")
    config = _config(parsed)
    if every:
        systems = sorted(config.peer_ids)
    else:
        systems = [parsed.positional[1] if len(parsed.positional) > 1 else _only_system(config)]
    return config, None, systems, parsed.positional[0]


def _pairs(config, source, system: str, where: str):
    """One system's audited pairs (directory mode: the evaluations under their files' names)."""
    from ..audit.inputs import config_pairs
    from ..audit.run import AuditedPairs

    ids, predictions, references = config_pairs(config, source, system)
    labels = config.labels()
    return AuditedPairs(tuple(labels.get(i, i) for i in ids), tuple(predictions), tuple(tuple(r) for r in references),
                        system, str(where))


def _config(parsed):
    from ..inputs.config import read_file_list, read_xml_config

    path = parsed.positional[0]
    z = parsed.flags.get("z")
    if isinstance(z, str):
        return read_file_list(path, z, parsed.positional[1] if len(parsed.positional) > 1 else "X")
    return read_xml_config(path)


def _only_system(config) -> str:
    if len(config.peer_ids) != 1:
        raise UsageError(f"the config has systems {', '.join(config.peer_ids)}: name the one to audit (CONFIG ID), "
                         "or give -a to audit each")
    return config.peer_ids[0]


def _report(results: List[Any], values: Dict[str, Any]) -> str:
    """The audits (one per system) in the format asked; ``--cite``: each implementation's sentence."""
    from .. import __version__

    output_format = values["output_format"]
    signatures = [_signatures(r, values) for r in results]
    cites = [_citations(s) if values["cite"] else {} for s in signatures]
    if output_format == "json":
        import json

        from ..audit.report import to_document

        docs = [to_document(r, __version__, s) for r, s in zip(results, signatures)]
        for doc, cited in zip(docs, cites):
            for name, sentence in cited.items():
                doc["audit"]["implementations"][name]["citation"] = sentence  # type: ignore[index]
        if len(docs) == 1:
            return json.dumps(docs[0], indent=1) + "\n"
        return json.dumps({"rouge155_version": __version__, "audits": [d["audit"] for d in docs]}, indent=1) + "\n"
    if output_format == "html":
        from ..audit.html_page import to_html

        return to_html(results)
    from ..audit.report import to_text

    texts = [to_text(r) + "".join(f"citation ({name}): {sentence}\n" for name, sentence in cited.items())
             for r, cited in zip(results, cites)]
    return "\n".join(texts)


def _citations(signatures: Dict[str, str]) -> Dict[str, str]:
    from ..output.citation import citation
    from ..output.signature import parse
    from ..semantics import get

    return {name: citation(parse(line), get(name).reproduces) for name, line in signatures.items()}


def _signatures(result, values) -> Dict[str, str]:
    """Each implementation's signature (docs/signature.md)."""
    from ..output.signature import sentence_splitting
    from .plain_text import sentence_rule

    sentences = sentence_splitting(*sentence_rule(SimpleNamespace(plain_text=_plain_text(values), **values)))
    counts = [len(r) for r in result.pairs.references]
    return {name: str(setup.implementation.signature(setup, counts, sentences))
            for name, setup in result.setups.items()}


def _language_report(pairs, options, values: Dict[str, Any]) -> str:
    """``--language CODE``: every implementation on the language (rouge155.audit.languages)."""
    from .. import __version__
    from ..audit.languages import language_audit, to_json, to_text

    if values["output_format"] == "html" or values["semantics"]:
        raise UsageError("--language writes text or json and scores every implementation (no --semantics)")
    ngram = int(float(options.ngram)) if options.ngram not in (None, "") else 2
    result = language_audit(pairs, values["language"], ngram, bool(options.stem))
    return to_json(result, __version__) if values["output_format"] == "json" else to_text(result)


def run(argv: Sequence[str], out, err) -> int:
    """The command; ``out``/``err``: text streams. Returns the exit status."""
    try:
        parsed, values, helped = read_command_line(argv, AUDIT_OPTIONS)
        if helped:
            out.write(usage())
            return 0
        every = bool(parsed.flags.pop("a", None))
        options = options_from_flags(parsed.flags)
        options.check()
        flags: List[str] = [k for k, v in parsed.flags.items() if v is not None]
        from ..audit.run import audit, check_flags

        try:
            check_flags(flags)
        except RougeError as exc:
            raise UsageError(str(exc)) from None
        config, source, systems, where = _input(parsed, values, every)
        if values["check"]:
            _check(config, source, systems, options, values, parsed, err)
        if values["language"]:
            if len(systems) > 1:
                raise UsageError("--language audits one system: name it (CONFIG SYSTEM-ID, or the JSONL's) or drop -a")
            from .analysis import _write

            _write(_language_report(_pairs(config, source, systems[0], where), options, values), values["output"], out)
            return 0
        results = [audit(_pairs(config, source, system, where), options, flags,
                         semantics=list(values["semantics"]) or None, seed=values["seed"], top=values["top"])
                   for system in systems]
        from .analysis import _write  # the analysis commands' --output

        _write(_report(results, values), values["output"], out)
        return 0
    except RougeError as exc:
        return failed(PROG, exc, err, 1)


def _check(config, source, systems, options, values: Dict[str, Any], parsed, err) -> None:
    """``--check``: rouge155-doctor's report on the input, on stderr."""
    from .doctor import check_extras, check_report

    extras = check_extras(**{k: v for k, v in values.items() if k in ("jsonl", "summaries", "references", "system_dir",
                                                                        "model_dir", "system_pattern", "model_pattern",
                                                                        "system_id")})
    config_path = None if extras.plain_text or parsed.flags.get("z") else parsed.positional[0]
    err.write(check_report(config, source, systems, options, extras, PROG, config_path))


def main() -> None:
    """The console script: every failure is one line on stderr, never a traceback."""
    console_main(PROG, run)
