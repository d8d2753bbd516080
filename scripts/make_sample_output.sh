#!/usr/bin/env bash
# Regenerate sample-output/ from sample-test/ with the reference ROUGE-1.5.5.pl.
# Each line of sample-output/cases.txt is ARGS|FILE, run from sample-test/ with -e DATA prepended.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
ref=$(bash "$top/scripts/setup-reference.sh")
cases="$top/sample-output/cases.txt"
std="-c 95 -2 -1 -U -r 1000 -n 4 -w 1.2"
{
  echo "# rouge155's own sample runs. Each line: ARGS|EXPECTED-OUTPUT-FILE (run from sample-test/, -e DATA prepended)"
  for fmt in see spl isi; do
    echo "$std -a rouge155-$fmt.xml|rouge155-$fmt-std-a.out"
    echo "$std -a -m rouge155-$fmt.xml|rouge155-$fmt-std-a-m.out"
    echo "$std -a -m -s rouge155-$fmt.xml|rouge155-$fmt-std-a-m-s.out"
  done
  for v in "" "-m" "-m -s"; do
    tag=${v// /}
    echo "$std -l 10 -a $v rouge155-see.xml|rouge155-see-std-l10-a$tag.out"
    echo "$std -b 75 -a $v rouge155-see.xml|rouge155-see-std-b75-a$tag.out"
  done
  echo "-n 4 -z SPL rouge155-spl.lst S1|rouge155-spl-lst-S1.out"
  echo "$std -z SEE rouge155-see.lst|rouge155-see-lst-X.out"
  echo "-n 2 -m -2 4 -u -c 95 -r 1000 -f A -p 0.5 -t 0 -a -d rouge155-isi.xml|rouge155-isi-duc-d.out"
  echo "-n 2 -f B -t 1 -d -w 1.5 rouge155-isi.xml S2|rouge155-isi-fB-t1.out"
  echo "-n 3 -t 2 -a rouge155-spl.xml|rouge155-spl-t2.out"
} > "$cases"
n=0
while IFS='|' read -r args out; do
  case "$args" in ''|'#'*) continue ;; esac
  # shellcheck disable=SC2086
  (cd "$top/sample-test" && perl "$ref/ROUGE-1.5.5.pl" -e "$ref/data" $args > "$top/sample-output/$out" 2>/dev/null) || true
  n=$((n + 1))
done < "$cases"
echo "wrote $n outputs to $top/sample-output"
