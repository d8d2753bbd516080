"""The Berkeley DB hash reader: the exceptions .db as DB_File writes it, and the -e data dir it lives in."""
import random
import shutil
import subprocess

import pytest

from rouge155.inputs.berkeley_db import BDBError, read_hash_db
from rouge155.inputs.resources import load_exceptions

from devkit.difftools import DATA, REPO, run_ours


def test_db_equals_exc_merge(reference):
    db = read_hash_db((reference / "data" / "WordNet-2.0.exc.db").read_bytes())
    merged = load_exceptions(str(DATA))
    assert len(db) == len(merged) == 5930
    assert {k.decode("latin-1"): v.decode("latin-1") for k, v in db.items()} == merged


@pytest.mark.usefixtures("reference")
def test_fresh_db_file_with_overflow_items(tmp_path):
    r = random.Random(3)
    pairs = {}
    for i in range(3000):
        key = "".join(r.choice("abcdefghij") for _ in range(r.randint(1, 12))) + str(i)
        size = r.choice([0, 1, 5, 30, 200, 3000, 9000])
        pairs[key] = "".join(r.choice("xyz ") for _ in range(size))
    src = tmp_path / "pairs.txt"
    src.write_text("".join(f"{k}\t{v}\n" for k, v in pairs.items()))
    out = tmp_path / "fresh.db"
    code = ('use DB_File; use Fcntl; tie my %h,"DB_File",$ARGV[1],O_CREAT|O_RDWR,0644,$DB_HASH or die;'
            'open(my $in,"<",$ARGV[0]) or die; while(<$in>){chomp; my ($k,$v)=split(/\\t/,$_,2); $h{$k}=$v;} untie %h;')
    subprocess.run(["perl", "-e", code, str(src), str(out)], check=True)
    got = read_hash_db(out.read_bytes())
    assert {k.decode(): v.decode() for k, v in got.items()} == pairs


def test_not_a_db():
    with pytest.raises(BDBError):
        read_hash_db(b"\0" * 8192)


def test_untouched_release_data_dir(reference, tmp_path):
    """-e pointing at a ROUGE-1.5.5 data/ that has only the .db gives the same bytes."""
    d = tmp_path / "data"
    d.mkdir()
    shutil.copy(reference / "data" / "smart_common_words.txt", d)
    shutil.copy(reference / "data" / "WordNet-2.0.exc.db", d)
    args = ["-c", "95", "-2", "-1", "-U", "-r", "1000", "-n", "4", "-w", "1.2", "-a", "-m", "rouge155-see.xml"]
    cwd = str(REPO / "sample-test")
    with_db = run_ours(["-e", str(d)] + args, cwd)
    assert with_db.ok
    assert with_db.stdout == (REPO / "sample-output" / "rouge155-see-std-a-m.out").read_bytes()


def _known_dbs(reference):
    from devkit.difftools import SAMPLES

    return [p for p in (reference / "data" / "WordNet-2.0.exc.db", SAMPLES / "release-data" / "WordNet-2.0.exc.db")
            if p.is_file()]


def test_known_dbs_hold_the_bundled_exceptions(reference):
    """A .db recognised by its fingerprint stands for the bundled exceptions: check that it does."""
    from rouge155.inputs.resources import KNOWN_DBS, _db_fingerprint, bundled_exceptions

    seen = 0
    for path in _known_dbs(reference):
        raw = path.read_bytes()
        if _db_fingerprint(raw) not in KNOWN_DBS:
            continue  # another Berkeley DB build: read whole, as any other file
        seen += 1
        got = read_hash_db(raw)
        assert {k.decode("latin-1"): v.decode("latin-1") for k, v in got.items()} == bundled_exceptions()
    if not seen:
        pytest.skip("no known .db file on this machine")


def test_changed_known_db_is_read_whole(reference, tmp_path):
    """One changed item byte in a known file: the file's own content is used, not the bundled table."""
    from rouge155.inputs.resources import ExceptionTable, load_exception_db

    raw = bytearray((reference / "data" / "WordNet-2.0.exc.db").read_bytes())
    pairs = read_hash_db(bytes(raw))
    key = next(k for k, v in pairs.items() if len(v) > 3 and raw.count(v) == 1)
    at = raw.index(pairs[key])
    raw[at] = ord("Q") if raw[at] != ord("Q") else ord("R")
    (tmp_path / "changed.db").write_bytes(bytes(raw))
    got = load_exception_db(str(tmp_path / "changed.db"))
    assert not isinstance(got, ExceptionTable)
    assert got[key.decode()] != pairs[key].decode()
    # the meta page's file id (bytes 52-71) differs between any two builds of one file
    raw = bytearray((reference / "data" / "WordNet-2.0.exc.db").read_bytes())
    raw[52:72] = bytes(range(20))
    (tmp_path / "other-id.db").write_bytes(bytes(raw))
    assert dict(load_exception_db(str(tmp_path / "other-id.db"))) == load_exceptions(str(DATA))


def test_exception_table_is_lazy_and_picklable():
    import pickle

    from rouge155.inputs.resources import ExceptionTable

    calls = []
    table = ExceptionTable(lambda: calls.append(1) or {"went": "go"})
    assert not calls
    assert table.get("went") == "go" and "went" in table and len(table) == 1 and calls == [1]
    assert pickle.loads(pickle.dumps(table)) == {"went": "go"}


def test_exc_parse_fast_path_equals_perl_split():
    from rouge155.inputs.resources import parse_exc

    for raw in (b"a b\nc d e\n", b"a b\n\nc d\n", b" a b\n", b"a\tb\n", b"a b\r\n", b"a\n", b"a b", b"a\xa0b c\n",
                b"x  y\n"):
        fast, slow = {}, {}
        parse_exc(raw, fast)
        from rouge155.base.perl import chomped_lines, split_ws

        for line in chomped_lines(raw):
            f = split_ws(line)
            slow[f[0].decode("latin-1") if f else ""] = f[1].decode("latin-1") if len(f) > 1 else ""
        assert fast == slow, raw


def test_bundled_exceptions_have_the_plain_shape():
    """bundled_exceptions reads the shipped files with one regex pass: that is Perl's split only on
    files of the plain shape, so they must keep it (and give what the line-by-line reading gives)."""
    from rouge155.inputs.resources import _EXC_SHAPE, EXC_ORDER, bundled_exceptions, parse_exc

    merged = {}
    for name in EXC_ORDER:
        raw = (DATA / "WordNet-2.0-Exceptions" / f"{name}.exc").read_bytes()
        assert raw.endswith(b"\n") and _EXC_SHAPE.fullmatch(raw.decode("latin-1"))
        parse_exc(raw, merged)
    assert bundled_exceptions() == merged and len(merged) == 5930
