"""scripts/gen_unicode_tables.py regenerates rouge155/base/unicode_tables.py byte for byte (on a Python of the
committed table's Unicode version; another version writes another table, by design)."""
import subprocess
import sys
import unicodedata

import pytest

from devkit.difftools import REPO
from rouge155.base import unicode_tables


def test_generator_rewrites_the_committed_table(tmp_path):
    if unicodedata.unidata_version != unicode_tables.UNIDATA_VERSION:
        pytest.skip(f"the table is Unicode {unicode_tables.UNIDATA_VERSION}'s; this Python has "
                    f"{unicodedata.unidata_version}")
    out = tmp_path / "unicode_tables.py"
    subprocess.run([sys.executable, str(REPO / "scripts" / "gen_unicode_tables.py"), str(out)], check=True,
                   capture_output=True)
    assert out.read_bytes() == (REPO / "rouge155" / "base" / "unicode_tables.py").read_bytes()
