"""Writes scores.csv from a checkout of https://github.com/neulab/REALSumm (CC BY 4.0):

    python tests/data/realsumm/extract.py PATH/TO/REALSumm > tests/data/realsumm/scores.csv

Reads scores_dicts/abs.pkl and ext.pkl with an unpickler that builds nothing but dicts, lists, strings
and numbers (numpy scalars come back as floats), and keeps, per (set, document, system), the four scores
the notebook's summary-level analysis correlates. Not run by the tests (they read the CSV).
"""
import csv
import pickle
import sys
from pathlib import Path

COLUMNS = ("rouge_1_recall", "rouge_2_recall", "rouge_l_recall", "litepyramid_recall")


def _scalar(dtype, data):
    import numpy as np  # only to decode numpy scalars stored in the pickles

    return float(np.frombuffer(data, dtype=dtype)[0])


class _Plain(pickle.Unpickler):
    def find_class(self, module, name):
        if (module, name) == ("numpy", "dtype"):
            import numpy as np

            return np.dtype
        if (module, name) == ("numpy.core.multiarray", "scalar"):
            return _scalar
        raise pickle.UnpicklingError(f"refusing {module}.{name}")


def main(root: str) -> None:
    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerow(("set", "doc_id", "system") + COLUMNS)
    for part in ("abs", "ext"):
        with open(Path(root) / "scores_dicts" / f"{part}.pkl", "rb") as fh:
            scores = _Plain(fh).load()
        for doc_id in sorted(scores):
            for system, summary in sorted(scores[doc_id]["system_summaries"].items()):
                out.writerow((part, doc_id, system) + tuple(repr(float(summary["scores"][c])) for c in COLUMNS))


if __name__ == "__main__":
    main(sys.argv[1])
