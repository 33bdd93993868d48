#!/usr/bin/env bash
# `inchzero bench players` times each player on the same fixed positions and
# prints a row per player with its ratio to the reference of the same run;
# a bad spec is refused by name before anything is timed.
set -u
bin=${1:?usage: bench_players.sh path/to/inchzero}
fail() { echo "FAIL: $*" >&2; exit 1; }
out=$("$bin" bench players --rules small --players greedy ab:1 --positions 3 --seconds 0.3 \
  --seed 3 2>/dev/null) || fail "bench players exited $?"
for want in "seed 3, 3 positions" "reference: popcount loop" "ratio to reference"; do
  printf '%s\n' "$out" | grep -q "$want" || fail "missing '$want' in: $out"
done
[ "$(printf '%s\n' "$out" | grep -c '(ply ')" = 3 ] || fail "not 3 positions: $out"
# One row per player: its name, then ms/move, slowest ms/move, moves, ratio.
for p in greedy ab:1; do
  printf '%s\n' "$out" | grep -Eq "^$p  [0-9.]+  [0-9.]+  [1-9][0-9]*  [0-9.]+$" ||
    fail "no row for $p: $out"
done
# The same seed gives the same positions.
again=$("$bin" bench players --rules small --players greedy --positions 3 --seconds 0.1 \
  --seed 3 2>/dev/null)
diff <(printf '%s\n' "$out" | grep '(ply ') <(printf '%s\n' "$again" | grep '(ply ') >/dev/null ||
  fail "the positions of seed 3 differ between runs"
err=$("$bin" bench players --players greedy nobody 2>&1 >/dev/null)
code=$?
[ "$code" = 2 ] || fail "a bad spec exited $code"
printf '%s' "$err" | grep -q "'nobody'" || fail "the refusal does not name the spec: $err"
"$bin" bench players --players greedy --positions 0 >/dev/null 2>&1 && fail "--positions 0 accepted"
echo "bench players: ok"
