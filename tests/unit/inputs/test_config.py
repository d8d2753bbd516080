"""The plain-layout config reader gives what the XML parser and DOM walk give, or leaves the file to it."""
import glob
from pathlib import Path

import pytest

from rouge155.inputs.config import _fast_xml_config, _parsed_xml_config, read_xml_config
from rouge155.base.errors import RougeError

from devkit.difftools import REPO


def _both(raw: bytes):
    fast = _fast_xml_config(raw)
    slow = _parsed_xml_config(raw, "config.xml")
    return fast, slow


def test_generated_and_sample_configs(tmp_path):
    from devkit.difftools import differential_cases

    differential_cases(31337, 150, str(tmp_path), be_share=0.2)
    paths = glob.glob(str(tmp_path / "*" / "config.xml")) + glob.glob(str(REPO / "sample-test" / "*.xml"))
    fast_ones = 0
    for path in paths:
        raw = Path(path).read_bytes()
        outcomes = []
        for reader in (_fast_xml_config, lambda raw: _parsed_xml_config(raw, "config.xml")):
            try:
                outcomes.append(reader(raw))
            except RougeError as exc:
                outcomes.append(str(exc))
        if outcomes[0] is not None:
            fast_ones += 1
            assert outcomes[0] == outcomes[1], path
    assert fast_ones >= 12


PLAIN = (b'<?xml version="1.0" encoding="UTF-8"?>\n<ROUGE-EVAL version="1.0">\n'
         b'<EVAL ID="t1">\n <MODEL-ROOT>\n models \n</MODEL-ROOT>\n <PEER-ROOT>peers</PEER-ROOT>\n'
         b' <INPUT-FORMAT TYPE="SEE">\n </INPUT-FORMAT>\n <PEERS>\n  <P ID="1">a.html</P>\n  <P ID="2"></P>\n'
         b'  <P ID="3"> </P>\n </PEERS>\n <MODELS>\n  <M ID="A">m.html</M>\n  <M ID="A">n.html</M>\n </MODELS>\n'
         b'</EVAL>\n'
         b'<EVAL ID="t2"><PEERS><P ID="9">x</P></PEERS><PEER-ROOT>p2</PEER-ROOT><MODELS></MODELS>'
         b'<INPUT-FORMAT TYPE="spl"></INPUT-FORMAT></EVAL>\n'
         b'<EVAL ID="t1"><MODELS><M ID="B">o.html</M></MODELS></EVAL>\n</ROUGE-EVAL>\n')


def test_plain_layouts_match_the_parser():
    fast, slow = _both(PLAIN)
    assert fast is not None and fast == slow
    underscore = PLAIN.replace(b"ROUGE-EVAL", b"ROUGE_EVAL")  # the release's BE sample configs
    assert _both(underscore)[0] == fast and _both(underscore)[1] == fast
    t1 = fast.evaluations[0]
    assert t1.model_root == "models" and t1.peers == {"1": "a.html", "3": ""}  # empty P: nothing set
    assert t1.model_ids == ["A", "A", "B"] and t1.models == {"A": "n.html", "B": "o.html"}
    assert fast.peer_ids == ["1", "2", "3", "9"]


@pytest.mark.parametrize("change", [
    (b"<PEERS>", b"<!-- c --><PEERS>"),  # a comment
    (b"a.html", b"a&amp;b.html"),  # an entity
    (b'ID="1"', b"ID='1'"),  # single quotes
    (b"\n", b"\r\n"),  # CR LF (the parser normalises it)
    (b"a.html", "\u00e9.html".encode()),  # non-ASCII
    (b"<PEERS>", b"<peers>"),  # lower case (the walk is case-insensitive)
    (b'encoding="UTF-8"', b'encoding="latin-1"'),
    (b"</ROUGE-EVAL>", b"</ROUGE-EVAL><x/>"),  # not well-formed
    (b"</ROUGE-EVAL>", b"</ROUGE_EVAL>"),  # mismatched tags
    (b"<EVAL ID=\"t2\">", b"<EVAL ID=\"t2\" X=\"1\">"),
])
def test_anything_else_goes_to_the_parser(change):
    raw = PLAIN.replace(*change)
    assert _fast_xml_config(raw) is None
    try:
        slow = _parsed_xml_config(raw, "config.xml")
    except RougeError:
        return
    assert slow is not None


def test_bad_format_raised_like_the_walk(tmp_path):
    raw = PLAIN.replace(b'TYPE="spl"', b'TYPE="HTML"')
    with pytest.raises(RougeError, match="Unknown input type: HTML"):
        _fast_xml_config(raw)
    with pytest.raises(RougeError, match="Unknown input type: HTML"):
        _parsed_xml_config(raw, "config.xml")
    # a later part the fast reader does not take: the parser decides (here: not well-formed)
    (tmp_path / "c.xml").write_bytes(raw.replace(b"</ROUGE-EVAL>", b"</ROUGE-EVAL><x>"))
    with pytest.raises(RougeError, match="not well-formed"):
        read_xml_config(str(tmp_path / "c.xml"))
