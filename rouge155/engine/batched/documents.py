"""The documents of a chunk: each summary read and tokenised once, its tokens as integer ids.

A document keeps two token lists: the joined text's (``readText``: ROUGE-N and S/SU) and its units'
one after the other (``readText_LCS``: ROUGE-L and W); without length limits they are the same
array. A document the script cannot read sends the run to the step-by-step engine, which
reproduces the script's error there.
"""
from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Dict, List, Optional, Sequence, Tuple

from ...base.errors import RougeError
from ...base.lazy import np  # loaded by the caller once the run is known to need it (plan.scored_blocks)
from ...base.options import Options
from ...base.records import dataclass  # dataclasses' records without its start-up cost
from ...inputs.sources import TextSource
from ...text.modes import text_model
from ...text.readers import format_kind, spl_units
from ...text.tokens import TokenIds
from ..plan import NeedsStepByStep


PRELOAD_BYTES = 1 << 21  # summary bytes tokenised in one pass by ``Corpus.preload`` (bounds its token lists)
PRELOAD_LARGEST = 1 << 18  # larger files go through ``Corpus.doc``, which tokenises them in blocks of units


@dataclass
class Doc:
    """One summary as the batched engine reads it."""

    joined: np.ndarray  # token ids of readText's text
    defined: bool  # False where readText leaves the text undefined (a warning each time it is read)
    unit_ids: np.ndarray  # token ids of readText_LCS's units, one after the other
    unit_len: np.ndarray  # each unit's token count


class Corpus:
    """The documents of one chunk, each read and tokenised once, with ids from the run's vocabulary."""

    def __init__(self, options: Options, token_ids: TokenIds, source: TextSource):
        self.text = text_model(options)
        self.source = source
        self.token_ids = token_ids
        self.word_limit = options.word_limit_num
        self.byte_limit = options.byte_limit_num
        self.docs: Dict[tuple, Doc] = {}  # (path, input format); the in-memory pairs use their own keys
        self.need_units = False

    def doc(self, path: str, fmt: Optional[str]) -> Doc:
        key = (path, fmt)
        d = self.docs.get(key)
        if d is not None:
            return d
        try:
            units = self.text.parse(self.source.read(path), fmt, path)
        except RougeError:
            raise NeedsStepByStep() from None
        token_ids = self.token_ids
        empty = np.zeros(0, dtype=np.int64)
        if self.word_limit == 0 and self.byte_limit == 0:
            # Without limits the joined text's tokens are the units' tokens one after the other.
            ids, lengths = token_ids.unit_ids(units)
            d = Doc(ids, True, ids, lengths)
        else:
            text = self.text.limited_text(units, self.word_limit, self.byte_limit)
            ids, lengths = empty, empty
            if self.need_units:
                ids, lengths = token_ids.unit_ids(self.text.limited_units(units, self.word_limit, self.byte_limit))
            d = Doc(token_ids.ids(text) if text is not None else empty, text is not None, ids, lengths)
        self.docs[key] = d
        return d

    def preload(self, keys: Sequence[Tuple[str, Optional[str]]]) -> None:
        """Read and tokenise many SPL documents in one pass (no length limits): the same documents as
        ``doc``, with one clean-up and one id lookup loop for all of them. Others stay for ``doc``."""
        if self.word_limit != 0 or self.byte_limit != 0 or self.text.chars:
            return  # the byte-level clean-up below is the script's own; other text modes go through ``doc``
        todo, raws, size = [], [], 0
        spl: Dict[Optional[str], bool] = {}  # input format -> whether it is SPL (one format for most runs)
        for key in dict.fromkeys(keys):
            fmt = key[1]
            is_spl = spl.get(fmt)
            if is_spl is None:
                is_spl = spl[fmt] = format_kind(fmt) == "SPL"
            if not is_spl or key in self.docs:
                continue
            try:
                raw = self.source.read(key[0])
            except RougeError:
                raise NeedsStepByStep() from None
            if len(raw) > PRELOAD_LARGEST:
                continue  # read again by ``doc``: rare, and its token lists stay bounded
            todo.append(key)
            raws.append(raw)
            size += len(raw)
            if size >= PRELOAD_BYTES:
                self.tokenise_spl(todo, raws)
                todo, raws, size = [], [], 0
        self.tokenise_spl(todo, raws)

    def tokenise_spl(self, keys, raws) -> None:
        """The documents ``keys`` from their SPL bytes ``raws`` (no length limits, the script's byte
        mode), in one pass: the units of all joined, cleaned once, their ids looked up in one loop."""
        units: List[bytes] = []
        per_doc = []
        for raw in raws:
            doc_units = spl_units(raw)
            per_doc.append(len(doc_units))
            units += doc_units
        ids, lengths = self.token_ids.many_unit_ids(units)
        unit_end = np.cumsum(per_doc)
        token_end = np.cumsum(lengths)
        u0 = t0 = 0
        for key, u1 in zip(keys, unit_end.tolist()):
            t1 = int(token_end[u1 - 1]) if u1 > 0 else 0
            doc_ids = ids[t0:t1]
            self.docs[key] = Doc(doc_ids, True, doc_ids, lengths[u0:u1])
            u0, t0 = u1, t1
