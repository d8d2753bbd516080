"""Plain-text modes (no config to write) give what a hand-written config gives."""


from rouge155.inputs.sentences import rule_based_split

from devkit.difftools import REPO, run_ours
from test_pyrouge import _plain_summaries

FLAGS = ["-c", "95", "-2", "-1", "-U", "-r", "1000", "-n", "4", "-w", "1.2", "-m"]


def test_directory_mode_equals_hand_written_config(tmp_path):
    sys_dir, mod_dir = _plain_summaries(tmp_path)
    xml = ['<ROUGE-EVAL version="1.0">']
    for k, f in enumerate(sorted(sys_dir.iterdir()), start=1):
        topic = f.name.split(".")[0]
        models = sorted(m.name for m in mod_dir.iterdir() if m.name.startswith(topic + "."))
        xml += [f'<EVAL ID="{k}"><PEER-ROOT>{sys_dir}</PEER-ROOT><MODEL-ROOT>{mod_dir}</MODEL-ROOT>',
                '<INPUT-FORMAT TYPE="SPL"></INPUT-FORMAT>', f'<PEERS><P ID="1">{f.name}</P></PEERS><MODELS>']
        xml += [f'<M ID="{chr(65 + i)}">{m}</M>' for i, m in enumerate(models)]
        xml += ["</MODELS></EVAL>"]
    (tmp_path / "hand.xml").write_text("\n".join(xml + ["</ROUGE-EVAL>"]))
    hand = run_ours(FLAGS + ["-a", "hand.xml"], str(tmp_path))
    plain = run_ours(FLAGS + ["-a"], str(tmp_path), extra=[])
    from rouge155.cli.main import Extras, run
    import io

    out = io.BytesIO()
    status = run(["-e", str(REPO / "data")] + FLAGS + ["-a"], stdout=out, stderr=io.BytesIO(), extras=Extras(
        system_dir=str(sys_dir), model_dir=str(mod_dir), system_pattern=r"(T\d+).txt", model_pattern="#ID#.[A-Z].txt"))
    assert hand.ok and status == 0 and plain.status != 0  # without a config or plain-text options: usage
    assert out.getvalue() == hand.stdout


def test_parallel_files_equal_file_list(tmp_path):
    summaries = ["The cat sat on the mat <q> It purred loudly", "Stocks fell sharply on Monday", ""]
    references = ["A cat sat on a mat <q> The cat purred", "Markets fell on Monday <q> Traders were calm", "x"]
    (tmp_path / "sum.txt").write_text("\n".join(summaries) + "\n")
    (tmp_path / "ref.txt").write_text("\n".join(references) + "\n")
    lines = []
    for i, (s, r) in enumerate(zip(summaries, references), start=1):
        (tmp_path / f"s{i}.spl").write_text("\n".join(p.strip() for p in s.split("<q>") if p.strip()) + "\n")
        (tmp_path / f"r{i}.spl").write_text("\n".join(p.strip() for p in r.split("<q>") if p.strip()) + "\n")
        lines.append(f"s{i}.spl r{i}.spl")
    (tmp_path / "list.lst").write_text("\n".join(lines) + "\n")
    listed = run_ours(FLAGS + ["-z", "SPL", "list.lst", "1"], str(tmp_path))
    from rouge155.cli.main import Extras, run
    import io, os

    out = io.BytesIO()
    old = os.getcwd()
    os.chdir(tmp_path)
    try:
        status = run(["-e", str(REPO / "data")] + FLAGS, stdout=out, stderr=io.BytesIO(),
                     extras=Extras(summaries="sum.txt", references="ref.txt", sentence_sep="<q>"))
    finally:
        os.chdir(old)
    assert listed.ok and status == 0
    assert out.getvalue() == listed.stdout


def test_rule_based_splitter():
    text = "Mr. Smith went to Washington. He met Dr. Jones at 3 p.m. on Jan. 5. \"Good,\" he said! Was it? Yes."
    assert rule_based_split(text) == [
        "Mr. Smith went to Washington.", "He met Dr. Jones at 3 p.m. on Jan. 5.", "\"Good,\" he said!",
        "Was it?", "Yes."]
    assert rule_based_split("The U.S. economy grew 3.5% in 2003. Prices rose.") == [
        "The U.S. economy grew 3.5% in 2003.", "Prices rose."]
