#!/usr/bin/env bash
# A strength-gate match survives kill -9: each finished game is appended to
# the match's journal (gate/<stem>.games.jsonl), the process is killed
# (INCHZERO_FAULT) after its second game, and the same command resumes the
# match from the journal, playing only the games it lacks. The gate file must
# equal an unbroken lab's (but for its time), the journal must be gone, and a
# journal of another match must be refused by name with exit 2.
set -u
bin=${1:?usage: lab_gate_resume.sh path/to/inchzero}
fail() { echo "FAIL: $*" >&2; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
. "$(dirname "$0")/lib/journal.bash"

# greedy against random on a tiny board: at 0.6 of 12 games the gate is
# decided after 8 games at the earliest, so the kill lands mid-match.
cat > "$dir/gate.yaml" <<'YAML'
description: gate resume
agent: greedy
budgets: [1]
games: 2
wall_games: 2
threads: 2
overrides: [width=4, height=4, stock=5, target_score=6, max_plies=40]
strength_gate:
  games: 12
  opponents: [{ player: random, min_score: 0.6 }]
rule_sets:
  - { name: original }
YAML
gate=gate/original-vs-random

expect_unbroken_lab "$dir/gate.yaml" "$dir/whole" "$gate"
expect_killed_after after_gate_game 2 "$dir/gate.yaml" "$dir/killed" "$gate"

# A journal of another match (another seed) is refused by name.
expect_foreign_journal_refused match "$dir/killed/$gate.games.jsonl" \
  "$bin" lab --config "$dir/gate.yaml" --out "$dir/killed" --quiet

"$bin" lab --config "$dir/gate.yaml" --out "$dir/killed" >/dev/null 2>"$dir/resumed.err" ||
  fail "the resumed lab exited $?: $(cat "$dir/resumed.err")"
grep -q "gate vs random (resumed after 2 games)" "$dir/resumed.err" ||
  fail "the rerun did not resume the match: $(grep gate "$dir/resumed.err")"
[ ! -e "$dir/killed/$gate.games.jsonl" ] || fail "the resumed lab left its journal"
expect_same_but_time "$dir/whole/$gate.json" "$dir/killed/$gate.json"
echo "ok: a killed gate match resumes from its journal to the unbroken match's result"
