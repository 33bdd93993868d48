#!/usr/bin/env bash
# Inchworm Chess / FIDE chess through the CLI: perft (FIDE counts and the
# --fen alias of --position), consolidation notation in --moves, show --format
# json (cells and the chess fields), and bad input (exit 2 with a message
# naming the move).
set -u
bin=${1:?usage: chess_cli.sh path/to/inchzero}
fail() { echo "FAIL: $*" >&2; exit 1; }
fide="--game inchworm-chess --set inchworm=false"

# 1. FIDE perft, start position and Kiwipete (via --fen and via --rules fide).
[ "$("$bin" perft $fide --depth 3)" = "Nodes searched: 8902" ] || fail "start depth 3"
kiwi="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
[ "$("$bin" perft --game inchworm-chess --rules fide --fen "$kiwi" --depth 2)" = "Nodes searched: 2039" ] \
  || fail "kiwipete depth 2 via --fen"
[ "$("$bin" perft $fide --position "$kiwi" --depth 2)" = "Nodes searched: 2039" ] \
  || fail "kiwipete depth 2 via --position"

# 2. Inchworm: every move is a stretch, so depth 2 is 20 x 20.
[ "$("$bin" perft --game inchworm-chess --depth 2)" = "Nodes searched: 400" ] || fail "inchworm depth 2"
div=$("$bin" perft --game inchworm-chess --moves "e2e4 e7e5" --depth 1 --divide) || fail "divide"
printf '%s\n' "$div" | grep -qx 'e2e4>e4: 1' || fail "consolidation missing from divide: $div"

# 3. Betza's sample game, then the position as JSON.
json=$("$bin" show --game inchworm-chess --format json \
  --moves "e2e4 d7d5 e2e4>e4 d7d5>d5 e4d5 d8d5 b1c3 d8d5>d8") || fail "show exited $?"
printf '%s' "$json" | grep -q '"position":"rnbqkbnr/ppp1pppp/8/8/8/2N5/PPPP1PPP/RNBQKBNR w KQkq - 2 5 b1c3 -"' \
  || fail "sample game position: $json"
printf '%s' "$json" | grep -q '"stretched":\[{"origin":"b1","piece":"N","target":"c3"}\]' \
  || fail "stretched list: $json"
# cells: occupied squares only, "square": [player, letter]; the stretched
# knight stands on both b1 and c3; 30 pieces on 31 squares.
for cell in '"b1":\[0,"N"\]' '"c3":\[0,"N"\]' '"d8":\[1,"Q"\]' '"e8":\[1,"K"\]' '"a7":\[1,"P"\]'; do
  printf '%s' "$json" | grep -q "$cell" || fail "cells lack $cell: $json"
done
printf '%s' "$json" | grep -q '"cells":{[^}]*"d5"' && fail "cells list the empty d5: $json"
[ "$(printf '%s' "$json" | grep -o '"cells":{[^}]*}' | grep -o '":\[' | wc -l)" = 31 ] \
  || fail "cells count: $json"
printf '%s' "$json" | grep -q '"terminal":false' || fail "terminal: $json"
printf '%s' "$json" | grep -q '"ply":8' || fail "ply: $json"

# 4. Bad input: exit 2, the message names the move and the reason.
err=$("$bin" perft --game inchworm-chess --moves "e2e4 e7e5 e4e5" --depth 1 2>&1 >/dev/null)
code=$?
[ $code -eq 2 ] || fail "illegal move exit $code"
printf '%s' "$err" | grep -q "move 3 'e4e5'.*can only consolidate" || fail "message: $err"
err=$("$bin" show $fide --fen "8/8/8/8/8/8/8/K7 w - - 0 1" 2>&1 >/dev/null)
code=$?
[ $code -eq 2 ] || fail "bad FEN exit $code"
printf '%s' "$err" | grep -q "Black needs exactly one king" || fail "FEN message: $err"
echo "chess CLI: ok"
