#!/usr/bin/env python3
"""Write sample-test/: the project's own sample evaluation (summaries written for this project).

Three topics, three systems and one to four references per topic, each rendered in SEE (HTML),
SPL (one sentence per line) and ISI formats, with XML configs and -z file lists.
"""
import html
import sys
from pathlib import Path
from typing import Any, Dict

TOPICS: Dict[str, Dict[str, Any]] = {
    "T01": {
        "models": [
            [
                "A spring flood closed the river port of Elmsford for nine days.",
                "Barges waited downstream while engineers inspected the damaged lock gates.",
                "City officials said repairs would cost about $4 million.",
            ],
            [
                "Heavy rain pushed the Elm River over its banks in April, shutting the port.",
                "The lock gates were damaged and barge traffic stopped for more than a week.",
                "Repairs are expected to cost the city roughly four million dollars.",
            ],
            [
                "Floodwater closed Elmsford's port; lock repairs will take weeks.",
                "Shipping companies rerouted cargo by rail during the closure.",
            ],
        ],
        "systems": {
            "S1": [
                "The Elmsford port was closed for nine days after a spring flood.",
                "Engineers inspected the damaged lock gates while barges waited.",
            ],
            "S2": [
                "Heavy rains flooded the Elm River in April.",
                "Officials estimated the cost of repairing the locks at $4 million.",
                "Some shipping companies moved cargo by rail.",
            ],
            "S3": [
                "ELMSFORD -- The mayor spoke to reporters on Tuesday about the weather.",
                "She said the city's budget was already stretched.",
            ],
        },
    },
    "T02": {
        "models": [
            [
                "Researchers at a coastal laboratory bred coral that tolerates warmer water.",
                "The heat-resistant corals survived a simulated marine heatwave.",
                "The team plans field trials on two damaged reefs next year.",
            ],
            [
                "Scientists have raised corals able to withstand higher sea temperatures.",
                "In tank experiments the new strains outlived ordinary corals during heat stress.",
                "Reef restoration trials will begin in 2027.",
            ],
        ],
        "systems": {
            "S1": [
                "Scientists bred corals that survive warmer water in laboratory tanks.",
                "Field trials on damaged reefs are planned.",
            ],
            "S2": [
                "A coastal laboratory studied coral reefs.",
                "The researchers were surprised by the results of the experiments.",
                "Reefs around the world are threatened by warming oceans.",
            ],
            "S3": [
                "Heat-resistant corals survived a simulated heatwave, researchers said.",
                "Trials on two reefs will start next year; restoration groups welcomed the news.",
            ],
        },
    },
    "T03": {
        "models": [
            [
                "The national rail strike ended after unions accepted a 6% pay offer.",
                "Trains resumed normal service on Monday morning.",
            ],
            [
                "Rail workers voted to accept a six percent raise, ending a three-day strike.",
                "Commuters faced crowded platforms as timetables returned to normal.",
            ],
            [
                "A three-day rail walkout is over: unions took the 6% offer.",
                "Services restarted Monday, though some lines ran late.",
            ],
            [
                "Union members approved the pay deal and the strike was called off.",
                "Operators restored full schedules at the start of the week.",
            ],
        ],
        "systems": {
            "S1": [
                "The rail strike ended when unions accepted a 6% pay offer.",
                "Normal train service resumed on Monday.",
            ],
            "S2": [
                "Rail unions went on strike for three days over pay.",
                "Commuters were angry about the crowded platforms.",
            ],
            # S3 has no summary for T03: the report warns and skips it.
        },
    },
}


def see(sentences):
    lines = ["<html>", "<head>", "<title>summary</title>", "</head>", '<body bgcolor="white">']
    for i, s in enumerate(sentences, 1):
        lines.append(f'<a name="{i}">[{i}]</a> <a href="#{i}" id={i}>{html.escape(s, quote=False)}</a>')
    lines += ["</body>", "</html>"]
    return "\n".join(lines) + "\n"


def spl(sentences):
    return "\n".join(sentences) + "\n"


def isi(sentences):
    lines = ["<DOC>", "<TEXT>"]
    lines += [f'<S SNTNO="{i}">{html.escape(s, quote=False)}</S>' for i, s in enumerate(sentences, 1)]
    return "\n".join(lines + ["</TEXT>", "</DOC>"]) + "\n"


FORMATS = {"SEE": ("see", "html", see), "SPL": ("spl", "spl", spl), "ISI": ("isi", "isi", isi)}


def main() -> int:
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent / "sample-test"
    for fmt, (folder, ext, render) in FORMATS.items():
        d = root / folder
        (d / "models").mkdir(parents=True, exist_ok=True)
        (d / "systems").mkdir(parents=True, exist_ok=True)
        xml = ['<ROUGE-EVAL version="1.0">']
        lst = [f"# rouge155 sample evaluation, {fmt} format: peer model1 [model2 ...]"]
        for topic, data in TOPICS.items():
            models = []
            for k, sents in enumerate(data["models"]):
                name = f"{topic}.M.{'ABCD'[k]}.{ext}"
                (d / "models" / name).write_text(render(sents))
                models.append(name)
            peers = {}
            for sysid, sents in data["systems"].items():
                name = f"{topic}.P.{sysid}.{ext}"
                (d / "systems" / name).write_text(render(sents))
                peers[sysid] = name
            xml += [f'<EVAL ID="{topic}">', f"<PEER-ROOT>\n{folder}/systems\n</PEER-ROOT>",
                    f"<MODEL-ROOT>\n{folder}/models\n</MODEL-ROOT>", f'<INPUT-FORMAT TYPE="{fmt}">\n</INPUT-FORMAT>',
                    "<PEERS>"]
            xml += [f'<P ID="{s}">{n}</P>' for s, n in peers.items()]
            xml += ["</PEERS>", "<MODELS>"]
            xml += [f'<M ID="{"ABCD"[k]}">{n}</M>' for k, n in enumerate(models)]
            xml += ["</MODELS>", "</EVAL>"]
            if "S1" in peers:
                lst.append(" ".join([f"{folder}/systems/{peers['S1']}"] + [f"{folder}/models/{m}" for m in models]))
        xml.append("</ROUGE-EVAL>")
        (root / f"rouge155-{folder}.xml").write_text("\n".join(xml) + "\n")
        (root / f"rouge155-{folder}.lst").write_text("\n".join(lst) + "\n")
    print(f"wrote {root}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
