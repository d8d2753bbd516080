"""The Porter variant and MorphStem against the reference script's own stem() function."""
import random
import subprocess

from rouge155.inputs.resources import load_word_lists
from rouge155.text.porter import Stemmer, porter_stem

from devkit.difftools import DATA

KNOWN = {
    "caresses": "caress", "ponies": "poni", "relational": "relat", "conditional": "condit",
    "agreement": "agreem", "adjustment": "adjust", "replacement": "replac", "dependent": "depend",
    "adoption": "adopt", "generalization": "gener", "hopping": "hop", "yelling": "yell",
    "settlement": "settlem", "government": "govern", "electricity": "electr",
}


def test_known_stems():
    for word, stem in KNOWN.items():
        assert porter_stem(word) == stem, word


def test_exceptions_win_over_porter():
    stem = Stemmer(load_word_lists(str(DATA)).exceptions)
    assert stem("geese") == "goose"
    assert stem("better") == "well"  # adv.exc comes after adj.exc: the later entry wins
    assert stem("axes") == "ax"
    assert stem("Children") == "child"


def _words(n=12000, seed=5):
    r = random.Random(seed)
    suffixes = ("ement ment ent ion sion tion ational tional ies sses ing ed eed y ly ness ful ize ance ence er "
                "ic able ible ant ou ism ate iti ous ive al ll e s bli logi alli entli eli ousli ization ation "
                "ator alism iveness fulness ousness aliti iviti biliti icate ative alize iciti ical").split()
    words = set()
    for _ in range(n):
        stem = "".join(r.choice("bcdfghklmnprstvwaeiouy") for _ in range(r.randint(1, 7)))
        words.add(stem + r.choice(suffixes))
    return sorted(words)


def test_porter_matches_reference(reference, tmp_path):
    script = (reference / "ROUGE-1.5.5.pl").read_text(encoding="latin-1")
    porter = script[script.index("# Porter stemmer in Perl"):]
    (tmp_path / "porter.pl").write_text(porter, encoding="latin-1")
    driver = f'do "{tmp_path / "porter.pl"}"; initialise(); while(<STDIN>){{chomp; print stem($_),"\\n";}}'
    words = _words()
    p = subprocess.run(["perl", "-e", driver], input="\n".join(words) + "\n", capture_output=True, text=True,
                       check=True)
    theirs = p.stdout.split("\n")[:-1]
    mismatches = [(w, t, porter_stem(w)) for w, t in zip(words, theirs) if porter_stem(w) != t]
    assert len(theirs) == len(words)
    assert not mismatches, mismatches[:10]


def test_suffix_index_finds_what_the_scripts_regex_finds():
    """Steps 2-4 look a suffix up by the word's last two letters; the script searches /(a|b|...)$/."""
    import re

    from rouge155.text import porter as stem

    r = random.Random(4)
    for listed, index in ((stem._STEP2_LIST, stem._STEP2_INDEX), (stem._STEP3_LIST, stem._STEP3_INDEX),
                          (stem._STEP4_INDEX, stem._STEP4_INDEX)):
        suffixes = [s[0] for group in index.values() for s in group] if listed is index else list(listed)
        pattern = re.compile("(" + "|".join(suffixes) + ")$")
        for _ in range(20_000):
            w = "".join(r.choice("aeilnostuz") for _ in range(r.randint(0, 4))) + r.choice(suffixes + ["", "x"])
            w = w[: len(w) - r.randint(0, 1)] if r.random() < 0.2 else w
            m = pattern.search(w)
            # porter_stem takes the first suffix of the word's group that the word ends with
            first = next((entry for entry in index.get(w[-2:], ()) if w.endswith(entry[0])), None)
            assert (first[0] if first else None) == (m.group(1) if m else None), w
            if first is not None and listed is not index:
                assert first[1:] == (len(first[0]), listed[first[0]])


def _differential_words():
    """Generated words (random stems and chains of the suffixes the steps test, initial y's), every
    word of up to 5 letters over the letters the rules turn on, the release sample's words and the
    WordNet exception lists' words."""
    import itertools
    import re

    from devkit.difftools import SAMPLES

    r = random.Random(30)
    suffixes = ("ement ment ent ion sion tion ational tional ies sses ing ed eed y ly ness ful ize ance ence er ic "
                "able ible ant ou ism ate iti ous ive al ll e s bli logi alli entli eli ousli ization ation ator alism "
                "iveness fulness ousness aliti iviti biliti icate ative alize iciti ical ss yed ying at bl iz").split()
    words = set()
    for _ in range(150_000):
        letters = "bcdfghklmnprstvwxzaeiouyy" if r.random() < 0.7 else "abcdefghijklmnopqrstuvwxyz0123456789$-"
        word = "".join(r.choice(letters) for _ in range(r.randint(0, 8)))
        word += "".join(r.choice(suffixes) for _ in range(r.randint(0, 3)))
        words.add("y" + word if r.random() < 0.1 else word)
    for size in range(1, 6):
        words.update(map("".join, itertools.product("aeyswdgtnlbcx", repeat=size)))
    for path in SAMPLES.rglob("*"):
        if path.is_file() and path.stat().st_size < 5_000_000:
            words.update(w.decode() for w in re.findall(rb"[a-z0-9$-]+", path.read_bytes().lower()))
    for key, value in load_word_lists(str(DATA)).exceptions.items():
        words.update((key, value))
    return sorted(words)


def test_porter_equals_the_regex_reference_on_many_words():
    """porter_stem (one function, last-letter checks) against the regex form it replaced (kept in
    tests/support), word for word."""
    from support.porter_reference import porter_stem as reference

    words = _differential_words()
    assert len(words) > 150_000
    mismatches = [(w, reference(w), porter_stem(w)) for w in words if porter_stem(w) != reference(w)]
    assert not mismatches, mismatches[:10]
