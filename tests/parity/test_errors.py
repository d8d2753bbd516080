"""Error paths and hostile input: each run through the reference and rouge155.

Compared: exit status (zero or not) and stdout bytes; rouge155's stderr must be a few readable lines
(the usage texts excepted) and never a Python traceback.
"""
import shutil

import pytest

from devkit.difftools import REPO, run_ours, run_perl

SPL = REPO / "sample-test" / "spl"


def _xml(evals):
    out = ['<ROUGE-EVAL version="1.0">']
    for eid, fmt, peers, models in evals:
        out += [f'<EVAL ID="{eid}">', "<PEER-ROOT>p</PEER-ROOT>", "<MODEL-ROOT>m</MODEL-ROOT>",
                f'<INPUT-FORMAT TYPE="{fmt}"></INPUT-FORMAT>', "<PEERS>"]
        out += [f'<P ID="{pid}">{f}</P>' for pid, f in peers]
        out += ["</PEERS>", "<MODELS>"] + [f'<M ID="{mid}">{f}</M>' for mid, f in models] + ["</MODELS>", "</EVAL>"]
    return "\n".join(out + ["</ROUGE-EVAL>"]) + "\n"


@pytest.fixture(scope="module")
def work(tmp_path_factory, reference):  # noqa: ARG001 - skips without the reference
    d = tmp_path_factory.mktemp("errors")
    (d / "p").mkdir()
    (d / "m").mkdir()
    for f in SPL.glob("models/*"):
        shutil.copy(f, d / "m" / f.name)
    for f in SPL.glob("systems/*"):
        shutil.copy(f, d / "p" / f.name)
    (d / "m" / "empty.spl").write_bytes(b"")
    (d / "m" / "punct.spl").write_bytes(b"-- ... !!!\n")
    (d / "p" / "binary.spl").write_bytes(bytes(range(256)) * 40)
    (d / "p" / "nul.spl").write_bytes(b"the rail\x00strike ended\x00\nnormal \x00service\n")
    (d / "p" / "latin1.spl").write_bytes(b"caf\xe9 na\xefve r\xe9sum\xe9 \xff\xfe strike ended\n")
    (d / "p" / "long.spl").write_bytes((b"the rail strike ended when unions accepted " * 2000) + b"\n")
    (d / "p" / "adir").mkdir()
    (d / "m" / "mdir").mkdir()
    (d / "ok.xml").write_text(_xml([("1", "SPL", [("S1", "T03.P.S1.spl"), ("S2", "T03.P.S2.spl")],
                                      [("A", "T03.M.A.spl"), ("B", "T03.M.B.spl")])]))

    def cfg(name, peer, model="T03.M.A.spl", fmt="SPL"):
        (d / name).write_text(_xml([("1", fmt, [("S1", peer)], [("A", model)])]))

    cfg("missing-model.xml", "T03.P.S1.spl", "nope.spl")
    cfg("missing-peer.xml", "nope.spl")
    cfg("peer-dir.xml", "adir")
    cfg("model-dir.xml", "T03.P.S1.spl", "mdir")
    cfg("empty-model.xml", "T03.P.S1.spl", "empty.spl")
    cfg("punct-model.xml", "T03.P.S1.spl", "punct.spl")
    cfg("binary.xml", "binary.spl")
    cfg("nul.xml", "nul.spl")
    cfg("latin1.xml", "latin1.spl")
    cfg("long.xml", "long.spl")
    cfg("simple.xml", "T03.P.S1.spl", fmt="SIMPLE")
    cfg("badtype.xml", "T03.P.S1.spl", fmt="HTML")
    (d / "malformed.xml").write_text("<ROUGE-EVAL><EVAL ID='1'><PEERS></EVAL>\n")
    (d / "noid.xml").write_text("<ROUGE-EVAL><EVAL><PEER-ROOT>p</PEER-ROOT></EVAL></ROUGE-EVAL>\n")
    (d / "pnoid.xml").write_text(
        "<ROUGE-EVAL><EVAL ID='1'><PEER-ROOT>p</PEER-ROOT><PEERS><P>x</P></PEERS></EVAL></ROUGE-EVAL>\n")
    (d / "one.lst").write_text("p/T03.P.S1.spl\n")
    (d / "ok.lst").write_text("# comment\n\np/T03.P.S1.spl m/T03.M.A.spl m/T03.M.B.spl\n")
    (d / "missing.lst").write_text("p/nope.spl m/T03.M.A.spl\n")
    (d / "missing-model.lst").write_text("p/T03.P.S1.spl m/nope.spl\n")
    (d / "be.lst").write_text("p/T03.P.S1.spl m/T03.M.A.spl\n")
    (d / "bad.be").write_text("a|b|c\nonly|two\n")
    (d / "good.be").write_text("a|b|c\n")
    (d / "badbe.lst").write_text("bad.be good.be\n")
    weird = "p/caf\udce9-\udcff.spl"  # non-UTF-8 bytes in a file name (surrogate-escaped)
    import os

    with open(os.fsencode(str(d / weird)), "wb") as fh:
        fh.write(b"the rail strike ended\n")
    (d / "weird.lst").write_bytes(b"p/caf\xe9-\xff.spl m/T03.M.A.spl\n")
    (d / "unicode.xml").write_text(_xml([("tö1", "SPL", [("sé", "T03.P.S1.spl"), ("s€", "T03.P.S2.spl")],
                                          [("A", "T03.M.A.spl")])]), encoding="utf-8")
    (d / "nostop").mkdir()
    (d / "noexc").mkdir()
    (d / "noexc" / "smart_common_words.txt").write_text("the\n")
    (d / "baddb").mkdir()
    (d / "baddb" / "smart_common_words.txt").write_text("the\n")
    (d / "baddb" / "WordNet-2.0.exc.db").write_bytes(b"not a database" * 100)
    return d


CASES = {
    "no arguments": [],
    "-h": ["-h"],
    "-H": ["-H"],
    "-a alone": ["-a"],
    "no system ID": ["ok.xml"],
    "-l with -b": ["-l", "5", "-b", "5", "-a", "ok.xml"],
    "-c above 100": ["-c", "101", "-a", "ok.xml"],
    "-c below 0": ["-c", "-1", "-a", "ok.xml"],
    "-w zero": ["-w", "0", "-a", "ok.xml"],
    "-w negative": ["-w", "-1", "-a", "ok.xml"],
    "-p above 1": ["-p", "2", "-a", "ok.xml"],
    "-p below 0": ["-p", "-0.5", "-a", "ok.xml"],
    # values that are not finite (they were "internal error"): the Perl reads them as NaN or Inf
    "-c nan": ["-c", "nan", "-n", "2", "-a", "ok.xml"],
    "-l nan": ["-l", "nan", "-n", "2", "-a", "ok.xml"],
    "-l -inf": ["-l", "-inf", "-n", "2", "-a", "ok.xml"],
    "-b nan": ["-b", "nan", "-n", "2", "-a", "ok.xml"],
    "-b -inf": ["-b", "-inf", "-n", "2", "-a", "ok.xml"],
    "-r -5": ["-r", "-5", "-a", "ok.xml"],
    "-p nan": ["-p", "nan", "-a", "ok.xml"],
    "-2 nan": ["-2", "nan", "-a", "ok.xml"],
    "config missing": ["-a", "nope.xml"],
    "config is a directory": ["-a", "p"],
    "malformed XML": ["-a", "malformed.xml"],
    "EVAL without ID": ["-a", "noid.xml"],
    "P without ID": ["-a", "pnoid.xml"],
    "unknown input type": ["-a", "badtype.xml"],
    "SIMPLE format without -3": ["-a", "simple.xml"],
    "missing model": ["-n", "2", "-a", "missing-model.xml"],
    "missing peer file": ["-a", "missing-peer.xml"],
    "peer is a directory": ["-n", "2", "-a", "peer-dir.xml"],
    "model is a directory": ["-n", "2", "-a", "model-dir.xml"],
    "model is a directory, ROUGE-W": ["-w", "1.2", "-a", "model-dir.xml"],
    "empty model, ROUGE-W": ["-n", "1", "-w", "1.2", "-a", "empty-model.xml"],
    "model without tokens, ROUGE-W": ["-w", "1.2", "-a", "punct-model.xml"],
    "empty model, ROUGE-L": ["-n", "2", "-a", "empty-model.xml"],
    "binary peer": ["-n", "2", "-w", "1.2", "-2", "4", "-u", "-a", "binary.xml"],
    "NUL bytes": ["-n", "2", "-m", "-a", "nul.xml"],
    "latin-1 bytes": ["-n", "2", "-m", "-s", "-a", "latin1.xml"],
    "long single line": ["-n", "2", "-w", "1.2", "-2", "4", "-a", "long.xml"],
    "-z list missing": ["-z", "SPL", "nope.lst"],
    "-z list is a directory": ["-z", "SPL", "p"],
    "-z line with one path": ["-z", "SPL", "one.lst"],
    "-z unknown format": ["-n", "2", "-z", "FOO", "ok.lst"],
    "-z missing peer file": ["-z", "SPL", "missing.lst"],
    "-z missing model": ["-z", "SPL", "missing-model.lst"],
    "non-UTF-8 bytes in a path": ["-n", "2", "-z", "SPL", "weird.lst"],
    "non-ASCII IDs from XML": ["-n", "1", "-x", "-d", "-a", "unicode.xml"],
    "non-ASCII system ID in argv, XML": ["-n", "1", "-x", "unicode.xml", "sé"],
    "non-ASCII system ID in argv, -z": ["-n", "1", "-x", "-z", "SPL", "ok.lst", "sé"],
    "-z BE on SPL files": ["-3", "HM", "-z", "SPL", "be.lst"],
    "BE line with two fields": ["-3", "HM", "-z", "SIMPLE", "badbe.lst"],
    "unknown BE mode": ["-3", "XYZ", "-z", "SIMPLE", "badbe.lst"],
    "-r 0": ["-r", "0", "-a", "ok.xml"],
    "-r negative": ["-r", "-5", "-a", "ok.xml"],
    "-r 0 with -t 2": ["-r", "0", "-t", "2", "-a", "ok.xml"],
    "-r 1": ["-r", "1", "-n", "2", "-a", "ok.xml"],
    "-n 0": ["-n", "0", "-a", "ok.xml"],
    "-n 50": ["-n", "50", "-r", "10", "-a", "ok.xml"],
    "-l 0": ["-l", "0", "-n", "2", "-a", "ok.xml"],
    "-l negative": ["-l", "-3", "-n", "2", "-a", "ok.xml"],
    "-b negative": ["-b", "-3", "-n", "2", "-a", "ok.xml"],
    "-c 0": ["-c", "0", "-a", "ok.xml"],
    "-c 100": ["-c", "100", "-a", "ok.xml"],
    "-t 5": ["-t", "5", "-a", "ok.xml"],
    "-f Z": ["-f", "Z", "-a", "ok.xml"],
    "-2 abc": ["-2", "abc", "-a", "ok.xml"],
    "-n abc": ["-n", "abc", "-a", "ok.xml"],
    "unknown switch": ["-q", "-n", "1", "-a", "ok.xml"],
    "system not in config": ["-n", "1", "ok.xml", "S9"],
    "value missing at the end": ["-a", "ok.xml", "-n"],
    "data dir missing": ["-e", "nodir", "-a", "ok.xml"],
    "data dir without stopwords": ["-e", "nostop", "-a", "ok.xml"],
    "data dir without exceptions": ["-e", "noexc", "-a", "ok.xml"],
    "data dir with a broken db": ["-e", "baddb", "-a", "ok.xml"],
}


@pytest.mark.parametrize("name", list(CASES))
def test_error_path(work, reference, name):
    args = CASES[name]
    perl = run_perl(reference, args, str(work), timeout=300)
    ours = run_ours(args, str(work))  # a later -e wins over the one run_ours puts first, as in Perl
    assert ours.ok == perl.ok, (perl.stderr, ours.stderr)
    assert ours.stdout == perl.stdout
    err = ours.stderr.decode("utf-8", "replace")
    assert "Traceback" not in err
    warnings = ("readText: ", "readBE: ", "*ROUGE Warning: ", "Unknown option: ")
    message = [ln for ln in err.splitlines() if not ln.startswith(warnings)]
    if name not in ("no arguments", "-h", "-H", "-a alone"):
        assert len(message) <= 3, err
    if not perl.ok:
        assert err.strip(), "a failing run must say why"


def test_at_least_forty_cases():
    assert len(CASES) >= 40
