#!/usr/bin/env bash
# CLI contract of `inchzero perft` / `show` for Long Worm Chess, driven through
# the built binary: bash longworm_chess_cli.sh <path-to-inchzero>
# (half pieces in FEN and in play, perft --divide, --fen / --position, show
# text and json, bad input: exit 2, nothing on stdout, a message on stderr).
set -euo pipefail
bin=${1:?usage: longworm_chess_cli.sh <path-to-inchzero>}
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.bash"
g=(--game longworm-chess)
# Check the json in $tmp/json with the python assertions on stdin.
check_json() { python3 -c "import json, sys; j = json.load(open('$tmp/json')); exec(sys.stdin.read())"; }

# 1. perft from the start (every move is a stretch: 20, 400, 7760), --moves.
[ "$("$bin" perft "${g[@]}" --depth 2)" = "Nodes searched: 400" ] || fail "start depth 2"
[ "$("$bin" perft "${g[@]}" --depth 3)" = "Nodes searched: 7760" ] || fail "start depth 3"
# After e2e4 e7e5: 18 stretches (the pawn still holds e2) + e2e4>e2, e2e4>e4.
[ "$("$bin" perft "${g[@]}" --moves "e2e4 e7e5" --depth 1)" = "Nodes searched: 20" ] ||
  fail "perft --moves"

# 2. Half pieces via --fen and --position (its alias), counted by hand:
# a half rook on a1 reaches a2-a5 and b1-d1 (7) + 5 king stretches = 12; a
# white Crab on d4 reaches c6, e6 (narrow, forward), b3, f3 (wide, back) + 5.
half_rook="4k3/8/8/8/8/8/8/R*3K3 w - - 0 1"
[ "$("$bin" perft "${g[@]}" --fen "$half_rook" --depth 1)" = "Nodes searched: 12" ] || fail "half rook"
[ "$("$bin" perft "${g[@]}" --position "$half_rook" --depth 1)" = "Nodes searched: 12" ] ||
  fail "half rook via --position"
"$bin" perft "${g[@]}" --fen "4k3/8/8/8/3N*4/8/8/4K3 w - - 0 1" --depth 1 --divide >"$tmp/divide"
[ "$(grep -E '^d4' "$tmp/divide" | sort | tr '\n' ' ')" = "d4b3: 1 d4c6: 1 d4e6: 1 d4f3: 1 " ] ||
  fail "crab moves: $(cat "$tmp/divide")"

# 3. perft --divide: '<move>: <count>' lines, a blank line, the total last.
"$bin" perft "${g[@]}" --depth 3 --divide >"$tmp/divide"
[ "$(tail -n 1 "$tmp/divide")" = "Nodes searched: 7760" ] || fail "divide total"
[ "$(tail -n 2 "$tmp/divide" | head -n 1)" = "" ] || fail "divide blank line"
[ "$(grep -cE '^[a-h][1-8][a-h][1-8]: [0-9]+$' "$tmp/divide")" = 20 ] ||
  fail "divide lines: $(cat "$tmp/divide")"
[ "$(awk -F': ' '/^[a-h][1-8]/ {s += $2} END {print s}' "$tmp/divide")" = 7760 ] || fail "divide sum"

# 4. Capturing half a stretched rook leaves a half rook (in Inchworm Chess the
# whole rook goes): show text and the json fields.
split="4k3/8/8/8/r6r/8/8/R3K3 w - - 0 1 h4a4 -"
"$bin" show "${g[@]}" --fen "$split" --moves "a1a4" >"$tmp/text"
grep -q "^4 (R) .*r\*$" "$tmp/text" || fail "text board: $(cat "$tmp/text")"
grep -q "^Black to move; castling -, en passant -, clock 0, ply 1, rules default$" "$tmp/text" ||
  fail "text status: $(cat "$tmp/text")"
grep -q "^stretched: a1a4$" "$tmp/text" || fail "text stretched: $(cat "$tmp/text")"
grep -qx "position: 4k3/8/8/8/R6r\*/8/8/R3K3 b - - 0 1 a1a4 -" "$tmp/text" ||
  fail "text position: $(cat "$tmp/text")"
"$bin" show "${g[@]}" --fen "$split" --moves "a1a4" --format json >"$tmp/json"
check_json <<'PY' || fail "half piece json: $(cat "$tmp/json")"
assert j["game"] == "longworm-chess", j
assert j["to_move"] == 1 and j["ply"] == 1, j
assert j["cells"] == {"a1": [0, "R"], "a4": [0, "R"], "e1": [0, "K"], "e8": [1, "K"],
                      "h4": [1, "R*"]}, j["cells"]
assert j["pieces"]["h4"] == "r*", j["pieces"]
assert j["stretched"] == [{"piece": "R", "origin": "a1", "target": "a4"}], j["stretched"]
assert j["terminal"] is False and j["winner"] is None and j["end_reason"] is None, j
assert j["in_check"] is False and j["castling"] == "-" and j["en_passant"] is None, j
assert j["position"] == "4k3/8/8/8/R6r*/8/8/R3K3 b - - 0 1 a1a4 -", j
PY
"$bin" show --game inchworm-chess --fen "$split" --moves "a1a4" --format json >"$tmp/json"
check_json <<'PY' || fail "inchworm json: $(cat "$tmp/json")"
assert "h4" not in j["cells"] and len(j["cells"]) == 4, j["cells"]
PY

# 5. A finished game: Betza's rook ending, Black to play is mated.
"$bin" show "${g[@]}" --fen "7k/8/8/8/8/2K5/8/6R1 b - - 0 1" \
  --moves "h8h7 g1h1 h8h7>h7 g1h1>h1" --format json >"$tmp/json"
check_json <<'PY' || fail "checkmate json: $(cat "$tmp/json")"
assert j["terminal"] is True and j["winner"] == 0 and j["end_reason"] == "checkmate", j
assert j["cells"] == {"c3": [0, "K"], "h1": [0, "R"], "h7": [1, "K"]}, j["cells"]
assert j["to_move"] == 1 and j["ply"] == 5 and j["in_check"] is True, j
PY
"$bin" show "${g[@]}" --set max_plies=2 --moves "e2e4 e7e5" --format json >"$tmp/json"
check_json <<'PY' || fail "cap json: $(cat "$tmp/json")"
assert j["terminal"] is True and j["winner"] is None and j["end_reason"] == "cap", j
PY

# 6. --position accepts the position `show` prints, unchanged.
pos=$("$bin" show "${g[@]}" --fen "$split" --moves "a1a4 h4h2" | sed -n 's/^position: //p')
[ "$pos" = "4k3/8/8/8/R7/8/7r*/R3K3 w - - 1 2 a1a4 -" ] || fail "position '$pos'"
again=$("$bin" show "${g[@]}" --position "$pos" | sed -n 's/^position: //p')
[ "$again" = "$pos" ] || fail "position round trip '$again'"

# 7. Illegal moves: stderr names the move, its index and why; exit 2; no stdout.
expect_bad_input "$bin" show "${g[@]}" --moves "e2e4 e7e5 e4e5"
grep -q "move 3 'e4e5'.*can only consolidate" "$tmp/err" || fail "message: $(cat "$tmp/err")"
expect_bad_input "$bin" perft "${g[@]}" --fen "$half_rook" --moves "a1a6" --depth 1
grep -q "move 1 'a1a6'.*the white half rook on a1 cannot move to a6" "$tmp/err" ||
  fail "half rook message: $(cat "$tmp/err")"
expect_bad_input "$bin" show "${g[@]}" --fen "$split" --moves "a1a4>a4"
grep -q "move 1 'a1a4>a4'" "$tmp/err" || fail "consolidation message: $(cat "$tmp/err")"

# 8. Bad positions and options: exit 2 with a message naming the problem.
expect_bad_input "$bin" show --game inchworm-chess --fen "$half_rook"
grep -q "half pieces ('\*') exist only in Long Worm Chess" "$tmp/err" || fail "$(cat "$tmp/err")"
expect_bad_input "$bin" show "${g[@]}" --fen "3k4/8/8/8/8/8/8/r2KK3 b - - 0 1 e1d1 -"
grep -q "the side not to move is in check" "$tmp/err" || fail "king half: $(cat "$tmp/err")"
expect_bad_input "$bin" perft "${g[@]}" --set inchworm=false --depth 1
grep -q "inchworm" "$tmp/err" || fail "no inchworm option: $(cat "$tmp/err")"
echo "longworm-chess CLI: ok"
