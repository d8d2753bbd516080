"""ROUGE 2.0 (``rouge155-rouge2``): Java behaviours, properties, errors, synonyms and POS fixtures,
and the differential comparison with the jar (skipped with a reason when the jar or Java is absent;
see scripts/rouge2_harness.py and devkit/rouge2jar.py)."""

import pytest

from rouge155.rouge2 import javalang
from rouge155.rouge2.measures import Calculator, Rouge2Result, clean_sentence
from rouge155.rouge2.properties import PropertiesError, parse_properties, settings_from_properties
from rouge155.rouge2.run import csv_text, evaluate_project

from devkit.difftools import REPO
from support.cli import run_console_script


# -- java.lang behaviours ---------------------------------------------------------------------

@pytest.mark.parametrize("text,parts", [
    ("", [""]), ("   ", []), (" a  b ", ["", "a", "b"]), ("a", ["a"]), ("a\x0bb\x85c", ["a", "b\x85c"]),
])
def test_java_split_whitespace(text, parts):
    assert javalang.split(javalang.WS, text) == parts


def test_java_trim_hash_and_format():
    assert javalang.trim("\x01 a b\x1f ") == "a b"
    assert javalang.trim("\xa0a\xa0") == "\xa0a\xa0"
    assert javalang.string_hash("hello") == 99162322
    assert javalang.string_hash("polygenelubricants") == -2**31
    assert javalang.string_hash("") == 0
    assert javalang.decimal_format(2 / 3) == "0.66667"
    # checked with jshell: exact binary value, HALF_EVEN, except the leading-digit tie 0.000005
    assert [javalang.decimal_format(x) for x in (0.000005, 0.000015, 2.5e-05, 0.300005, 0.123455, 0.015625)] == \
        ["0.00000", "0.00002", "0.00003", "0.30001", "0.12345", "0.01562"]
    assert javalang.decimal_format(0.125) == "0.12500"
    assert javalang.decimal_format(float("nan")) == "NaN"
    assert javalang.lines(b"a\r\nb\rc\n\nd") == ["a", "b", "c", "", "d"]
    assert javalang.lines(b"x\n") == ["x"]


def test_hashmap_order_resizes():
    keys = [f"k{i}" for i in range(40)]
    order = javalang.hashmap_order(keys, javalang.string_hash)
    assert sorted(order) == sorted(keys)
    cap = 64

    def bucket(k):
        h = javalang.string_hash(k) & 0xFFFFFFFF
        return (h ^ (h >> 16)) & (cap - 1)
    assert [bucket(k) for k in order] == sorted(bucket(k) for k in keys)


def test_clean_sentence():
    assert clean_sentence("It's 10.5 $, \"OK\"; yes: no!") == "it s  @   @  $   ok   yes  no "


# -- properties -------------------------------------------------------------------------------

def test_properties_format():
    props = parse_properties(b"# c\n! c\n  ngram = 1,\\\n   2\nbeta:2\nrouge.type topic\nx\\:y=\\u0041\\t\n"
                             b"outputFile=a b \n")
    assert props == {"ngram": "1,2", "beta": "2", "rouge.type": "topic", "x:y": "A\t", "outputFile": "a b "}


@pytest.mark.parametrize("text,message", [
    ("ngrams=1", "unknown key 'ngrams'"),
    ("stopwords.use=yes", "neither true nor false"),
    ("rouge.type=Topic", "rouge.type='Topic'"),
    ("ngram=1,X", "ngram entry 'X'"),
    ("ngram=1 ,  2", "ngram entry ' 2'"),
    ("beta=one", "beta='one'"),
    ("output=screen", "neither file nor console"),
    ("topic.type=nn|(", "not a regular expression"),
    ("stemmer.use=true\nstemmer.name=klingonStemmer", "stemmer.name='klingonStemmer'"),
])
def test_bad_properties(text, message):
    with pytest.raises(PropertiesError, match=message.replace("(", r"\(").replace("|", r"\|")):
        settings_from_properties(parse_properties(text.encode()))


def test_defaults_are_the_jars():
    s = settings_from_properties({})
    assert (s.ngrams, s.project_dir, s.rouge_type, s.topics, s.output_type, s.results_file, s.beta) == \
        (("1",), "projects", "normal", "nn", "console", "results.txt", 1.0)


# -- command line: bad input is one line ------------------------------------------------------

def _project(tmp_path, files):
    for rel, text in files.items():
        p = tmp_path / "proj" / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    return tmp_path / "proj"


def run_rouge2(cwd, *args):
    """``rouge155-rouge2 ARGS`` in ``cwd`` (output as text)."""
    return run_console_script("rouge155-rouge2", args, cwd, text=True)


@pytest.mark.parametrize("files,props,message", [
    ({}, "project.dir=nowhere\n", "no 'reference' and 'system' folders"),
    ({"system/t1_a.txt": "x\n", "reference/t1ref.txt": "x\n"}, "project.dir=proj\n", "'t1ref.txt'"),
    ({"system/t1_a.txt": "x\n", "reference/t1_r.txt": "x\n"}, "project.dir=proj\nfoo=1\n", "unknown key 'foo'"),
    ({"system/t1_a.txt": "x\n", "reference/t1_r.txt": "x\n"},
     "project.dir=proj\nstopwords.use=true\nstopwords.file=none.txt\n", "stopwords.file none.txt"),
])
def test_cli_errors(tmp_path, files, props, message):
    _project(tmp_path, files)
    (tmp_path / "rouge.properties").write_text(props)
    p = run_rouge2(tmp_path)
    assert p.returncode != 0
    assert message in p.stderr and p.stderr.count("\n") == 1 and "Traceback" not in p.stderr
    assert run_rouge2(tmp_path, "missing.properties").stderr.startswith("rouge155-rouge2: cannot read properties file")


def test_cli_file_and_console(tmp_path):
    _project(tmp_path, {"system/t1_a.txt": "The cat sat.\nOn the mat.\n", "reference/t1_r1.txt": "a cat sat\n",
                        "reference/t1_r2.txt": "the mat\n"})
    (tmp_path / "rouge.properties").write_text("project.dir=proj\nngram=1,L\noutput=file\noutputFile=out.csv\n")
    p = run_rouge2(tmp_path)
    assert p.returncode == 0, p.stderr
    assert (tmp_path / "out.csv").read_text() == (
        "ROUGE-Type,Task Name,System Name,Avg_Recall,Avg_Precision,Avg_F-Score,Num Reference Summaries\n"
        "ROUGE-1,T1,A.TXT,0.83333,0.33333,0.47619,2\n\n"
        "ROUGE-L,T1,A.TXT,0.83333,0.40000,0.54054,2\n\n")
    assert "ROUGE-1\tT1\tA.TXT\tAverage_R:0.83333\tAverage_P:0.33333" in p.stdout
    (tmp_path / "rouge.properties").write_text("project.dir=proj\nngram=2\n")
    p = run_rouge2(tmp_path)
    assert p.returncode == 0 and "ROUGE-2\tT1\tA.TXT" in p.stdout and "Done!" not in p.stdout


def _need_model():
    import importlib.util
    if importlib.util.find_spec("textblob_aptagger") is None:  # the package itself is not imported
        pytest.skip('the POS model needs the rouge2 extra (pip install ".[rouge2]")')


# -- pluggable tagger, synonyms, POS mapping ----------------------------------------------------

def test_pluggable_tagger_drives_topic_measure(tmp_path):
    _project(tmp_path, {"system/t1_a.txt": "red car stops\n", "reference/t1_r.txt": "a red car\n"})
    props = f"project.dir={tmp_path / 'proj'}\nrouge.type=topic\ntopic.type=nn\nngram=1\n"
    settings = settings_from_properties(parse_properties(props.encode()))
    tags = {"red": "JJ", "car": "NN", "stops": "VBZ", "a": "DT"}

    def tagger(sentence):
        return "".join(f"{w}_{tags[w]} " for w in sentence.split())
    text = csv_text(evaluate_project(settings, tagger=tagger))
    assert "ROUGE-1-topic,T1,A.TXT,1.00000,1.00000,1.00000,1" in text


def test_synonym_fixtures():
    """Known WordNet 3.0 synsets: {telephone, phone, telephone set}, {fall, descend, go down}
    (fell -> fall through verb.exc), {car, auto, automobile, machine, motorcar} (the jar keeps a noun synonym only
    where its sense has a tag count > 0: "machine" in that sense has none)."""
    from rouge155.rouge2.wordnet import default_synonyms
    wn = default_synonyms()
    assert {"telephone", "phone"} <= wn.nouns("phone")
    assert "telephone" in wn.nouns("phones")  # detachment rule s -> ""
    assert {"fall", "descend"} <= wn.verbs("fell")
    assert {"auto", "automobile", "motorcar"} <= wn.nouns("car") and "machine" not in wn.nouns("car")
    assert "good" in wn.adjectives("great") or wn.adjectives("great")
    assert wn.nouns("xyzzy") == set()


def test_synonym_overlap_counts_like_the_jar():
    settings = settings_from_properties({"synonyms.use": "true"})

    class Syn:
        def nouns(self, w):
            return {"car": {"auto", "automobile"}}.get(w, set())
        adjectives = verbs = lambda _self, _w: set()
    calc = Calculator(settings, tagger=lambda s: "".join(f"{w}_NN " for w in s.split()), synonyms=Syn())
    r = Rouge2Result("x", "t", "s")
    # one system token "car" matches both "auto" and "automobile" in the reference (jar quirk)
    calc.compute(r, "1", ["car"], [["auto automobile bus"]])
    assert (r.recall, r.precision) == (2 / 3, 2.0)


def test_pos_mapping_and_own_tagger():
    _need_model()
    from rouge155.rouge2.tagger import PENN_TAGS, TO_PENN, default_sentence_tagger, default_token_tagger, ptb_tokens
    assert TO_PENN["NOUN"] == "NN" and TO_PENN["VERB"] == "VB" and TO_PENN["ADJ"] == "JJ" and TO_PENN["NNS"] == "NNS"
    assert set(default_token_tagger().classes) <= PENN_TAGS
    assert ptb_tokens("a (b) c?") == ["a", "-LRB-", "b", "-RRB-", "c", "?"]
    assert default_sentence_tagger()("the dog runs fast") == "the_DT dog_NN runs_VBZ fast_RB "


# -- against the jar ------------------------------------------------------------------------------

@pytest.mark.usefixtures("jar")
def test_normal_mode_byte_identical_to_jar():
    from devkit.rouge2jar import compare_normal
    cases, same, failures = compare_normal(seed=11, count=8, tasks=6, verbose=False)
    assert same == cases, failures[0]


@pytest.mark.usefixtures("jar")
def test_snowball_stemmers_match_the_jars():
    import shutil
    if shutil.which("javac") is None:
        pytest.skip("javac is needed to call the jar's stemmers (Debian: openjdk-17-jdk-headless)")
    pytest.importorskip("snowballstemmer")
    from devkit.rouge2tags import compare_stemmers, stem_words
    diffs = compare_stemmers(stem_words())
    assert {k: v[:3] for k, v in diffs.items() if v} == {}


@pytest.mark.usefixtures("jar")
def test_topic_and_synonyms_identical_given_jar_tags():
    import shutil
    if shutil.which("javac") is None:
        pytest.skip("javac is needed to call the jar's Stanford tagger (Debian: openjdk-17-jdk-headless)")
    from devkit.rouge2tags import compare_tags
    cases, same, failures, rows = compare_tags(seed=8, tasks=5, verbose=False, quick=True)
    assert same == cases, failures[0]
    # whole runs, rouge155 reading the jar's model file (the jar's folder holds it): every row the jar's
    model_same, model_rows = rows["model"]
    assert model_rows > 0 and model_same == model_rows


# -- the measures in a normal rouge155 run ----------------------------------------------------------

def test_extension_api_with_given_tagger():
    from rouge155.rouge2.extend import ExtraMeasures, evaluate
    tags = {"the": "DT", "red": "JJ", "car": "NN", "auto": "NN", "stops": "VBZ", "a": "DT", "halts": "VBZ"}
    r = evaluate({"s": {"d1": "The red car stops."}}, {"d1": ["A red auto halts."]},
                 ExtraMeasures(synonyms=True, topic="nn|jj", topic_uniq=True), ngram=1,
                 tagger=lambda toks: [tags[t] for t in toks])
    got = {m.metric: (m.recall, m.precision) for m in r.metrics}
    assert got["ROUGE-1"] == (0.25, 0.25)
    assert got["ROUGE-1+Synonyms"] == (0.5, 0.5)          # red = red, car ~ auto (WordNet)
    assert got["ROUGE-1-Topic"] == (0.5, 0.5)             # red, car vs red, auto
    assert got["ROUGE-1-Topic+Synonyms"] == (1.0, 1.0)
    assert got["ROUGE-1-TopicUniq"] == (0.5, 0.5)


def rouge155_command(*args, cwd=REPO / "sample-test"):
    """The ``rouge155`` console script with ``args`` in sample-test/."""
    return run_console_script("rouge155", args, cwd)


def test_extension_options_only_add_blocks():
    _need_model()
    base = rouge155_command("-n", "2", "-a", "-r", "200", "rouge155-see.xml")
    more = rouge155_command("-n", "2", "-a", "-r", "200", "--synonyms", "--topic", "nn|jj", "--topic-uniq",
                            "rouge155-see.xml")
    par = rouge155_command("-n", "2", "-a", "-r", "200", "--synonyms", "--topic", "nn|jj", "--topic-uniq", "--jobs",
                           "2", "rouge155-see.xml")
    assert base.returncode == more.returncode == par.returncode == 0
    assert more.stdout.startswith(base.stdout) and more.stdout == par.stdout
    extra = more.stdout[len(base.stdout):].decode()
    for tag in ("ROUGE-1+Synonyms", "ROUGE-2+Synonyms", "ROUGE-1-Topic", "ROUGE-1-Topic+Synonyms",
                "ROUGE-1-TopicUniq", "ROUGE-1-TopicUniq+Synonyms"):
        assert f"S1 {tag} Average_R: " in extra and "%-conf.int." in extra
    js = rouge155_command("-n", "1", "-a", "--topic", "nn", "--format", "json", "rouge155-see.xml")
    import json
    assert "ROUGE-1-Topic" in [m["metric"] for m in json.loads(js.stdout)["metrics"]]


def test_extension_bad_regex_is_one_line():
    p = rouge155_command("-n", "1", "-a", "--topic", "nn|(", "rouge155-see.xml")
    assert p.returncode != 0 and p.stdout == b""
    assert p.stderr.decode().count("\n") == 1 and "not a regular expression" in p.stderr.decode()
