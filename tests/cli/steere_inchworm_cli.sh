#!/usr/bin/env bash
# CLI contract of `inchzero perft` / `show` for Steere's Inchworm, driven
# through the built binary: bash steere_inchworm_cli.sh <path-to-inchzero>
set -euo pipefail
bin=${1:?usage: steere_inchworm_cli.sh <path-to-inchzero>}
here=$(cd "$(dirname "$0")" && pwd)
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.bash"
g=(--game steere-inchworm)

# 1. perft: default board, --rules 8x9, --set, --moves.
[ "$("$bin" perft "${g[@]}" --depth 2)" = "Nodes searched: 42" ] || fail "perft 6x7 depth 2"
[ "$("$bin" perft "${g[@]}" --rules 8x9 --depth 2)" = "Nodes searched: 72" ] || fail "perft 8x9"
[ "$("$bin" perft "${g[@]}" --set width=3 --set height=3 --depth 1)" = "Nodes searched: 3" ] ||
  fail "perft --set 3x3"
[ "$("$bin" perft "${g[@]}" --moves "a7-off b7-a7" --depth 1)" = "Nodes searched: 6" ] ||
  fail "perft --moves"

# 2. perft --divide: '<move>: <count>' lines, a blank line, the total.
"$bin" perft "${g[@]}" --depth 3 --divide >"$tmp/divide"
[ "$(tail -n 1 "$tmp/divide")" = "Nodes searched: 252" ] || fail "divide total"
[ "$(tail -n 2 "$tmp/divide" | head -n 1)" = "" ] || fail "divide blank line"
[ "$(grep -cE '^[a-f][1-7]-off: 42$' "$tmp/divide")" = 6 ] || fail "divide lines: $(cat "$tmp/divide")"

# 3. Illegal moves: stderr names the move, its index and why; exit 2; no stdout.
expect_bad_input "$bin" show "${g[@]}" --moves "a7-off a7-a6"
grep -q "move 2 'a7-a6'" "$tmp/err" || fail "illegal move message: $(cat "$tmp/err")"
grep -q "no Blue checker on a7" "$tmp/err" || fail "illegal move reason: $(cat "$tmp/err")"
expect_bad_input "$bin" show "${g[@]}" --moves "a7-off b7-b6"
grep -q "not a legal move (from b7: a7)" "$tmp/err" || fail "reason: $(cat "$tmp/err")"
for bad in "a7off" "pass" "a7-off b7-a7 c7-c8" "a1-a2"; do
  expect_bad_input "$bin" perft "${g[@]}" --moves "$bad" --depth 1
done

# 4. Bad rule options: exit 2 with a message naming the problem.
expect_bad_input "$bin" perft "${g[@]}" --set width=17 --depth 1
grep -q "width" "$tmp/err" || fail "width out of range: $(cat "$tmp/err")"
expect_bad_input "$bin" perft "${g[@]}" --set height=2 --depth 1
expect_bad_input "$bin" perft "${g[@]}" --set pie=true --depth 1

# 5. show --format json: the common fields plus borne_off [red, blue].
"$bin" show "${g[@]}" --moves "a7-off b7-a7" --format json >"$tmp/json"
python3 - "$tmp/json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
assert j["to_move"] == 0, j["to_move"]
assert j["cells"]["a7"] == [1, 1] and "b7" not in j["cells"] and len(j["cells"]) == 41
assert j["terminal"] is False and j["winner"] is None and j["end_reason"] is None
assert j["ply"] == 2 and j["borne_off"] == [1, 0], j
PY
"$bin" show "${g[@]}" --set width=5 --set height=5 --position "....r/...../...../...../b.... r 12 11 9" \
  --moves "e5-off" --format json >"$tmp/json"
python3 - "$tmp/json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
assert j["terminal"] is True and j["winner"] == 0 and j["end_reason"] == "bear_off", j
assert j["borne_off"] == [13, 11], j
PY
"$bin" show "${g[@]}" --set max_plies=2 --moves "a7-off b7-a7" --format json >"$tmp/json"
python3 - "$tmp/json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
assert j["terminal"] is True and j["winner"] is None and j["end_reason"] == "cap", j
PY

# 6. --position: the notation `show` prints is accepted back unchanged.
pos=$("$bin" show "${g[@]}" --moves "a7-off b7-a7 b6-b7" | sed -n 's/^position: //p')
[ "$pos" = "brrbrb/b.brbr/rbrbrb/brbrbr/rbrbrb/brbrbr/rbrbrb b 1 0 3" ] || fail "position '$pos'"
again=$("$bin" show "${g[@]}" --position "$pos" | sed -n 's/^position: //p')
[ "$again" = "$pos" ] || fail "position round trip '$again'"
expect_bad_input "$bin" show "${g[@]}" --position "rbrbrb r 0 0 0"
grep -q "rows" "$tmp/err" || fail "bad position: $(cat "$tmp/err")"

# 7. The independent reference implementation agrees on deeper counts.
for args in "6 7 4" "3 3 9" "4 3 7" "3 4 7" "5 5 4"; do
  set -- $args
  want=$(python3 "$here/../reference/steere_inchworm_ref.py" "$@")
  got=$("$bin" perft "${g[@]}" --set width=$1 --set height=$2 --depth $3)
  [ "$got" = "Nodes searched: $want" ] || fail "reference $args: $got, want $want"
done
echo "steere-inchworm CLI: ok"
