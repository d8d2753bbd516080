"""ROUGE as ROUGE-1.5.5.pl computes it, for ``evaluate.load(<path of this file>)``.

Same inputs and outputs as the hub's ``rouge`` metric; the numbers are the Perl's (rouge155).
Nothing is downloaded: the computation is ``rouge155.compat.hf_evaluate.compute``.
"""
import datasets
import evaluate

from rouge155.compat.hf_evaluate import compute as _rouge155_compute

_CITATION = """\
@inproceedings{lin-2004-rouge,
    title = "{ROUGE}: A Package for Automatic Evaluation of Summaries",
    author = "Lin, Chin-Yew",
    booktitle = "Text Summarization Branches Out",
    year = "2004",
    pages = "74--81",
}
"""

_DESCRIPTION = """\
ROUGE-1.5.5.pl's numbers (rouge155) behind the rouge metric's interface: rougeN is -n N, rougeLsum is
summary-level ROUGE-L over newline-separated sentences, rougeL is ROUGE-L over the text as one
sentence, use_stemmer is -m, several references are scored with -f B, and the aggregate is the
Perl's seeded bootstrap average.
"""

_KWARGS_DESCRIPTION = """
Args:
    predictions: list of predictions to score (sentences separated by newlines).
    references: list of references, or list of lists of references, one entry per prediction.
    rouge_types: list of types among "rouge1".."rouge9", "rougeL", "rougeLsum".
    use_aggregator: return the aggregate F (True) or per-pair lists (False).
    use_stemmer: the Perl's -m.
    tokenizer: a function text -> tokens (they still go through the Perl's clean-up).
    semantics: "perl" (default) or "rouge-score" (the hub rouge metric's own numbers).
Returns:
    {rouge_type: float} with the aggregator, {rouge_type: [float, ...]} without.
"""


@evaluate.utils.file_utils.add_start_docstrings(_DESCRIPTION, _KWARGS_DESCRIPTION)
class Rouge155(evaluate.Metric):
    def _info(self):
        return evaluate.MetricInfo(
            description=_DESCRIPTION,
            citation=_CITATION,
            inputs_description=_KWARGS_DESCRIPTION,
            features=[
                datasets.Features(
                    {
                        "predictions": datasets.Value("string", id="sequence"),
                        "references": datasets.Sequence(datasets.Value("string", id="sequence")),
                    }
                ),
                datasets.Features(
                    {
                        "predictions": datasets.Value("string", id="sequence"),
                        "references": datasets.Value("string", id="sequence"),
                    }
                ),
            ],
            codebase_urls=[],
            reference_urls=[],
        )

    def _compute(self, predictions, references, rouge_types=None, use_aggregator=True, use_stemmer=False,
                 tokenizer=None, semantics="perl"):
        # evaluate seeds numpy around this call (temp_seed): rouge-score's bootstrap draws from that state
        return _rouge155_compute(predictions, references, rouge_types=rouge_types, use_aggregator=use_aggregator,
                                 use_stemmer=use_stemmer, tokenizer=tokenizer, semantics=semantics)
