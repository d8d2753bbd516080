"""The evaluation frameworks' own scoring code, run from their sources, as the recipe tests run it.

LLaMA-Factory's ``ComputeSimilarity`` (``src/llamafactory/train/sft/metric.py``) and OpenCompass'
``JiebaRougeEvaluator`` (``opencompass/openicl/icl_evaluator/``) are read from checkouts of their
repositories (never from this one): ``$ROUGE155_LLAMAFACTORY`` / ``$ROUGE155_OPENCOMPASS``, else
``~/.cache/rouge155/LLaMA-Factory`` / ``~/.cache/rouge155/opencompass`` (put there by hand, e.g. ``git
clone``; the tests skip without them). Their modules are executed as they are; only the imports that
would pull a training stack in are stand-ins that compute nothing:

* LLaMA-Factory: ``torch`` (used by a function the test never calls), ``transformers.utils.is_nltk_available``,
  its own ``extras`` (``IGNORE_INDEX``, ``numpify``, the package checks); the test's "tokenizer" decodes
  token ``[i]`` to the i-th text, so ``ComputeSimilarity`` runs from the decoded texts on;
* OpenCompass: its registries (mmengine's) as decorators that register nothing, and its logger.

The minimal code path of each (:func:`llamafactory_scores`, :func:`opencompass_scores`: the same lines,
with jieba and rouge-chinese from PyPI) is re-created here too, so that CI, which has no checkout, still
compares with the real packages (and the benchmark times them).
"""
from __future__ import annotations

import logging
import os
import re
import sys
import types
import warnings
from pathlib import Path
from typing import Callable, Dict, List, Optional, Sequence, Tuple

import numpy as np


def _source(env: str, name: str, marker: str) -> Optional[Path]:
    folder = Path(os.environ.get(env) or Path.home() / ".cache" / "rouge155" / name)
    return folder if (folder / marker).is_file() else None


def llamafactory_dir() -> Optional[Path]:
    return _source("ROUGE155_LLAMAFACTORY", "LLaMA-Factory", "src/llamafactory/train/sft/metric.py")


def opencompass_dir() -> Optional[Path]:
    marker = "opencompass/openicl/icl_evaluator/icl_jieba_rouge_evaluator.py"
    return _source("ROUGE155_OPENCOMPASS", "opencompass", marker)


def _module(name: str, path: Optional[Path] = None, package: Optional[str] = None, **attrs) -> types.ModuleType:
    module = types.ModuleType(name)
    module.__package__ = package if package is not None else name.rpartition(".")[0]
    vars(module).update(attrs)
    sys.modules[name] = module
    if path is not None:
        module.__file__ = str(path)
        with warnings.catch_warnings():  # their sources' invalid escape sequences in plain strings
            warnings.simplefilter("ignore")
            code = compile(path.read_text(encoding="utf-8"), str(path), "exec")
        exec(code, vars(module))
    return module


class _Stubs:
    """Stand-in modules put into sys.modules for a load, and the ones they hid put back afterwards."""

    def __init__(self, names: Sequence[str]):
        self.saved = {n: sys.modules.get(n) for n in names}

    def restore(self) -> None:
        for name, module in self.saved.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module


def llamafactory_similarity(folder: Path) -> Callable[[List[str], List[str]], Tuple[Dict[str, float], Dict[str, list]]]:
    """A function (predictions, labels) -> (the metrics ``ComputeSimilarity`` returns for them, the per-pair
    values it averaged)."""
    packages = ("torch", "transformers", "transformers.utils", "llamafactory", "llamafactory.extras",
                "llamafactory.extras.constants", "llamafactory.extras.misc", "llamafactory.extras.packages",
                "llamafactory.train", "llamafactory.train.sft", "llamafactory.train.sft.metric")
    stubs = _Stubs(packages)
    try:
        _module("torch", Tensor=object)
        _module("transformers")
        _module("transformers.utils", is_nltk_available=lambda: True)
        for name in ("llamafactory", "llamafactory.extras", "llamafactory.train", "llamafactory.train.sft"):
            _module(name, package=name)
        _module("llamafactory.extras.constants", IGNORE_INDEX=-100)
        _module("llamafactory.extras.misc", numpify=np.asarray)
        _module("llamafactory.extras.packages", is_jieba_available=lambda: True, is_rouge_available=lambda: True)
        metric = _module("llamafactory.train.sft.metric", folder / "src/llamafactory/train/sft/metric.py")
    finally:
        stubs.restore()

    def compute(predictions: List[str], labels: List[str]) -> Tuple[Dict[str, float], Dict[str, list]]:
        texts = list(predictions) + list(labels)

        class Decoder:
            pad_token_id = 0

            def batch_decode(self, ids, skip_special_tokens=True):  # noqa: ARG002 (the API's)
                return [texts[int(row[0])] for row in ids]

        n = len(predictions)
        # ComputeSimilarity compares preds[i] with labels[i]; row [k] decodes to texts[k]
        preds = np.arange(n).reshape(n, 1)
        labels_ids = np.arange(n, 2 * n).reshape(n, 1)
        similarity = metric.ComputeSimilarity(tokenizer=Decoder())
        similarity(types.SimpleNamespace(predictions=preds, label_ids=labels_ids), compute_result=False)
        per_pair = {k: list(v) for k, v in similarity.score_dict.items()}
        return similarity._dump(), per_pair  # what __call__ returns with compute_result=True

    return compute


def opencompass_evaluator(folder: Path):
    """OpenCompass' ``JiebaRougeEvaluator`` class, from its source files."""

    class Registry:
        def register_module(self, *_args, **_kwargs):
            return lambda target: target

    root = "opencompass"
    names = (root, f"{root}.registry", f"{root}.utils", f"{root}.utils.logging", f"{root}.utils.text_postprocessors",
             f"{root}.openicl", f"{root}.openicl.icl_evaluator", f"{root}.openicl.icl_evaluator.icl_base_evaluator",
             f"{root}.openicl.icl_evaluator.icl_jieba_rouge_evaluator")
    stubs = _Stubs(names)
    try:
        for name in (root, f"{root}.utils", f"{root}.openicl", f"{root}.openicl.icl_evaluator"):
            _module(name, package=name)
        _module(f"{root}.registry", TEXT_POSTPROCESSORS=Registry(), ICL_EVALUATORS=Registry())
        _module(f"{root}.utils.logging", get_logger=logging.getLogger)
        _module(f"{root}.utils.text_postprocessors", folder / "opencompass/utils/text_postprocessors.py")
        evaluators = folder / "opencompass/openicl/icl_evaluator"
        _module(f"{root}.openicl.icl_evaluator.icl_base_evaluator", evaluators / "icl_base_evaluator.py")
        module = _module(f"{root}.openicl.icl_evaluator.icl_jieba_rouge_evaluator",
                         evaluators / "icl_jieba_rouge_evaluator.py")
    finally:
        stubs.restore()
    return module.JiebaRougeEvaluator


# -- the frameworks' code paths re-created (ROUGE only), with jieba and rouge-chinese 1.0.3 -----------------


def llamafactory_scores(predictions: Sequence[str], labels: Sequence[str]) -> Tuple[Dict[str, float], Dict[str, list]]:
    """``ComputeSimilarity``'s lines (LLaMA-Factory v0.9.5, src/llamafactory/train/sft/metric.py), ROUGE
    only: (the means it reports, the per-pair values it averaged)."""
    import jieba

    from devkit.oracles import load_rouge_chinese

    rouge = load_rouge_chinese()
    assert rouge is not None, "rouge-chinese 1.0.3: python -m devkit.oracles rouge-chinese"
    score_dict: Dict[str, list] = {"rouge-1": [], "rouge-2": [], "rouge-l": []}
    for pred, label in zip(predictions, labels):
        hypothesis = list(jieba.cut(pred))
        reference = list(jieba.cut(label))
        if len(" ".join(hypothesis).split()) == 0 or len(" ".join(reference).split()) == 0:
            result = {"rouge-1": {"f": 0.0}, "rouge-2": {"f": 0.0}, "rouge-l": {"f": 0.0}}
        else:
            result = rouge.Rouge().get_scores(" ".join(hypothesis), " ".join(reference))[0]
        for k, v in result.items():
            score_dict[k].append(round(v["f"] * 100, 4))
    return {k: float(np.mean(v)) for k, v in score_dict.items()}, score_dict


def general_postprocess(text: str) -> str:
    """OpenCompass' ``general_postprocess`` (opencompass/utils/text_postprocessors.py, Apache-2.0), as it is."""
    truncated_text = re.split(r"[\n.,]", text, maxsplit=1)[0]
    no_punctuation = re.sub(r"[^\w\s]", "", truncated_text)
    no_articles = re.sub(r"\b(a|an|the)\b", "", no_punctuation, flags=re.IGNORECASE)
    return re.sub(r"\s+", " ", no_articles).strip()


def opencompass_inputs(predictions: Sequence[str], references: Sequence[str]) -> Tuple[List[str], List[str]]:
    """``JiebaRougeEvaluator.score``'s lines (OpenCompass 0.5.3) up to its call of rouge-chinese."""
    import jieba

    preds = [" ".join(jieba.cut(general_postprocess(i))) for i in predictions]
    refs = [" ".join(jieba.cut(general_postprocess(i))) for i in references]
    return [i if i else "__PREDPLACEHOLDER__" for i in preds], [i if i else "__REFRPLACEHOLDER__" for i in refs]


def opencompass_scores(predictions: Sequence[str], references: Sequence[str]) -> Dict[str, float]:
    """``JiebaRougeEvaluator.score``'s result, re-created."""
    from devkit.oracles import load_rouge_chinese

    rouge = load_rouge_chinese()
    assert rouge is not None, "rouge-chinese 1.0.3: python -m devkit.oracles rouge-chinese"
    score = rouge.Rouge().get_scores(*opencompass_inputs(predictions, references), avg=True)
    return {"rouge1": score["rouge-1"]["f"] * 100, "rouge2": score["rouge-2"]["f"] * 100,
            "rougeL": score["rouge-l"]["f"] * 100}
