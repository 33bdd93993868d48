#!/usr/bin/env bash
# The lab's verdict page, docs/lab/verdict.md (issues 18 and 50): runs the
# verdict preset into its committed folder, then copies the verdict.md the
# lab wrote there to docs/lab/verdict.md under a header naming its source.
#   bash scripts/lab_verdict.sh [--report-only]
# Without --report-only the lab first plays what is missing (agents, cells,
# strength gate: hours); Ctrl-C stops it after the step in progress, nothing
# is copied, and the same command resumes. With --report-only it plays
# nothing and remakes the pages from the finished cells (seconds).
# Environment: INCHZERO (default build/inchzero); PRESET (default
# verdict-siege: the siege attacker under every fix as proposed, admitted by
# the siege gate; verdict-ab2 is the earlier search-agent preset, wall the
# trained-agent one): configs/lab/$PRESET.yaml into docs/lab/$PRESET. With
# verdict-siege the gate's control, siege-gate-ab2 (the same gate for ab:2,
# which must fail it), runs first and its gate line heads the page.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${INCHZERO:-build/inchzero}
preset=${PRESET:-verdict-siege}
config=configs/lab/$preset.yaml
out=docs/lab/$preset
control=""
[ "$preset" = verdict-siege ] && control=siege-gate-ab2
case "${1:-}" in
  "" | --report-only) ;;
  *) echo "usage: lab_verdict.sh [--report-only]" >&2; exit 2 ;;
esac
if [ -n "$control" ]; then
  "$bin" lab --config "configs/lab/$control.yaml" --out "docs/lab/$control" ${1:+"$1"}
fi
"$bin" lab --config "$config" --out "$out" ${1:+"$1"}
# A copy, not a link, so that the page reads the same on any viewer; the
# lab tests check that it matches its source (lab/verdict_file_test.cpp).
page=docs/lab/verdict.md
env=""
[ "$preset" = verdict-siege ] || env="PRESET=$preset "
{
  echo "> Copied from [\`$preset/verdict.md\`]($preset/verdict.md) by \`${env}bash scripts/lab_verdict.sh${1:+ $1}\`, which runs the command below and copies its page; do not edit, run the script again."
  if [ -n "$control" ]; then
    # The gate's control: the baseline line of its page names the agent and
    # its gate results ("... Agent: untrained `ab:2`; vs `greedy` ...").
    line=$(grep -m1 '^- \*\*Under the baseline\*\*' "docs/lab/$control/verdict.md" || true)
    echo ">"
    echo "> **Gate control** ([\`$control/verdict.md\`]($control/verdict.md), the same siege gate played by the attacker of verdict-ab2, which must fail it): ${line#*Agent: }"
  fi
  echo
  cat "$out/verdict.md"
} > "$page.tmp"
mv "$page.tmp" "$page"
echo "verdict: $page (from $out/verdict.md)"
