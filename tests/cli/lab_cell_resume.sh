#!/usr/bin/env bash
# A lab cell survives kill -9 and a stop request: each finished game of any
# of its matches (the agent's self-play, the builder's games, each wall
# opponent's) is appended to the cell's journal (results/<cell>.games.jsonl).
# The process is killed (INCHZERO_FAULT) after the cell's third game, then
# stopped by SIGTERM after two more, and the same command resumes the cell
# from the journal each time, playing only the games it lacks. The cell file
# must equal an unbroken lab's (but for its time), the journal must be gone,
# and a journal of another cell must be refused by name with exit 2.
set -u
bin=${1:?usage: lab_cell_resume.sh path/to/inchzero}
fail() { echo "FAIL: $*" >&2; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
. "$(dirname "$0")/lib/journal.bash"

# 4 agent games, 4 builder games, 4 against greedy: 12 games in 3 parts.
cat > "$dir/cell.yaml" <<'YAML'
description: cell resume
agent: random
budgets: [1]
games: 4
wall_games: 4
wall_opponents: [greedy]
threads: 2
overrides: [width=4, height=4, stock=5, target_score=6, max_plies=40]
strength_gate: { games: 0 }
rule_sets:
  - { name: original }
YAML
cell=results/original-x1

expect_unbroken_lab "$dir/cell.yaml" "$dir/whole" "$cell"
expect_killed_after after_lab_cell_game 3 "$dir/cell.yaml" "$dir/broken" "$cell"

# A journal of another cell (another seed) is refused by name.
expect_foreign_journal_refused cell "$dir/broken/$cell.games.jsonl" \
  "$bin" lab --config "$dir/cell.yaml" --out "$dir/broken" --quiet

# A stop request (SIGTERM) two games later: the lab says it stopped, exits
# non-zero, writes no cell and keeps the five games in the journal.
INCHZERO_FAULT=term:after_lab_cell_game:2 "$bin" lab --config "$dir/cell.yaml" \
  --out "$dir/broken" >/dev/null 2>"$dir/stopped.err"
code=$?
[ "$code" -ne 0 ] || fail "a stopped lab exited 0"
grep -q "stopped; run the same command again to resume" "$dir/stopped.err" ||
  fail "the stopped lab did not say so: $(tail -3 "$dir/stopped.err")"
grep -q "original x1 (resumed after 3 games)" "$dir/stopped.err" ||
  fail "the second run did not resume the cell: $(grep x1 "$dir/stopped.err")"
[ ! -e "$dir/broken/$cell.json" ] || fail "a stopped cell wrote its file"
games=$(($(wc -l < "$dir/broken/$cell.games.jsonl") - 1))
[ "$games" -ge 5 ] || fail "the stopped lab's journal holds $games games, expected at least 5"

"$bin" lab --config "$dir/cell.yaml" --out "$dir/broken" >/dev/null 2>"$dir/resumed.err" ||
  fail "the resumed lab exited $?: $(cat "$dir/resumed.err")"
grep -q "original x1 (resumed after $games games)" "$dir/resumed.err" ||
  fail "the last run did not resume the cell: $(grep x1 "$dir/resumed.err")"
[ ! -e "$dir/broken/$cell.games.jsonl" ] || fail "the resumed lab left its journal"
expect_same_but_time "$dir/whole/$cell.json" "$dir/broken/$cell.json"
echo "ok: a killed and a stopped cell resume from their journal to the unbroken cell's result"
