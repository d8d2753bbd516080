"""The usage texts of ROUGE-1.5.5.pl (``-h`` and ``-H``), with this program's name."""
import os

SYNOPSIS = (
    "{prog}\n"
    '         [-a (evaluate all systems)] \n'
    '         [-c cf]\n'
    '         [-d (print per evaluation scores)] \n'
    '         [-e ROUGE_EVAL_HOME] \n'
    '         [-h (usage)] \n'
    '         [-H (detailed usage)] \n'
    '         [-b n-bytes|-l n-words] \n'
    '         [-m (use Porter stemmer)] \n'
    '         [-n max-ngram] \n'
    '         [-s (remove stopwords)] \n'
    '         [-r number-of-samples (for resampling)] \n'
    '         [-2 max-gap-length (if < 0 then no gap length limit)] \n'
    '         [-3 <H|HM|HMR|HM1|HMR1|HMR2> (for scoring based on BE)] \n'
    '         [-u (include unigram in skip-bigram) default no)] \n'
    '         [-U (same as -u but also compute regular skip-bigram)] \n'
    '         [-w weight (weighting factor for WLCS)] \n'
    '         [-v (verbose)] \n'
    '         [-x (do not calculate ROUGE-L)] \n'
    '         [-f A|B (scoring formula)] \n'
    '         [-p alpha (0 <= alpha <=1)] \n'
    '         [-t 0|1|2 (count by token instead of sentence)] \n'
    '         [-z <SEE|SPL|ISI|SIMPLE>] \n'
    '         <ROUGE-eval-config-file> [<systemID>]\n'
)

DETAILS = (
    'ROUGE-eval-config-file: Specify the evaluation setup. Three files come with the ROUGE evaluation package, i.e.\n'
    '          ROUGE-test.xml, verify.xml, and verify-spl.xml are good examples.\n'
    'systemID: Specify which system in the ROUGE-eval-config-file to perform the evaluation.\n'
    "          If '-a' option is used, then all systems are evaluated and users do not need to\n"
    '          provide this argument.\n'
    'Default:\n'
    '  When running ROUGE without supplying any options (except -a), the following defaults are used:\n'
    '  (1) ROUGE-L is computed;\n'
    '  (2) 95% confidence interval;\n'
    '  (3) No stemming;\n'
    '  (4) Stopwords are inlcuded in the calculations;\n'
    '  (5) ROUGE looks for its data directory first through the ROUGE_EVAL_HOME environment variable. If\n'
    '      it is not set, the current directory is used.\n'
    '  (6) Use model average scoring formula.\n'
    '  (7) Assign equal importance of ROUGE recall and precision in computing ROUGE f-measure, i.e. alpha=0.5.\n'
    '  (8) Compute average ROUGE by averaging sentence (unit) ROUGE scores.\n'
    'Options:\n'
    '  -2: Compute skip bigram (ROGUE-S) co-occurrence, also specify the maximum gap length between two words '
    '(skip-bigram)\n'
    '  -u: Compute skip bigram as -2 but include unigram, i.e. treat unigram as "start-sentence-symbol unigram"; '
    '-2 has to be specified.\n'
    '  -3: Compute BE score. Currently only SIMPLE BE triple format is supported.\n'
    '      H    -> head only scoring (does not applied to Minipar-based BEs).\n'
    '      HM   -> head and modifier pair scoring.\n'
    '      HMR  -> head, modifier and relation triple scoring.\n'
    '      HM1  -> H and HM scoring (same as HM for Minipar-based BEs).\n'
    '      HMR1 -> HM and HMR scoring (same as HMR for Minipar-based BEs).\n'
    '      HMR2 -> H, HM and HMR scoring (same as HMR for Minipar-based BEs).\n'
    '  -a: Evaluate all systems specified in the ROUGE-eval-config-file.\n'
    '  -c: Specify CF% (0 <= CF <= 100) confidence interval to compute. The default is 95% (i.e. CF=95).\n'
    '  -d: Print per evaluation average score for each system.\n'
    '  -e: Specify ROUGE_EVAL_HOME directory where the ROUGE data files can be found.\n'
    '      This will overwrite the ROUGE_EVAL_HOME specified in the environment variable.\n'
    "  -f: Select scoring formula: 'A' => model average; 'B' => best model\n"
    '  -h: Print usage information.\n'
    '  -H: Print detailed usage information.\n'
    '  -b: Only use the first n bytes in the system/peer summary for the evaluation.\n'
    '  -l: Only use the first n words in the system/peer summary for the evaluation.\n'
    '  -m: Stem both model and system summaries using Porter stemmer before computing various statistics.\n'
    '  -n: Compute ROUGE-N up to max-ngram length will be computed.\n'
    '  -p: Relative importance of recall and precision ROUGE scores. Alpha -> 1 favors precision, '
    'Alpha -> 0 favors recall.\n'
    '  -s: Remove stopwords in model and system summaries before computing various statistics.\n'
    '  -t: Compute average ROUGE by averaging over the whole test corpus instead of sentences (units).\n'
    '      0: use sentence as counting unit, 1: use token as couting unit, 2: same as 1 but output raw counts\n'
    '      instead of precision, recall, and f-measure scores. 2 is useful when computation of the final,\n'
    '      precision, recall, and f-measure scores will be conducted later.\n'
    '  -r: Specify the number of sampling point in bootstrap resampling (default is 1000).\n'
    '      Smaller number will speed up the evaluation but less reliable confidence interval.\n'
    "  -w: Compute ROUGE-W that gives consecutive matches of length L in an LCS a weight of 'L^weight' "
    "instead of just 'L' as in LCS.\n"
    '      Typically this is set to 1.2 or other number greater than 1.\n'
    '  -v: Print debugging information for diagnositic purpose.\n'
    '  -x: Do not calculate ROUGE-L.\n'
    '  -z: ROUGE-eval-config-file is a list of peer-model pair per line in the specified format (SEE|SPL|ISI|SIMPLE).\n'
)


def usage(prog: str) -> str:
    """``-h``: the synopsis."""
    return SYNOPSIS.format(prog=prog)


def help_hint(prog: str) -> str:
    """The one line ``-h`` and a bare command add after the script's synopsis: the Perl's usage knows
    nothing of this program's own options."""
    return (f"{prog} --help lists this program's own options: plain-text input (--summaries/--references, "
            "--system-dir, --jsonl), --language, --format json|csv|html, --jobs.\n")


def usage_full(prog: str) -> str:
    """``-H``: the synopsis, a blank line, then the details."""
    return SYNOPSIS.format(prog=prog) + "\n" + DETAILS


def invoked_name(argv0: str, default: str = "rouge155") -> str:
    """The program's name as invoked, which the script's usage starts with (Perl's ``$0``): the path
    it was run by; ``default`` under ``python -m`` or ``-c``, which have no such path."""
    if not argv0 or argv0 == "-c" or os.path.basename(argv0) == "__main__.py":
        return default
    return argv0
