#!/usr/bin/env bash
# The `inchzero perft` contract that external checks rely on:
#  * --divide prints "<move>: <count>" per legal move, a blank line, then
#    "Nodes searched: <total>";
#  * an illegal or unparsable --moves entry prints a message naming the move,
#    its index and why on stderr, exits 2 and prints NOTHING on stdout.
set -u
bin=${1:?usage: perft_contract.sh path/to/inchzero}
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# 1. Plain perft: the last line is the total. An empty 8x8 board: Red has 64
#    drops; Blue can drop on the 63 squares Red left empty.
out=$("$bin" perft --game inchworm --depth 2) || fail "perft exited $?"
[ "$(printf '%s\n' "$out" | tail -1)" = "Nodes searched: 4032" ] || fail "depth 2 total: $out"

# 2. --divide format: one "<move>: <count>" line per move, blank line, total.
"$bin" perft --game inchworm --rules original --set width=4 --set height=3 \
  --moves "a1 b2" --depth 2 --divide >"$tmp/div" || fail "divide exited $?"
total=$(tail -1 "$tmp/div")
[[ "$total" =~ ^Nodes\ searched:\ ([0-9]+)$ ]] || fail "last line: $total"
sum=$(head -n -2 "$tmp/div" | awk -F': ' '{s += $2} END {print s}')
[ "Nodes searched: $sum" = "$total" ] || fail "divide lines sum to $sum, not '$total'"
[ -z "$(tail -2 "$tmp/div" | head -1)" ] || fail "no blank line before the total"
bad=$(head -n -2 "$tmp/div" | grep -Ev '^[a-z0-9@=R-]+: [0-9]+$' || true)
[ -z "$bad" ] || fail "malformed divide lines: $bad"
grep -q '^a2: ' "$tmp/div" || fail "drop a2 missing from divide"

# 3. Illegal moves: exit 2, stderr names index and move, stdout empty.
check_bad() {
  local moves=$1 index=$2
  "$bin" perft --game inchworm --depth 1 --moves "$moves" >"$tmp/out" 2>"$tmp/err"
  local rc=$?
  [ $rc -eq 2 ] || fail "'$moves': exit $rc, expected 2"
  [ ! -s "$tmp/out" ] || fail "'$moves': printed on stdout: $(cat "$tmp/out")"
  grep -q "move $index" "$tmp/err" || fail "'$moves': stderr does not name index $index: $(cat "$tmp/err")"
}
check_bad "d3 d3" 2          # Blue cannot drop on a Red stack
check_bad "d3 e4 z9" 3       # not a square
check_bad "d3 e4 d3-d4" 3    # a stack of height 1 cannot be distributed
check_bad "R5" 1             # nobody holds prisoners
check_bad "pass" 1           # pass only when nothing else is legal
check_bad "d3 e4 d3=e4" 3    # e4 is Blue's
grep -q "d3=e4" "$tmp/err" || fail "stderr does not name the move: $(cat "$tmp/err")"

# 4. A capture suffix is accepted and ignored (3x3: Red b2 captures Blue's b1).
"$bin" perft --game inchworm --set width=3 --set height=3 \
  --moves "a1 b1 c1 c3 b2 X b1" --depth 1 >"$tmp/out" 2>"$tmp/err" ||
  fail "capture suffix rejected: $(cat "$tmp/err")"

# 5. Bad rule option: exit 2, nothing on stdout.
"$bin" perft --game inchworm --set width=99 --depth 1 >"$tmp/out" 2>"$tmp/err"
[ $? -eq 2 ] || fail "bad --set did not exit 2"
[ ! -s "$tmp/out" ] || fail "bad --set printed on stdout"
echo "perft contract: ok"
