#!/usr/bin/env bash
# `inchzero match --movetime MS` / `ladder --movetime MS` (issue 46: players
# at equal time per move): every player that takes ms=T and names none gets
# it (a spec's own ms stays; greedy answers at once and is left as given),
# the match reports the timed specs, and a negative time is refused by name.
set -euo pipefail
bin=${1:?usage: match_movetime.sh path/to/inchzero}
here=$(cd "$(dirname "$0")/../.." && pwd)
source "$here/tests/cli/lib/common.bash"

small=(--game inchworm --set width=5 --set height=5 --set stock=6 --set target_score=4)
"$bin" match "${small[@]}" --p0 uct:100000000 --p1 ab:2:ms=30 --movetime 20 --games 2 \
  --threads 1 --quiet --json "$tmp/m.json" >"$tmp/out" || fail "match exited $?"
grep -q "uct:100000000:ms=20 (p0) vs ab:2:ms=30 (p1)" "$tmp/out" ||
  fail "the timed specs are not reported: $(head -3 "$tmp/out")"

"$bin" ladder "${small[@]}" --players uct:100000000 greedy --gauntlet uct:100000000 \
  --movetime 20 --games 2 --threads 1 --quiet --out "$tmp/ladder" >"$tmp/lout" ||
  fail "ladder exited $?"
grep -q "uct:100000000:ms=20" "$tmp/ladder/ladder.md" ||
  fail "the ladder does not name the timed player: $(head -20 "$tmp/ladder/ladder.md")"
if grep -q "greedy:ms" "$tmp/ladder/ladder.md"; then fail "greedy was given a time"; fi

if "$bin" match "${small[@]}" --p0 greedy --p1 random --movetime -5 --games 1 \
  >"$tmp/bad" 2>&1; then
  fail "--movetime -5 was accepted"
fi
grep -q -- "--movetime" "$tmp/bad" || fail "the refusal does not name --movetime: $(cat "$tmp/bad")"
echo "ok"
