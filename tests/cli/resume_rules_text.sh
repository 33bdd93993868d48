#!/usr/bin/env bash
# A resumed run keeps its replay window when its rules are written otherwise
# but play the same (issue 16): records carry a behaviour fingerprint of
# their rules (docs/shard-format.md), compared instead of the rules' text.
#  1. A tiny Invector run plays one iteration (tiny_network).
#  2. Its config.yaml spells an option out at its default (pie=true):
#     resumed, it counts the same games and samples, with no warning.
#  3. A real change of play (a ply cap of 8 instead of none): resumed, it
#     takes none of the old games and says why for each, naming the option.
set -euo pipefail
bin=${1:?usage: resume_rules_text.sh path/to/inchzero}
source "$(dirname "$0")/lib/common.bash"

run="$tmp/run"
tiny_network invector "$run"
grep -q "^    \[\]$" "$run/config.yaml" || fail "config.yaml sets options: $(cat "$run/config.yaml")"
# "N games / M samples" of a run's start line.
so_far() { sed -n 's/.* at iteration [0-9]*, \([0-9]* games \/ [0-9]* samples\) so far.*/\1/p' "$1"; }
# Resume the copy of the run whose config.yaml sets `option`; its output in $tmp/<name>.out.
resume_with() {
  local name=$1 option=$2
  cp -r "$run" "$tmp/$name"
  sed -i "s/^    \[\]$/    - $option/" "$tmp/$name/config.yaml"
  "$bin" run --out "$tmp/$name" --iterations 1 --quiet >"$tmp/$name.out" 2>&1 ||
    fail "resume with $option exited $?: $(cat "$tmp/$name.out")"
  grep -q "(invector default+$option," "$tmp/$name.out" || fail "not resumed with $option: $(cat "$tmp/$name.out")"
}

# 1. The window as the run sees it, resumed unchanged.
"$bin" run --out "$run" --iterations 1 --quiet >"$tmp/same.out" 2>&1 ||
  fail "resume exited $?: $(cat "$tmp/same.out")"
before=$(so_far "$tmp/same.out")
case "$before" in
  "8 games / 0 samples") fail "no samples after iteration 1" ;;
  "8 games / "*) ;;
  *) fail "unexpected window after iteration 1: '$before'" ;;
esac

# 2. An option spelled out at its default: the same window.
resume_with spelled pie=true
[ "$(so_far "$tmp/spelled.out")" = "$before" ] ||
  fail "pie spelled at its default changed the window: '$(so_far "$tmp/spelled.out")' vs '$before'"
if grep -q "warning" "$tmp/spelled.out"; then fail "warnings: $(cat "$tmp/spelled.out")"; fi

# 3. A change of play: none of the old games, each refused naming the option.
resume_with capped max_plies=8
[ "$(so_far "$tmp/capped.out")" = "0 games / 0 samples" ] ||
  fail "a cap of 8 kept old games: $(cat "$tmp/capped.out")"
[ "$(grep -c "played under other rules than the run's.*max_plies (record: 0, run: 8)" "$tmp/capped.out")" = 8 ] ||
  fail "the refusals do not name the cap: $(cat "$tmp/capped.out")"
echo "ok"
