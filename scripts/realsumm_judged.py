#!/usr/bin/env python3
"""REALSumm's released judgments (Bhandari et al., EMNLP 2020; github.com/neulab/REALSumm, CC BY 4.0)
as a judged JSONL data set for rouge155-meta: one record per (document, system) with the summary and
the reference one sentence per line (REALSumm marks sentences with <t> ... </t>) and the LitePyramid
recall as the human score.

    python scripts/realsumm_judged.py REALSumm/scores_dicts/abs.pkl > realsumm-abs.jsonl
    rouge155-meta realsumm-abs.jsonl --references all

The pickles hold only dicts, strings and numbers (numpy scalars among them): they are read with an
unpickler that refuses every other class, so that no code in the file can run.
"""
import json
import pickle
import re
import sys

_ALLOWED = {("numpy.core.multiarray", "scalar"), ("numpy._core.multiarray", "scalar"), ("numpy", "dtype")}


class _DataOnly(pickle.Unpickler):
    def find_class(self, module, name):
        if (module, name) not in _ALLOWED:
            raise pickle.UnpicklingError(f"refused {module}.{name}: not plain data")
        import numpy

        if name == "dtype":
            return numpy.dtype
        try:
            from numpy._core.multiarray import scalar
        except ImportError:  # numpy < 2
            from numpy.core.multiarray import scalar  # type: ignore[no-redef]  # the same function, numpy 1's home
        return scalar


def sentences(text: str) -> str:
    found = [s.strip() for s in re.findall(r"<t>(.*?)</t>", text, flags=re.S)]
    return "\n".join(s for s in found if s) if found else text.strip()


def records(path: str):
    with open(path, "rb") as fh:
        docs = _DataOnly(fh).load()
    for doc_id in sorted(docs):
        doc = docs[doc_id]
        for system, entry in sorted(doc["system_summaries"].items()):
            yield {"id": str(doc_id), "system": system.rsplit(".txt", 1)[0],
                   "prediction": sentences(entry["system_summary"]), "references": [sentences(doc["ref_summ"])],
                   "litepyramid_recall": float(entry["scores"]["litepyramid_recall"])}


def main(argv):
    if len(argv) != 2:
        sys.stderr.write(__doc__)
        return 2
    for record in records(argv[1]):
        sys.stdout.write(json.dumps(record) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
