from rouge155.base.perl import fmt_num, perl_num, split_ws
from rouge155.text.readers import clean, limited_text, limited_units, parse_units


def test_perl_num():
    assert perl_num("95") == 95 and perl_num(" 1.2") == 1.2 and perl_num("10abc") == 10
    assert perl_num("abc") == 0 and perl_num("-1") == -1 and perl_num("1e1") == 10.0 and perl_num(".5") == 0.5


def test_fmt_num():
    assert fmt_num(3) == "3" and fmt_num(3.0) == "3" and fmt_num(0.1 + 0.2) == "0.3"
    assert fmt_num(1 / 3) == "0.333333333333333"


def test_split_ws_keeps_leading_empty_field():
    assert split_ws(b" a  b ") == [b"", b"a", b"b"]
    assert split_ws(b"   ") == []


def test_clean():
    assert clean(b"State-of-the-art, $100 caf\xc3\xa9!") == "State - of - the - art 100 caf"


def test_readers_limits_differ():
    units = [b"one two three", b"four five six"]
    assert limited_text(units, 4, 0) == b"one two three four"
    assert limited_units(units, 4, 0) == [b"one two three", b"four"]
    # readText_LCS never advances its byte count: each unit is tested alone
    assert limited_units(units, 0, 14) == [b"one two three", b"four five six"]
    assert limited_text(units, 0, 14) == b"one two three f"
    assert limited_text([], 5, 0) is None and limited_text([], 0, 0) == b""


def test_see_and_spl_units():
    see = b'<a name="1">[1]</a> <a href="#1" id=1>Hello World</a>\n<p>x</p>\n'
    assert parse_units(see, "SEE") == [b"hello world"]
    assert parse_units(b"A\r\n\nB", "spl") == [b"a\r", b"b"]
    assert parse_units(b'<S SNTNO="1">Yes</S>\n', "ISI") == [b"yes"]
