#!/usr/bin/env bash
# `inchzero lab` contract on a tiny config (seconds): report.md / verdict.md /
# report.csv / plots are written, one CSV row per rule set and budget, the
# strength gate's matches are played, stored and reported (an agent failing
# it gets no verdict), verdict.md is remade byte for byte, a rerun resumes
# from the result files, a failing game ends the lab with one line, and a bad
# config exits 2.
set -u
bin=${1:?usage: lab_contract.sh path/to/inchzero}
fail() { echo "FAIL: $*" >&2; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

cat > "$dir/tiny.yaml" <<'YAML'
description: tiny
agent: "uct:{sims}:rollout_plies=10"
simulations: 4
budgets: [1, 2]
games: 2
wall_games: 2
overrides: [width=4, height=4, stock=5, target_score=6, max_plies=40]
rule_sets:
  - { name: original }
  - { name: edges, rules: max-edges-1 }
# A gate the agent passes unless it loses both games to random (it does not
# with these seeds) or to greedy; a failing agent is checked by editing its
# file below. A match stops once its first games decide it (a first game
# won or drawn), so a row may read "decided after 1 of 2".
strength_gate:
  games: 2
  opponents: [{ player: random, min_score: 0.01 }, { player: greedy, min_score: 0.01 }]
YAML
"$bin" lab --config "$dir/tiny.yaml" --out "$dir/out" --quiet >/dev/null 2>"$dir/quiet.err" ||
  fail "lab exited $?"
[ ! -s "$dir/quiet.err" ] || fail "--quiet printed progress: $(head -3 "$dir/quiet.err")"
for f in report.md verdict.md report.csv results/original-x1.json results/edges-x2.json \
         gate/original-vs-random.json gate/edges-vs-random.json gate/edges-vs-greedy.json \
         plots/draw_rate.png plots/draw_vs_budget.png plots/game_length.png; do
  [ -s "$dir/out/$f" ] || fail "missing $f"
done
rows=$(($(wc -l < "$dir/out/report.csv") - 1))
[ "$rows" -eq 4 ] || fail "expected 4 CSV rows (2 rule sets x 2 budgets), got $rows"
grep -q "^| original |" "$dir/out/report.md" || fail "no original row in report.md"
grep -q "^## Verdict" "$dir/out/report.md" || fail "no verdict in report.md"
grep -q "^## Strength gate" "$dir/out/report.md" || fail "no strength gate in report.md"
grep -Eq '^\| edges \| [0-9]+-[0-9]+-[0-9]+, [0-9.]+ % \[[0-9]+–[0-9]+\](, decided after 1 of 2)? \| [0-9]+-[0-9]+-[0-9]+, [0-9.]+ % \[[0-9]+–[0-9]+\](, decided after 1 of 2)? \| passes \|$' \
  "$dir/out/report.md" || fail "no passing gate row for edges: $(grep '^| edges' "$dir/out/report.md")"
grep -q '^- `edges` (W-D-L .*): \(shown\|not shown\): the builder\|^- `edges` (W-D-L .*): not shown (\|^- `edges` (W-D-L .*): not shown: no difference' \
  "$dir/out/report.md" || fail "edges passes the gate but has no Fisher verdict"
grep -q '^| edges | \*\*\(removes the wall\|does not remove the wall\|not shown\)\*\*' \
  "$dir/out/verdict.md" || fail "no status for edges in verdict.md: $(grep '^| edges' "$dir/out/verdict.md")"
# verdict.md has no date: remade from the same cells, the same bytes.
cp "$dir/out/verdict.md" "$dir/verdict.before"
"$bin" lab --config "$dir/tiny.yaml" --out "$dir/out" --quiet >/dev/null 2>&1 || fail "remake exited $?"
cmp -s "$dir/verdict.before" "$dir/out/verdict.md" || fail "verdict.md differs when remade"

# The plot script names its files relative to the plots folder: a copy of the
# report replots anywhere.
grep -q "$dir" "$dir/out/plots/plots.gp" && fail "plots.gp holds the absolute path $dir"
cp -r "$dir/out/plots" "$dir/moved"
rm "$dir/moved/"*.png
(cd "$dir/moved" && gnuplot plots.gp 2>/dev/null) || fail "the copied plots.gp does not run"
[ -s "$dir/moved/draw_rate.png" ] || fail "the copied plots.gp wrote no draw_rate.png"

# Resume: every cell is read back, nothing is replayed.
log=$("$bin" lab --config "$dir/tiny.yaml" --out "$dir/out" 2>&1 >/dev/null) || fail "rerun exited $?"
[ "$(printf '%s\n' "$log" | grep -c 'done before')" -eq 8 ] || fail "rerun did not resume: $log"

# An agent that fails the gate (its file says it lost both games) is not
# shown in the verdict, whatever its builder games say.
sed -i -E 's/"(wins|draws)": [0-9]+/"\1": 0/; s/"losses": [0-9]+/"losses": 2/' \
  "$dir/out/gate/edges-vs-random.json"
"$bin" lab --config "$dir/tiny.yaml" --out "$dir/out" --report-only --quiet >/dev/null 2>&1 ||
  fail "--report-only with a failed gate exited $?"
grep -q '^| edges | 0-0-2, 0.0 % \[0–66\] | [0-9]-[0-9]-[0-9], .* | fails |$' "$dir/out/report.md" ||
  fail "no failing gate row: $(grep '^| edges' "$dir/out/report.md")"
grep -q '^- `edges` (W-D-L .*): not shown: the agent of `edges` fails the strength gate (it scores 0.0 % against `random`, below 1 %).$' \
  "$dir/out/report.md" || fail "a failing agent kept its verdict: $(grep '^- `edges`' "$dir/out/report.md")"
grep -q '^| edges | \*\*not shown\*\*: the agent of `edges` fails the strength gate (it scores 0.0 % against `random`, below 1 %) |' \
  "$dir/out/verdict.md" || fail "a failing agent kept its status: $(grep '^| edges' "$dir/out/verdict.md")"
# Once the agent fails an opponent, the later ones are not played.
rm "$dir/out/gate/edges-vs-greedy.json"
"$bin" lab --config "$dir/tiny.yaml" --out "$dir/out" >/dev/null 2>"$dir/early.err" ||
  fail "a rerun after a failed gate exited $?"
grep -q "edges gate: fails against random; the later opponents are not played" "$dir/early.err" ||
  fail "no early end of a failed gate: $(cat "$dir/early.err")"
[ ! -e "$dir/out/gate/edges-vs-greedy.json" ] || fail "the gate played greedy after failing random"
grep -q '^| edges | 0-0-2, 0.0 % \[0–66\] | not played | fails |$' "$dir/out/report.md" ||
  fail "no unplayed opponent after a failure: $(grep '^| edges' "$dir/out/report.md")"

# A match decided by its first game keeps the games it was to have: read
# back and reported as such; a file whose games decide nothing (a match that
# stopped under a looser bar) is reported undecided, its agent not admitted,
# and the next run that plays extends it (tests/cli/lab_gate_extend.sh).
printf '{"rule_set": "edges", "opponent": "random", "agent": "uct:4:rollout_plies=10", "wins": 1, "draws": 0, "losses": 0, "seconds": 1, "planned_games": 2}\n' \
  > "$dir/out/gate/edges-vs-random.json"
"$bin" lab --config "$dir/tiny.yaml" --out "$dir/out" --report-only --quiet >/dev/null 2>&1 ||
  fail "--report-only with a curtailed gate file exited $?"
grep -q '^| edges | 1-0-0, 100.0 % \[21–100\], decided after 1 of 2 | ' "$dir/out/report.md" ||
  fail "no curtailed gate row: $(grep '^| edges' "$dir/out/report.md")"
sed -i 's/"wins": 1/"wins": 0/; s/"losses": 0/"losses": 1/' "$dir/out/gate/edges-vs-random.json"
"$bin" lab --config "$dir/tiny.yaml" --out "$dir/out" --report-only --quiet >/dev/null 2>"$dir/undecided.err" ||
  fail "--report-only with an undecided gate file exited $?: $(cat "$dir/undecided.err")"
grep -q '^| edges | 0-0-1, 0.0 % \[0–79\], undecided after 1 of 2 | .* not played |$' "$dir/out/report.md" ||
  fail "no undecided gate row: $(grep '^| edges' "$dir/out/report.md")"
sed -i 's/"losses": 1/"losses": 2/' "$dir/out/gate/edges-vs-random.json"

# A gate file of another game count (the config changed) is refused by name.
sed -i -E 's/"losses": [0-9]+/"losses": 3/' "$dir/out/gate/edges-vs-random.json"
"$bin" lab --config "$dir/tiny.yaml" --out "$dir/out" --report-only --quiet >/dev/null 2>"$dir/gate.err"
[ $? -eq 2 ] || fail "a gate file of 3 games: expected exit 2"
grep -q "edges-vs-random.json' holds 3 games, strength_gate.games is 2; remove it" "$dir/gate.err" ||
  fail "a gate file of 3 games: unclear message: $(cat "$dir/gate.err")"
rm "$dir/out/gate/edges-vs-random.json"

# --report-only reports finished cells without playing; nothing finished -> exit 2.
rm "$dir/out/results/edges-x2.json"
"$bin" lab --config "$dir/tiny.yaml" --out "$dir/out" --report-only --quiet >/dev/null 2>&1 ||
  fail "--report-only exited $?"
grep -q "Partial report: 3 of 4" "$dir/out/report.md" || fail "partial report not marked"
[ ! -e "$dir/out/results/edges-x2.json" ] || fail "--report-only played a cell"
"$bin" lab --config "$dir/tiny.yaml" --out "$dir/empty" --report-only >/dev/null 2>&1
[ $? -eq 2 ] || fail "--report-only without results: expected exit 2"

"$bin" lab --config "$dir/tiny.yaml" --out "$dir/out" --only nosuch >/dev/null 2>&1
[ $? -eq 2 ] || fail "--only with an unknown rule set: expected exit 2"

# A game that fails (an exception on one of the match's threads) ends the
# lab with one line naming the cell and exit 1, not an abort, and leaves
# neither the cell nor a temporary of it: only the cell's journal (its
# settings and the games that ended before the failure), which a rerun
# resumes from.
INCHZERO_FAULT=throw:lab_game_move:5 "$bin" lab --config "$dir/tiny.yaml" --out "$dir/fail" \
  --quiet >/dev/null 2>"$dir/fail.err"
code=$?
[ "$code" -eq 1 ] || fail "a failing game: expected exit 1, got $code: $(cat "$dir/fail.err")"
[ "$(wc -l < "$dir/fail.err")" -eq 1 ] || fail "a failing game: not one line: $(cat "$dir/fail.err")"
grep -q "rule set 'original' x1: a game failed, the cell was not written: injected fault" \
  "$dir/fail.err" || fail "a failing game: unclear message: $(cat "$dir/fail.err")"
[ "$(ls -A "$dir/fail/results" 2>/dev/null)" = original-x1.games.jsonl ] ||
  fail "a failing game left $(ls "$dir/fail/results")"

# One lab per folder: while another process holds its lab.lock (here this
# shell, through flock(1) on fd 9), a lab on it is refused with exit 2.
exec 9>"$dir/out/lab.lock"
flock -n 9 || fail "flock(1) could not take the lab's lock"
"$bin" lab --config "$dir/tiny.yaml" --out "$dir/out" --quiet >/dev/null 2>"$dir/held.err"
code=$?
[ "$code" -eq 2 ] || fail "a held lab folder: expected exit 2, got $code"
grep -q "another inchzero lab (pid .*) is using $dir/out; stop it first" "$dir/held.err" ||
  fail "a held lab folder: unclear message: $(cat "$dir/held.err")"
exec 9>&-

printf 'rule_sets: []\nbogus: 1\n' > "$dir/bad.yaml"
"$bin" lab --config "$dir/bad.yaml" --out "$dir/bad" >/dev/null 2>&1
[ $? -eq 2 ] || fail "bad config: expected exit 2"
echo ok
