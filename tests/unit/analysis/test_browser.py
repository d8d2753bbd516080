"""The HTML report in a real browser: headless Chromium renders the sample evaluation's report; the
screenshot is not blank and shows the charts' colours, and the rendered DOM holds every chart.

Chromium is found as $ROUGE155_CHROMIUM or chromium / chromium-browser / google-chrome on PATH
(scripts/setup-chromium.sh installs Debian's package); the test skips where there is none.
"""
import json
import os
import shutil
import signal
import struct
import subprocess
import zlib

import numpy as np
import pytest

from rouge155.analysis import compare, from_document
from rouge155.analysis.html_report import render_html

from devkit.difftools import REPO
from support.cli import run_in_process
from support.results_docs import results_document as _synthetic

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars",
         "--force-device-scale-factor=1"]


def _chromium():
    path = os.environ.get("ROUGE155_CHROMIUM")
    if path:
        return path
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    pytest.skip("no Chromium (set ROUGE155_CHROMIUM or run scripts/setup-chromium.sh)")


def _browser(args, tmp_path, timeout=180):
    """Run Chromium in its own process group; the whole group is killed if it overruns. Its profile and
    what it writes beside it (crash reports in $XDG_CONFIG_HOME/chromium, dconf's cache) go under
    ``tmp_path``, never into $HOME."""
    env = dict(os.environ, XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_CACHE_HOME=str(tmp_path / "cache"))
    proc = subprocess.Popen([_chromium(), *FLAGS, f"--user-data-dir={tmp_path / 'profile'}", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True, env=env)
    try:
        out, _ = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        pytest.fail("Chromium did not finish in time")
    return proc.returncode, out.decode("utf-8", "replace")


def _png_pixels(data: bytes) -> np.ndarray:
    """Decode an 8-bit, non-interlaced RGB/RGBA PNG (what Chromium writes) into an array."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, color, _, _, interlace = header
    assert depth == 8 and color in (2, 6) and interlace == 0
    bpp = 3 if color == 2 else 4
    raw = np.frombuffer(zlib.decompress(idat), dtype=np.uint8).reshape(height, 1 + width * bpp)
    out = np.zeros((height, width * bpp), dtype=np.uint8)
    prev = np.zeros(width * bpp, dtype=np.int32)
    for y in range(height):
        ftype, line = raw[y, 0], raw[y, 1:].astype(np.int32)
        if ftype == 0:
            cur = line
        elif ftype == 2:
            cur = (line + prev) & 255
        elif ftype == 1:
            cur = line.reshape(-1, bpp).cumsum(axis=0).reshape(-1) & 255
        else:
            cur = np.zeros_like(line)
            for i in range(len(line)):
                a = cur[i - bpp] if i >= bpp else 0
                b = prev[i]
                if ftype == 3:
                    cur[i] = (line[i] + (a + b) // 2) & 255
                else:
                    c = prev[i - bpp] if i >= bpp else 0
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                    cur[i] = (line[i] + pred) & 255
        out[y] = cur
        prev = cur
    return out.reshape(height, width, bpp)[:, :, :3]


@pytest.fixture(scope="module")
def sample_report(tmp_path_factory):
    args = ["-e", str(REPO / "data"), "-c", "95", "-2", "-1", "-U", "-r", "1000", "-n", "4", "-w", "1.2", "-a",
            "rouge155-see.xml"]
    status, out, err = run_in_process(args, REPO / "sample-test", output_format="json")
    assert status == 0, err
    doc = json.loads(out)
    r = from_document(doc)
    path = tmp_path_factory.mktemp("browser") / "report.html"
    path.write_text(render_html(r, compare(r)))
    return path, r


@pytest.mark.parametrize("systems", [2, 30])
def test_two_and_thirty_systems_render(systems, tmp_path):
    r = from_document(_synthetic(systems))
    path = tmp_path / "report.html"
    path.write_text(render_html(r, compare(r, resamples=200)))
    status, dom = _browser(["--dump-dom", path.as_uri()], tmp_path)
    assert status == 0 and dom.count("<svg") == 3 * 2
    for i in range(systems):
        assert dom.count(f">summarizer-{i:02d}<") >= 2 * 3  # a label in each chart of each metric
    shot = tmp_path / "shot.png"
    status, _ = _browser([f"--screenshot={shot}", "--window-size=1000,900", path.as_uri()], tmp_path)
    pixels = _png_pixels(shot.read_bytes())
    assert status == 0 and pixels.std() > 20 and (pixels.min(axis=2) < 200).mean() > 0.02


def test_report_renders_with_charts(sample_report, tmp_path):
    path, r = sample_report
    status, dom = _browser(["--dump-dom", path.as_uri()], tmp_path)
    assert status == 0 and dom.count("<svg") == 3 * len(r.metrics)  # intervals, distribution, pairwise verdicts
    assert dom.count('class="mean"') == len(r.entries) * 3
    shot = tmp_path / "shot.png"
    status, _ = _browser([f"--screenshot={shot}", "--window-size=1000,900", path.as_uri()], tmp_path)
    assert status == 0 and shot.is_file()
    pixels = _png_pixels(shot.read_bytes())
    assert pixels.shape == (900, 1000, 3)
    assert pixels.std() > 20  # not a blank page
    assert (pixels.min(axis=2) < 200).mean() > 0.02  # ink: text, lines, boxes
    orange = (np.abs(pixels.astype(int) - (0xD9, 0x48, 0x0F)).sum(axis=2) < 40).sum()
    blue = (np.abs(pixels.astype(int) - (0x1F, 0x5F, 0xA8)).sum(axis=2) < 40).sum()
    assert orange > 50 and blue > 200  # the charts' mean dots and interval bars are drawn


PWN = ("\"'><script>document.body.setAttribute('data-pwned','script')</script>"
       "<img src=x onerror=\"document.body.setAttribute('data-pwned','img')\">"
       "<svg onload=\"document.body.setAttribute('data-pwned','svg')\"></svg>")


def test_hostile_strings_never_run_in_a_browser(tmp_path):
    """Every name, warning, setting and note carries script that would mark the page's body; the browser's
    DOM after loading shows it as text only. Scores near 1e308 render too."""
    from rouge155.analysis import HumanScores, correlate

    doc = _synthetic(4, 6)
    doc.update(rouge155_version=PWN, warnings=[PWN], settings={"ngram": PWN})
    for k, m in enumerate(doc["metrics"]):
        m["system"] = PWN + m["system"]
        m["metric"] = PWN + m["metric"]
        for inst in m["instances"]:
            inst["eval_id"] = PWN + inst["eval_id"]
            inst["recall"] *= 1.7e308 if k % 2 else 1.0
    r = from_document(doc)
    rng = np.random.default_rng(0)
    human = HumanScores(r.systems, sorted({e for x in r.entries for e in x.eval_ids}), [PWN],
                        {PWN: rng.normal(size=(4, 6))})
    corr = correlate({PWN: r}, human, resamples=50, against_best=True, per_document=True)
    corr.notes.append(PWN)
    path = tmp_path / "hostile.html"
    path.write_text(render_html(r, compare(r, resamples=100), corr, title=PWN))
    status, dom = _browser(["--dump-dom", path.as_uri()], tmp_path)
    assert status == 0 and "<body" in dom
    body_tag = dom[dom.index("<body"):dom.index(">", dom.index("<body")) + 1]
    assert "data-pwned" not in body_tag, body_tag
    assert dom.count("<script") == 0 and "data-pwned" in dom  # the text is there, inert
    shot = tmp_path / "shot.png"
    status, _ = _browser([f"--screenshot={shot}", "--window-size=1000,900", path.as_uri()], tmp_path)
    assert status == 0 and _png_pixels(shot.read_bytes()).std() > 20
