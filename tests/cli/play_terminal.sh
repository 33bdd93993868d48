#!/usr/bin/env bash
# `inchzero play` driven as a person would: keys typed into a terminal
# (tmux send-keys, the screen read back with capture-pane), and a scripted
# game: a distribution typed decision by decision and whole, moves, undo,
# hint, a bad move (the same prompt again), resign, save, quit; the last
# move marked on the board; trained networks as opponents (a run folder in
# Inchworm, a network file in chess, and every other game) with their hints'
# WDL.
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
# The engine's move is the latest: its squares are marked, d4 no longer.
grep -q "(\* marks the last)" "$tmp/screen" || fail "no marker legend: $(cat "$tmp/screen")"
reply=$(sed -n 's/.*engine: \([^ ]*\).*/\1/p' "$tmp/screen" | tail -1)
case $reply in
  [a-h][1-8]) ;;  # greedy's answer to a drop is a drop
  *) fail "greedy answered d4 with '$reply', not a drop" ;;
esac
rank_line=$(grep -E "^ +${reply:1:1} " "$tmp/screen" | tail -1)
[ "$(tr -cd '*' <<<"$rank_line")" = "*" ] || fail "the reply $reply is not marked once on its rank: '$rank_line'"
grep -E "^ +4 " "$tmp/screen" | grep -q "R\*" && [ "${reply:1:1}" != 4 ] &&
  fail "d4 is still marked after the reply: $(cat "$tmp/screen")"
tmux send-keys -t "$session" "z9" Enter
wait_screen "not a move here" "a bad move was not explained"
tmux send-keys -t "$session" "quit" Enter
for _ in $(seq 100); do [ -s "$tmp/rc" ] && break; sleep 0.1; done
[ "$(cat "$tmp/rc" 2>/dev/null)" = "exit=0" ] || fail "quit did not exit 0: $(cat "$tmp/rc" 2>/dev/null)"

# 3. Against trained networks: a run folder's newest network in Inchworm,
# a network file in FIDE chess; the hints come with the network's WDL.
tiny_network inchworm "$tmp/inchworm-run"
printf '%s\n' d4 hint quit | "$bin" play --opponent "$tmp/inchworm-run" --seed 2 >"$tmp/net-out" 2>&1 ||
  fail "play against a run folder exited $?: $(cat "$tmp/net-out")"
grep -q "last moves — you: d4; engine: " "$tmp/net-out" || fail "the network did not answer: $(cat "$tmp/net-out")"
grep -Eq "hint: [^ ]+  \(for you: win [0-9.]+ ?%, draw [0-9.]+ ?%, loss [0-9.]+ ?%; expected score" "$tmp/net-out" ||
  fail "no hint with WDL from the network: $(cat "$tmp/net-out")"
tiny_network chess "$tmp/chess-run"
printf '%s\n' e2e4 hint "save $tmp/chess.pgn" quit |
  "$bin" play --game inchworm-chess --rules fide --opponent "net:$tmp/chess-run/networks/net-000001.pt" \
    --seed 2 >"$tmp/chess-out" 2>&1 || fail "chess against a network exited $?: $(cat "$tmp/chess-out")"
reply=$(sed -n 's/^last moves — you: e2e4; engine: \([a-h][1-8][a-h][1-8]\).*/\1/p' "$tmp/chess-out")
[ -n "$reply" ] || fail "the chess network did not answer e2e4: $(cat "$tmp/chess-out")"
for square in "${reply:0:2}" "${reply:2:2}"; do
  grep "^${square:1:1}  " "$tmp/chess-out" | tail -1 | grep -q '\*' ||
    fail "the reply $reply is not marked at $square: $(cat "$tmp/chess-out")"
done
grep -Eq "hint: [a-h][1-8][a-h][1-8][qrbn]?  \(for you: win .*expected score" "$tmp/chess-out" || fail "no chess hint: $(cat "$tmp/chess-out")"
grep -q '^1\. e4 ' "$tmp/chess.pgn" || fail "the saved PGN does not start 1. e4: $(cat "$tmp/chess.pgn")"
# The other games, each against its own network from the first move: the
# network opens, the person asks for a hint.
for game in invector steere-inchworm longworm-chess; do
  tiny_network "$game" "$tmp/$game-run"
  printf '%s\n' hint quit | "$bin" play --game "$game" --opponent "$tmp/$game-run" --as second --seed 2 \
    >"$tmp/$game-out" 2>&1 || fail "$game against a network exited $?: $(cat "$tmp/$game-out")"
  grep -q "last moves — engine: " "$tmp/$game-out" || fail "$game: the network did not open: $(cat "$tmp/$game-out")"
  grep -q '\*' "$tmp/$game-out" || fail "$game: the opening move is not marked: $(cat "$tmp/$game-out")"
  grep -Eq "hint: [^ ]+  \(for you: win .*expected score" "$tmp/$game-out" ||
    fail "$game: no hint with WDL: $(cat "$tmp/$game-out")"
done
echo ok
