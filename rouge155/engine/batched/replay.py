"""The script's stderr warnings for a run the batched engine scored: the batched engine reads each
document once, in its own order, so the warnings are written afterwards in the order the script's
walk (systems, metrics, evaluations) would have written them."""
from __future__ import annotations


def replay_warnings(evals, systems, plan, undefined, warn) -> None:
    """One per missing peer (once per evaluation and system), one per empty read (each time the
    script reads the document): ``undefined`` holds the (path, format) of empty reads."""
    missing = any(system not in ev.peers for system in systems for ev in evals)
    if not missing and not undefined:
        return
    known = set()
    for system in systems:
        for _spec in plan if undefined else plan[:1]:  # the script reads every text again for each block
            for ev in evals:
                if system not in ev.peers:
                    if (ev.eval_id, system) not in known:
                        known.add((ev.eval_id, system))
                        warn(f"*ROUGE Warning: test instance for peer {system} does not exist for evaluation "
                             f"{ev.eval_id}")
                    continue
                if undefined:
                    fmt = ev.input_format
                    for path in [ev.peer_path(system)] + [p for _m, p in ev.model_paths()]:
                        if (path, fmt) in undefined:
                            warn(f"readText: {path} -> empty text")
