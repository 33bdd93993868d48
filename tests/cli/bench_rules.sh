#!/usr/bin/env bash
# `inchzero bench rules` runs briefly, prints its figures and the reference.
set -u
bin=${1:?usage: bench_rules.sh path/to/inchzero}
fail() { echo "FAIL: $*" >&2; exit 1; }
out=$("$bin" bench rules --game inchworm --rules small --seconds 0.4 --seed 3 2>/dev/null) ||
  fail "bench rules exited $?"
for want in "decisions/s" "games/s" "drawn (random_legal_action" "leaf nodes/s" "reference" "ratio to reference" "seed 3"; do
  printf '%s\n' "$out" | grep -q "$want" || fail "missing '$want' in: $out"
done
"$bin" bench rules --seconds 0 >/dev/null 2>&1 && fail "--seconds 0 accepted"
echo "bench rules: ok"
