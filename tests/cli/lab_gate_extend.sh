#!/usr/bin/env bash
# A gate match that stopped early under a looser bar goes on under a stricter
# one. Under `draw_score: 0.5` greedy's match against random stops once its
# first 4 games (1-3-0) reach 0.2 by score; made `draw_score: 0` (a draw is a
# failure) the same match is undecided: the report must say so and admit no
# agent, and the next run must extend the match from its 4 games to the very
# W-D-L a lab run under draw_score 0 from nothing counts (but for its time).
set -u
bin=${1:?usage: lab_gate_extend.sh path/to/inchzero}
fail() { echo "FAIL: $*" >&2; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

for draw in 0.5 0; do
  cat > "$dir/gate$draw.yaml" <<YAML
description: gate extend
agent: greedy
budgets: [1]
games: 2
wall_games: 2
threads: 2
overrides: [width=4, height=4, stock=5, target_score=6, max_plies=40]
strength_gate:
  games: 12
  opponents: [{ player: random, min_score: 0.2, draw_score: $draw }]
rule_sets:
  - { name: original }
YAML
done
gate=gate/original-vs-random.json
strip() { grep -v '"seconds"' "$1" | tr -d ' \n'; }

"$bin" lab --config "$dir/gate0.yaml" --out "$dir/whole" --quiet >/dev/null 2>"$dir/whole.err" ||
  fail "the lab under draw_score 0 exited $?: $(cat "$dir/whole.err")"
"$bin" lab --config "$dir/gate0.5.yaml" --out "$dir/loose" --quiet >/dev/null 2>"$dir/loose.err" ||
  fail "the lab under draw_score 0.5 exited $?: $(cat "$dir/loose.err")"
loose=$(strip "$dir/loose/$gate")
whole=$(strip "$dir/whole/$gate")
case "$loose" in *'"planned_games":12'*) ;; *) fail "the loose match did not stop early: $loose" ;; esac
[ "$loose" != "$whole" ] || fail "the two bars counted the same games: nothing to extend ($loose)"

"$bin" lab --config "$dir/gate0.yaml" --out "$dir/loose" --report-only >/dev/null 2>"$dir/report.err" ||
  fail "--report-only under draw_score 0 exited $?: $(cat "$dir/report.err")"
grep -q "^| original | .*undecided after [0-9]* of 12 | not played |" "$dir/loose/report.md" ||
  fail "the report does not call the stopped match undecided: $(grep '^| original' "$dir/loose/report.md")"
grep -q "has not played \`random\` to a decision" "$dir/loose/report.md" ||
  fail "the verdict does not say why no agent is admitted"

"$bin" lab --config "$dir/gate0.yaml" --out "$dir/loose" >/dev/null 2>"$dir/extend.err" ||
  fail "the extending lab exited $?: $(cat "$dir/extend.err")"
grep -q "gate vs random (extended after [0-9]* games)" "$dir/extend.err" ||
  fail "the rerun did not extend the match: $(grep gate "$dir/extend.err")"
[ ! -e "$dir/loose/gate/original-vs-random.games.jsonl" ] || fail "the extension left its journal"
[ "$(strip "$dir/loose/$gate")" = "$whole" ] ||
  fail "the extended match $(strip "$dir/loose/$gate") differs from the whole one $whole"
echo "ok: a match stopped under a looser bar is reported undecided and extended to the whole match's count"
