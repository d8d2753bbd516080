"""``--write-token-ids DIR``: the run's summaries as integer token ids, and a config for them.

Every counted token (after the language layer, ``-m``, ``-s``, ``-l`` and ``-b``) becomes one id
per distinct token of the run, so the original ROUGE-1.5.5.pl run on ``DIR/config.xml`` with the
flags of ``DIR/args.txt`` (no ``-m``/``-s``/``-l``/``-b``) prints what this run prints. This is
what papers on Chinese summarization do by hand; it is also the exact check of every language mode.
"""
from __future__ import annotations

import os
from typing import Dict, List, Optional, Sequence
from xml.sax.saxutils import escape, quoteattr

from ..inputs.config import EvalConfig
from ..base.errors import RougeError
from ..inputs.sources import TextSource
from ..base.options import Options
from ..text.readers import take_bytes
from ..inputs.resources import load_word_lists, resolve_data_dir
from ..text.tokens import Tokenizer
from ..text.modes import text_model

_PLACEHOLDER = "-"  # a unit left with no counted token: Perl reads "-" as a token it never counts


def _joined_units(text, units, word_limit, byte_limit) -> list:
    """The units behind ``readText``'s joined text (its byte limit counts the units one after the other)."""
    if byte_limit == 0:
        return text.limited_units(units, word_limit, byte_limit)
    out = []
    used = 0
    for unit in units:
        if used + len(unit) < byte_limit:
            out.append(unit)
            used += len(unit)
        else:
            out.append(take_bytes(unit, byte_limit - used))
            break
    return out


def perl_args(options: Options, config_path: str) -> List[str]:
    """The original script's flags for the id files: everything but -m, -s, -l, -b (already applied)."""
    args: List[str] = []
    for flag, value in (("-n", options.ngram), ("-w", options.weight), ("-2", options.skip_distance),
                        ("-f", options.score_formula), ("-p", options.alpha), ("-t", options.token_mode),
                        ("-r", options.resamples), ("-c", options.confidence)):
        if value is not None:
            args += [flag, value]
    for flag, on in (("-x", options.no_lcs), ("-u", options.skip_unigrams), ("-U", options.skip_both),
                     ("-d", options.per_eval)):
        if on:
            args.append(flag)
    return args + ["-a", config_path]


def _new_directories(out_dir: str) -> List[str]:
    """The directories to create for ``out_dir``, outermost first (none when it is an existing empty
    directory); one clear error, before anything is written, for a path that cannot take the files."""
    what = "--write-token-ids"
    if not out_dir:
        raise RougeError(f"{what} needs a directory name (it is empty)")
    path = os.path.abspath(out_dir)
    missing: List[str] = []
    while not os.path.exists(path):
        if os.path.islink(path):
            raise RougeError(f"{what}: {path} is a symbolic link to nothing (dangling): give a directory")
        missing.append(path)
        parent = os.path.dirname(path)
        if parent == path:
            break
        path = parent
    if not os.path.isdir(path):
        raise RougeError(f"{what}: {path} is a file, not a directory")
    if not missing:
        try:
            if os.listdir(path):
                raise RougeError(f"{what}: {out_dir} exists and is not an empty directory")
        except OSError as exc:
            raise RougeError(f"{what}: cannot read {out_dir}: {exc.strerror}") from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise RougeError(f"{what}: cannot write in {path}: permission denied")
    return missing[::-1]


def _write_files(out_dir: str, files: Dict[str, str]) -> None:
    """Write ``files`` (relative name -> text) under ``out_dir``; on failure remove what was made,
    so that a directory the user gave is left as it was, and fail with one line."""
    made: List[str] = []
    try:
        for directory in _new_directories(out_dir) + [os.path.join(out_dir, "summaries")]:
            os.mkdir(directory)
            made.append(directory)
        for name, text in files.items():
            path = os.path.join(out_dir, name)
            with open(path, "x", encoding="utf-8") as fh:
                made.append(path)
                fh.write(text)
    except OSError as exc:
        for path in reversed(made):
            try:
                (os.rmdir if os.path.isdir(path) else os.remove)(path)
            except OSError:
                pass
        raise RougeError(f"--write-token-ids: cannot write {exc.filename or out_dir}: {exc.strerror}") from None


def _config_xml(config: EvalConfig, systems: Sequence[str], root: str, mapped) -> str:
    """The config of the id files: each evaluation's peers and models, by the names ``mapped`` gives."""
    xml = ['<ROUGE-EVAL version="1.0">']
    for ev in config.evaluations:
        peers = [(s, mapped(ev.peer_path(s), ev.input_format)) for s in systems if s in ev.peers]
        models = [(mid, mapped(path, ev.input_format)) for mid, path in ev.model_paths()]
        xml.append(f"<EVAL ID={quoteattr(ev.eval_id)}>")
        xml.append(f"<PEER-ROOT>{escape(root)}</PEER-ROOT>")
        xml.append(f"<MODEL-ROOT>{escape(root)}</MODEL-ROOT>")
        xml.append('<INPUT-FORMAT TYPE="SPL"></INPUT-FORMAT>')
        xml.append("<PEERS>")
        xml += [f"<P ID={quoteattr(s)}>{name}</P>" for s, name in peers if name]
        xml.append("</PEERS>")
        xml.append("<MODELS>")
        xml += [f"<M ID={quoteattr(m)}>{name or 'missing-' + m}</M>" for m, name in models]
        xml.append("</MODELS>")
        xml.append("</EVAL>")
    xml.append("</ROUGE-EVAL>")
    return "\n".join(xml) + "\n"


_README = ("Written by rouge155 --write-token-ids. Each summary's counted tokens as integer ids\n"
           "(vocab.tsv: id, token). The original script gives the same numbers:\n"
           "  perl ROUGE-1.5.5.pl -e DATA $(cat args.txt)\n")


def write_token_ids(out_dir: str, config: EvalConfig, options: Options, systems: Sequence[str],
                    data_dir: Optional[str], source: Optional[TextSource] = None) -> Dict[str, int]:
    """Write DIR/summaries/*.spl, DIR/config.xml, DIR/args.txt, DIR/vocab.tsv; returns the vocabulary.

    DIR must be new or an empty directory; every problem with it is one line before the run, and a
    failure while writing removes what was written."""
    if options.stem_models_only or options.verbose or options.be_mode is not None:
        raise RougeError("--write-token-ids does not cover -M, -v or -3 (BE)")
    _new_directories(out_dir)  # checked before the summaries are read
    source = source or TextSource()
    text = text_model(options)
    word_lists = load_word_lists(resolve_data_dir(data_dir))
    tokenizer = Tokenizer(text.stopwords(word_lists.stopwords) if options.remove_stopwords else None,
                          text.stemmer(word_lists.exceptions), text.counted_first)
    vocab: Dict[str, int] = {}
    files: Dict[tuple, str] = {}
    lines_of: Dict[str, List[str]] = {}

    def mapped(path: str, fmt) -> Optional[str]:
        key = (path, fmt)
        if key in files:
            return files[key]
        if not source.exists(path):
            return None
        units = text.parse(source.read(path), fmt, path)
        units = _joined_units(text, units, options.word_limit_num, options.byte_limit_num)
        lines = []
        for unit in units:
            toks = tokenizer.tokens(text.clean(unit), options.stem)
            ids = [str(vocab.setdefault(t, len(vocab) + 1)) for t in toks]
            lines.append(" ".join(ids) if ids else _PLACEHOLDER)
        name = f"{len(files) + 1}.spl"
        files[key] = name
        lines_of[name] = lines
        return name

    root = os.path.abspath(os.path.join(out_dir, "summaries"))
    xml = _config_xml(config, systems, root, mapped)
    config_path = os.path.abspath(os.path.join(out_dir, "config.xml"))
    out = {os.path.join("summaries", name): "".join(line + "\n" for line in lines) for name, lines in lines_of.items()}
    out["config.xml"] = xml
    out["args.txt"] = " ".join(perl_args(options, config_path)) + "\n"
    out["vocab.tsv"] = "".join(f"{i}\t{t}\n" for t, i in vocab.items())
    out["README.txt"] = _README
    _write_files(out_dir, out)
    return vocab
