"""The jar's POS tagging from the user's own Stanford ``.tagger`` file (rouge155.rouge2.stanford, issue 29).

rouge155 ships no model (they are GPL data of their authors): tests that need one read
``$ROUGE155_STANFORD_MODEL`` or ``../shared/rouge-2.0/wsj-0-18-left3words-nodistsim.tagger`` beside the
repository, and skip with that reason otherwise. The tokenizer and the errors need no model. The
comparison with the jar itself needs Java and the jar (devkit/rouge2jar.py says where it looks).
"""
import dataclasses
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from devkit.difftools import REPO
from rouge155.rouge2.stanford import ModelError, StanfordTagger, load_tagger, read_model, split_sentences, tokenize

EXE = Path(sys.executable).with_name("rouge155-rouge2")
VECTORS = REPO / "docs" / "rouge2-tagger-vectors.txt"
_ESCAPE = re.compile(r"\\(\\|t|n|r|u[0-9A-Fa-f]{4})")


def _unescape(text):
    return _ESCAPE.sub(lambda m: {"\\": "\\", "t": "\t", "n": "\n", "r": "\r"}.get(m.group(1))
                       or chr(int(m.group(1)[1:], 16)), text)


def _vectors():
    """(section, input, the jar's tagString output) of docs/rouge2-tagger-vectors.txt."""
    section, out = "", []
    for line in VECTORS.read_text(encoding="utf-8").splitlines():
        if line.startswith("# ---"):
            section = line
        elif line and not line.startswith("#"):
            given, expected = line.split("\t")
            kind = "cased" if section.startswith("# --- cased") else "lower"
            out.append((kind, _unescape(given), _unescape(expected)))
    return out


VECTOR_CASES = _vectors()


def test_vectors_file_is_whole():
    assert len(VECTOR_CASES) == 99


@pytest.mark.parametrize("given,expected", [v[1:] for v in VECTOR_CASES if v[0] == "lower"])
def test_tokenizer_and_splitter_give_the_jars_tokens(given, expected):
    """Without a model: our tokens, in order, are the words of the jar's ``word_TAG `` items."""
    at = 0
    for sentence in split_sentences(tokenize(given)):
        for word in sentence:
            assert expected.startswith(word + "_", at), (word, expected[at:])
            at = expected.index(" ", at + len(word) + 1) + 1
    assert at == len(expected)


@pytest.mark.parametrize("compiled", [False, True], ids=["numpy", "numba"])
def test_vectors_tagged_as_the_jar_tags(model_file, compiled):
    if compiled:
        pytest.importorskip("numba")
    tagger = StanfordTagger(read_model(str(model_file)), compiled=compiled)
    wrong = []
    for kind, given, expected in VECTOR_CASES:
        if kind == "cased":  # given tokens (the cased section's tokenizer classes are out of scope, spec §3.6)
            words = [item.rsplit("_", 1)[0] for item in expected.split(" ") if item]
            got = "".join(f"{w}_{t} " for w, t in zip(words, tagger.tag_tokens(words)))
        else:
            got = tagger.tag_string(given)
        if got != expected:
            wrong.append((given, got, expected))
    assert wrong == []
    # all at once (one batch) gives the same as one by one
    lower = [v for v in VECTOR_CASES if v[0] == "lower"]
    fresh = StanfordTagger(tagger.model, compiled=compiled)
    assert fresh.tag_strings([g for _, g, _ in lower]) == [e for _, _, e in lower]


def test_model_file_errors_are_one_line(tmp_path):
    with pytest.raises(ModelError, match="cannot read the POS tagger model"):
        load_tagger(str(tmp_path / "none.tagger"))
    (tmp_path / "junk.tagger").write_bytes(b"not a model")
    with pytest.raises(ModelError, match="is not a Stanford POS tagger model"):
        load_tagger(str(tmp_path / "junk.tagger"))


# -- rouge155-rouge2 -----------------------------------------------------------------------------------

def _topic_project(root, extra=""):
    for rel, text in {"system/news1_sysA.txt": "The cat sat on a mat.\nThe cat purred.\n",
                      "reference/news1_ref1.txt": "The cat sat on the warm mat.\nIt purred loudly.\n",
                      "reference/news1_ref2.txt": "A black cat was sitting.\n"}.items():
        (root / "p" / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / "p" / rel).write_text(text)
    (root / "rouge.properties").write_text("project.dir=p\nrouge.type=topic\ntopic.type=nn|jj\nngram=1\n"
                                           "output=file\noutputFile=out.csv\n" + extra)
    return subprocess.run([str(EXE)], cwd=root, capture_output=True, text=True)


def test_named_model_missing_is_one_line(tmp_path):
    p = _topic_project(tmp_path, "pos_tagger_name=mine.tagger\n")
    assert p.returncode == 1 and p.stdout == "" and not (tmp_path / "out.csv").exists()
    assert p.stderr == ("rouge155-rouge2: rouge.properties: pos_tagger_name=mine.tagger: no POS tagger model "
                        "resources/taggers/mine.tagger (copy it from your ROUGE 2.0 distribution's "
                        "resources/taggers/; rouge155 ships none)\n")


def test_bad_model_file_is_one_line(tmp_path):
    (tmp_path / "resources" / "taggers").mkdir(parents=True)
    (tmp_path / "resources" / "taggers" / "x.tagger").write_bytes(b"\xac\xed\x00\x05junk")
    p = _topic_project(tmp_path, "pos_tagger_name=x.tagger\n")
    assert p.returncode == 1 and p.stderr.count("\n") == 1 and "Traceback" not in p.stderr
    assert "x.tagger is not a Stanford POS tagger model this reader knows" in p.stderr


def test_no_model_named_or_found_uses_own_tagger_and_says_so(tmp_path):
    p = _topic_project(tmp_path)
    assert p.returncode == 0, p.stderr
    assert p.stderr == ("rouge155-rouge2: POS tags: rouge155's own tagger, not the jar's "
                        "(resources/taggers/english-left3words-distsim.tagger not found; docs/rouge2.md says how "
                        "to use your ROUGE 2.0 model)\n")


def test_cli_reads_the_named_model(tmp_path, model_file):
    from rouge155.rouge2.properties import load_settings
    from rouge155.rouge2.run import csv_text, evaluate_project
    (tmp_path / "resources" / "taggers").mkdir(parents=True)
    (tmp_path / "resources" / "taggers" / "m.tagger").symlink_to(model_file)
    p = _topic_project(tmp_path, "pos_tagger_name=m.tagger\n")
    assert p.returncode == 0, p.stderr
    assert p.stderr == "rouge155-rouge2: POS tags: resources/taggers/m.tagger (the jar's tagger)\n"
    settings = load_settings(str(tmp_path / "rouge.properties"))
    given = StanfordTagger(read_model(str(model_file)))
    settings = dataclasses.replace(settings, project_dir=str(tmp_path / "p"))
    assert (tmp_path / "out.csv").read_text() == csv_text(evaluate_project(settings, tagger=given))


# -- against the jar ---------------------------------------------------------------------------------

def test_tags_identical_to_the_jars_on_news_text(model_file, jar):
    """The DUC 2002 sample's summaries (1,300 lines, 13,800 tokens) cleaned as ROUGE 2.0 cleans them, then
    a part of their tagged output tagged again (what the jar does to system sentences), through the jar's
    own Stanford tagger and ours: identical ``tagString`` output."""
    from devkit.rouge2jar import MODEL
    from devkit.rouge2tags import DUC2002_SPL, StanfordTagger as JarTagger
    from rouge155.rouge2.measures import clean_sentence
    if shutil.which("javac") is None:
        pytest.skip("javac is needed to call the jar's Stanford tagger (Debian: openjdk-17-jdk-headless)")
    if model_file.read_bytes() != (jar.parent / "resources" / "taggers" / MODEL).read_bytes():
        pytest.skip(f"the jar's folder tags with its own {MODEL}, not {model_file}")
    lines = sorted({clean_sentence(line).lower() for f in sorted(DUC2002_SPL.glob("*.spl"))
                    for line in f.read_bytes().decode("latin-1").splitlines()})
    if not lines:
        pytest.skip(f"the DUC 2002 sample is not at {DUC2002_SPL}")
    ours = StanfordTagger(read_model(str(model_file)))
    theirs = JarTagger(jar)
    again = sorted({t.lower() for t in ours.tag_strings(lines)[::20] if t.strip()})
    for batch in (lines, again):
        theirs.tag(batch)
        got = ours.tag_strings(batch)
        assert [(s, g) for s, g in zip(batch, got) if g != theirs.table[s]] == []
    assert sum(len(theirs.table[s].split()) for s in lines) > 13_000
