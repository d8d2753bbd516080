"""rouge155-audit --language: every implementation on one language, and those whose tokenizer drops its script."""
from __future__ import annotations

import io
import json

import pytest

from rouge155.audit.languages import language_audit, to_text
from rouge155.audit.run import AuditedPairs
from rouge155.cli.audit import run

pytest.importorskip("nltk", reason="nltk (the semantics extra) not installed")

RU = AuditedPairs(("a", "b"), ("Москва — столица России.", "Цены на нефть растут."),
                  (("Москва является столицей России.",), ("Цены на нефть выросли.",)))


def test_russian_scores_and_the_scripts_dropped():
    audit = language_audit(RU, "ru", ngram=2, stem=False)
    by_name = {e.name: e for e in audit.entries}
    assert set(audit.drop_the_script) >= {"perl", "rouge-score", "py-rouge"}
    assert "xlsum" not in audit.drop_the_script and "perl --language" not in audit.drop_the_script
    assert by_name["rouge-score"].fmeasure["ROUGE-1"] == 0.0
    assert by_name["xlsum"].fmeasure["ROUGE-1"] > 0.5 and by_name["xlsum"].empty == 0
    assert "lang='russian'" in by_name["xlsum"].settings
    assert "drops its script" in to_text(audit)


def test_command_line_text_and_json(tmp_path):
    (tmp_path / "s.txt").write_text("भारत सरकार ने कहा\n", encoding="utf-8")
    (tmp_path / "r.txt").write_text("भारत की सरकार ने कहा\n", encoding="utf-8")
    args = ["-n", "1", "--language", "hi", "--summaries", str(tmp_path / "s.txt"),
            "--references", str(tmp_path / "r.txt")]
    out, err = io.StringIO(), io.StringIO()
    assert run(args, out, err) == 0, err.getvalue()
    assert "xlsum" in out.getvalue() and "rouge-score" in out.getvalue()
    out = io.StringIO()
    assert run(args + ["--format", "json"], out, err) == 0
    body = json.loads(out.getvalue())["language_audit"]
    assert "rouge-score" in body["drop_the_script"] and body["implementations"]["xlsum"]["fmeasure"]["ROUGE-1"] > 0
    assert run(args + ["--format", "html"], io.StringIO(), err) == 2
