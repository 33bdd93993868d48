#!/usr/bin/env bash
# The ladder of a zoo network: it meets every rung of its game's ladder
# (a gauntlet, colours alternated, paired openings), and the ratings are
# fitted over all games with `random` at 0 Elo:
#   bash scripts/zoo_ladder.sh NAME [GAMES]
# NAME: a zoo entry (models/NAME/); GAMES: games per pairing (default 100).
# Writes docs/results/ladders/NAME/ (ladder.md, ladder.csv, ratings.png,
# games.jsonl); a stopped ladder resumes from there. A finished ladder there
# is then recorded as the entry's rating (`inchzero zoo rate`: models/NAME/
# ladder/, its README's Ladder section, metadata.json). Environment:
#   IN_BAND    games for the pairings whose first GAMES scored between 10 %
#              and 90 % (--games-in-band; default 0: none). A finished ladder
#              is extended by the same command with a larger GAMES or IN_BAND.
#   SIMS       the network's simulations per decision (default: the game's, below)
#   THREADS    games played in parallel (default 2)
#   INCHZERO   the binary (default build/inchzero)
#   OUT        the ladder folder (default docs/results/ladders/NAME; another
#              folder is not recorded in the zoo: the script says how)
#   CHECKPOINTS  network files of the entry's run (RUN/networks/net-NNNNNN.pt,
#              space-separated) that meet the same rungs as the entry (more
#              gauntlet players, not each other): `zoo rate` puts them on the
#              entry's Elo curve over training time (docs/zoo.md). A ladder
#              folder keeps its players: rate new checkpoints in a new OUT.
# Each game's rungs. `ab:3` is alpha-beta at the ladder's default depth of
# 3 full moves; UCT's rollouts are cut at 40 plies where a game lasts
# hundreds of plies (Steere's Inchworm: about 300; a rollout to the end
# costs more than the rung is worth: uct:10000 with whole rollouts there
# took minutes per game). Rodeffer's Inchworm to 60 has no ab:3 rung: its
# games run to the 1,000-ply cap, and two of them against ab:3 took over
# ten minutes.
set -euo pipefail
name=${1:?usage: zoo_ladder.sh NAME [GAMES]}
games=${2:-100}
bin=${INCHZERO:-build/inchzero}
threads=${THREADS:-2}
default_out=docs/results/ladders/$name
out=${OUT:-$default_out}
config="models/$name/config.yaml"
[ -f "$config" ] || { echo "zoo_ladder: no zoo entry '$name' ($config is missing)" >&2; exit 2; }
game=$(awk '/^game:/ {in_game = 1; next} in_game && /^  name:/ {print $2; exit}' "$config")

declare -A rungs=(
  [invector]="random greedy ab:3 ab:5 uct:1000 uct:10000"
  [steere-inchworm]="random greedy ab:3 ab:5 uct:1000:rollout_plies=40 uct:3000:rollout_plies=40"
  [inchworm]="random greedy ab:2 uct:1000:rollout_plies=40"
  [inchworm-chess]="random greedy ab:2 ab:3 uct:1000:rollout_plies=40"
  [longworm-chess]="random greedy ab:2 ab:3 uct:1000:rollout_plies=40"
)
declare -A sims=(
  [invector]=64 [steere-inchworm]=64 [inchworm]=32 [inchworm-chess]=32 [longworm-chess]=32
)
[ -n "${rungs[$game]:-}" ] || { echo "zoo_ladder: no rungs for the game '$game'" >&2; exit 2; }
player="zoo:$name:sims=${SIMS:-${sims[$game]}}"
gauntlet=(--gauntlet "$player")
for file in ${CHECKPOINTS:-}; do
  [ -f "$file" ] || { echo "zoo_ladder: checkpoint '$file' is not a file" >&2; exit 2; }
  gauntlet+=(--gauntlet "net:$file:sims=${SIMS:-${sims[$game]}}")
done
# shellcheck disable=SC2086 # the rungs are words
"$bin" ladder --players $player ${rungs[$game]} "${gauntlet[@]}" --games "$games" \
  --games-in-band "${IN_BAND:-0}" --threads "$threads" --seed 1 --out "$out"
if [ "$out" -ef "$default_out" ]; then
  "$bin" zoo rate "$name" --ladder "$out"
else
  echo "zoo_ladder: to keep this ladder with the entry, copy $out to $default_out and run:" \
    "$bin zoo rate $name --ladder $default_out"
fi
