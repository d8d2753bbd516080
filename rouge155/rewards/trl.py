"""A reward function for TRL's ``GRPOTrainer`` (TRL 1.16's documented protocol).

The trainer calls each reward function with keyword arguments: ``prompts``, ``completions`` (plain
strings, or for a conversational dataset lists of messages), ``completion_ids`` (lists of token ids),
every dataset column but ``prompt`` (one value per completion: a prompt's G completions follow each
other, its columns repeated), ``trainer_state``, ``log_extra``, ``log_metric`` (and ``environments``);
it wants one float per completion, ``None`` where the function does not apply (logged as NaN). It
names the function by its ``__name__``.
"""
from __future__ import annotations

from typing import Any, List, Optional, Sequence

from ..inputs.token_ids import as_ids, _dropped
from ..semantics import PERL
from .reward import Metrics, Reward


def message_text(value) -> Any:
    """A completion's or a reference's text: a string as it is; a list of messages (conversational) the
    content of its last assistant message (else its last message); a content of parts their texts."""
    if isinstance(value, list) and value and isinstance(value[0], dict):
        said = [m for m in value if m.get("role") == "assistant"] or value
        value = said[-1].get("content", "")
    if isinstance(value, list) and all(isinstance(part, dict) for part in value):
        value = " ".join(part.get("text", "") for part in value if part.get("type", "text") == "text")
    return value


def references_of(value) -> Optional[List[Any]]:
    """One completion's references from its dataset column: a text, a list of texts, or None/empty (none)."""
    if value is None:
        return None
    if isinstance(value, (str, bytes)) or (isinstance(value, list) and value and isinstance(value[0], dict)):
        return [message_text(value)]
    refs = [message_text(v) for v in value if v is not None]
    return refs or None


class RougeReward:
    """ROUGE as a ``GRPOTrainer`` reward function: ``reward_funcs=RougeReward("ROUGE-L", reference="summary")``.

    ``metrics``, ``measure``, ``semantics`` and the scoring options are :class:`~.reward.Reward`'s
    (default: the Perl's ROUGE-L F); ``reference`` names the dataset column that holds each prompt's
    reference (a text or a list of texts; ``None`` or an empty list: that completion's reward is
    ``None``). With ``token_ids=True`` the completions are scored from ``completion_ids`` and the
    reference column holds token ids (each reference a sequence of ids), without decoding; ``pad_id``
    and ``special_ids`` are left out of both. ``name``: the name TRL logs it under.
    """

    def __init__(self, metrics: Metrics = "ROUGE-L", measure: str = "fmeasure", *, reference: str = "reference",
                 semantics: str = PERL, stem: bool = False, remove_stopwords: bool = False,
                 multi_reference: Optional[str] = None, token_ids: bool = False, pad_id: Optional[int] = None,
                 special_ids: Sequence[int] = (), name: Optional[str] = None, **options):
        self.reward = Reward(metrics, measure, semantics=semantics, stem=stem, remove_stopwords=remove_stopwords,
                             multi_reference=multi_reference, **options)
        self.reference = reference
        self.token_ids = bool(token_ids)
        self._dropped = _dropped(special_ids, pad_id)
        self.__name__ = name or "rouge_" + "_".join(n.replace("-", "").lower() for n in self.reward.names)

    def __call__(self, prompts=None, completions=None, completion_ids=None, **columns) -> List[Optional[float]]:
        del prompts  # the prompt plays no part in ROUGE
        if self.reference not in columns:
            given = ", ".join(sorted(k for k in columns if k not in ("trainer_state", "log_extra", "log_metric")))
            raise KeyError(f"RougeReward reads the references from the dataset column {self.reference!r}, which "
                           f"this batch lacks (its columns: {given or 'none'}): give reference=COLUMN")
        side = completion_ids if self.token_ids else completions
        if side is None:
            raise ValueError("RougeReward(token_ids=True) needs completion_ids" if self.token_ids
                             else "RougeReward needs completions")
        refs = [references_of(v) for v in columns[self.reference]]
        if len(refs) != len(side):
            raise ValueError(f"{len(side)} completions but {len(refs)} values of {self.reference!r}")
        rows = [i for i, r in enumerate(refs) if r is not None]
        out: List[Optional[float]] = [None] * len(side)
        if not rows:
            return out
        if self.token_ids:
            preds = [as_ids(side[i], f"completion_ids[{i}]", self._dropped) for i in rows]
            groups = [[as_ids(r, f"{self.reference}[{i}]", self._dropped) for r in refs[i] or ()] for i in rows]
            values = self.reward.many_ids(preds, groups)
        else:
            values = self.reward.many([message_text(side[i]) for i in rows], [refs[i] for i in rows])
        for i, value in zip(rows, values):

            out[i] = value
        return out

    def __repr__(self) -> str:
        return f"RougeReward({self.reward!r}, reference={self.reference!r})"
