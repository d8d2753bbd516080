"""The checks made on each text and each pair, as they come (:class:`TextChecks`): texts the tokenizer
drops, empty texts, one-line texts that hold several sentences, escaped text, predictions identical to a
reference. Nothing is kept but counts and the first few ids of each kind.

The premise of the tokenizer check: every implementation keeps ASCII letters and digits, so only a text
with other characters can lose its letters; such a text is tokenized, and the letters and digits that
appear in no token are what the tokenizer dropped.
"""
from __future__ import annotations

import re
import unicodedata
from collections import Counter
from typing import Callable, Dict, List, Optional, Sequence

from ..inputs.sentences import rule_based_split
from .findings import Finding, Sample, of, plural

ROLES = ("prediction", "reference")
LOST_SHARE = 0.5  # a text that loses more than this share of its letters and digits "loses most" of them
DAMAGED_WORDS = 0.05  # the corpus loses letters when this share of its words lose some
# Markers of pre-tokenized or escaped text that the tokenizers keep as words: name, pattern, what it is
ESCAPES = (
    ("-lrb-", re.compile(r"-(?:lrb|rrb|lsb|rsb|lcb|rcb)-", re.IGNORECASE), "Penn Treebank bracket tokens"),
    ("<q>", re.compile(r"</?(?:q|t|s|p|br)\s*/?>", re.IGNORECASE), "sentence or markup tags"),
    ("&amp;", re.compile(r"&(?:[a-z][a-z0-9]{1,7}|#[0-9]{1,7}|#x[0-9a-f]{1,6});", re.IGNORECASE), "HTML entities"),
    ("@highlight", re.compile(r"@highlight\b", re.IGNORECASE), "CNN/Daily Mail story markers"),
)
# A line of tokenized text with a sentence end inside: " . " followed by more words
_TOKENIZED_END = re.compile(r" [.!?] +(?=\S)")


def holds_several_sentences(line: str) -> bool:
    """Whether one line reads as several sentences: the rule-based splitter cuts it (``. He``), or a
    tokenized sentence end (`` . ``) stands inside it."""
    return len(rule_based_split(line)) > 1 or _TOKENIZED_END.search(line.rstrip()) is not None


def _script(characters: Counter) -> str:
    """The writing system most of ``characters`` belong to, as Unicode names it (CYRILLIC, CJK, LATIN ...),
    and a few of them."""
    scripts: Counter = Counter()
    for ch, n in characters.items():
        scripts[unicodedata.name(ch, "OTHER").split(" ")[0]] += n
    if not scripts:
        return ""
    name = scripts.most_common(1)[0][0]
    examples = [ch for ch, _ in characters.most_common() if unicodedata.name(ch, "OTHER").split(" ")[0] == name][:5]
    shown = name if len(name) <= 3 else name.title()  # CJK stays an acronym; CYRILLIC reads Cyrillic
    return f"{shown} letters such as {' '.join(examples)}"


_ASCII_ALNUM = re.compile(r"[A-Za-z0-9]")
_NON_ASCII = re.compile(r"[^\x00-\x7f]")  # found in C: a text's few non-ASCII characters

class TextChecks:
    """Counts over the texts and pairs :meth:`add_pair` is given.

    ``tokenize``: the tokens of a text (no stemming, no stopwords), or None to skip the tokenizer check;
    ``split_sentences``: the sentences the summary-level LCS uses, or None when no summary-level LCS is
    asked; ``full``: every check (else only the ones rouge155 hints at by default); ``keep``: how many
    ids each kind keeps."""

    def __init__(self, tokenize: Optional[Callable[[str], List[str]]],
                 split_sentences: Optional[Callable[[str], List[str]]], full: bool = True, keep: int = 5):
        self.tokenize, self.split_sentences, self.full, self.keep = tokenize, split_sentences, full, keep
        self.totals = {role: 0 for role in ROLES}
        self.empty = {role: Sample(keep) for role in ROLES}
        # texts without a token; texts with tokens that lose most of their letters, or some
        self.no_tokens, self.lost_most, self.lost_some = Sample(keep), Sample(keep), Sample(keep)
        self.lost_characters: Counter = Counter()
        self.words = self.damaged_words = 0
        self.one_line = {role: Sample(keep) for role in ROLES}
        self.escaped = {name: Sample(keep) for name, _, _ in ESCAPES}
        self.identical = Sample(keep)
        self.pairs = 0

    def add_pair(self, prediction_id: str, prediction: str, references: Sequence[str],
                 reference_ids: Sequence[str], same_author: Sequence[bool] = ()) -> None:
        """One prediction and its references; ``same_author[k]``: reference k is the prediction's own
        author's (a human summary scored as a peer, DUC's convention), so an identical text is expected."""
        self.pairs += 1
        self._text("prediction", prediction_id, prediction)
        for ident, text in zip(reference_ids, references):
            self._text("reference", ident, text)
        if self.full:
            flat = " ".join(prediction.split())
            if flat and any(flat == " ".join(r.split()) and not (k < len(same_author) and same_author[k])
                            for k, r in enumerate(references)):
                self.identical.add(prediction_id)

    def _text(self, role: str, ident: str, text: str) -> None:
        self.totals[role] += 1
        if _ASCII_ALNUM.search(text) is None and not any(ch.isalnum() for ch in _NON_ASCII.findall(text)):
            self.empty[role].add(ident)
            return
        if self.tokenize is not None:
            self._tokens(ident, text)
        if not self.full:
            return
        for name, pattern, _what in ESCAPES:
            if pattern.search(text):
                self.escaped[name].add(ident)
        if self.split_sentences is not None:
            sentences = self.split_sentences(text)
            if len(sentences) == 1 and holds_several_sentences(sentences[0]):
                self.one_line[role].add(ident)

    def _tokens(self, ident: str, text: str) -> None:
        words = text.split()
        self.words += len(words)
        if not any(ch.isalnum() for ch in _NON_ASCII.findall(text)):
            # every tokenizer keeps ASCII letters and digits (the module's premise): then nothing is lost,
            # and the text has a token (it has a letter or digit: _text); most non-ASCII is punctuation
            return
        tokens = self.tokenize(text)  # type: ignore[misc]  # not None here
        if not tokens:
            self.no_tokens.add(ident)
        letters = Counter(ch for ch in text.lower() if ch.isalnum())
        lost = letters - Counter("".join(tokens).lower())
        if not lost:
            return
        self.lost_characters.update(lost)
        if tokens:
            self.lost_some.add(ident)
            if sum(lost.values()) > LOST_SHARE * sum(letters.values()):
                self.lost_most.add(ident)
        self.damaged_words += sum(1 for w in words if any(ch in lost for ch in w.lower()))

    # -- findings ---------------------------------------------------------------------------------------
    def findings(self, tokenizer: str, advice: str, sentences_advice: str) -> List[Finding]:
        """What the texts show (``tokenizer``: its name in messages; ``advice``: what to give for text it
        drops; ``sentences_advice``: how to give the sentences)."""
        out = self._tokenizer_findings(tokenizer, advice) + self._empty_findings()
        if self.full:
            out += self._sentence_findings(sentences_advice) + self._escaped_findings() + self._identical_findings()
        return out

    def _tokenizer_findings(self, tokenizer: str, advice: str) -> List[Finding]:
        out = []
        total = sum(self.totals.values())
        script = _script(self.lost_characters)
        details: Dict[str, object] = {"lost_letters": script} if script else {}
        if self.no_tokens:
            n = self.no_tokens.count
            out.append(Finding.of("no-tokens", self.no_tokens, total, "texts",
                                  f"{of(n, total, 'text')} non-empty but give no token under {tokenizer}"
                                  f"{' (' + script + ')' if script else ''}: {'it scores' if n == 1 else 'they score'}"
                                  " 0", advice, details))
        share = self.damaged_words / self.words if self.words else 0.0
        if share >= DAMAGED_WORDS and self.lost_some:
            where = of(self.lost_some.count, total, "text", False)
            out.append(Finding.of("lost-characters", self.lost_some, total, "texts",
                                  f"{share:.0%} of the words lose letters under {tokenizer}"
                                  f"{' (' + script + ')' if script else ''}, in {where}; such words are scored cut "
                                  "short", advice,
                                  dict(details, damaged_words=self.damaged_words, words=self.words)))
        elif self.lost_most:
            out.append(Finding.of("lost-characters", self.lost_most, total, "texts",
                                  f"{of(self.lost_most.count, total, 'text')} losing most of their letters under "
                                  f"{tokenizer}{' (' + script + ')' if script else ''}", advice, details))
        return out

    def _empty_findings(self) -> List[Finding]:
        out = []
        for role in ROLES:
            sample, total = self.empty[role], self.totals[role]
            if sample:
                out.append(Finding.of("empty", sample, total, role + "s",
                                      f"{of(sample.count, total, role)} empty or punctuation only: "
                                      f"{'it scores' if sample.count == 1 else 'they score'} 0",
                                      "check the step that wrote them (a failed generation, a blank line)",
                                      {"role": role}))
        return out

    def _sentence_findings(self, advice: str) -> List[Finding]:
        out = []
        for role in ROLES:
            sample, total = self.one_line[role], self.totals[role]
            if total and sample.count * 2 >= total:
                out.append(Finding.of("single-sentence", sample, total, role + "s",
                                      f"{of(sample.count, total, role)} one line holding several sentences: "
                                      "summary-level ROUGE-L then compares whole texts", advice,
                                      {"role": role}))
        return out

    def _escaped_findings(self) -> List[Finding]:
        found = [(name, what, self.escaped[name]) for name, _, what in ESCAPES if self.escaped[name]]
        if not found:
            return []
        total = sum(self.totals.values())
        merged = Sample(self.keep)
        for _name, _what, sample in found:
            for ident in sample.ids:
                if ident not in merged.ids and len(merged.ids) < self.keep:
                    merged.ids.append(ident)
        merged.count = max(s.count for _, _, s in found)
        parts = ", ".join(f"{plural(s.count, 'text')} {'holds' if s.count == 1 else 'hold'} {name} ({what})"
                          for name, what, s in found)
        return [Finding.of("escaped-text", merged, total, "texts",
                           f"escaped or pre-tokenized text, scored as words: {parts}",
                           "undo the escaping before scoring (-lrb- -> (, &amp; -> &), drop the markers, or cut "
                           "sentences at a separator with --sentence-sep '<q>'",
                           {name: s.count for name, _, s in found})]

    def _identical_findings(self) -> List[Finding]:
        if not self.identical:
            return []
        n = self.identical.count
        return [Finding.of("identical", self.identical, self.pairs, "predictions",
                           f"{of(n, self.pairs, 'prediction')} identical to one of their references",
                           "check that predictions and references are not swapped or copied into each other")]
