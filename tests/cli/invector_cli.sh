#!/usr/bin/env bash
# CLI contract of `inchzero perft` / `show` for Invector, driven through the
# built binary: bash invector_cli.sh <path-to-inchzero>
set -euo pipefail
bin=${1:?usage: invector_cli.sh <path-to-inchzero>}
here=$(cd "$(dirname "$0")" && pwd)
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.bash"

# 1. perft: plain total, --rules, --set, --moves.
[ "$("$bin" perft --game invector --depth 1)" = "Nodes searched: 97" ] || fail "perft 8x7 depth 1"
[ "$("$bin" perft --game invector --rules 5x4 --depth 2)" = "Nodes searched: 854" ] ||
  fail "perft 5x4 depth 2"
[ "$("$bin" perft --game invector --set width=5 --set height=4 --set pie=false --depth 2)" = \
  "Nodes searched: 823" ] || fail "perft --set pie=false"
[ "$("$bin" perft --game invector --rules no-pie --set width=5 --set height=4 --depth 2)" = \
  "Nodes searched: 823" ] || fail "perft --rules no-pie"

# 2. perft --divide: '<move>: <count>' lines, a blank line, the total; the
# lines add up to the total and agree with perft from each child.
"$bin" perft --game invector --rules 5x4 --depth 2 --divide >"$tmp/divide"
[ "$(tail -n 1 "$tmp/divide")" = "Nodes searched: 854" ] || fail "divide total"
[ "$(tail -n 2 "$tmp/divide" | head -n 1)" = "" ] || fail "divide blank line"
sum=$(grep -E '^[a-e][1-4]x[a-e][1-4]: [0-9]+$' "$tmp/divide" | awk '{s += $2} END {print s}')
[ "$sum" = 854 ] || fail "divide lines sum to $sum"
[ "$(grep -cE '^[a-e][1-4]x[a-e][1-4]: ' "$tmp/divide")" = 31 ] || fail "divide has 31 moves"
child=$("$bin" perft --game invector --rules 5x4 --moves c3xc4 --depth 1)
grep -qx "c3xc4: ${child#Nodes searched: }" "$tmp/divide" || fail "divide vs child perft"

# 3. Illegal moves: stderr names the move, its index and why; exit 2; no stdout.
expect_bad_input "$bin" show --game invector --rules 5x4 --moves "c3xc4 c3-c2"
grep -q "move 2 'c3-c2'" "$tmp/err" || fail "illegal move message: $(cat "$tmp/err")"
grep -q "no White stone on c3" "$tmp/err" || fail "illegal move reason: $(cat "$tmp/err")"
for bad in "c3c4" "c3xc4 swap swap" "pass" "c3-c4"; do
  expect_bad_input "$bin" perft --game invector --rules 5x4 --moves "$bad" --depth 1
done

# 4. Bad rule options: exit 2 with a message naming the problem.
expect_bad_input "$bin" perft --game invector --set width=6 --set height=4 --depth 1
grep -q "exactly one even dimension" "$tmp/err" || fail "even x even board: $(cat "$tmp/err")"
expect_bad_input "$bin" perft --game invector --set height=2 --depth 1
grep -q "height" "$tmp/err" || fail "height out of range: $(cat "$tmp/err")"

# 5. show --format json: the common fields and Invector's own.
"$bin" show --game invector --rules 5x4 --moves "c3xc4" --format json >"$tmp/json"
python3 - "$tmp/json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
assert j["to_move"] == 1, j["to_move"]
assert j["cells"]["c4"] == 0 and "c3" not in j["cells"] and len(j["cells"]) == 19
assert j["terminal"] is False and j["winner"] is None and j["end_reason"] is None
assert j["ply"] == 1 and j["swap_available"] is True and j["stones"] == [10, 9]
PY
"$bin" show --game invector --rules 5x4 --position "2w2/2b2/5/5 b - 9" --moves c3xc4 \
  --format json >"$tmp/json"
python3 - "$tmp/json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
assert j["terminal"] is True and j["winner"] == 0 and j["end_reason"] == "no_stones", j
PY

# 6. --position: the notation `show` prints is accepted back unchanged.
pos=$("$bin" show --game invector --rules 5x4 --moves "c3xc4 swap b3-c3" | sed -n 's/^position: //p')
[ "$pos" = "wbbbw/b1wwb/wbwbw/bwbwb b - 3" ] || fail "position text '$pos'"
again=$("$bin" show --game invector --rules 5x4 --position "$pos" | sed -n 's/^position: //p')
[ "$again" = "$pos" ] || fail "position round trip '$again'"
expect_bad_input "$bin" show --game invector --rules 5x4 --position "bwbwb b p 0"
grep -q "rows" "$tmp/err" || fail "bad position: $(cat "$tmp/err")"

# 7. The independent reference implementation agrees on deeper counts.
for args in "5 4 1 3" "5 4 0 3" "3 4 1 4" "7 4 1 2" "4 3 1 5"; do
  set -- $args
  pie=$([ "$3" = 1 ] && echo true || echo false)
  want=$(python3 "$here/../reference/invector_ref.py" "$@")
  got=$("$bin" perft --game invector --set width=$1 --set height=$2 --set pie=$pie --depth $4)
  [ "$got" = "Nodes searched: $want" ] || fail "reference $args: $got, want $want"
done
echo "invector CLI: ok"
