#!/usr/bin/env bash
# The model zoo (docs/zoo.md): `zoo add` from a tiny one-iteration run into
# a temporary zoo, `zoo list/show`, zoo:NAME playing a match, a ladder and
# the lab, `zoo continue` (twice, training on as one run), the entry's game
# implied and contradicted, an unknown name,
# damaged entries, refused overwrites and names, and the 100 MB limit.
set -euo pipefail
bin=${1:?usage: zoo.sh path/to/inchzero}
source "$(dirname "$0")/lib/common.bash"
export INCHZERO_ZOO="$tmp/zoo"
# readme_ladder_is README LADDER_MD: the README's "## Ladder" section is
# ladder.md with its headings two levels down and its picture in ladder/.
readme_ladder_is() {
  python3 - "$1" "$2" <<'EOF'
import sys
readme, ladder = (open(p).read() for p in sys.argv[1:])
section = readme[readme.index("\n## Ladder\n") + len("\n## Ladder\n"):]
# Entries rated before the Elo curve existed end with the ladder.
curve = section.find("\n### Elo over training time\n")
section = (section if curve < 0 else section[:curve]).strip()
want = (ladder.replace("# Ladder:", "### Ladder:", 1).replace("\n## Pairings", "\n#### Pairings")
        .replace("![ratings](ratings.png)", "![ratings](ladder/ratings.png)").strip())
sys.exit(0 if section == want else 1)
EOF
}

tiny_network inchworm "$tmp/run"
"$bin" zoo add --run "$tmp/run" --name tiny-inchworm >"$tmp/out" || fail "zoo add exited $?"
grep -q "^added $tmp/zoo/tiny-inchworm$" "$tmp/out" || fail "zoo add said: $(cat "$tmp/out")"
entry="$tmp/zoo/tiny-inchworm"
for f in network.pt metadata.json config.yaml metrics.jsonl README.md; do
  [ -s "$entry/$f" ] || fail "the entry has no $f"
done
cmp -s "$entry/network.pt" "$tmp/run/networks/net-000001.pt" || fail "network.pt is not the run's newest"
cmp -s "$entry/config.yaml" "$tmp/run/config.yaml" || fail "config.yaml is not the run's"
python3 -c 'import json,sys; m=json.load(open(sys.argv[1])); assert m["game"]=="inchworm" and m["iteration"]==1, m' \
  "$entry/metadata.json" || fail "metadata.json: wrong game or iteration"
grep -q "inchzero run --config models/tiny-inchworm/config.yaml" "$entry/README.md" ||
  fail "the README has no command that reproduces the run"
grep -q "inchzero play --opponent zoo:tiny-inchworm" "$entry/README.md" || fail "the README says not how to play it"
[ -z "$(ls -A "$tmp/zoo" | grep -v '^tiny-inchworm$')" ] || fail "zoo add left: $(ls -A "$tmp/zoo")"

# list and show.
"$bin" zoo list >"$tmp/list" || fail "zoo list exited $?"
grep -Eq '^tiny-inchworm +inchworm +original' "$tmp/list" || fail "zoo list: $(cat "$tmp/list")"
grep -q "^1 networks in $tmp/zoo" "$tmp/list" || fail "zoo list has no total: $(cat "$tmp/list")"
"$bin" zoo show tiny-inchworm >"$tmp/show" || fail "zoo show exited $?"
grep -Eq '^  network.pt +[0-9]+ bytes' "$tmp/show" || fail "zoo show lists no network: $(cat "$tmp/show")"
grep -q '^# tiny-inchworm' "$tmp/show" || fail "zoo show has no README"
grep -Eq '^game inchworm, .*; network inchworm .* [0-9]+ parameters' "$tmp/show" ||
  fail "zoo show did not load the network: $(cat "$tmp/show")"

# zoo:NAME plays a match in the entry's game, with no --game; another game is refused.
"$bin" match --p0 zoo:tiny-inchworm:sims=2 --p1 random --games 2 --threads 1 --quiet \
  --json "$tmp/match.json" >"$tmp/out" 2>"$tmp/err" || fail "match with zoo:NAME: $(cat "$tmp/err")"
grep -q '^zoo:tiny-inchworm:sims=2 (p0) vs random' "$tmp/out" || fail "match: $(head -1 "$tmp/out")"
python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); assert j["game"]=="inchworm" and j["rules"].startswith("original"), j' \
  "$tmp/match.json" || fail "the match did not play the entry's rules"
# The JSON records how the network searched (the entry's settings) and the
# rule values: with the specs, what replays the match.
python3 - "$tmp/match.json" "$entry/config.yaml" <<'PY' || fail "the match JSON lacks the entry's search"
import json, re, sys
j = json.load(open(sys.argv[1]))
# score_utility: the recipe's 0.5, not the default 0.
utility = float(re.search(r"^    score_utility: (\S+)$", open(sys.argv[2]).read(), re.M).group(1))
assert utility != 0 and j["search"]["score_utility"] == utility, (j.get("search"), utility)
assert "target_score: 10" in j["rule_values"].splitlines(), j["rule_values"]
PY
expect_bad_input "$bin" match --p0 zoo:tiny-inchworm --p1 random --games 1 --game invector
grep -q "zoo:tiny-inchworm plays inchworm.*but --game/--rules/--set give invector" "$tmp/err" ||
  fail "contradicting game: $(cat "$tmp/err")"
expect_bad_input "$bin" match --p0 zoo:tiny-inchworm --p1 random --games 1 --rules menke
grep -q "but --game/--rules/--set give inchworm (rules menke" "$tmp/err" ||
  fail "contradicting rules: $(cat "$tmp/err")"
# Other commands that take a network take zoo:NAME.
"$bin" export --format portable --model zoo:tiny-inchworm --out "$tmp/export" >"$tmp/out" ||
  fail "export --model zoo:NAME exited $?"
[ -s "$tmp/export/weights.bin" ] || fail "export of zoo:NAME wrote no weights"

# The lab takes a zoo network as a rule set's agent (run: zoo:NAME).
printf '%s\n' 'agent: "net:{agent}:sims={sims}"' 'simulations: 2' 'budgets: [1]' 'games: 2' \
  'wall_games: 0' 'threads: 1' 'strength_gate: { games: 0 }' 'rule_sets:' \
  '  - { name: original, set: [target_score=10], run: "zoo:tiny-inchworm" }' >"$tmp/lab.yaml"
"$bin" lab --config "$tmp/lab.yaml" --out "$tmp/lab" --quiet >"$tmp/out" 2>&1 ||
  fail "lab with run: zoo:NAME: $(tail -3 "$tmp/out")"
grep -q '"agent": "net:zoo:tiny-inchworm:sims=2"' "$tmp/lab/results/original-x1.json" ||
  fail "the lab did not play the zoo network"

# A ladder with the zoo network, kept with the entry (--force); list shows its Elo.
"$bin" ladder --players zoo:tiny-inchworm:sims=2 random --games 2 --threads 1 --out "$tmp/ladder" \
  --quiet >/dev/null 2>&1 || fail "ladder with zoo:NAME failed"
# The zoo network searches as its run did (the entry's selfplay.search), not
# with the defaults.
python3 - "$tmp/ladder/ladder.json" "$entry/config.yaml" <<'PY' || fail "the ladder's search is not the entry's"
import json, re, sys
search = json.load(open(sys.argv[1]))["search"]
config = open(sys.argv[2]).read()
def value(key):
    return re.search(r"^    " + key + r": (\S+)$", config, re.M).group(1)
assert search["gumbel"] == (value("gumbel") == "true"), (search["gumbel"], value("gumbel"))
assert abs(search["score_utility"] - float(value("score_utility"))) < 1e-9, search
assert abs(search["c_puct"] - float(value("c_puct"))) < 1e-9, search
PY
expect_bad_input "$bin" zoo add --run "$tmp/run" --name tiny-inchworm --ladder "$tmp/ladder"
grep -q "exists.*--force" "$tmp/err" || fail "overwrite without --force: $(cat "$tmp/err")"
[ ! -d "$entry/ladder" ] || fail "a refused add changed the entry"
"$bin" zoo add --run "$tmp/run" --name tiny-inchworm --ladder "$tmp/ladder" --force >/dev/null ||
  fail "zoo add --force exited $?"
[ -s "$entry/ladder/ladder.md" ] && [ -s "$entry/ladder/ladder.csv" ] || fail "no ladder in the entry"
grep -q '^## Ladder' "$entry/README.md" && grep -q 'zoo:tiny-inchworm:sims=2' "$entry/README.md" ||
  fail "the README has no ladder table"
grep -q '^### Ladder: inchworm' "$entry/README.md" && grep -q '](ladder/ratings.png)' "$entry/README.md" ||
  fail "the README's ladder section: headings or picture path"
"$bin" zoo list >"$tmp/list"
# Rounded half away from zero, as zoo list does (Python's round() goes to even).
elo=$(python3 -c 'import csv,math,sys; print([int(math.copysign(math.floor(abs(float(r["elo"])) + 0.5), float(r["elo"]))) for r in csv.DictReader(open(sys.argv[1])) if r["player"].startswith("zoo:")][0])' "$tmp/ladder/ladder.csv")
grep -Eq "^tiny-inchworm .* $elo \[-?[0-9]+, -?[0-9]+\]$" "$tmp/list" ||
  fail "zoo list has not the ladder's Elo $elo: $(cat "$tmp/list")"
# A ladder run before the entry existed names the network as net:RUN; one
# without this network is refused.
"$bin" ladder --players "net:$tmp/run:sims=2" random --games 2 --threads 1 --out "$tmp/ladder-net" \
  --quiet >/dev/null 2>&1 || fail "ladder with net:RUN failed"
"$bin" zoo add --run "$tmp/run" --name tiny-inchworm --ladder "$tmp/ladder-net" --force >/dev/null ||
  fail "zoo add with a net:RUN ladder exited $?"
grep -q "\"ladder_player\": \"net:$tmp/run:sims=2\"" "$entry/metadata.json" ||
  fail "the ladder's player was not recorded"
"$bin" ladder --players random greedy --games 2 --threads 1 --out "$tmp/ladder-other" --quiet \
  >/dev/null 2>&1 || fail "ladder random greedy failed"
expect_bad_input "$bin" zoo add --run "$tmp/run" --name tiny-inchworm --ladder "$tmp/ladder-other" --force
grep -q "rates no player that is .*(players: random, greedy)" "$tmp/err" || fail "other ladder: $(cat "$tmp/err")"
[ -s "$entry/ladder/ladder.csv" ] || fail "a refused add changed the entry"

# zoo rate: a ladder recorded for the entry without its run (the run folder
# is not needed). From the net:RUN ladder back to the zoo:NAME one.
cp "$entry/network.pt" "$tmp/network-before.pt"
cp "$entry/metadata.json" "$tmp/metadata-before.json"
"$bin" zoo rate tiny-inchworm --ladder "$tmp/ladder" >"$tmp/out" || fail "zoo rate exited $?"
grep -q "^rated $entry$" "$tmp/out" || fail "zoo rate said: $(cat "$tmp/out")"
grep -q '"ladder_player": "zoo:tiny-inchworm:sims=2"' "$entry/metadata.json" ||
  fail "zoo rate did not record the ladder's player: $(grep ladder_player "$entry/metadata.json")"
for f in ladder.md ladder.csv ratings.png; do
  cmp -s "$entry/ladder/$f" "$tmp/ladder/$f" || fail "zoo rate: ladder/$f is not the ladder's"
done
cmp -s "$entry/network.pt" "$tmp/network-before.pt" || fail "zoo rate changed network.pt"
[ "$(grep -c '^## Ladder$' "$entry/README.md")" = 1 ] || fail "zoo rate: not one Ladder section"
grep -q "^inchzero run --config models/tiny-inchworm/config.yaml" "$entry/README.md" ||
  fail "zoo rate lost the README's other sections"
readme_ladder_is "$entry/README.md" "$tmp/ladder/ladder.md" ||
  fail "zoo rate: the README's Ladder section is not ladder.md"
"$bin" zoo list >"$tmp/list" || fail "zoo list after zoo rate exited $?"
[ -z "$(ls -A "$tmp/zoo" | grep -v '^tiny-inchworm$')" ] || fail "zoo rate left: $(ls -A "$tmp/zoo")"
# Refused, the entry unchanged: a ladder without this network, a folder
# without ladder.md, an unknown entry.
cp "$entry/metadata.json" "$tmp/metadata-rated.json"
expect_bad_input "$bin" zoo rate tiny-inchworm --ladder "$tmp/ladder-other"
grep -q "rates no player that is" "$tmp/err" || fail "rate, other ladder: $(cat "$tmp/err")"
mkdir -p "$tmp/empty-ladder"
expect_bad_input "$bin" zoo rate tiny-inchworm --ladder "$tmp/empty-ladder"
grep -q "has no ladder.md" "$tmp/err" || fail "rate, no ladder.md: $(cat "$tmp/err")"
expect_bad_input "$bin" zoo rate nope --ladder "$tmp/ladder"
grep -q "no zoo network 'nope'" "$tmp/err" || fail "rate, unknown entry: $(cat "$tmp/err")"
cmp -s "$entry/metadata.json" "$tmp/metadata-rated.json" || fail "a refused zoo rate changed the entry"
cmp -s "$entry/ladder/ladder.csv" "$tmp/ladder/ladder.csv" || fail "a refused zoo rate changed ladder/"

# zoo continue: the entry's training goes on as the same run, here and
# again from the entry that run makes (another zoo: the checks below count
# this one's entries).
"$bin" zoo continue tiny-inchworm --out "$tmp/cont" --iterations 1 >"$tmp/out" ||
  fail "zoo continue exited $?"
grep -q "^continued tiny-inchworm in $tmp/cont; train it with: inchzero run --out $tmp/cont$" "$tmp/out" ||
  fail "zoo continue said: $(cat "$tmp/out")"
cmp -s "$entry/network.pt" "$tmp/cont/networks/net-000001.pt" || fail "the continued run's network is not the entry's"
cmp -s "$entry/checkpoint.pt" "$tmp/cont/checkpoints/ckpt-000001.pt" || fail "the continued run's checkpoint is not the entry's"
seed_of() { sed -n 's/^seed: //p' "$1"; }
[ "$(seed_of "$tmp/cont/config.yaml")" = "$(seed_of "$entry/config.yaml")" ] || fail "the continued run has another seed"
# Refused, nothing written: an existing folder, no budget or two, an entry without its checkpoint.
# Its learning rate goes on from the rate the entry's last iteration trained
# at (the recipe's peak would restart the schedule), or is --learning-rate.
config_learning_rate_is() {
  python3 - "$@" <<'PY'
import json, re, sys
config, want = open(sys.argv[1]).read(), sys.argv[2]
if want.endswith(".jsonl"):
    want = [json.loads(l) for l in open(want)][-1]["train"]["learning_rate"]
got = float(re.search(r"^  learning_rate: (\S+)$", config, re.M).group(1))
assert float(want) > 0 and abs(got - float(want)) <= 1e-12 * float(want), (got, want)
PY
}
config_learning_rate_is "$tmp/cont/config.yaml" "$entry/metrics.jsonl" ||
  fail "the continued run's learning rate is not the entry's last"
"$bin" zoo continue tiny-inchworm --out "$tmp/cont-lr" --iterations 1 --learning-rate 0.0005 >/dev/null ||
  fail "zoo continue --learning-rate exited $?"
config_learning_rate_is "$tmp/cont-lr/config.yaml" 0.0005 || fail "zoo continue --learning-rate was not kept"
rc=0; "$bin" zoo continue tiny-inchworm --out "$tmp/cont-lr0" --iterations 1 --learning-rate 0 >/dev/null 2>&1 || rc=$?
[ "$rc" != 0 ] && [ ! -e "$tmp/cont-lr0" ] || fail "zoo continue --learning-rate 0 was accepted"
expect_bad_input "$bin" zoo continue tiny-inchworm --out "$tmp/cont" --iterations 1
grep -q "'$tmp/cont' exists" "$tmp/err" || fail "continue into an existing folder: $(cat "$tmp/err")"
expect_bad_input "$bin" zoo continue tiny-inchworm --out "$tmp/cont-none"
grep -q "exactly one of --minutes and --iterations" "$tmp/err" || fail "continue without a budget: $(cat "$tmp/err")"
rc=0; "$bin" zoo continue tiny-inchworm --out "$tmp/cont-both" --minutes 1 --iterations 1 >/dev/null 2>&1 || rc=$?
[ "$rc" != 0 ] || fail "continue with --minutes and --iterations was accepted"
mkdir -p "$tmp/zoo-nockpt" && cp -r "$entry" "$tmp/zoo-nockpt/tiny" && rm "$tmp/zoo-nockpt/tiny/checkpoint.pt"
expect_bad_input "$bin" zoo continue tiny --zoo "$tmp/zoo-nockpt" --out "$tmp/cont-none" --iterations 1
grep -q "keeps no checkpoint.pt" "$tmp/err" || fail "continue without a checkpoint: $(cat "$tmp/err")"
[ ! -e "$tmp/cont-none" ] && [ ! -e "$tmp/cont-both" ] && [ -z "$(ls -A "$tmp" | grep '^\.cont')" ] ||
  fail "a refused continue left a folder"
# One more iteration: the run's iterations, time and samples go on from the entry's.
"$bin" run --out "$tmp/cont" --quiet >"$tmp/out" 2>&1 || fail "training the continued run: $(tail -3 "$tmp/out")"
grep -q "^resuming run $tmp/cont .* at iteration 1," "$tmp/out" || fail "the continued run did not resume: $(head -3 "$tmp/out")"
grep -q "^continued from zoo entry tiny-inchworm at iteration 1$" "$tmp/out" || fail "the continued run does not say so"
# continued_iteration_is RUN ENTRY_METRICS ITERATION: RUN's metrics are the
# entry's, then ITERATION with more run time, and its counts are the whole run's.
continued_iteration_is() {
  python3 - "$@" <<'PY'
import json, sys
run, entry_metrics, iteration = sys.argv[1], sys.argv[2], int(sys.argv[3])
rows = [json.loads(l) for l in open(run + "/metrics.jsonl")]
before = [json.loads(l) for l in open(entry_metrics)]
assert rows[:len(before)] == before, "the entry's metrics are not kept"
assert [r["iteration"] for r in rows] == [r["iteration"] for r in before] + [iteration], rows
assert rows[-1]["elapsed_minutes"] > before[-1]["elapsed_minutes"], "the run's time restarted"
state = json.load(open(run + "/run_state.json"))
start = json.load(open(run + "/continued_from.json"))
assert state["iterations"] == iteration, state
assert state["trained_samples"] > start["trained_samples"] > 0, (state, start)
assert rows[-1]["replay"]["total_games"] > start["games"] > 0, (rows[-1]["replay"], start)
PY
}
continued_iteration_is "$tmp/cont" "$entry/metrics.jsonl" 2 || fail "the continued run's record"
"$bin" zoo add --run "$tmp/cont" --name tiny-continued --zoo "$tmp/zoo2" >/dev/null || fail "zoo add of the continued run exited $?"
grep -q "| training | 2 iterations (the run's), .* samples; one run, continued from zoo entry tiny-inchworm at iteration 1 |" \
  "$tmp/zoo2/tiny-continued/README.md" || fail "the continued entry's README: $(grep training "$tmp/zoo2/tiny-continued/README.md")"
# And continued again, from what the continued run recorded.
"$bin" zoo continue tiny-continued --zoo "$tmp/zoo2" --out "$tmp/cont2" --iterations 1 >/dev/null ||
  fail "zoo continue of a continued entry exited $?"
python3 - "$tmp/cont" "$tmp/cont2" <<'PY' || fail "the second continuation does not start from the first's totals"
import json, sys
state = json.load(open(sys.argv[1] + "/run_state.json"))
last = [json.loads(l) for l in open(sys.argv[1] + "/metrics.jsonl")][-1]
start = json.load(open(sys.argv[2] + "/continued_from.json"))
assert start == {"entry": "tiny-continued", "iteration": 2, "trained_samples": state["trained_samples"],
                 "games": last["replay"]["total_games"]}, (start, state)
PY
"$bin" run --out "$tmp/cont2" --quiet >"$tmp/out" 2>&1 || fail "training the second continuation: $(tail -3 "$tmp/out")"
continued_iteration_is "$tmp/cont2" "$tmp/zoo2/tiny-continued/metrics.jsonl" 3 || fail "the second continuation's record"

# Elo over training time: a gauntlet of the run's checkpoints (iteration 0
# of the first folder, the entry continued from, and zoo:tiny-continued, the
# continued folder's iteration 2) against random; zoo rate puts each at the
# run time its iteration was recorded. Not points: random, a copy of a
# network outside any run folder, and one in a run folder whose record is
# another run's.
mkdir -p "$tmp/loose" "$tmp/fake/networks"
cp "$tmp/run/networks/net-000001.pt" "$tmp/loose/net.pt"
cp "$tmp/run/networks/net-000001.pt" "$tmp/fake/networks/net-000001.pt"
sed 's/"iteration":0/"iteration":0,"other":1/' "$tmp/run/metrics.jsonl" >"$tmp/fake/metrics.jsonl"
cmp -s "$tmp/run/metrics.jsonl" "$tmp/fake/metrics.jsonl" && fail "the fake run's record is the run's"
curve_players=("net:$tmp/run/networks/net-000000.pt:sims=2" "net:$tmp/cont/networks/net-000001.pt:sims=2"
  zoo:tiny-continued:sims=2 "net:$tmp/loose/net.pt:sims=2" "net:$tmp/fake/networks/net-000001.pt:sims=2")
gauntlet=(); for p in "${curve_players[@]}"; do gauntlet+=(--gauntlet "$p"); done
INCHZERO_ZOO="$tmp/zoo2" "$bin" ladder --players random "${gauntlet[@]}" --games 2 --threads 2 \
  --out "$tmp/ladder-curve" --quiet >"$tmp/out" 2>&1 || fail "the checkpoints' ladder: $(tail -3 "$tmp/out")"
"$bin" zoo rate tiny-continued --zoo "$tmp/zoo2" --ladder "$tmp/ladder-curve" >/dev/null || fail "zoo rate of the curve exited $?"
# curve_is ENTRY LADDER ITERATIONS...: the entry's elo_curve.json has these
# iterations, each at its metrics line's time, with its Elo from LADDER
# (the iterations LADDER rates) or kept from the curve saved in $tmp/curve-before.json.
curve_is() {
  python3 - "$@" <<'PY'
import csv, json, os, sys
entry, ladder, want = sys.argv[1], sys.argv[2], [int(i) for i in sys.argv[3:]]
curve = json.load(open(entry + "/ladder/elo_curve.json"))
points = curve["points"]
assert curve["anchor"] == "random" and [p["iteration"] for p in points] == want, points
minutes = {r["iteration"]: r["elapsed_minutes"] for r in map(json.loads, open(entry + "/metrics.jsonl"))}
rows = {r["player"]: r for r in csv.DictReader(open(ladder + "/ladder.csv"))}
before = {}
if os.path.exists(os.environ["CURVE_BEFORE"]):
    before = {p["iteration"]: p for p in json.load(open(os.environ["CURVE_BEFORE"]))["points"]}
for p in points:
    assert abs(p["hours"] - minutes[p["iteration"]] / 60) < 1e-9, (p, minutes)
    if p["player"] in rows:
        r = rows[p["player"]]
        assert (p["elo"], p["elo_low"], p["elo_high"], p["games"]) == (
            float(r["elo"]), float(r["elo_low"]), float(r["elo_high"]), int(r["games"])), (p, r)
    else:
        assert p == before[p["iteration"]], (p, before)
assert points[0]["hours"] < points[-1]["hours"], points
PY
}
c2="$tmp/zoo2/tiny-continued"
CURVE_BEFORE=/nonexistent curve_is "$c2" "$tmp/ladder-curve" 0 1 2 || fail "the Elo curve of the checkpoints"
python3 -c 'import json,sys; p=json.load(open(sys.argv[1]))["points"]; assert [q["player"] for q in p]==sys.argv[2:], p' \
  "$c2/ladder/elo_curve.json" "${curve_players[@]:0:3}" || fail "the curve's points are not the run's checkpoints"
grep -q '^### Elo over training time$' "$c2/README.md" || fail "the README has no Elo curve section"
[ "$(grep -c '^| [0-2] | [0-9.]* | [-+][0-9]* | \[' "$c2/README.md")" = 3 ] || fail "the README's curve table: $(grep -A8 'Elo over' "$c2/README.md")"
if command -v gnuplot >/dev/null; then
  [ -s "$c2/ladder/elo_curve.png" ] && grep -q '](ladder/elo_curve.png)' "$c2/README.md" ||
    fail "no Elo curve picture: $(cat "$c2/ladder/gnuplot.log" 2>/dev/null)"
fi
# Rated again by a ladder of the entry alone: the earlier points are kept.
cp "$c2/ladder/elo_curve.json" "$tmp/curve-before.json"
INCHZERO_ZOO="$tmp/zoo2" "$bin" ladder --players random zoo:tiny-continued:sims=2 --games 2 --threads 2 --seed 3 \
  --out "$tmp/ladder-entry" --quiet >/dev/null 2>&1 || fail "the entry's own ladder failed"
"$bin" zoo rate tiny-continued --zoo "$tmp/zoo2" --ladder "$tmp/ladder-entry" >/dev/null || fail "zoo rate again exited $?"
CURVE_BEFORE="$tmp/curve-before.json" curve_is "$c2" "$tmp/ladder-entry" 0 1 2 || fail "the earlier points were not kept"

# Bad names and inputs: one line, exit 2, nothing written.
expect_bad_input "$bin" match --p0 zoo:nope --p1 random --games 1
grep -q "no zoo network 'nope'.*available: tiny-inchworm" "$tmp/err" || fail "unknown: $(cat "$tmp/err")"
expect_bad_input "$bin" zoo show nope
expect_bad_input "$bin" zoo add --run "$tmp/run" --name Bad_Name
grep -q "zoo name 'Bad_Name' is not valid" "$tmp/err" || fail "bad name: $(cat "$tmp/err")"
expect_bad_input "$bin" zoo add --run "$tmp/no-run" --name x
grep -q "no training run" "$tmp/err" || fail "no run: $(cat "$tmp/err")"
tiny_network invector "$tmp/invector-run"
expect_bad_input "$bin" zoo add --run "$tmp/run" --name x --network "$tmp/invector-run/networks/net-000001.pt"
grep -q "invector" "$tmp/err" || fail "a network of another game was accepted: $(cat "$tmp/err")"
mkdir -p "$tmp/other/networks" && cp "$tmp/run/networks/net-000001.pt" "$tmp/other/networks/"
expect_bad_input "$bin" zoo add --run "$tmp/run" --name x --network "$tmp/other/networks/net-000001.pt"
grep -q "belongs to run .*other" "$tmp/err" || fail "a network of another run: $(cat "$tmp/err")"
[ ! -e "$tmp/zoo/x" ] || fail "a refused add left an entry"

# Damaged entries.
cp -r "$entry" "$tmp/zoo/damaged"
rm "$tmp/zoo/damaged/network.pt"
expect_bad_input "$bin" match --p0 zoo:damaged --p1 random --games 1
grep -q "zoo entry 'damaged'.* is damaged: network.pt is missing" "$tmp/err" || fail "missing: $(cat "$tmp/err")"
rc=0; "$bin" zoo list >"$tmp/list" 2>"$tmp/err" || rc=$?
[ "$rc" = 2 ] || fail "zoo list exited $rc with a damaged entry (want 2)"
grep -q "^tiny-inchworm " "$tmp/list" || fail "a damaged entry hid the others"
grep -q "^damaged .*network.pt is missing" "$tmp/list" || fail "zoo list: $(cat "$tmp/list")"
cp "$entry/network.pt" "$tmp/zoo/damaged/"
echo '{"game": ' >"$tmp/zoo/damaged/metadata.json"
expect_bad_input "$bin" zoo show damaged
grep -q "is damaged: metadata.json is not valid JSON" "$tmp/err" || fail "bad metadata: $(cat "$tmp/err")"
cp "$entry/metadata.json" "$tmp/zoo/damaged/"
head -c 1000 "$entry/network.pt" >"$tmp/zoo/damaged/network.pt"
expect_bad_input "$bin" match --p0 zoo:damaged --p1 random --games 1
grep -q "damaged" "$tmp/err" || fail "truncated network: $(cat "$tmp/err")"
expect_bad_input "$bin" zoo show damaged
grep -q "damaged" "$tmp/err" || fail "zoo show loaded a truncated network: $(cat "$tmp/err")"
rm -r "$tmp/zoo/damaged"

# The size limit: a (sparse) 101 MiB file fills the zoo; add refuses, list fails.
mkdir "$tmp/zoo/big" && truncate -s 101M "$tmp/zoo/big/network.pt"
expect_bad_input "$bin" zoo add --run "$tmp/run" --name second
grep -q "over its limit of 100 MiB" "$tmp/err" || fail "size: $(cat "$tmp/err")"
[ -z "$(ls -A "$tmp/zoo" | grep -v '^tiny-inchworm$' | grep -v '^big$')" ] ||
  fail "a refused add left: $(ls -A "$tmp/zoo")"
"$bin" zoo list >/dev/null 2>"$tmp/err" && fail "zoo list passed a zoo over the limit"
grep -q "over its limit" "$tmp/err" || fail "zoo list: $(cat "$tmp/err")"
# The repository's own zoo (the networks the lead adds): under the limit, every
# entry whole and its network loading, its ladder player in its ladder (a
# ladder replayed under another name, with metadata.json left naming the old
# player, lists as damaged), and its ladder the one in docs/results/ladders/
# (as `zoo rate` records it), with the games ladder.md counts.
root="$(cd "$(dirname "$0")/../.." && pwd)"
repo_zoo="$root/models"
"$bin" zoo list --zoo "$repo_zoo" >"$tmp/list" 2>"$tmp/err" ||
  fail "the repository's zoo: $(cat "$tmp/list" "$tmp/err")"
for name in $(find "$repo_zoo" -mindepth 1 -maxdepth 1 -type d -printf '%f\n'); do
  "$bin" zoo show --zoo "$repo_zoo" "$name" >/dev/null 2>"$tmp/err" ||
    fail "the repository's zoo entry $name: $(cat "$tmp/err")"
  grep -Eq "^$name +.* -?[0-9]+ \[-?[0-9]+, -?[0-9]+\]$" "$tmp/list" ||
    fail "the repository's zoo lists no ladder Elo for $name: $(grep "^$name " "$tmp/list")"
  results="$root/docs/results/ladders/$name"
  for f in ladder.md ladder.csv ratings.png; do
    cmp -s "$repo_zoo/$name/ladder/$f" "$results/$f" ||
      fail "models/$name/ladder/$f is not docs/results/ladders/$name/$f (inchzero zoo rate $name --ladder $results)"
  done
  readme_ladder_is "$repo_zoo/$name/README.md" "$results/ladder.md" ||
    fail "models/$name/README.md: its Ladder section is not docs/results/ladders/$name/ladder.md"
  played=$(sed -nE '3s/^([0-9]+) of [0-9]+ games played.*/\1/p' "$results/ladder.md")
  [ -n "$played" ] && [ "$(wc -l <"$results/games.jsonl")" = "$played" ] ||
    fail "docs/results/ladders/$name: games.jsonl has not the ${played:-?} games ladder.md counts"
done
echo "ok: zoo add/list/show, zoo:NAME in match, ladder and export, zoo continue twice, refusals, damage, size"
