#!/usr/bin/env bash
# The lab's verdict page, docs/lab/verdict.md (issue 18): runs the thorough
# preset into its committed folder, then copies the verdict.md the lab wrote
# there to docs/lab/verdict.md under one line naming its source.
#   bash scripts/lab_verdict.sh [--report-only]
# Without --report-only the lab first plays what is missing (agents, cells,
# strength gate: hours); Ctrl-C stops it after the step in progress, nothing
# is copied, and the same command resumes. With --report-only it plays
# nothing and remakes the pages from the finished cells (seconds).
# Environment: INCHZERO (default build/inchzero); PRESET (default
# verdict-ab2, the preset whose baseline agent passes the strength gate: the
# search agent ab:2 under every rule set; wall is the trained-agent preset):
# configs/lab/$PRESET.yaml into docs/lab/$PRESET.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${INCHZERO:-build/inchzero}
preset=${PRESET:-verdict-ab2}
config=configs/lab/$preset.yaml
out=docs/lab/$preset
case "${1:-}" in
  "" | --report-only) ;;
  *) echo "usage: lab_verdict.sh [--report-only]" >&2; exit 2 ;;
esac
"$bin" lab --config "$config" --out "$out" ${1:+"$1"}
# A copy, not a link, so that the page reads the same on any viewer; the
# lab tests check that it matches its source (lab/verdict_file_test.cpp).
page=docs/lab/verdict.md
env=""
[ "$preset" = verdict-ab2 ] || env="PRESET=$preset "
{
  echo "> Copied from [\`$preset/verdict.md\`]($preset/verdict.md) by \`${env}bash scripts/lab_verdict.sh${1:+ $1}\`, which runs the command below and copies its page; do not edit, run the script again."
  echo
  cat "$out/verdict.md"
} > "$page.tmp"
mv "$page.tmp" "$page"
echo "verdict: $page (from $out/verdict.md)"
