"""ROUGE 2.0's measures (Ganesan): ROUGE-N/S/SU/L, -Topic, -TopicUniq, +Synonyms, as its jar computes them.

``rouge155-rouge2`` reads ``rouge.properties`` like the jar; :func:`evaluate_project` is the API,
with a pluggable sentence tagger (see :mod:`rouge155.rouge2.tagger`).
"""
from .measures import Calculator, Rouge2Result, clean_sentence, rouge_name
from .properties import Settings, load_settings, parse_properties, settings_from_properties
from .run import csv_text, evaluate_project, summary_text

__all__ = ["Calculator", "Rouge2Result", "Settings", "clean_sentence", "csv_text", "evaluate_project",
           "load_settings", "parse_properties", "rouge_name", "settings_from_properties", "summary_text"]
