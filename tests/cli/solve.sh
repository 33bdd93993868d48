#!/usr/bin/env bash
# `inchzero solve` (docs/solved-boards.md): a tiny board solves, the summary
# line agrees with the file it wrote, the file is gzip JSON lines whose
# closing line counts its positions, and bad input is refused with exit 2
# (history-dependent rules, unsolvable games, a bad option) or exit 1 (a
# board over --max-positions) and leaves no file behind; --check-network
# reports against a solution; a run with evaluation.solution records it.
set -euo pipefail
bin=${1:?usage: solve.sh path/to/inchzero}
source "$(dirname "$0")/lib/common.bash"

# 1. A tiny Invector board: summary line, file header and count agree.
"$bin" solve --game invector --set width=3 --set height=4 --set max_plies=6 \
  --out "$tmp/inv.jsonl.gz" --quiet >"$tmp/out" || fail "solve exited $?"
line=$(cat "$tmp/out")
[[ "$line" =~ ^solved\ invector\ .*:\ ([0-9]+)\ positions,\ ([0-9]+)\ terminal,\ start\ is\ a\ (win|draw|loss) ]] ||
  fail "summary line: $line"
positions=${BASH_REMATCH[1]}
[ "$positions" -gt 100 ] || fail "only $positions positions"
zcat "$tmp/inv.jsonl.gz" >"$tmp/inv.jsonl" || fail "the solution file is not gzip"
head -1 "$tmp/inv.jsonl" | grep -q '"format":"inchzero-solution"' || fail "header: $(head -1 "$tmp/inv.jsonl")"
head -1 "$tmp/inv.jsonl" | grep -q "\"positions\":$positions," || fail "header count is not $positions"
[ "$(tail -1 "$tmp/inv.jsonl")" = "{\"end\":$positions}" ] || fail "closing line: $(tail -1 "$tmp/inv.jsonl")"
[ "$(($(wc -l <"$tmp/inv.jsonl") - 2))" = "$positions" ] || fail "line count differs from $positions"
ls "$tmp" | grep -q '\.tmp\.' && fail "a temporary file was left behind"

# 2. The same board solves to the same file content (the walk is deterministic).
"$bin" solve --game invector --set width=3 --set height=4 --set max_plies=6 \
  --out "$tmp/inv2.jsonl.gz" --quiet >/dev/null || fail "second solve exited $?"
cmp -s <(zcat "$tmp/inv2.jsonl.gz" | grep -v '"format"') <(grep -v '"format"' "$tmp/inv.jsonl") ||
  fail "two solves of one board differ"

# 3. Inchworm with compound moves, and Steere's Inchworm.
"$bin" solve --game inchworm --set width=3 --set height=3 --set stock=2 --set target_score=1 \
  --set max_plies=5 --set repetition_draw=0 --out "$tmp/iw.jsonl.gz" --quiet >"$tmp/out" ||
  fail "inchworm solve exited $?"
zcat "$tmp/iw.jsonl.gz" >"$tmp/iw.jsonl" || fail "inchworm file is not gzip"
grep -q ' |' "$tmp/iw.jsonl" || fail "no position inside a compound move was solved"
"$bin" solve --game steere-inchworm --set width=3 --set height=3 --set max_plies=10 \
  --out "$tmp/st.jsonl.gz" --quiet >/dev/null || fail "steere solve exited $?"

# 4. Refusals: exit 2 with a message naming the problem, no file written.
expect_bad_input "$bin" solve --game inchworm --set width=3 --set height=3 --set max_plies=20 \
  --out "$tmp/bad.gz" --quiet
grep -q "repetition_draw" "$tmp/err" || fail "repetition refusal does not name the option: $(cat "$tmp/err")"
expect_bad_input "$bin" solve --game inchworm-chess --rules fide --out "$tmp/bad.gz" --quiet
grep -q "inchworm-chess" "$tmp/err" || fail "chess refusal does not name the game: $(cat "$tmp/err")"
expect_bad_input "$bin" solve --game invector --set width=4 --set height=4 --out "$tmp/bad.gz" --quiet
expect_bad_input "$bin" solve --game invector --out "$tmp/bad.gz" --max-positions 0
expect_bad_input "$bin" solve --game invector --set width=3 --set height=4
[ ! -e "$tmp/bad.gz" ] || fail "a refused solve wrote its file"

# 5. Too big for --max-positions: exit 1, one line naming the limit, no file.
rc=0
"$bin" solve --game invector --set width=3 --set height=4 --max-positions 1000 \
  --out "$tmp/big.gz" --quiet >"$tmp/out" 2>"$tmp/err" || rc=$?
[ "$rc" = 1 ] || fail "over --max-positions: exit $rc, want 1"
grep -q "more than 1000 positions" "$tmp/err" || fail "limit message: $(cat "$tmp/err")"
[ ! -e "$tmp/big.gz" ] || fail "an abandoned solve wrote its file"

# 6. --check-network against the Inchworm solution with the uniform baseline:
#    the summary line's counts, JSON output, and its refusals.
"$bin" solve --check-network uniform --solution "$tmp/iw.jsonl.gz" --sample 50 --visits 4 \
  --quiet >"$tmp/out" || fail "check exited $?"
grep -Eq '^uniform on [0-9]+ of [0-9]+ contested positions \(seed 1\): raw policy not optimal [0-9.]+ %, search \(4 visits\) not optimal [0-9.]+ %; mean value error [0-9.]+ on 50 of [0-9]+ positions$' \
  "$tmp/out" || fail "check summary: $(cat "$tmp/out")"
"$bin" solve --check-network uniform --solution "$tmp/iw.jsonl.gz" --sample 50 --visits 0 \
  --format json --quiet >"$tmp/out" || fail "check --format json exited $?"
python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); assert j["positions"] == 50 and j["search_error"] is None, j' \
  "$tmp/out" || fail "check json: $(cat "$tmp/out")"
"$bin" solve --check-network uniform --solution "$tmp/iw.jsonl.gz" --sample 20 --visits 8 \
  --search gumbel=true --search score_utility=0.5 --quiet >"$tmp/out" ||
  fail "check with --search exited $?"
expect_bad_input "$bin" solve --check-network uniform --solution "$tmp/iw.jsonl.gz" \
  --search no_such_setting=1 --quiet
grep -q "no_such_setting" "$tmp/err" || fail "bad --search: $(cat "$tmp/err")"
expect_bad_input "$bin" solve --check-network uniform
expect_bad_input "$bin" solve --check-network uniform --solution "$tmp/iw.jsonl.gz" --game invector
head -c 300 "$tmp/iw.jsonl.gz" >"$tmp/cut.gz"
expect_bad_input "$bin" solve --check-network uniform --solution "$tmp/cut.gz" --quiet
grep -q "damaged" "$tmp/err" || fail "cut file: $(cat "$tmp/err")"
expect_bad_input "$bin" solve --check-network "$tmp/no-such.pt" --solution "$tmp/iw.jsonl.gz" --quiet

# 7. A run measured against its board's solution (evaluation.solution; the
#    Inchworm board of part 3, whose captures decide some positions): the
#    iteration's metrics and summary line carry it; a solution of other rules
#    is refused before any self-play.
cat >"$tmp/run.yaml" <<YAML
inherits: inchworm
game: {name: inchworm, rules: "", set: [width=3, height=3, stock=2, target_score=1, max_plies=5,
                                        repetition_draw=0]}
network: {blocks: 1, channels: 8, value_hidden: 16}
selfplay: {workers: 1, games_per_worker: 16, full_visits: 8, cheap_visits: 4}
trainer: {batch_size: 32}
replay: {min_samples: 100}
iteration: {games: 16, games_per_shard: 16, min_window_samples: 10}
evaluation: {games_vs_previous: 0, games_vs_baselines: 0, occasional_every: 0, simulations: 4,
             solution: $tmp/iw.jsonl.gz, solution_sample: 30}
YAML
"$bin" run --config "$tmp/run.yaml" --out "$tmp/run" --iterations 1 --quiet >"$tmp/out" 2>&1 ||
  fail "run with a solution exited $?: $(cat "$tmp/out")"
grep -q "not optimal: policy [0-9.]* % search [0-9.]* %, value error" "$tmp/out" ||
  fail "summary line without the solution: $(cat "$tmp/out")"
python3 -c 'import json,sys
r = [json.loads(l) for l in open(sys.argv[1])][-1]
s = r["solution"]
assert s["contested"] == 30 and s["positions"] == 30 and 0 <= s["search_error"] <= 1, s' \
  "$tmp/run/metrics.jsonl" || fail "metrics: $(tail -1 "$tmp/run/metrics.jsonl")"
sed -i 's/max_plies=5/max_plies=4/' "$tmp/run.yaml"
expect_bad_input "$bin" run --config "$tmp/run.yaml" --out "$tmp/run2" --iterations 1 --quiet
grep -q "solved under rules" "$tmp/err" || fail "mismatched solution: $(cat "$tmp/err")"
[ ! -e "$tmp/run2/metrics.jsonl" ] || fail "a refused run started"

# --retrograde: no cap, cycles handled. The siege of a two-eyed group on
# 3x3 with Red's stock gone: the JSON answer, the best line replayed by
# `show`, the refusals.
tiny=(--game inchworm --set width=3 --set height=3 --set stock=4 --set target_score=4
  --set max_plies=0 --set repetition_draw=0)
"$bin" solve --retrograde "${tiny[@]}" --position "3/R1,R1,R1/1,R1,1 b 0,4 0,0 0,0" \
  --format json --quiet >"$tmp/retro.json" 2>"$tmp/err" || fail "solve --retrograde: $(cat "$tmp/err")"
python3 - "$tmp/retro.json" <<'PY' || fail "retrograde answer: $(cat "$tmp/retro.json")"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["value"] in (-1, 0, 1) and r["positions"] > 1000, r
assert r["wins"] + r["losses"] + r["forced_draws"] + r["endless_draws"] == r["positions"], r
assert r["endless"] == (r["value"] == 0 and r["distance"] == 0), r
open(sys.argv[1] + ".line", "w").write(" ".join(r["best_line"]))
PY
if [ -s "$tmp/retro.json.line" ]; then
  "$bin" show "${tiny[@]}" --position "3/R1,R1,R1/1,R1,1 b 0,4 0,0 0,0" \
    --moves "$(cat "$tmp/retro.json.line")" >/dev/null 2>"$tmp/err" ||
    fail "the best line does not replay: $(cat "$tmp/err")"
fi
"$bin" solve --retrograde "${tiny[@]}" --quiet >"$tmp/out" || fail "solve --retrograde (text)"
grep -q "value: " "$tmp/out" && grep -q "endless draws" "$tmp/out" || fail "text answer: $(cat "$tmp/out")"
# --positions: two sieges solved together, each as it is alone; --check
# measures a player against the solve.
cat >"$tmp/sieges.txt" <<'EOF'
# Red's two-eyed group, Red's stock gone
stock 0: 3/R1,R1,R1/1,R1,1 b 0,4 0,0 0,0

blue 3: 3/R1,R1,R1/1,R1,1 b 0,3 0,0 0,0
EOF
"$bin" solve --retrograde "${tiny[@]}" --positions "$tmp/sieges.txt" --check random \
  --sample 200 --conversions 20 --format json --quiet >"$tmp/both.json" 2>"$tmp/err" ||
  fail "solve --positions: $(cat "$tmp/err")"
python3 - "$tmp/retro.json" "$tmp/both.json" <<'PY' || fail "positions answer: $(cat "$tmp/both.json")"
import json, sys
alone, both = (json.load(open(f)) for f in sys.argv[1:])
s = both["solved"]
assert [x["label"] for x in s] == ["stock 0", "blue 3"], s
assert (s[0]["value"], s[0]["endless"], s[0]["distance"]) == (alone["value"], alone["endless"], alone["distance"]), (s[0], alone)
assert both["positions"] > alone["positions"], both
c = both["checks"][0]
assert c["player"] == "random" and c["checked"] == 200 and c["conversion"]["games"] == 20, c
assert 0 <= c["optimal"] < 200, c
PY
# --save keeps the solve; --load reads it instead of solving: the same
# answers and the same check of a player (its seed), without the rules
# options (they come from the file); other positions are looked up in it.
"$bin" solve --retrograde "${tiny[@]}" --positions "$tmp/sieges.txt" --save "$tmp/sieges.retro" \
  --quiet >/dev/null 2>"$tmp/err" || fail "solve --save: $(cat "$tmp/err")"
"$bin" solve --retrograde --load "$tmp/sieges.retro" --positions "$tmp/sieges.txt" --check random \
  --sample 200 --conversions 20 --format json --quiet >"$tmp/loaded.json" 2>"$tmp/err" ||
  fail "solve --load: $(cat "$tmp/err")"
"$bin" solve --retrograde --load "$tmp/sieges.retro" --format json --quiet >"$tmp/first.json" ||
  fail "solve --load (its first position)"
python3 - "$tmp/both.json" "$tmp/loaded.json" "$tmp/first.json" <<'PY' || fail "loaded answer: $(cat "$tmp/loaded.json")"
import json, sys
both, loaded, first = (json.load(open(f)) for f in sys.argv[1:])
for key in ("solved", "checks", "positions", "wins", "losses", "endless_draws", "rules"):
    assert loaded[key] == both[key], (key, loaded[key], both[key])
assert first["position"] == both["solved"][0]["position"] and first["value"] == both["solved"][0]["value"], first
PY
expect_bad_input "$bin" solve --retrograde --load "$tmp/sieges.retro" --position "3/3/3 r 4,4 0,0 0,0" --quiet
grep -q "is not in $tmp/sieges.retro" "$tmp/err" || fail "a position not in the file: $(cat "$tmp/err")"
expect_bad_input "$bin" solve --retrograde --load "$tmp/sieges.retro" "${tiny[@]}" --quiet
head -c 5000 "$tmp/sieges.retro" >"$tmp/cut.retro"
expect_bad_input "$bin" solve --retrograde --load "$tmp/cut.retro" --quiet
grep -q "damaged: cut short" "$tmp/err" || fail "a cut file: $(cat "$tmp/err")"
: >"$tmp/a-file"
expect_bad_input "$bin" solve --retrograde "${tiny[@]}" --save "$tmp/a-file/x.retro" --quiet
grep -q -- "--save: " "$tmp/err" || fail "an unwritable --save: $(cat "$tmp/err")"
printf 'ok: 3/R1,R1,R1/1,R1,1 b 0,4 0,0 0,0\nbad: 3/R1,R9,R1/1,R1,1 b 0,4 0,0 0,0\n' >"$tmp/bad.txt"
expect_bad_input "$bin" solve --retrograde "${tiny[@]}" --positions "$tmp/bad.txt" --quiet
grep -q "bad.txt' line 2" "$tmp/err" || fail "bad positions file: $(cat "$tmp/err")"
printf '# nothing\n' >"$tmp/empty.txt"
expect_bad_input "$bin" solve --retrograde "${tiny[@]}" --positions "$tmp/empty.txt" --quiet
grep -q "has no position" "$tmp/err" || fail "empty positions file: $(cat "$tmp/err")"
expect_bad_input "$bin" solve --retrograde "${tiny[@]}" --check nosuchplayer --quiet
expect_bad_input "$bin" solve --retrograde "${tiny[@]}" --sample 5 --quiet
grep -q "need --check-network or --check" "$tmp/err" || fail "--sample alone: $(cat "$tmp/err")"
expect_bad_input "$bin" solve --retrograde "${tiny[@]}" --memory 0.001 --quiet
grep -q "refused: the solve would need more than" "$tmp/err" || fail "memory limit: $(cat "$tmp/err")"
expect_bad_input "$bin" solve --game inchworm --position "3/3/3 r 4,4 0,0 0,0" --out "$tmp/x.jsonl.gz"
grep -q "need --retrograde" "$tmp/err" || fail "--position without --retrograde: $(cat "$tmp/err")"
expect_bad_input "$bin" solve --retrograde --game invector --quiet
grep -q "inchworm positions only" "$tmp/err" || fail "invector: $(cat "$tmp/err")"

# A no-capture limit: the count in layers (the default) and in the key
# (--counter-in-key) give one answer; the layered best line replays; --save
# needs the count in the key and is refused before the solve otherwise.
limited=(--game inchworm --set width=3 --set height=3 --set stock=3 --set target_score=2
  --set max_plies=0 --set repetition_draw=0 --set no_capture_limit=4)
from="3/3/3 r 3,3 0,0 0,0 0 1 0"
"$bin" solve --retrograde "${limited[@]}" --position "$from" --format json --quiet \
  >"$tmp/layers.json" 2>"$tmp/err" || fail "solve in layers: $(cat "$tmp/err")"
"$bin" solve --retrograde "${limited[@]}" --position "$from" --counter-in-key --format json \
  --quiet >"$tmp/keyed.json" 2>"$tmp/err" || fail "solve --counter-in-key: $(cat "$tmp/err")"
python3 - "$tmp/layers.json" "$tmp/keyed.json" <<'PY' || fail "layers against the key: $(cat "$tmp/layers.json" "$tmp/keyed.json")"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
assert (a["value"], a["distance"], a["endless"]) == (b["value"], b["distance"], b["endless"]), (a, b)
assert a["counter_layers"] == 5 and a["positions"] == 5 * a["base_positions"], a
assert b["counter_layers"] == 0 and a["endless_draws"] == 0, b
open(sys.argv[1] + ".line", "w").write(" ".join(a["best_line"]))
PY
"$bin" show "${limited[@]}" --position "$from" --moves "$(cat "$tmp/layers.json.line")" \
  >/dev/null 2>"$tmp/err" || fail "the layered best line does not replay: $(cat "$tmp/err")"
expect_bad_input "$bin" solve --retrograde "${limited[@]}" --save "$tmp/limited.retro" --quiet
grep -q -- "--counter-in-key" "$tmp/err" || fail "--save in layers: $(cat "$tmp/err")"
[ ! -e "$tmp/limited.retro" ] || fail "a refused --save left a file"
"$bin" solve --retrograde "${limited[@]}" --counter-in-key --save "$tmp/limited.retro" --quiet \
  >/dev/null 2>"$tmp/err" || fail "--save with --counter-in-key: $(cat "$tmp/err")"

echo "ok: solve ($positions positions on invector 3x4, 6 plies; retrograde)"
