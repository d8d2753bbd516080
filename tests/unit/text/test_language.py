"""--language: fixtures per language, errors, and the id-mapped check against the original script."""
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from devkit.difftools import DATA, REPO, run_perl
from devkit.langtools import run_ours_with

from rouge155 import evaluate
from rouge155.text.modes import LanguageText
from rouge155.base.perlunicode import clean_tokens, perl_decode, perl_lc
from support.cli import run_module

# (system summary, reference summary) per language: two sentences each, sharing some words
PAIRS = {
    "en": ("The children were running to the houses.\nPrices rose sharply.",
           "A child ran to the house.\nThe prices rose."),
    "de": ("Die Kinder liefen schnell zu den Häusern.\nDie Preise stiegen stark.",
           "Das Kind lief zum Haus.\nDie Preise sind gestiegen."),
    "fr": ("Les enfants couraient vers les maisons.\nLes prix ont fortement augmenté.",
           "L'enfant courait vers la maison.\nLes prix augmentent."),
    "es": ("Los niños corrían hacia las casas.\nLos precios subieron mucho.",
           "El niño corría hacia la casa.\nLos precios suben."),
    "it": ("I bambini correvano verso le case.\nI prezzi sono aumentati molto.",
           "Il bambino correva verso la casa.\nI prezzi aumentano."),
    "pt": ("As crianças corriam para as casas.\nOs preços subiram muito.",
           "A criança corria para a casa.\nOs preços sobem."),
    "nl": ("De kinderen liepen naar de huizen.\nDe prijzen stegen sterk.",
           "Het kind liep naar het huis.\nDe prijzen stijgen."),
    "ru": ("Дети бежали к домам.\nЦены резко выросли.", "Ребёнок бежал к дому.\nЦены растут."),
    "ar": ("ركض الأطفال إلى البيوت.\nارتفعت الأسعار بشدة.", "ركض الطفل إلى البيت.\nالأسعار ترتفع."),
    "hi": ("बच्चे घरों की ओर दौड़े।\nकीमतें तेज़ी से बढ़ीं।", "बच्चा घर की ओर दौड़ा।\nकीमतें बढ़ रही हैं।"),
    "tr": ("Çocuklar evlere koştular.\nFiyatlar İstanbul'da hızla arttı.",
           "Çocuk eve koştu.\nİstanbul'da fiyatlar artıyor."),
    "fi": ("Lapset juoksivat taloihin.\nHinnat nousivat jyrkästi.", "Lapsi juoksi taloon.\nHinnat nousevat."),
    "sv": ("Barnen sprang till husen.\nPriserna steg kraftigt.", "Barnet sprang till huset.\nPriserna stiger."),
    "vi": ("Những đứa trẻ chạy về nhà.\nGiá cả tăng mạnh.", "Đứa trẻ chạy về nhà.\nGiá tăng."),
    "zh": ("我们在北京大学学习自然语言处理。\n价格大幅上涨。", "他在北京大学研究自然语言处理。\n价格上涨了。"),
    "ja": ("私は東京大学で自然言語処理を勉強しています。\n価格が大きく上がった。",
           "彼は東京大学で自然言語処理を研究している。\n価格が上がった。"),
    "th": ("ฉันรักภาษาไทยมาก\nราคาสูงขึ้นอย่างมาก", "เขารักภาษาไทย\nราคาสูงขึ้น"),
}
MATRIX = sorted(PAIRS)
SEGMENTED = {"zh": "jieba", "ja": "fugashi", "th": "pythainlp"}


def _has(module: str) -> bool:
    try:
        __import__(module)
        return True
    except ImportError:
        return False


def _need_extra(lang: str) -> None:
    if lang in SEGMENTED and not _has(SEGMENTED[lang]):
        if os.environ.get("CI"):
            pytest.fail(f"{SEGMENTED[lang]} missing: scripts/test.sh installs the {lang} extra")
        pytest.skip(f'pip install ".[{lang}]"')


def _write_pair(root: Path, lang: str) -> Path:
    (root / "sys").mkdir(parents=True)
    (root / "ref").mkdir()
    peer, model = PAIRS[lang]
    (root / "sys" / "d1.txt").write_text(peer + "\n", encoding="utf-8")
    (root / "ref" / "d1.A.txt").write_text(model + "\n", encoding="utf-8")
    (root / "ref" / "d1.B.txt").write_text(peer.split("\n")[0] + "\n" + model.split("\n")[1] + "\n",
                                           encoding="utf-8")
    return root


def _plain(root: Path):
    return dict(system_dir=str(root / "sys"), model_dir=str(root / "ref"), system_pattern=r"(d\d+).txt",
                model_pattern="#ID#.[A-Z].txt")


# -- fixtures ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang,word,stem", [
    ("de", "häusern", "haus"), ("fr", "maisons", "maison"), ("es", "corrían", "corr"),
    ("ru", "бежали", "бежа"), ("tr", "evlere", "ev"), ("fi", "taloihin", "talo"), ("sv", "priserna", "pris"),
    ("it", "bambini", "bambin"), ("pt", "crianças", "crianc"), ("nl", "huizen", "huis"),
    ("ar", "الأطفال", "اطفال"), ("hi", "कीमतें", "कीमत"), ("en", "children", "child"), ("en", "houses", "hous"),
])
def test_stems(lang, word, stem):
    assert LanguageText(lang).stemmer({"children": "child"})(word) == stem


@pytest.mark.parametrize("lang,word", [("de", "und"), ("fr", "les"), ("ru", "и"), ("ar", "في"), ("hi", "और"),
                                       ("tr", "ve"), ("zh", "的"), ("ja", "これ"), ("th", "และ"), ("vi", "và"),
                                       ("en", "the")])
def test_stopwords(lang, word):
    assert word in LanguageText(lang).stopwords(frozenset(["the"]))


@pytest.mark.parametrize("lang,text,tokens", [
    ("zh", "我们在北京大学学习", ["我们", "在", "北京大学", "学习"]),
    ("ja", "東京大学で勉強", ["東京", "大学", "で", "勉強"]),
    ("th", "ฉันรักภาษาไทย", ["ฉัน", "รัก", "ภาษาไทย"]),
])
def test_segmentations(lang, text, tokens):
    _need_extra(lang)
    model = LanguageText(lang)
    assert clean_tokens(model.parse(text.encode(), "SPL")[0]) == tokens


def test_char_level_and_turkish_case():
    model = LanguageText("zh", char_level=True)
    assert clean_tokens(model.parse("北京大学abc".encode(), "SPL")[0]) == ["北", "京", "大", "学", "abc"]
    assert LanguageText("tr").parse("İSTANBUL Işık".encode(), "SPL") == ["istanbul ışık"]
    # zh/ja: NFKC (full-width Latin, half-width kana)
    assert clean_tokens(LanguageText("zh", char_level=True).parse("ＡＢＣ１２".encode(), "SPL")[0]) == ["abc12"]


def test_fork_text_rules():
    """The fork's reading: PERLQQ escapes, noncharacters, a partial char at EOF dropped, lc, \\w."""
    assert perl_decode(b"a\xe9b\xef\xbf\xbe\xc3\xa9\xe2\x82") == "a\\xE9b\\xEF\\xBF\\xBE\u00e9"
    # Perl quirk: after a byte that cannot start a character, Perl's DFA swallows a following 中
    assert perl_decode(b"\xff\xe4\xb8\xad\xe4\xb8\xadA") == "\\xFF\\xE4\\xB8\\xAD\u4e2dA"
    assert perl_decode(b"\xff\xc3\xa9A") == "\\xFF\u00e9A"
    assert perl_lc("ΟΔΟΣ") == "οδοσ"  # Perl's lc has no final-sigma rule
    assert clean_tokens("a_b-c Ⓐ x² naïve e\u0301") == ["a_b", "c", "Ⓐ", "x", "naïve", "e\u0301"]


# -- errors -----------------------------------------------------------------------------------------
def rouge155_module(*args, cwd=None):
    """``python -m rouge155 ARGS`` in a fresh process."""
    return run_module(args, cwd)


def test_unknown_language_one_line(tmp_path):
    root = _write_pair(tmp_path / "p", "de")
    p = rouge155_module("--language", "xx", "--system-dir", str(root / "sys"), "--model-dir", str(root / "ref"),
             "--system-pattern", r"(d\d+).txt", "--model-pattern", "#ID#.[A-Z].txt")
    assert p.returncode != 0 and p.stdout == b""
    assert len(p.stderr.decode().strip().splitlines()) == 1 and b"unknown language" in p.stderr


def test_undecodable_text_one_line(tmp_path):
    root = _write_pair(tmp_path / "p", "de")
    (root / "sys" / "d1.txt").write_bytes(b"caf\xe9 au lait\n")
    p = rouge155_module("--language", "fr", "--system-dir", str(root / "sys"), "--model-dir", str(root / "ref"),
             "--system-pattern", r"(d\d+).txt", "--model-pattern", "#ID#.[A-Z].txt")
    assert p.returncode != 0
    lines = p.stderr.decode().strip().splitlines()
    assert len(lines) == 1 and "not valid UTF-8" in lines[0] and "Traceback" not in lines[0]


def test_missing_extra_one_line(tmp_path):
    """Without the segmenter's package: one line naming the extra (jieba hidden by a stub module path)."""
    root = _write_pair(tmp_path / "p", "zh")
    stub = tmp_path / "stub"
    stub.mkdir()
    (stub / "jieba.py").write_text("raise ImportError('no jieba')\n")
    env = dict(os.environ, PYTHONPATH=str(stub) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    p = subprocess.run([sys.executable, "-m", "rouge155", "--language", "zh", "--system-dir", str(root / "sys"),
                        "--model-dir", str(root / "ref"), "--system-pattern", r"(d\d+).txt",
                        "--model-pattern", "#ID#.[A-Z].txt"], capture_output=True, env=env, timeout=300)
    assert p.returncode != 0
    lines = p.stderr.decode().strip().splitlines()
    assert len(lines) == 1 and 'pip install ".[zh]"' in lines[0]


# -- scores -----------------------------------------------------------------------------------------
def test_russian_pair_zero_by_default_sensible_with_language():
    text = "Москва — столица России.\nЦены растут."
    default = evaluate({"s": {"d": text}}, {"d": [text]}, ngram=1)
    assert default.get("ROUGE-1").recall == 0.0
    lang = evaluate({"s": {"d": text}}, {"d": [text]}, ngram=1, language="ru")
    assert lang.get("ROUGE-1").recall == 1.0


def test_json_records_language(tmp_path):
    import json

    root = _write_pair(tmp_path / "p", "de")
    out = run_ours_with(["-n", "2", "-m"], str(tmp_path), DATA, output_format="json", language="de", **_plain(root))
    assert out.ok, out.stderr
    doc = json.loads(out.stdout)
    assert doc["text"]["language"] == "de" and doc["text"]["stemmer"] == "snowball-german"
    import jsonschema

    schema = json.loads((REPO / "schema" / "rouge155-result.schema.json").read_text())
    jsonschema.validate(doc, schema)
    csv = run_ours_with(["-n", "1"], str(tmp_path), DATA, output_format="csv", unicode=True, **_plain(root))
    header, first = csv.stdout.decode().splitlines()[:2]
    assert header.endswith(",text_mode,language,stemmer,stopwords,segmenter") and first.endswith(",unicode,,,,")


# -- the id-mapped check: the original script on --write-token-ids output prints the same ----------
FLAG_SETS = [
    ["-n", "2", "-m", "-s", "-2", "4", "-U", "-w", "1.2", "-a"],
    ["-n", "3", "-l", "6", "-m", "-d", "-a"],
    ["-n", "1", "-b", "12", "-s", "-x", "-a"],
]


@pytest.mark.parametrize("lang", MATRIX)
def test_token_ids_reproduce_with_original(reference, tmp_path, lang):
    _need_extra(lang)
    root = _write_pair(tmp_path / "pair", lang)
    for k, flags in enumerate(FLAG_SETS):
        out_dir = tmp_path / f"ids{k}"
        ours = run_ours_with([f for f in flags if f != "-a"], str(tmp_path), reference / "data", language=lang,
                             write_token_ids=str(out_dir), **_plain(root))
        assert ours.ok, ours.stderr
        args = shlex.split((out_dir / "args.txt").read_text())
        theirs = run_perl(reference, args, str(tmp_path))
        assert theirs.stdout == ours.stdout, f"{lang} {flags}\n{theirs.stdout.decode()}\n{ours.stdout.decode()}"
        assert b"ROUGE-1 Average_R: 0.00000" not in ours.stdout or "-s" in flags


def test_language_through_jobs_and_api(tmp_path):
    """--jobs 2 gives the bytes of --jobs 1; the API gives the CLI's numbers."""
    root = tmp_path / "many"
    (root / "sys").mkdir(parents=True)
    (root / "ref").mkdir()
    texts = [PAIRS[lang] for lang in ("de", "ru", "fr", "ar", "hi", "tr")] * 15
    for i, (peer, model) in enumerate(texts):
        (root / "sys" / f"d{i}.txt").write_text(peer + "\n", encoding="utf-8")
        (root / "ref" / f"d{i}.A.txt").write_text(model + "\n", encoding="utf-8")
    args = ["-n", "2", "-m", "-s", "-2", "4", "-u", "-w", "1.2"]
    one = run_ours_with(args, str(tmp_path), DATA, language="de", **_plain(root))
    two = run_ours_with(args, str(tmp_path), DATA, jobs=2, language="de", **_plain(root))
    assert one.ok and one.stdout == two.stdout
    api = evaluate({"1": {f"d{i}": p for i, (p, _m) in enumerate(texts)}},
                   {f"d{i}": [m] for i, (_p, m) in enumerate(texts)}, ngram=2, stem=True, remove_stopwords=True,
                   skip_distance=4, skip_unigrams=True, weight=1.2, language="de", data_dir=str(DATA))
    import json

    doc = json.loads(run_ours_with(args, str(tmp_path), DATA, language="de", output_format="json",
                                   **_plain(root)).stdout)
    cli_hits = sorted(i["hit"] for m in doc["metrics"] if m["metric"] == "ROUGE-2" for i in m["instances"])
    assert cli_hits == sorted(api.get("ROUGE-2").counts[:, 1].tolist())
