#!/usr/bin/env bash
# `inchzero uci` driven by a UCI client no one here wrote (npm node-uci) and
# playing a full game against Debian's Stockfish refereed by npm chess.js
# (tests/external/uci_client.js); the chess variants through UCI_Variant;
# bad setup refused.
set -euo pipefail
bin=${1:?usage: uci_client.sh path/to/inchzero}
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib/common.bash"
external="$here/../external"
command -v node >/dev/null || fail "node is missing (scripts/setup.sh installs nodejs)"
[ -d "$external/node_modules/node-uci" ] && [ -d "$external/node_modules/chess.js" ] ||
  fail "node-uci / chess.js missing: run scripts/setup.sh (npm ci in tests/external)"
stockfish=$(command -v stockfish || echo /usr/games/stockfish)
[ -x "$stockfish" ] || fail "stockfish is missing (Debian package stockfish; scripts/setup.sh)"

# A small FIDE chess network from one short training iteration.
tiny_network chess "$tmp/chess"

# node-uci spawns an engine without arguments: two wrappers.
printf '#!/bin/sh\nexec "%s" uci --model "%s"\n' "$bin" "$tmp/chess" >"$tmp/engine.sh"
printf '#!/bin/sh\nexec "%s" uci --player uct:32\n' "$bin" >"$tmp/player.sh"
chmod +x "$tmp/engine.sh" "$tmp/player.sh"
(cd "$external" && node uci_client.js "$tmp/engine.sh" "$tmp/player.sh" "$stockfish")

# The network was trained with an 80-ply cap; under UCI the GUI referees, so
# at ply 80 (move 41, White) the engine still answers a legal move.
out=$(printf 'position fen %s\ngo nodes 8\nquit\n' \
  "2bk1q2/2nr4/5p2/ppp1p1rp/1P1bP3/3P3N/PnP3KP/1R1r1BR1 w - - 0 41" | timeout 60 "$tmp/engine.sh")
best=$(echo "$out" | sed -n 's/^bestmove //p')
case $best in g2f3 | g2h1 | h3g5) ;; *) fail "at ply 80 of an 80-ply network: bestmove '$best': $out" ;; esac

# The variants: each answers a legal move of its own rules.
for variant in inchworm-chess longworm-chess chess; do
  out=$(printf 'uci\nsetoption name UCI_Variant value %s\nisready\nposition startpos\ngo nodes 16\nquit\n' \
    "$variant" | timeout 60 "$bin" uci --player uct:16)
  best=$(echo "$out" | sed -n 's/^bestmove //p')
  [ -n "$best" ] || fail "$variant: no bestmove: $out"
  case $variant in
    chess) set -- --game inchworm-chess --rules fide ;;
    *) set -- --game "$variant" ;;
  esac
  "$bin" show "$@" --moves "$best" >/dev/null 2>"$tmp/err" ||
    fail "$variant: bestmove '$best' is not legal: $(cat "$tmp/err")"
done
# Errors are reported, and the engine goes on.
out=$(printf 'position startpos moves e2e5\nsetoption name UCI_Variant value shogi\nbogus\nisready\nquit\n' |
  timeout 20 "$bin" uci --player random)
echo "$out" | grep -q "info string error: move 'e2e5'" || fail "illegal move not reported: $out"
echo "$out" | grep -q "unknown UCI_Variant 'shogi'" || fail "bad variant not reported: $out"
echo "$out" | grep -q "unknown command 'bogus'" || fail "unknown command not reported: $out"
echo "$out" | grep -q "^readyok" || fail "no readyok after errors: $out"
# quit during an infinite search returns at once, with a bestmove.
out=$(printf 'position startpos\ngo infinite\n' | (cat; sleep 1; echo quit) | timeout 20 "$bin" uci --model "$tmp/chess") ||
  fail "quit during go infinite: exit $?"
echo "$out" | grep -q "^bestmove " || fail "no bestmove after quit: $out"
# Refused up front.
expect_bad_input "$bin" uci --player random --game inchworm </dev/null
expect_bad_input "$bin" uci </dev/null
echo ok
