"""--humans-as-peers: each human summary against the other M-1 references, each system against every
M-1 subset (averaged), checked against ROUGE-1/2 recall counted by hand on texts of plain words."""
from collections import Counter
from itertools import combinations

import pytest

from rouge155.base.options import typed_options
from rouge155.meta import Condition, GridSpec, parse_reference_setting, parse_variants, read_config_judged, run_grid

REFS = {"d1": ["the cat sat on the mat", "a cat was on the mat today", "the dog sat on a log"],
        "d2": ["rain fell over the city all night", "the city had rain all night", "storms hit the city at night"]}
PEERS = {"s1": {"d1": "the cat sat on a mat", "d2": "rain fell on the city"},
         "s2": {"d1": "a dog on a log", "d2": "the night was long and dark"}}
HUMAN = {("s1", "d1"): 4, ("s1", "d2"): 3, ("s2", "d1"): 2, ("s2", "d2"): 1, ("A", "d1"): 5, ("A", "d2"): 5}


def _grams(text, n):
    w = text.split()
    return Counter(tuple(w[i:i + n]) for i in range(len(w) - n + 1))


def _recall(peer, refs, n):
    """ROUGE-N recall over several references (-f A): clipped hits and model counts summed."""
    hits = sum(sum((_grams(peer, n) & _grams(r, n)).values()) for r in refs)
    total = sum(sum(_grams(r, n).values()) for r in refs)
    return hits / total


def _write(tmp_path, peer_a: bool):
    """A config with models A, B, C; with ``peer_a`` the human A is also a peer (DUC's convention) and judged."""
    xml = ['<ROUGE-EVAL version="1.0">']
    for d, refs in REFS.items():
        for k, text in enumerate(refs):
            (tmp_path / f"{d}.{'ABC'[k]}").write_text(text + "\n")
        peers = dict(PEERS)
        if peer_a:
            peers = {**peers, "A": {dd: REFS[dd][0] for dd in REFS}}
        for s, texts in peers.items():
            (tmp_path / f"{d}.{s}.peer").write_text(texts[d] + "\n")
        xml.append(f'<EVAL ID="{d}"><PEER-ROOT>{tmp_path}</PEER-ROOT><MODEL-ROOT>{tmp_path}</MODEL-ROOT>'
                   '<INPUT-FORMAT TYPE="SPL"></INPUT-FORMAT><PEERS>'
                   + "".join(f'<P ID="{s}">{d}.{s}.peer</P>' for s in peers)
                   + "</PEERS><MODELS>" + "".join(f'<M ID="{c}">{d}.{c}</M>' for c in "ABC") + "</MODELS></EVAL>")
    (tmp_path / "config.xml").write_text("\n".join(xml + ["</ROUGE-EVAL>"]) + "\n")
    rows = [f"{s},{d},{v}" for (s, d), v in HUMAN.items() if peer_a or s != "A"]
    (tmp_path / "human.csv").write_text("system,document,quality\n" + "\n".join(rows) + "\n")
    return read_config_judged(str(tmp_path / "config.xml"), str(tmp_path / "human.csv"))


def _grid(judged):
    spec = GridSpec(variants=parse_variants(["ROUGE-1", "ROUGE-2"]), conditions=[Condition("as is", typed_options())],
                    references=[parse_reference_setting("jackknife")], humans_as_peers=True, resamples=50)
    return run_grid(judged, spec)


@pytest.mark.parametrize("n", [1, 2])
def test_humans_against_the_other_references_systems_against_each_subset(tmp_path, n):
    grid = _grid(_write(tmp_path, peer_a=False))
    assert grid.humans == ["A", "B", "C"]
    means = grid.averages[("as is", "jackknife", f"ROUGE-{n}", "recall")]
    for k, human in enumerate("ABC"):
        expected = [_recall(REFS[d][k], [r for j, r in enumerate(REFS[d]) if j != k], n) for d in REFS]
        assert means[human] == pytest.approx(sum(expected) / 2, abs=1e-12)
    for s, texts in PEERS.items():
        per_doc = [sum(_recall(texts[d], list(sub), n) for sub in combinations(REFS[d], 2)) / 3 for d in REFS]
        assert means[s] == pytest.approx(sum(per_doc) / 2, abs=1e-12)


def test_a_judged_human_peer_is_not_scored_against_its_own_text(tmp_path):
    """DUC's convention: the peer A is reference A; it is scored against B and C only, and correlated."""
    grid = _grid(_write(tmp_path, peer_a=True))
    assert grid.systems == ["s1", "s2", "A"] and grid.humans == ["B", "C"]
    means = grid.averages[("as is", "jackknife", "ROUGE-1", "recall")]
    own_text_excluded = sum(_recall(REFS[d][0], REFS[d][1:], 1) for d in REFS) / 2
    assert means["A"] == pytest.approx(own_text_excluded, abs=1e-12)
    assert means["A"] < 1.0  # with its own text among the references it would score higher
    assert {c.variant for c in grid.cells} == {"ROUGE-1", "ROUGE-2"}


def test_humans_as_peers_goes_with_jackknife_only(tmp_path):
    judged = _write(tmp_path, peer_a=False)
    spec = GridSpec(variants=parse_variants(["ROUGE-1"]), conditions=[Condition("as is", typed_options())],
                    references=[parse_reference_setting("all")], humans_as_peers=True)
    with pytest.raises(ValueError, match="jackknife"):
        run_grid(judged, spec)
