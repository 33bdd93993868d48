#!/usr/bin/env bash
# `inchzero play` driven as a person would: keys typed into a terminal
# (tmux send-keys, the screen read back with capture-pane), and a scripted
# game: a distribution typed decision by decision and whole, moves, undo,
# hint, a bad move (the same prompt again), resign, save, quit.
set -euo pipefail
bin=${1:?usage: play_terminal.sh path/to/inchzero}
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib/common.bash"
command -v tmux >/dev/null || fail "tmux is missing (scripts/setup.sh installs it)"

# 1. Scripted: Red has a stack of 3 on d5 (a distribution takes 3 decisions).
pos="8/8/8/3,R3,4/8/8/8/8 r 22,25 0,0 0,0"
printf '%s\n' "distribute from d5" moves c4 b3 undo d5-c4-c3 bogus hint "save $tmp/game.txt" resign d4 \
  "save $tmp/resigned.txt" "save $tmp/x.pgn" quit |
  "$bin" play --opponent random --position "$pos" --seed 3 >"$tmp/out" 2>&1 ||
  fail "play exited $?: $(cat "$tmp/out")"
grep -q "continue the move (distribute from d5…)" "$tmp/out" || fail "no prompt inside the move: $(cat "$tmp/out")"
grep -q "decisions ([0-9]*): .*to c4" "$tmp/out" || fail "moves inside a move: $(cat "$tmp/out")"
grep -q "last moves — you: d5-c4-b3; engine: " "$tmp/out" || fail "step-by-step move not played"
grep -q "last moves — you: d5-c4-c3; engine: " "$tmp/out" || fail "whole move after undo not played"
grep -q "not a move here: " "$tmp/out" || fail "bogus move not refused with a reason"
grep -q "hint (random): " "$tmp/out" || fail "no hint"
grep -q "You resign" "$tmp/out" || fail "no resignation"
grep -q "the game is over" "$tmp/out" || fail "a move after resigning was not refused"
grep -q "not saved: PGN holds the chess games only" "$tmp/out" || fail "an Inchworm PGN was not refused"
# The saved records replay: the unfinished game to the board shown before
# `save`, the resigned one with its result.
for f in game resigned; do
  "$bin" show --record "$tmp/$f.txt" >"$tmp/replay-$f" 2>&1 || fail "show --record $f: $(cat "$tmp/replay-$f")"
done
grep -q "^Result: 0-1" "$tmp/resigned.txt" && grep -q "^EndReason: resign" "$tmp/resigned.txt" ||
  fail "resigned record: $(cat "$tmp/resigned.txt")"
grep -q "^Position: $pos" "$tmp/game.txt" || grep -q "$pos" "$tmp/game.txt" ||
  fail "the start position is not in the record: $(cat "$tmp/game.txt")"

# 2. In a terminal: type a move, read the screen, quit.
session="inchzero-play-$$"
tmux new-session -d -s "$session" -x 100 -y 40 \
  "'$bin' play --opponent greedy --seed 1; echo \"exit=\$?\" >'$tmp/rc'; sleep 30"
trap 'tmux kill-session -t "$session" 2>/dev/null || true; rm -rf "$tmp"' EXIT
wait_screen() {  # text, what
  for _ in $(seq 100); do
    tmux capture-pane -p -t "$session" >"$tmp/screen"
    grep -q "$1" "$tmp/screen" && return 0
    sleep 0.1
  done
  fail "$2: the screen shows: $(cat "$tmp/screen")"
}
wait_screen "your move>" "no prompt"
tmux send-keys -t "$session" "d4" Enter
wait_screen "last moves — you: d4; engine: " "the engine did not answer d4"
grep -q "stock 24" "$tmp/screen" || fail "the board did not change: $(cat "$tmp/screen")"
tmux send-keys -t "$session" "z9" Enter
wait_screen "not a move here" "a bad move was not explained"
tmux send-keys -t "$session" "quit" Enter
for _ in $(seq 100); do [ -s "$tmp/rc" ] && break; sleep 0.1; done
[ "$(cat "$tmp/rc" 2>/dev/null)" = "exit=0" ] || fail "quit did not exit 0: $(cat "$tmp/rc" 2>/dev/null)"
echo ok
