"""The signature (docs/signature.md): stable, changed by each setting that changes a number and by no
other, parsed back, checked (--signature-check, signature_check=), in every format; the default
report unchanged."""
import io
import json
import os
import shutil
import subprocess
import sys

import pytest

import rouge155
from rouge155.base.options import Options
from rouge155.output.signature import (KEYS, Signature, check, escape, parse, reference_counts, sentence_splitting,
                                       signature_of, unescape)

from devkit.difftools import REPO
from support.cli import run_as_command

DATA = REPO / "data"
SAMPLE = REPO / "sample-test"

# Four evaluations, two systems, one to three references: every flag below moves some number.
PEERS = {
    "A": {"1": "The cats were running quickly across the gardens\nof the old houses .",
          "2": "Stocks fell sharply on Monday as investors worried about rates .",
          "3": "The committee approved the new budget after a long debate .",
          "4": "Café owners in Zürich raised their prices again ."},
    "B": {"1": "A cat ran across the garden .",
          "2": "The market dropped on Monday .",
          "3": "The budget was approved by the committee .",
          "4": "Prices rose in Zürich cafés ."},
}
MODELS = {
    "1": ["The cat ran quickly across the garden of the old house .", "Cats run in gardens ."],
    "2": ["Stock markets fell on Monday , as investors were worried about interest rates ."],
    "3": ["After a long debate the committee approved a new budget .", "The budget passed .",
          "A committee approved the budget after debating ."],
    "4": ["Café owners in Zürich raise prices .", "Zürich cafés raised prices ."],
}
BASE = {"ngram": 2}


def _evaluate(models=MODELS, **flags):
    return rouge155.evaluate(PEERS, models, **{**BASE, **flags})


def _changed_keys(a: str, b: str):
    return {line.split(":", 1)[0] for line in parse(a).differences(parse(b))}


def _data_copy(tmp_path, stopword=None, exception=None):
    """A copy of the bundled data with one stopword or one WordNet exception added."""
    root = tmp_path / "data"
    shutil.copytree(DATA / "WordNet-2.0-Exceptions", root / "WordNet-2.0-Exceptions")
    shutil.copy(DATA / "smart_common_words.txt", root / "smart_common_words.txt")
    if stopword:
        with open(root / "smart_common_words.txt", "a") as fh:
            fh.write(stopword + "\n")
    if exception:
        with open(root / "WordNet-2.0-Exceptions" / "noun.exc", "a") as fh:
            fh.write(exception + "\n")
    return str(root)


# -- each setting that changes a number changes the signature --------------------------------------
# (name, the base's flags, the changed flags, the keys that change)
SETTINGS = [
    ("-n", {}, {"ngram": 3}, {"n"}),
    ("-m", {}, {"stem": True}, {"stem", "stemmer"}),
    ("-M", {}, {"stem_models_only": True}, {"stem", "stemmer"}),
    ("-m -M", {"stem": True}, {"stem": True, "stem_models_only": True}, {"stem"}),
    ("-s", {}, {"remove_stopwords": True}, {"stop"}),
    ("-2", {}, {"skip_distance": 4}, {"skip"}),
    ("-2 distance", {"skip_distance": 4}, {"skip_distance": 1}, {"skip"}),
    ("-2 -1", {"skip_distance": 4}, {"skip_distance": -1}, {"skip"}),
    ("-u", {"skip_distance": 4}, {"skip_distance": 4, "skip_unigrams": True}, {"skip"}),
    ("-U", {"skip_distance": 4}, {"skip_distance": 4, "skip_both": True}, {"skip"}),
    ("-w", {}, {"weight": 1.2}, {"w"}),
    ("-w weight", {"weight": 1.2}, {"weight": 1.5}, {"w"}),
    ("-x", {}, {"no_lcs": True}, {"lcs"}),
    ("-l", {}, {"word_limit": 6}, {"len"}),
    ("-b", {}, {"byte_limit": 30}, {"len"}),
    ("-l -b", {"word_limit": 6}, {"byte_limit": 6}, {"len"}),
    ("-p", {}, {"alpha": 0.2}, {"p"}),
    ("-f", {}, {"score_formula": "B"}, {"mref"}),
    ("-t 1", {}, {"token_mode": 1}, {"t"}),
    ("-t 2", {}, {"token_mode": 2}, {"t"}),
    ("-r", {}, {"resamples": 7}, {"r"}),
    ("-c", {}, {"confidence": 50}, {"c"}),
    ("--unicode", {}, {"unicode": True}, {"tok"}),
    ("--language", {}, {"language": "de"}, {"tok"}),
    ("--language en", {}, {"language": "en"}, {"tok"}),
    ("--language + -m", {"language": "de"}, {"language": "de", "stem": True}, {"stem", "stemmer"}),
    ("--language + -s", {"language": "de"}, {"language": "de", "remove_stopwords": True}, {"stop"}),
    ("--language stemmer", {"language": "de", "stem": True}, {"language": "nl", "stem": True}, {"tok", "stemmer"}),
]


@pytest.mark.parametrize("name,base,changed,keys", SETTINGS, ids=[row[0] for row in SETTINGS])
def test_each_setting_that_changes_a_number_changes_the_signature(name, base, changed, keys):  # noqa: ARG001 - a row
    if any(k in changed for k in ("language",)) and changed.get("stem"):
        pytest.importorskip("Stemmer", reason="--language with -m needs PyStemmer")
    before, after = _evaluate(**base), _evaluate(**changed)
    assert before.to_text() != after.to_text()  # the setting changes a number (or the metrics printed)
    assert before.signature != after.signature
    assert _changed_keys(before.signature, after.signature) == keys


def test_be_mode_changes_the_signature():
    """-3 reads BE files (SIMPLE format: HEAD|MODIFIER|RELATION per line); ROUGE-L is off with it."""
    peers = {"A": {"1": "cat|nil|nil\ncat|black|mod\nmat|nil|nil\nsat|cat|subj", "2": "dog|nil|nil\ndog|big|mod"}}
    models = {"1": ["cat|nil|nil\ncat|black|mod\nsat|cat|subj"], "2": ["dog|nil|nil\ndog|small|mod\nran|dog|subj"]}
    h, hm = (rouge155.evaluate(peers, models, be_mode=mode, input_format="SIMPLE") for mode in ("H", "HM"))
    assert h.to_text() != hm.to_text()
    assert _changed_keys(h.signature, hm.signature) == {"be"}
    plain = signature_of(Options(), references="1", sentences="none")
    assert _changed_keys(str(plain), h.signature) == {"be", "lcs"}


def test_references_change_the_signature():
    fewer = {eid: refs[:1] for eid, refs in MODELS.items()}
    before, after = _evaluate(), _evaluate(models=fewer)
    assert before.to_text() != after.to_text()
    assert (parse(before.signature).get("refs"), parse(after.signature).get("refs")) == ("1-3", "1")


@pytest.mark.parametrize("what", ["stopwords", "exceptions"])
def test_data_files_are_named_by_content(tmp_path, what):
    """Another stopword list or exception list changes the signature (a hash of its words); a copy of
    the bundled files elsewhere, or the reference's .db, does not."""
    flag = {"remove_stopwords": True} if what == "stopwords" else {"stem": True}
    key = "stop" if what == "stopwords" else "stemmer"
    bundled = rouge155.evaluate(PEERS, MODELS, **BASE, **flag)
    copy = rouge155.evaluate(PEERS, MODELS, **BASE, **flag, data_dir=_data_copy(tmp_path / "same"))
    assert copy.signature == bundled.signature
    assert parse(bundled.signature).get(key) in ("smart", "rouge-porter+wordnet-2.0")
    edit = {"stopword": "cats"} if what == "stopwords" else {"exception": "cats zebra"}
    other = rouge155.evaluate(PEERS, MODELS, **BASE, **flag, data_dir=_data_copy(tmp_path / "other", **edit))
    assert other.to_text() != bundled.to_text()
    assert _changed_keys(bundled.signature, other.signature) == {key}
    assert parse(other.signature).get(key).startswith(("list.", "rouge-porter+exc."))


def test_the_reference_db_is_the_bundled_exceptions():
    reference = os.path.expanduser("~/.cache/rouge155/reference/data")
    if not os.path.isfile(os.path.join(reference, "WordNet-2.0.exc.db")):
        pytest.skip("the reference ROUGE-1.5.5 data is not installed (scripts/setup-reference.sh)")
    ours = rouge155.evaluate(PEERS, MODELS, stem=True, remove_stopwords=True)
    theirs = rouge155.evaluate(PEERS, MODELS, stem=True, remove_stopwords=True, data_dir=reference)
    assert ours.signature == theirs.signature


def test_segmenter_and_char_level():
    pytest.importorskip("jieba", reason="--language zh needs jieba (pip install \".[zh]\")")
    peers = {"A": {"1": "我们今天去北京大学参观。"}}
    models = {"1": ["今天我们参观了北京大学。"]}
    words = rouge155.evaluate(peers, models, ngram=2, language="zh")
    chars = rouge155.evaluate(peers, models, ngram=2, language="zh", char_level=True)
    assert words.to_text() != chars.to_text()
    assert parse(words.signature).get("tok").startswith("zh+jieba@")
    assert parse(chars.signature).get("tok") == "zh+char-level"


def test_semantics_and_their_settings():
    """Another implementation's name and its own settings (a small mapping) sign too."""
    base = signature_of(semantics="rouge-score", semantics_settings={"use_stemmer": False, "tokenizer": "default"},
                        references="1")
    assert str(base) == ("rouge155:%s|sem:rouge-score|sem.tokenizer:default|sem.use_stemmer:no|refs:1"
                         % rouge155.__version__)
    for settings, key in (({"use_stemmer": True, "tokenizer": "default"}, "sem.use_stemmer"),
                          ({"use_stemmer": False, "tokenizer": "custom:Mine"}, "sem.tokenizer"),
                          ({"use_stemmer": False, "tokenizer": "default", "split_summaries": True},
                           "sem.split_summaries")):
        other = signature_of(semantics="rouge-score", semantics_settings=settings, references="1")
        assert [line.split(":")[0] for line in base.differences(other)] == [key]
    assert base.differences(signature_of(semantics="torchmetrics", semantics_settings={
        "use_stemmer": False, "tokenizer": "default"}, references="1")) == [
        "sem: rouge-score in the signature, torchmetrics in this run"]
    listed = signature_of(semantics="torchmetrics", semantics_settings={"rouge_keys": ["rouge1", "a,b"], "alpha": 0.25})
    assert parse(str(listed)).get("sem.rouge_keys") == "rouge1,a%2Cb" and listed.get("sem.alpha") == "0.25"
    with pytest.raises(TypeError, match=r"semantics_settings\['tokenizer'\]"):
        signature_of(semantics="rouge-score", semantics_settings={"tokenizer": object()})
    with pytest.raises(ValueError, match="not a name"):
        signature_of(semantics="rouge-score", semantics_settings={"a|b": 1})


# -- settings that change no number leave it alone --------------------------------------------------
def test_settings_that_change_no_number(tmp_path):
    """-d, -v and the systems scored change what is printed, not a number; the data directory's path
    does not either (its content does)."""
    base = _evaluate().signature
    assert _evaluate(per_eval=True).signature == base
    assert _evaluate(verbose=True).signature == base
    assert rouge155.evaluate({"A": PEERS["A"]}, MODELS, **BASE).signature == base
    assert _evaluate(data_dir=_data_copy(tmp_path)).signature == base
    assert rouge155.evaluate(PEERS, MODELS, Options(ngram="2.0", weight=None)).signature == base  # -n 2.0 is -n 2
    assert rouge155.evaluate(PEERS, MODELS, Options(ngram="2", weight="1.20")).signature == \
        rouge155.evaluate(PEERS, MODELS, Options(ngram="2", weight="1.2")).signature


def command_line(args, cwd=SAMPLE):
    """(status, stdout, stderr) as text of ``rouge155 ARGS`` in this process, read as the command reads it."""
    status, out, err = run_as_command(args, cwd)
    return status, out.decode("utf-8", "surrogateescape"), err.decode()


CONFIG = ["-e", str(DATA), "-n", "2", "-m", "-a", "rouge155-spl.xml"]


def _signature_line(args):
    status, out, err = command_line(args)
    assert status == 0, err
    return out.splitlines()[-1]


@pytest.mark.parametrize("extra", [["--jobs", "2"], ["--quiet"], ["-d"], ["-v"], ["--precise"]],
                         ids=lambda e: " ".join(e))
def test_cli_settings_that_change_no_number(extra):
    assert _signature_line(CONFIG + extra + ["--signature"]) == _signature_line(CONFIG + ["--signature"])


def test_every_format_carries_the_same_signature():
    jsonschema = pytest.importorskip("jsonschema")
    line = _signature_line(CONFIG + ["--signature"])
    assert line.startswith("rouge155:") and parse(line).get("refs") == "2-4"
    _, out, _ = command_line(CONFIG + ["--format", "json", "--precise"])
    doc = json.loads(out)
    jsonschema.validate(doc, json.loads((REPO / "schema" / "rouge155-result.schema.json").read_text()))
    assert doc["signature"] == line
    _, out, _ = command_line(CONFIG + ["--format", "csv"])
    import csv

    rows = list(csv.DictReader(io.StringIO(out)))
    assert rows and {r["signature"] for r in rows} == {line}
    assert out.splitlines()[0].split(",")[16] == "signature"  # right after the score columns
    _, out, _ = command_line(CONFIG + ["--format", "html"])
    import html

    assert html.escape(line) in out


def test_default_report_is_unchanged_and_signature_is_its_last_line():
    _, plain, _ = command_line(CONFIG)
    _, signed, _ = command_line(CONFIG + ["--signature"])
    assert signed == plain + signed.splitlines()[-1] + "\n"
    assert "rouge155:" not in plain


@pytest.mark.parametrize("extra,key", [
    (["--sentence-sep", " <q> "], "split"),
    (["--split-sentences"], "split"),
    (["--references", "refs2.txt"], "refs"),
])
def test_plain_text_input_settings(tmp_path, extra, key):
    # sentences in another order: ROUGE-L over sentences (union LCS) differs from one sentence's LCS
    (tmp_path / "sys.txt").write_text("x y z . A b c . Then it came back .\nstocks fell . <q> rates rose .\n")
    (tmp_path / "refs.txt").write_text("a b c . X y z . It came back .\nrates rose . <q> stocks fell .\n")
    (tmp_path / "refs2.txt").write_text("the cat ran . It came back later .\nstocks fell . <q> Rates rose .\n")
    args = ["-e", str(DATA), "-n", "2", "--summaries", "sys.txt", "--references", "refs.txt", "--signature"]
    _, before, _ = command_line(args, tmp_path)
    _, after, _ = command_line(args + extra, tmp_path)
    assert before.splitlines()[:-1] != after.splitlines()[:-1]
    assert _changed_keys(before.splitlines()[-1], after.splitlines()[-1]) == {key}
    value = parse(after.splitlines()[-1]).get(key)
    assert value in ("sep. <q> ", "rules", "2") or value.startswith("punkt@nltk-")


def test_rouge2_measures_sign():
    base = _signature_line(CONFIG + ["--signature"])
    status, out, err = command_line(CONFIG + ["--topic", "nn|vb", "--signature"])
    if status != 0:
        pytest.skip(f"ROUGE 2.0 measures unavailable here: {err.strip()}")
    assert _changed_keys(base, out.splitlines()[-1]) == {"r2"}
    assert "r2:topic.nn%7Cvb|" in out.splitlines()[-1]


def test_cli_and_api_sign_the_same_settings_alike(tmp_path):
    (tmp_path / "sys.txt").write_text("the cats sat on the mats\nstocks fell on monday\n")
    (tmp_path / "refs.txt").write_text("a cat sat on a mat\nthe market fell on monday\n")
    _, out, _ = command_line(["-e", str(DATA), "-n", "2", "-m", "-s", "--summaries", "sys.txt", "--references",
                      "refs.txt", "--signature"], tmp_path)
    api = rouge155.evaluate({"1": {"1": "the cats sat on the mats", "2": "stocks fell on monday"}},
                            {"1": ["a cat sat on a mat"], "2": ["the market fell on monday"]},
                            ngram=2, stem=True, remove_stopwords=True)
    assert out.splitlines()[-1] == api.signature
    assert api.to_text() == "".join(out.splitlines(keepends=True)[:-1])


# -- stable -----------------------------------------------------------------------------------------
def test_stable_across_calls_and_processes():
    here = [_evaluate(stem=True, remove_stopwords=True).signature for _ in range(2)]
    code = ("import json, sys, rouge155\npeers, models = json.loads(sys.stdin.read())\n"
            "print(rouge155.evaluate(peers, models, ngram=2, stem=True, remove_stopwords=True).signature)\n")
    there = [subprocess.run([sys.executable, "-c", code], input=json.dumps([PEERS, MODELS]), capture_output=True,
                            text=True, check=True, env=dict(os.environ, PYTHONHASHSEED=seed)).stdout.strip()
             for seed in ("1", "2")]
    assert here[0] == here[1] == there[0] == there[1]


def test_keys_in_their_order():
    sig = parse(_evaluate(skip_distance=4, weight=1.2).signature)
    keys = list(sig.fields)
    assert keys == [k for k in KEYS if k in keys] and set(keys) == set(KEYS)
    pairs = rouge155.score_pairs(["a b c"], ["a b d"])
    keys = list(parse(pairs.signature).fields)
    assert keys == [k for k in KEYS if k in keys] and {"t", "r", "c"}.isdisjoint(keys)
    assert parse(pairs.signature).get("agg") == "none"


# -- parsed back ------------------------------------------------------------------------------------
@pytest.mark.parametrize("name,base,changed,keys", SETTINGS, ids=[row[0] for row in SETTINGS])
def test_parsed_back_to_the_same_settings(name, base, changed, keys):  # noqa: ARG001 - SETTINGS' row
    options = rouge155.base.options.typed_options(**{**BASE, **changed})
    built = signature_of(options, references="1-3", sentences="none")
    again = parse(str(built))
    assert again == built and again.fields == built.fields and str(again) == str(built)
    assert signature_of(again.options(), references="1-3", sentences="none") == built


@pytest.mark.parametrize("value", ["a|b", "k:v", "100%", " spaced ", "tab\there", "naïve", "日本", "\udcff",
                                   "%7C", "", "line\nbreak"])
def test_escaping_round_trips(value):
    sig = Signature([("rouge155", "1"), ("split", "sep." + value)])
    line = str(sig)
    assert "\n" not in line and line.count("|") == 1 and line.count(":") == 2 and line.isascii()
    assert parse(line) == sig and unescape(escape(value)) == value


@pytest.mark.parametrize("text,message", [
    ("", "KEY:VALUE"),
    ("bleu:2.0|n:1", "starts with rouge155"),
    ("rouge155:0.1.0|n", "KEY:VALUE"),
    ("rouge155:0.1.0|n:1:2", "holds ':'"),
    ("rouge155:0.1.0|n:a b", "space"),
    ("rouge155:0.1.0|n:%zz", "two hex digits"),
    ("rouge155:0.1.0|n:1|n:2", "given twice"),
])
def test_malformed_signatures_are_refused(text, message):
    with pytest.raises(ValueError, match=message):
        parse(text)


def test_perl_flags_back_need_perl_flags():
    with pytest.raises(ValueError, match="no Perl flags"):
        signature_of(semantics="pltrdy", references="1").options()


# -- accepted back ----------------------------------------------------------------------------------
def test_signature_check_accepts_the_same_run_and_refuses_another():
    line = _signature_line(CONFIG + ["--signature"])
    status, plain, _ = command_line(CONFIG)
    status, out, err = command_line(CONFIG + ["--signature-check", line])
    assert (status, out, err.count("--signature-check")) == (0, plain, 0)
    status, out, err = command_line(["-e", str(DATA), "-n", "3", "-m", "-s", "-a", "rouge155-spl.xml",
                             "--signature-check", line])
    assert status == 2 and out == ""  # refused before scoring
    assert err.splitlines() == ["rouge155: --signature-check: stop: no in the signature, smart in this run",
                                "rouge155: --signature-check: n: 2 in the signature, 3 in this run"]


def test_signature_check_refuses_a_malformed_signature_in_one_line():
    status, out, err = command_line(CONFIG + ["--signature-check", "rouge155:0.1.0|n"])
    assert status == 2 and out == "" and len(err.splitlines()) == 1 and "not a rouge155 signature" in err


def test_signature_check_through_the_command():
    """The console script: exit status 2 and nothing on stdout."""
    line = _signature_line(CONFIG + ["--signature"])
    p = subprocess.run([sys.executable, "-m", "rouge155", "-e", str(DATA), "-n", "2", "-a", "rouge155-spl.xml",
                        "--signature-check", line], capture_output=True, cwd=str(SAMPLE))
    assert (p.returncode, p.stdout) == (2, b"")
    assert p.stderr.decode().splitlines() == [
        "rouge155: --signature-check: stem: m in the signature, no in this run",
        "rouge155: --signature-check: stemmer: rouge-porter+wordnet-2.0 in the signature, none in this run"]


def test_api_signature_check():
    first = _evaluate(stem=True)
    assert _evaluate(stem=True, signature_check=first.signature).signature == first.signature
    with pytest.raises(ValueError, match=r"signature_check: .*\nn: 2 in the signature, 1 in this run"):
        _evaluate(stem=True, ngram=1, signature_check=first.signature)
    with pytest.raises(ValueError, match="signature_check: not a rouge155 signature"):
        _evaluate(signature_check="nonsense")
    pairs = rouge155.score_pairs(["the cat sat"], [["a cat sat", "the cat"]], stem=True)
    assert rouge155.score_pairs(["x"], [["y", "z"]], stem=True, signature_check=pairs.signature).signature == \
        pairs.signature
    with pytest.raises(ValueError, match=r"\nrefs: 2 in the signature, 1 in this run"):
        rouge155.score_pairs(["x"], ["y"], stem=True, signature_check=pairs.signature)
    with pytest.raises(ValueError, match="agg: bootstrap in the signature, none in this run"):
        check(first.signature, parse(pairs.signature))


def test_score_pairs_result_is_a_dict_with_its_signature():
    import copy
    import pickle

    out = rouge155.score_pairs(["the cat sat"] * 2, ["a cat sat", ["the cat", "a cat"]], metrics=["ROUGE-2"])
    assert isinstance(out, dict) and list(out) == ["ROUGE-2"]
    sig = parse(out.signature)
    assert (sig.get("refs"), sig.get("n"), sig.get("lcs"), sig.get("agg")) == ("1-2", "2", "no", "none")
    again = pickle.loads(pickle.dumps(out))
    assert again.signature == out.signature and list(again) == list(out)
    for pairs in (1, 2):  # signed lazily: pickled (and copied) before their signature is read, too
        fresh = rouge155.score_pairs(["the cat sat"] * pairs, ["a cat sat"] * pairs, metrics=["ROUGE-2"])
        again = pickle.loads(pickle.dumps(fresh))
        assert again.signature == fresh.signature and list(again) == list(fresh)
        assert copy.deepcopy(fresh).signature == fresh.signature


def test_score_pairs_under_another_semantics_signs_its_settings():
    kwargs = dict(metrics=["rouge1"], semantics="rouge-score")
    out = rouge155.score_pairs(["the cats sat"], [["a cat sat", "the cat"]], stem=True, multi_reference="B", **kwargs)
    sig = parse(out.signature)
    assert (sig.get("sem"), sig.get("sem.stem"), sig.get("refs"), sig.get("mref")) == ("rouge-score", "yes", "2", "B")
    assert "tok" not in sig.fields  # the Perl flags' keys belong to the Perl's semantics
    with pytest.raises(ValueError, match=r"\nsem.stem: yes in the signature, no in this run"):
        rouge155.score_pairs(["x"], [["y", "z"]], multi_reference="B", signature_check=out.signature, **kwargs)
    same = rouge155.score_pairs(["x"], [["y", "z"]], stem=True, multi_reference="B", signature_check=out.signature,
                                **kwargs)
    assert same.signature == out.signature


# -- helpers ----------------------------------------------------------------------------------------
def test_reference_counts_and_sentence_splitting():
    assert (reference_counts([]), reference_counts([3, 3]), reference_counts([4, 1, 2])) == ("0", "3", "1-4")
    assert sentence_splitting() == "none" and sentence_splitting(True, " <q> ") == "sep. <q> "
    assert sentence_splitting(True) in ("rules",) or sentence_splitting(True).startswith("punkt@nltk-")


def test_default_run_does_not_build_a_signature(tmp_path):
    """Start-up: a default run never imports the signature module (nor urllib, hashlib for it)."""
    code = ("import sys\nfrom rouge155.cli.main import run\n"
            "run(['-e', %r, '-n', '2', '-a', 'rouge155-spl.xml'], stdout=open(%r, 'wb'))\n"
            "print('rouge155.output.signature' in sys.modules)\n" % (str(DATA), str(tmp_path / "out")))
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=str(SAMPLE), check=True)
    assert p.stdout.strip() == "False"
