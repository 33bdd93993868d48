#!/usr/bin/env bash
# Game records others can read (docs/game-records.md), on real self-play games
# that `inchzero generate` plays with the mock network:
#  (a) PGN of FIDE games: chess.js (tests/external) loads every game in strict
#      mode, writes the same SAN for every move and ends at the final position
#      of the shard's JSON dump; Inchworm / Long Worm Chess PGN carries the
#      Variant tag and its movetext replays through `show --moves`;
#  (b) for every game kind, `show --record` replays each plain-text record to
#      the final position of the JSON dump, and `show --moves` with the
#      record's moves prints the same;
#  (c) malformed records are refused with exit 2 and a message naming the
#      problem and its line.
# node and chess.js are required: missing, they fail the test.
set -euo pipefail
bin=${1:?usage: game_records.sh path/to/inchzero}
here=$(cd "$(dirname "$0")/../.." && pwd)
source "$here/tests/cli/lib/common.bash"

command -v node >/dev/null ||
  fail "node is not installed: install Node.js (apt-get install nodejs npm), then run" \
    "'cd tests/external && npm ci --ignore-scripts' (scripts/setup.sh does both)"
[ -f "$here/tests/external/node_modules/chess.js/package.json" ] ||
  fail "chess.js is not installed: run 'cd tests/external && npm ci --ignore-scripts'" \
    "(scripts/setup.sh does this)"

# generate DIR GAMES SEED ARGS...: self-play games with the mock network.
generate() {
  local dir=$1 games=$2 seed=$3
  shift 3
  "$bin" generate "$@" --network mock --games "$games" --seed "$seed" --quiet \
    --games-per-shard 4 --param games_per_worker="$games" --param full_visits=8 \
    --param cheap_visits=4 --out "$tmp/$dir" >/dev/null 2>"$tmp/generate.err" ||
    fail "generate $*: $(cat "$tmp/generate.err")"
}
# final_positions FILE.jsonl: the final position of each game, one per line.
final_positions() {
  node -e 'for (const l of require("fs").readFileSync(process.argv[1], "utf8").split("\n"))
             if (l.trim()) console.log(JSON.parse(l).final_state.position)' "$1"
}
# record N FILE: the lines of record N (1 = the first) of a text record file.
record() { awk -v n="$1" '/^Game: /{k++} k==n' "$2"; }

# ---- (a) FIDE chess as PGN, read by chess.js ----
generate fide 30 1 --game inchworm-chess --rules fide --set max_plies=300
"$bin" shards dump --format pgn --out "$tmp/fide.pgn" "$tmp/fide" || fail "pgn dump exited $?"
[ -z "$(ls "$tmp" | grep '\.tmp')" ] || fail "dump --out left a temporary file: $(ls "$tmp")"
"$bin" shards dump --format pgn "$tmp/fide" | cmp -s - "$tmp/fide.pgn" ||
  fail "dump --out and stdout differ"
"$bin" shards dump "$tmp/fide" >"$tmp/fide.jsonl"
counts=$(node "$here/tests/cli/lib/check_pgn.js" "$tmp/fide.pgn" "$tmp/fide.jsonl") ||
  fail "chess.js check of the FIDE PGN"
# The games must exercise SAN's corners, or the check proves little (a change
# of self-play that loses one: pick another --seed above).
for kind in games:30 castles en_passant promotions mates checks disambiguated captures; do
  name=${kind%%:*}
  want=${kind#*:}
  [ "$want" = "$kind" ] && want=1
  n=$(printf '%s' "$counts" | grep -o "\"$name\":[0-9]*" | cut -d: -f2)
  [ "${n:-0}" -ge "$want" ] || fail "the FIDE games hold $name=${n:-0} (want >= $want): $counts"
done
grep -q '^\[Variant ' "$tmp/fide.pgn" && fail "FIDE PGN has a Variant tag"
for tag in Event Site Date Round White Black Result PlyCount Termination EndReason Source; do
  [ "$(grep -c "^\[$tag \"" "$tmp/fide.pgn")" = 30 ] || fail "not every game has a $tag tag"
done
echo "FIDE PGN read by chess.js: $counts"

# ---- (a') Inchworm and Long Worm Chess as PGN: Variant tag, inchzero's notation ----
for game in inchworm-chess longworm-chess; do
  generate "$game" 3 2 --game "$game" --set max_plies=80
  "$bin" shards dump --format pgn "$tmp/$game" >"$tmp/$game.pgn" || fail "$game pgn dump"
  "$bin" shards dump "$tmp/$game" >"$tmp/$game.jsonl"
  variant=$([ "$game" = longworm-chess ] && echo "Long Worm Chess" || echo "Inchworm Chess")
  [ "$(grep -c "^\[Variant \"$variant\"\]" "$tmp/$game.pgn")" = 3 ] || fail "$game: Variant tags"
  final_positions "$tmp/$game.jsonl" >"$tmp/$game.final"
  for n in 1 2 3; do
    moves=$(awk -v n="$n" '/^\[Event /{k++} k==n && !/^\[/' "$tmp/$game.pgn" | tr '\n' ' ' |
      sed -E 's/[0-9]+\.(\.\.)? //g; s/ (1-0|0-1|1\/2-1\/2|\*) *$//')
    got=$("$bin" show --game "$game" --set max_plies=80 --moves "$moves" | sed -n 's/^position: //p')
    [ "$got" = "$(sed -n "${n}p" "$tmp/$game.final")" ] || fail "$game PGN game $n replays to '$got'"
  done
done

# ---- (b) every game kind as text records, replayed by show --record ----
# NAME|SHARDS: the chess games reuse the shards above (a), the others are new.
generate inchworm 3 7 --game inchworm --set max_plies=150
generate inchworm-menke 3 7 --game inchworm --rules menke --set max_plies=150
generate inchworm-torus 3 7 --game inchworm --rules torus --set max_plies=150
generate steere 3 7 --game steere-inchworm --set max_plies=150
generate invector 3 7 --game invector --set max_plies=150
generate invector-5x4 3 7 --game invector --rules 5x4
kinds=(inchworm inchworm-menke inchworm-torus steere invector invector-5x4
  "fide|fide/selfplay-000000.shard" inchworm-chess longworm-chess)
total=0
for entry in "${kinds[@]}"; do
  name=${entry%%|*}
  shards="$tmp/${entry#*|}"
  "$bin" shards dump --format text "$shards" >"$tmp/$name.txt" || fail "$name: text dump exited $?"
  "$bin" shards dump "$shards" >"$tmp/$name.jsonl"
  final_positions "$tmp/$name.jsonl" >"$tmp/$name.final"
  games=$(wc -l <"$tmp/$name.final")
  [ "$games" -ge 3 ] && [ "$(grep -c '^Game: ' "$tmp/$name.txt")" = "$games" ] ||
    fail "$name: $(grep -c '^Game: ' "$tmp/$name.txt") records for $games games"
  for n in $(seq "$games"); do
    "$bin" show --record "$tmp/$name.txt" --record-game "$n" >"$tmp/shown-$n" ||
      fail "$name: show --record game $n exited $?"
    got=$(sed -n 's/^position: //p' "$tmp/shown-$n")
    want=$(sed -n "${n}p" "$tmp/$name.final")
    [ "$got" = "$want" ] || fail "$name game $n: the record ends at '$got', the shard at '$want'"
    total=$((total + 1))
  done
  # show --moves with the first record's rules and moves prints the same: the
  # rule set before the label's first '+', each later part a --set.
  record 1 "$tmp/$name.txt" >"$tmp/one.txt"
  game=$(sed -n 's/^Game: //p' "$tmp/one.txt")
  IFS=+ read -r -a label <<<"$(sed -n 's/^Rules: //p' "$tmp/one.txt")"
  sets=()
  [ "${label[0]}" = default ] || sets+=(--rules "${label[0]}")
  for o in "${label[@]:1}"; do sets+=(--set "$o"); done
  moves=$(sed -nE 's/^[0-9]+\. //p' "$tmp/one.txt" | tr '\n' ' ')
  "$bin" show --game "$game" "${sets[@]}" --moves "$moves" >"$tmp/by-moves" ||
    fail "$name: show --moves exited $?"
  cmp -s "$tmp/shown-1" "$tmp/by-moves" || fail "$name: show --record and show --moves differ"
done
echo "text records: $total games of ${#kinds[@]} game kinds replay to the shards' final positions"

# ---- (c) malformed records: exit 2, a message naming the problem and line ----
base="$tmp/base.txt"
record 2 "$tmp/fide.txt" >"$base"
moves_start=$(grep -n '^1\. ' "$base" | cut -d: -f1)
# refuse FILE PATTERN: show --record FILE fails with exit 2 and a message matching PATTERN.
refuse() {
  expect_bad_input "$bin" show --record "$1"
  grep -Eq "$2" "$tmp/err" || fail "message for $(basename "$1"): '$(cat "$tmp/err")' lacks /$2/"
}
sed '2i Colour: red' "$base" >"$tmp/c1.txt"
refuse "$tmp/c1.txt" "c1.txt:2: unknown header 'Colour'"
sed '3i this line is neither' "$base" >"$tmp/c2.txt"
refuse "$tmp/c2.txt" "c2.txt:3: neither a header .* nor a move"
sed "$((moves_start + 2))s/.*/3. e2e5/" "$base" >"$tmp/c3.txt"
refuse "$tmp/c3.txt" "c3.txt:$((moves_start + 2)): move 3 'e2e5'"
sed 's/^Game: .*/Game: inchworm/' "$base" >"$tmp/c4.txt"
refuse "$tmp/c4.txt" "c4.txt:[0-9]+: unknown rule option"
sed 's/^Game: .*/Game: chess/' "$base" >"$tmp/c5.txt"
refuse "$tmp/c5.txt" "c5.txt:1: unknown game 'chess'"
sed '$d' "$base" | sed '$d' >"$tmp/c6.txt"
refuse "$tmp/c6.txt" "c6.txt:[0-9]+: Plies \(line [0-9]+\) says [0-9]+, but the record lists"
sed 's/^Final: .*/Final: 8\/8\/8\/8\/8\/8\/8\/K6k w - - 0 1/' "$base" >"$tmp/c7.txt"
refuse "$tmp/c7.txt" "c7.txt:[0-9]+: Final says"
other=$([ "$(sed -n 's/^Result: //p' "$base")" = 0-1 ] && echo 1-0 || echo 0-1)
sed "s/^Result: .*/Result: $other/" "$base" >"$tmp/c8.txt"
refuse "$tmp/c8.txt" "c8.txt:[0-9]+: the moves end the game"
sed "$((moves_start + 1))s/^2\./7./" "$base" >"$tmp/c9.txt"
refuse "$tmp/c9.txt" "c9.txt:$((moves_start + 1)): expected move 2, found move 7"
sed 's/^Option: max_plies=.*/Option: max_plies=many/' "$base" >"$tmp/c10.txt"
refuse "$tmp/c10.txt" "c10.txt:[0-9]+: bad value 'many' for rule option 'max_plies'"
{ cat "$base"; echo "Result: 1-0"; } >"$tmp/c11.txt"
refuse "$tmp/c11.txt" "c11.txt:[0-9]+: header 'Result' after the moves"
: >"$tmp/c12.txt"
refuse "$tmp/c12.txt" "c12.txt: no game record"
expect_bad_input "$bin" show --record "$tmp/fide.txt" --record-game 9
grep -q "there is no game 9; the file holds 4 games" "$tmp/err" || fail "record-game: $(cat "$tmp/err")"
expect_bad_input "$bin" show --record "$base" --game inchworm
grep -q "is inchworm-chess, not inchworm (--game)" "$tmp/err" || fail "--game: $(cat "$tmp/err")"
expect_bad_input "$bin" show --record "$base" --moves e2e4
expect_bad_input "$bin" show --record "$tmp/missing.txt"
expect_bad_input "$bin" shards dump --format pgn "$tmp/invector"
grep -q "PGN holds only the chess games" "$tmp/err" || fail "pgn of invector: $(cat "$tmp/err")"
echo "game records OK"
