"""Fixtures of the analysis tests: the sample evaluation's ``--format json`` result, and the three console
scripts run in this process (their ``main`` as the console script calls it), for the many short runs."""
import json

import pytest

from devkit.difftools import REPO
from support.cli import run_in_process

SAMPLE_ARGS = ["-e", str(REPO / "data"), "-c", "95", "-2", "4", "-u", "-r", "200", "-n", "2", "-a", "-m",
               "rouge155-isi.xml"]


@pytest.fixture(scope="session")
def isi_document():
    """The sample evaluation (3 systems, 2 documents, ROUGE-1/2/L/SU4) as --format json, parsed."""
    status, out, err = run_in_process(SAMPLE_ARGS, REPO / "sample-test", output_format="json")
    assert status == 0, err
    return json.loads(out)


@pytest.fixture
def tool(capsys):
    """tool(name, *args) -> (status, stdout, stderr) of rouge155-report/-compare/-correlate, in process."""
    from rouge155.cli import analysis

    commands = {"rouge155-report": analysis.report_main, "rouge155-compare": analysis.compare_main,
                "rouge155-correlate": analysis.correlate_main}

    def call(name, *args):
        capsys.readouterr()
        try:
            status = commands[name].main([str(a) for a in args], prog_name=name) or 0
        except SystemExit as exc:
            status = exc.code
        out, err = capsys.readouterr()
        return status, out, err

    return call
