"""The report: the exact text ROUGE-1.5.5.pl prints (``printResults``)."""
from __future__ import annotations


TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import List, Mapping, Optional, Sequence

from ..base.perl import f5, fmt_num, perl_int, perl_num
from ..engine.aggregate import Averages, eval_id_order, perl_order, table_rows
from ..engine.plan import WLCS
from ..metrics.formulas import PRINTED_AS_INTEGERS, f_score, hit_ratio, w_ratio, w_weight

RULE = "-" * 45
DOTS = "." * 45


def _value(x, token_mode: Optional[int]) -> str:
    # Without -t the values are the %7.5f strings the script stored; with -t they are raw numbers.
    return f5(x) if token_mode is None else fmt_num(x)


def block_text(
    system: str,
    tag: str,
    averages: Averages,
    keys: Sequence[str],
    values: Sequence,
    token_mode: Optional[int],
    confidence_label: str,
    per_eval: bool,
) -> str:
    text = block_header(system, tag, averages, token_mode, confidence_label, per_eval)
    if not per_eval:
        return text
    ordered = eval_id_order(keys)
    rows = table_rows(values)
    if averages.printed:  # Perl quirk: counts Perl has read as integers print as such (in sort-keys order)
        rows = list(rows)
        for k, row in zip(perl_order(keys), averages.printed):
            rows[k] = row
    return text + eval_lines(system, tag, [keys[k] for k in ordered], [rows[k] for k in ordered], token_mode)


def block_header(system: str, tag: str, averages: Averages, token_mode: Optional[int], confidence_label: str,
                 per_eval: bool) -> str:
    """A block's lines up to its per-evaluation lines (``-d``), which :func:`eval_lines` writes."""
    lines: List[str] = [RULE]
    if token_mode is None or token_mode == 1:
        for name, c in (("R", 0), ("P", 1), ("F", 2)):
            lines.append(
                f"{system} {tag} Average_{name}: {f5(averages.mean[c])} "
                f"({confidence_label}%-conf.int. {f5(averages.low[c])} - {f5(averages.high[c])})"
            )
    else:
        # Perl quirk: int() of a count past the 64-bit integers stays a double, printed %.15g
        m, p, h = (fmt_num(perl_int(v)) for v in averages.totals)
        lines.append(f"{system} {tag} M_count: {m} P_count: {p} H_count: {h}")
    if per_eval:
        lines.append(DOTS)
    return "\n".join(lines) + "\n"


def eval_lines(system: str, tag: str, keys: Sequence[str], rows: Sequence, token_mode: Optional[int]) -> str:
    """``-d``'s lines for these instances (keys and their three values), in the order given."""
    out = []
    for key, row in zip(keys, rows):
        recall, precision, f_measure = (_value(v, token_mode) for v in row)
        out.append(f"{system} {tag} Eval {key} R:{recall} P:{precision} F:{f_measure}\n")
    return "".join(out)


# -- machine-readable formats ---------------------------------------------------------------------
MEASURES = ("recall", "precision", "f_score")


def _instance_scores(result, precise: bool, weight: Optional[float], labels: Optional[Mapping[str, str]] = None):
    """Per instance: R, P, F as the report rounds them, or unrounded (F from the unrounded R and P);
    ``labels``: evaluation ID -> the name to give it (directory mode: the system file's name)."""
    out = []
    for key, row in zip(result.keys, table_rows(result.rows)):
        eval_id = key[: -(len(result.system) + 1)]
        if labels and eval_id in labels:
            eval_id = labels[eval_id]
            key = f"{eval_id}.{result.system}"
        model_count, hit, rec, peer_count, prec, f = row
        if precise:
            def ratio(h, c):
                if not c:
                    return 0.0
                return w_ratio(h, c, weight) if result.kind == WLCS and weight else hit_ratio(h, c)

            rec, prec = ratio(hit, model_count), ratio(hit, peer_count)
            f = f_score(prec, rec, result.alpha)
        out.append({
            "id": key,
            "eval_id": eval_id,
            "recall": rec,
            "precision": prec,
            "f_score": f,
            "model_count": _count(model_count),
            "peer_count": _count(peer_count),
            "hit": _count(hit),
        })
    return out


def _count(v):
    """A count as a JSON/CSV number: a double, as both engines' tables hold it, except an integer
    Perl keeps exactly past what a double prints (ROUGE-W's counts, step by step)."""
    return v if type(v) is int and not -PRINTED_AS_INTEGERS < v < PRINTED_AS_INTEGERS else float(v)


def _average(result, precise: bool):
    a = result.averages
    if result.token_mode == 2:
        m, p, h = a.totals
        return {"model_count": _count(m), "peer_count": _count(p), "hit": _count(h)}
    mean, low, high = (a.mean_raw, a.low_raw, a.high_raw) if precise else (a.mean, a.low, a.high)
    return {name: {"mean": mean[c], "low": low[c], "high": high[c]} for c, name in enumerate(MEASURES)}


# the Options fields that hold a number (the others: switches, -f A|B, -3 MODE, --language CODE)
NUMERIC_SETTINGS = ("ngram", "weight", "skip_distance", "word_limit", "byte_limit", "alpha", "token_mode",
                    "resamples", "confidence")


def settings_record(options) -> tuple:
    """(settings, as typed) for JSON: the options that are set, numbers as the numbers the run used
    (the Perl's reading of the text: ``-n 2abc`` -> 2); where that reading does not print back as
    the text (``-w 1.20``, ``-n 2abc``), the text as typed too, since reports echo it (ROUGE-W-1.20).
    A value that is not a finite number (``-2 inf``) is the text Perl prints for it (``"Inf"``): JSON
    has no such numbers."""
    from dataclasses import asdict

    settings, typed = {}, {}
    for name, value in asdict(options).items():
        if value is None or value is False:
            continue
        if name in NUMERIC_SETTINGS and isinstance(value, str):
            number = perl_num(value)
            printed = fmt_num(number)
            settings[name] = number if number - number == 0 else printed  # Inf, -Inf, NaN: no JSON number
            if printed != value:
                typed[name] = value
        else:
            settings[name] = value
    return settings, typed


def result_document(results, options, warnings, precise: bool, version: str, text_settings=None,
                    signature: Optional[str] = None, labels: Optional[Mapping[str, str]] = None,
                    citation: Optional[str] = None) -> dict:
    """What ``--format json`` writes, as a dict (also the input of ``rouge155.analysis``).
    ``text_settings``: the language layer's settings (``--unicode``/``--language``), recorded as "text";
    ``signature``: the run's (``rouge155.output.signature``), recorded as "signature"; ``labels``: the
    evaluations' names (directory mode); ``citation``: ``--cite``'s sentence, recorded as "citation"."""
    weight = w_weight(options.weight) if options.weight is not None else None
    settings, typed = settings_record(options)
    doc = {
        "rouge155_version": version,
        "confidence": options.confidence_num,
        "resamples": options.resamples_num,
        "token_mode": options.token_mode_num or 0,
        "precise": precise,
        "settings": settings,
        "metrics": [
            {
                "system": r.system,
                "metric": r.metric,
                "average": _average(r, precise),
                "instances": _instance_scores(r, precise, weight, labels),
            }
            for r in results
        ],
        "warnings": list(warnings),
    }
    if typed:
        doc["settings_as_typed"] = typed
    if text_settings:
        doc["text"] = text_settings
    if signature is not None:
        doc["signature"] = signature
    if citation is not None:
        doc["citation"] = citation
    return doc


def json_report(results, options, warnings, precise: bool, version: str, text_settings=None,
                signature: Optional[str] = None, labels: Optional[Mapping[str, str]] = None,
                citation: Optional[str] = None) -> str:
    import json

    doc = result_document(results, options, warnings, precise, version, text_settings, signature, labels, citation)
    return json.dumps(doc, indent=1) + "\n"


CSV_COLUMNS = (
    "system", "metric", "scope", "eval_id",
    "recall", "recall_low", "recall_high", "precision", "precision_low", "precision_high",
    "f_score", "f_score_low", "f_score_high", "model_count", "peer_count", "hit",
)


TEXT_COLUMNS = ("text_mode", "language", "stemmer", "stopwords", "segmenter")


def csv_text(rows, signature: Optional[str] = None, extra: Sequence[str] = (),
             extra_columns: Sequence[str] = ()) -> str:
    """The one CSV layout of every semantics: ``CSV_COLUMNS`` from each row (a dict; a missing or None
    value is an empty cell), then ``signature`` on every row when given (a column, not a comment line:
    every CSV reader keeps reading the first line as the header, and rows keep their settings when the
    rows of several runs are put together; always the 17th column), then ``extra_columns`` (the text
    mode's, with --unicode/--language) with the values ``extra``."""
    import csv
    import io

    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    tail = ([signature] if signature is not None else []) + list(extra)
    w.writerow(list(CSV_COLUMNS) + (["signature"] if signature is not None else []) + list(extra_columns))
    for row in rows:
        w.writerow(["" if row.get(c) is None else _csv_value(row[c]) for c in CSV_COLUMNS] + tail)
    return buf.getvalue()


def csv_report(results, options, precise: bool, text_settings=None, signature: Optional[str] = None,
               labels: Optional[Mapping[str, str]] = None) -> str:
    """``--format csv`` (:func:`csv_text`): per system and metric an ``average`` row, then an ``instance``
    row per evaluation; ``text_settings`` (--unicode/--language): trailing columns ``TEXT_COLUMNS``."""
    weight = w_weight(options.weight) if options.weight is not None else None
    extra: List[str] = []
    if text_settings:
        values = [text_settings.get("mode"), *(text_settings.get(k) for k in TEXT_COLUMNS[1:])]
        extra = ["" if v is None else str(v) for v in values]

    def rows():
        for r in results:
            avg = _average(r, precise)
            row = {"system": r.system, "metric": r.metric, "scope": "average", "eval_id": ""}
            if r.token_mode == 2:
                row.update(avg)
            else:
                for name in MEASURES:
                    row[name], row[name + "_low"], row[name + "_high"] = (avg[name][k] for k in ("mean", "low",
                                                                                                  "high"))
            yield row
            for inst in _instance_scores(r, precise, weight, labels):
                yield {"system": r.system, "metric": r.metric, "scope": "instance", **inst}

    return csv_text(rows(), signature, extra, TEXT_COLUMNS if extra else ())


def _csv_value(v) -> str:
    if isinstance(v, float) and v - v != 0:  # ROUGE-W's Inf and NaN (Python's spelling, as in JSON)
        return repr(v)
    if isinstance(v, float):
        return repr(v) if v != int(v) or abs(v) >= 1e15 else str(int(v))
    return str(v)
