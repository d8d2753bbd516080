"""The Berkeley DB hash reader: the exceptions .db as DB_File writes it, and the -e data dir it lives in."""
import random
import shutil
import subprocess

import pytest

from rouge155.bdb import BDBError, read_hash_db
from rouge155.resources import load_exceptions

from difftools import DATA, REPO, run_ours


def test_db_equals_exc_merge(reference):
    db = read_hash_db((reference / "data" / "WordNet-2.0.exc.db").read_bytes())
    merged = load_exceptions(str(DATA))
    assert len(db) == len(merged) == 5930
    assert {k.decode("latin-1"): v.decode("latin-1") for k, v in db.items()} == merged


def test_fresh_db_file_with_overflow_items(reference, tmp_path):
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
