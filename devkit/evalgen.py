"""Seeded generator of evaluation sets and flag combinations for differential tests.

Each case is a directory with summaries (SEE, SPL or ISI), an XML config and a ``-z`` list, and
a list of command lines that both programs run from that directory.
"""
from __future__ import annotations

import os
import random
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple

WORDS = (
    "the a of to and in is was for on that with as by at from it he she they we you this be are have "
    "has had not but or an its their his her which who will would can could about more than after "
    "before into over under between through during without again further then once here there when "
    "where why how all any both each few most other some such only own same so too very just now "
    "government minister president election vote votes voted voting voter people city cities country "
    "market markets economy economic economical economist company companies price prices priced pricing "
    "year years month week day night time times report reported reporting reports reporter police "
    "officer officers fire fires flood floods storm storms hurricane damage damaged killed injured "
    "relational conditional rational valency hesitancy digitizer conformably radically differently "
    "vilely analogously vietnamization predication operator feudalism decisiveness hopefulness "
    "callousness formality sensitivity sensibility triplicate formative formalize electricity "
    "electrical hopeful goodness revival allowance inference airliner gyroscopic adjustable "
    "defensible irritant replacement adjustment dependent adoption homologou communism activate "
    "angularity homologous effective bowdlerize probate rate cease controll roll agreement "
    "settlement government movement element cement statement treatment payment comment "
    "caresses ponies ties caress cats feed agreed plastered bled motoring sing conflated troubled "
    "sized hopping tanned falling hissing fizzed failing filing happy sky generalization "
    "yelling yes youth yearly yielded yttrium y2k "
    "children geese mice feet teeth women men oxen better best worse worst ran went gone taught "
    "bought brought thought caught axes analyses crises theses phenomena criteria data went "
    "was were been being did done does doing said says saying made making "
    "u s uk un nato 1990s 2003 42 3rd 100 1 7 0 x y z"
).split()

PUNCT_WORDS = [
    "U.S.", "state-of-the-art", "$100", "$", "3.5%", "don't", "(CNN)", "e-mail", "--", "...", "AT&T",
    "co-operate", "well-known", "-", "---", "'s", "\"quoted\"", "[bracket]", "{brace}", "a/b", "x_y",
    "#hash", "@at", "50,000", "10:30", "Jan.", "Mr.", "e.g.", "semi-colon;", "end.", "why?", "wow!",
    "-leading", "trailing-", "MiXeD", "UPPER", "CamelCase", "Hyphen-Ated", "Über", "$5-million",
]
NON_ASCII = [
    "caf\u00e9".encode("utf-8"), "na\u00efve".encode("utf-8"), b"caf\xe9", b"\xa0nbsp", b"x\x85y",
    "\u2014dash".encode("utf-8"), "r\u00e9sum\u00e9".encode("utf-8"), b"\xff\xfe", b"\xc3\x28",
    "\u00c9COLE".encode("utf-8"),
]
STOP_ONLY = "the of and to a in is it that was for on".split()
EXCEPTION_WORDS = "axes better children geese mice feet teeth women taught bought caught oxen best worse".split()


def _word(r: random.Random) -> bytes:
    x = r.random()
    if x < 0.72:
        return r.choice(WORDS).encode()
    if x < 0.80:
        return r.choice(EXCEPTION_WORDS).encode()
    if x < 0.93:
        return r.choice(PUNCT_WORDS).encode("utf-8")
    if x < 0.97:
        return r.choice(NON_ASCII)
    return r.choice(WORDS).upper().encode()


def sentence(r: random.Random, lo: int = 2, hi: int = 16) -> bytes:
    n = r.randint(lo, hi)
    words = [_word(r) for _ in range(n)]
    if r.random() < 0.1 and len(words) > 2:  # repeated words
        words += words[: r.randint(1, len(words))]
    sep = [b" "] * (len(words) - 1)
    for i in range(len(sep)):
        y = r.random()
        if y < 0.05:
            sep[i] = b"  "
        elif y < 0.08:
            sep[i] = b"\t"
        elif y < 0.09:
            sep[i] = b"\x0b"
    out = words[0]
    for s, w in zip(sep, words[1:]):
        out += s + w
    if r.random() < 0.08:
        out = b" " + out
    if r.random() < 0.08:
        out = out + b" "
    return out


def summary_units(r: random.Random, model: bool = False, long_texts: bool = False) -> List[bytes]:
    """A summary's units; ``long_texts``: one or two, about half of them 50-300 tokens long."""
    kind = r.random()
    if model:
        kind = 0.1 + kind * 0.9 if r.random() < 0.97 else kind
    if kind < 0.04:
        return []  # empty summary
    if kind < 0.08:
        return [b" ".join(r.choice(STOP_ONLY).encode() for _ in range(r.randint(1, 8)))]
    if kind < 0.10:
        return [b"-- ... !!!"]  # no countable token
    if long_texts:
        return [sentence(r, 50, 300) if r.random() < 0.5 else sentence(r, 8, 16) for _ in range(r.randint(1, 2))]
    return [sentence(r) for _ in range(r.randint(1, 6))]


def render(units: List[bytes], fmt: str, r: random.Random) -> bytes:
    nl = b"\r\n" if r.random() < 0.15 else b"\n"
    if fmt == "SPL":
        lines = []
        for u in units:
            if r.random() < 0.1:
                lines.append(b"")
            if r.random() < 0.03:
                lines.append(b"   ")
            lines.append(u)
        body = nl.join(lines)
        if lines and r.random() < 0.8:
            body += nl
        return body
    if fmt == "ISI":
        lines = [b"<DOC>", b"<TEXT>"]
        for i, u in enumerate(units, 1):
            lines.append(b'<S SNTNO="%d">' % i + u.replace(b"<", b" ") + b"</S>")
        lines += [b"</TEXT>", b"</DOC>"]
        return nl.join(lines) + nl
    lines = [b"<html>", b"<head>", b"<title>summary</title>", b"</head>", b'<body bgcolor="white">']
    for i, u in enumerate(units, 1):
        u = u.replace(b"<", b" ")
        if r.random() < 0.5:
            lines.append(b'<a name="%d">[%d]</a> <a href="#%d" id=%d>' % (i, i, i, i) + u + b"</a>")
        else:
            lines.append(b'<a size="%d" name="%d">[%d]</a> <a href="#%d" id=%d>' % (len(u), i, i, i, i) + u + b"</a>")
    lines += [b"</body>", b"</html>"]
    return nl.join(lines) + nl


def _eval_ids(r: random.Random, n: int) -> List[str]:
    style = r.choice(["seq", "numeric", "alpha", "mixed"])
    if style == "seq":
        return [str(i) for i in range(1, n + 1)]
    if style == "numeric":
        return [str(x) for x in r.sample(range(1, 120), n)]
    alpha = [f"D{r.randint(0, 999):03d}{c}" for c in "ABCDEFGH"[:n]]
    if style == "alpha":
        return alpha
    nums = r.sample(range(1, 60), n)
    return [alpha[i] if i % 2 else str(nums[i]) for i in range(n)]


@dataclass
class EvalSet:
    root: str
    fmt: str
    xml: str
    lst: str
    systems: List[str]
    list_system: str
    notes: List[str] = field(default_factory=list)


def make_evalset(root: str, seed: int, allow_missing_files: bool = True, long_texts: bool = False) -> EvalSet:
    """Write one generated evaluation under ``root`` (``long_texts``: fewer, longer summaries, see
    :func:`summary_units`)."""
    r = random.Random(seed)
    os.makedirs(root, exist_ok=True)
    fmt = r.choice(["SEE", "SPL", "ISI"])
    n_eval = r.randint(1, 2 if long_texts else 5)
    n_sys = r.randint(1, 2 if long_texts else 4)
    eval_ids = _eval_ids(r, n_eval)
    systems = r.sample(["1", "11", "2", "A", "B", "sysX", "Rb", "21", "x-1"], n_sys)
    os.makedirs(os.path.join(root, "peers"), exist_ok=True)
    os.makedirs(os.path.join(root, "models"), exist_ok=True)
    xml = ['<ROUGE-EVAL version="1.0">']
    lst_lines = ["# generated file list", ""]
    notes = []
    list_system = systems[0]
    for e, eid in enumerate(eval_ids):
        n_models = r.randint(1, 2 if long_texts else 4)
        model_files = []
        model_units: List[bytes] = []
        for k in range(n_models):
            name = f"m{e}.{k}.txt"
            units = summary_units(r, model=True, long_texts=long_texts)
            if r.random() < 0.5 and units and not long_texts:
                units = units + [sentence(r) for _ in range(r.randint(0, 3))]
            model_units += units
            with open(os.path.join(root, "models", name), "wb") as fh:
                fh.write(render(units, fmt, r))
            model_files.append(name)
        if allow_missing_files and r.random() < 0.02:
            model_files.append("does-not-exist.txt")
            notes.append("missing model")
        peer_files: Dict[str, Optional[str]] = {}
        for s in systems:
            if r.random() < 0.1:
                peer_files[s] = None  # this system has no summary for this evaluation
                continue
            name = f"p{e}.{s}.txt"
            units = summary_units(r, long_texts=long_texts)
            if r.random() < 0.5 and model_units:
                # share sentences with the models, so that scores are not all near zero
                units = r.sample(model_units, min(len(model_units), r.randint(1, 3))) + units
                r.shuffle(units)
            with open(os.path.join(root, "peers", name), "wb") as fh:
                fh.write(render(units, fmt, r))
            peer_files[s] = name
        fmt_text = fmt if r.random() < 0.8 else fmt.lower()
        xml.append(f'<EVAL ID="{eid}">')
        xml.append(f"<PEER-ROOT>\n{'peers'}\n</PEER-ROOT>")
        xml.append("<MODEL-ROOT>models</MODEL-ROOT>" if r.random() < 0.5 else "<MODEL-ROOT>\n  models  \n</MODEL-ROOT>")
        xml.append(f'<INPUT-FORMAT TYPE="{fmt_text}">\n</INPUT-FORMAT>')
        xml.append("<PEERS>")
        for s, peer_file in peer_files.items():
            if peer_file is not None:
                xml.append(f'<P ID="{s}">{peer_file}</P>')
        xml.append("</PEERS>")
        xml.append("<MODELS>")
        for k, name in enumerate(model_files):
            mid = "ABCDEFGH"[k]
            xml.append(f'<M ID="{mid}">{name}</M>' if r.random() < 0.8 else f'<m ID="{mid}">\n {name}\n</m>')
        xml.append("</MODELS>")
        xml.append("</EVAL>")
        pf = peer_files.get(list_system)
        if pf is not None:
            lst_lines.append(" ".join([f"peers/{pf}"] + [f"models/{m}" for m in model_files]))
            if r.random() < 0.2:
                lst_lines.append("")
    xml.append("</ROUGE-EVAL>")
    if len(lst_lines) == 2:
        lst_lines.append("peers/none.txt models/none.txt")
        with open(os.path.join(root, "peers", "none.txt"), "wb") as fh:
            fh.write(render([sentence(r)], fmt, r))
        with open(os.path.join(root, "models", "none.txt"), "wb") as fh:
            fh.write(render([sentence(r)], fmt, r))
    with open(os.path.join(root, "config.xml"), "w") as fh:
        fh.write("\n".join(xml) + "\n")
    with open(os.path.join(root, "files.lst"), "w") as fh:
        fh.write("\n".join(lst_lines) + "\n")
    return EvalSet(root, fmt, "config.xml", "files.lst", systems, list_system, notes)


def random_flags(r: random.Random, es: EvalSet) -> List[str]:
    """A random valid flag combination (the config and system arguments included)."""
    args: List[str] = []
    if r.random() < 0.7:
        args += ["-n", str(r.randint(1, 4))] if r.random() < 0.8 else [f"-n{r.randint(1, 3)}"]
    if r.random() < 0.15:
        args.append("-x")
    if r.random() < 0.5:
        args += ["-w", r.choice(["1.2", "1.5", "2", "1", "1.2"])]
    if r.random() < 0.6:
        args += ["-2", r.choice(["-1", "0", "1", "4", "-1", "9"])]
        u = r.random()
        if u < 0.3:
            args.append("-U")
        elif u < 0.55:
            args.append("-u")
        elif u < 0.6:
            args += ["-u", "-U"]
    if r.random() < 0.4:
        args.append("-m")
    if r.random() < 0.06:
        args.append("-M")
    if r.random() < 0.3:
        args.append("-s")
    lim = r.random()
    if lim < 0.15:
        args += ["-l", str(r.choice([1, 3, 5, 10, 20, 50]))]
    elif lim < 0.3:
        args += ["-b", str(r.choice([1, 5, 20, 75, 100, 665]))]
    if r.random() < 0.25:
        args += ["-f", r.choice(["A", "B", "B"])]
    if r.random() < 0.2:
        args += ["-p", r.choice(["0", "0.3", "0.5", "1", "0.8"])]
    if r.random() < 0.3:
        args += ["-t", r.choice(["0", "1", "2"])]
    args += ["-r", r.choice(["1", "2", "10", "100", "1000", "1000", "37"])]
    if r.random() < 0.5:
        args += ["-c", r.choice(["95", "0", "50", "99", "100", "90.5", "95"])]
    if r.random() < 0.3:
        args.append("-d")
    return _with_inputs(r, es, args)


def _with_inputs(r: random.Random, es: EvalSet, args: List[str]) -> List[str]:
    """The flags shuffled (sometimes bundled), then the config and system arguments."""
    pairs = _pairs(args)
    r.shuffle(pairs)
    flat = [x for p in pairs for x in p]
    if r.random() < 0.2:
        flat = _bundle(flat)
    if r.random() < 0.25:
        return flat + ["-z", es.fmt, es.lst] + ([es.list_system] if r.random() < 0.7 else [])
    if r.random() < 0.6:
        return flat + ["-a", es.xml]
    return flat + [es.xml, r.choice(es.systems + ["nosuch"] if r.random() < 0.1 else es.systems)]


# ROUGE-W weights where Perl's numbers leave the doubles' exact range: k ** w as exact 64-bit integers
# (3-16 on ten-token units), Inf (from 17 on 13 tokens), ratios overflowing to Inf and NaN scores
# (below 1), and the spellings Perl reads as integers or not
EXTREME_WEIGHTS = ("3", "4", "5", "8", "11", "13", "16", "17", "20", "25", "50", "64", "100", "300", "1000", "1e2",
                   "15.5", "33.3", "2.5", "1e-5", "0.0001", "0.001", "0.01", "0.1", "0.5", "0.9", "inf", "5e-324",
                   "1.2", "2")


# Each flag of extreme_flags: the share of cases that have it, and its values (None: a switch).
_EXTREME_FLAGS = (
    (0.6, "-x", None), (0.3, "-n", ("1",)), (0.85, "-t", ("0", "1", "2", "2")), (1.0, "-f", ("A", "B")),
    (0.6, "-p", ("0", "1", "0.5", "0.0001", "0.9999", "1e-300")), (1.0, "-r", ("1", "10", "100", "1000")),
    (0.3, "-c", ("0", "50", "95", "100")), (0.5, "-d", None), (0.2, "-m", None), (0.1, "-l", ("10", "60", "200")),
)


def extreme_flags(r: random.Random, es: EvalSet) -> List[str]:
    """Flags at their extremes around ROUGE-W: a weight from :data:`EXTREME_WEIGHTS`, -t 0/1/2, -f A/B,
    -p at 0, 1 and next to them, -d (raw counts printed), few or many resamples."""
    args = ["-w", r.choice(EXTREME_WEIGHTS)]
    for share, flag, values in _EXTREME_FLAGS:
        if r.random() < share:
            args += [flag] if values is None else [flag, r.choice(values)]
    return _with_inputs(r, es, args)


def _pairs(args: List[str]) -> List[Tuple[str, ...]]:
    out: List[Tuple[str, ...]] = []
    i = 0
    valued = set("bcefln p t r 2 3 w z".replace(" ", ""))
    while i < len(args):
        a = args[i]
        if len(a) == 2 and a[1] in valued and i + 1 < len(args):
            out.append((a, args[i + 1]))
            i += 2
        else:
            out.append((a,))
            i += 1
    return out


def _bundle(flat: List[str]) -> List[str]:
    """Bundle adjacent boolean switches (-m -s -> -ms), as users do."""
    out: List[str] = []
    booleans = set("mMsduUx")
    for a in flat:
        if out and len(a) == 2 and a[1] in booleans and len(out[-1]) >= 2 and out[-1][0] == "-" and all(
            c in booleans for c in out[-1][1:]
        ):
            out[-1] += a[1]
        else:
            out.append(a)
    return out


BE_HEADS = ["president", "Bush", "said", "elections", "the company", "U.S. troops", "-LRB-", "ran", "children",
            "geese", "relational", "agreement", "hopping", "New York", "1990s", "$5", "oil prices", "talks"]
BE_RELS = ["nn", "subj", "obj", "mod", "gen", "NIL", "det", "pcomp-n", "lex-mod"]


def be_line(r: random.Random) -> bytes:
    head = r.choice(BE_HEADS)
    mod = "NIL" if r.random() < 0.25 else r.choice(BE_HEADS)
    rel = "NIL" if r.random() < 0.2 else r.choice(BE_RELS)
    if r.random() < 0.1:
        head = head.upper()
    if r.random() < 0.05:
        mod = "nil"
    return f"{head}|{mod}|{rel}".encode()


def make_be_evalset(root: str, seed: int, bad_line: bool = False) -> EvalSet:
    """A SIMPLE-format BE evaluation (XML config and -z list)."""
    r = random.Random(seed)
    os.makedirs(os.path.join(root, "peers"), exist_ok=True)
    os.makedirs(os.path.join(root, "models"), exist_ok=True)
    n_eval = r.randint(1, 4)
    eval_ids = _eval_ids(r, n_eval)
    systems = r.sample(["1", "2", "A", "B", "26"], r.randint(1, 3))
    xml = ['<ROUGE-EVAL version="1.0">']
    lst = []
    pool = [be_line(r) for _ in range(40)]

    def write(path: str, k: int) -> None:
        lines = [r.choice(pool) if r.random() < 0.6 else be_line(r) for _ in range(k)]
        if bad_line and r.random() < 0.3:
            lines.insert(r.randrange(len(lines) + 1), b"broken|line")
        nl = b"\r\n" if r.random() < 0.05 else b"\n"
        with open(path, "wb") as fh:
            fh.write(nl.join(lines) + (nl if lines else b""))

    for e, eid in enumerate(eval_ids):
        models = []
        for k in range(r.randint(1, 4)):
            name = f"m{e}.{k}.be"
            write(os.path.join(root, "models", name), r.randint(0 if r.random() < 0.05 else 1, 25))
            models.append(name)
        peers = {}
        for s in systems:
            if r.random() < 0.1:
                continue
            name = f"p{e}.{s}.be"
            write(os.path.join(root, "peers", name), r.randint(0, 25))
            peers[s] = name
        xml += [f'<EVAL ID="{eid}">', "<PEER-ROOT>peers</PEER-ROOT>", "<MODEL-ROOT>models</MODEL-ROOT>",
                '<INPUT-FORMAT TYPE="SIMPLE"></INPUT-FORMAT>', "<PEERS>"]
        xml += [f'<P ID="{s}">{n}</P>' for s, n in peers.items()]
        xml += ["</PEERS>", "<MODELS>"]
        xml += [f'<M ID="{"ABCD"[k]}">{n}</M>' for k, n in enumerate(models)]
        xml += ["</MODELS>", "</EVAL>"]
        if systems[0] in peers:
            lst.append(" ".join([f"peers/{peers[systems[0]]}"] + [f"models/{m}" for m in models]))
    xml.append("</ROUGE-EVAL>")
    if not lst:
        write(os.path.join(root, "peers", "x.be"), 5)
        write(os.path.join(root, "models", "x.be"), 5)
        lst.append("peers/x.be models/x.be")
    with open(os.path.join(root, "config.xml"), "w") as fh:
        fh.write("\n".join(xml) + "\n")
    with open(os.path.join(root, "files.lst"), "w") as fh:
        fh.write("\n".join(lst) + "\n")
    return EvalSet(root, "SIMPLE", "config.xml", "files.lst", systems, systems[0])


def random_be_flags(r: random.Random, es: EvalSet) -> List[str]:
    args = ["-3", r.choice(["H", "HM", "HMR", "HM1", "HMR1", "HMR2"])]
    if r.random() < 0.5:
        args.append("-m")
    if r.random() < 0.08:
        args.append("-M")
    if r.random() < 0.25:
        args += ["-f", r.choice(["A", "B"])]
    if r.random() < 0.2:
        args += ["-p", r.choice(["0", "0.3", "1"])]
    if r.random() < 0.25:
        args += ["-t", r.choice(["0", "1", "2"])]
    args += ["-r", r.choice(["1", "10", "100", "1000"])]
    if r.random() < 0.3:
        args += ["-c", r.choice(["95", "50", "0", "100"])]
    if r.random() < 0.3:
        args.append("-d")
    if r.random() < 0.03:
        args += ["-n", "1"]  # ROUGE-N cannot read SIMPLE files: both programs stop
    if r.random() < 0.4:
        return args + ["-z", "SIMPLE", es.lst] + ([es.list_system] if r.random() < 0.7 else [])
    if r.random() < 0.6:
        return args + ["-a", es.xml]
    return args + [es.xml, r.choice(es.systems)]
