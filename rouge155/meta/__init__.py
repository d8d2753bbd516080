"""``rouge155-meta``: Lin's NTCIR-4 study ("Looking for a Few Good Metrics") as one call. ROUGE variants
x conditions x reference settings, scored in one process, correlated with human judgments at system and
summary level with bootstrap intervals, and per column the best variant and those not significantly
worse than it. Sits above the API and :mod:`rouge155.analysis`; only :mod:`rouge155.cli` imports it.
"""
from .grid import (NTCIR4_CONDITIONS, NTCIR4_VARIANTS, Condition, GridSpec, ReferenceSetting, Variant,
                   parse_condition, parse_reference_setting, parse_variants)
from .judged import Judged, read_config_judged, read_judged
from .run import GridResult, run_grid

__all__ = [
    "NTCIR4_CONDITIONS", "NTCIR4_VARIANTS", "Condition", "GridSpec", "ReferenceSetting", "Variant",
    "parse_condition", "parse_reference_setting", "parse_variants",
    "Judged", "read_config_judged", "read_judged",
    "GridResult", "run_grid",
]
