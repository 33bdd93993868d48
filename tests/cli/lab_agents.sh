#!/usr/bin/env bash
# `inchzero lab` with network agents (seconds): a `training:` section trains
# one agent per rule set with the learning loop in OUT/agents/<rule set>/,
# the cells play "net:{agent}" with that folder, a rerun resumes without
# training again, `training.agents: 2` adds a second agent per rule set in
# files of its own, and a rule set's `run:` reuses a named run instead.
set -u
bin=${1:?usage: lab_agents.sh path/to/inchzero}
fail() { echo "FAIL: $*" >&2; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# A tiny run config (one short iteration) beside the lab config.
cat > "$dir/tiny-run.yaml" <<'YAML'
inherits: inchworm-small
network: { blocks: 1, channels: 8, value_hidden: 8 }
selfplay: { games_per_worker: 4, full_visits: 8, cheap_visits: 4 }
trainer: { batch_size: 32 }
replay: { min_samples: 200 }
iteration: { games: 8, games_per_shard: 8, min_window_samples: 50 }
evaluation: { games_vs_previous: 0, games_vs_baselines: 2, baselines: random, occasional_every: 0,
              simulations: 4 }
YAML
cat > "$dir/trained.yaml" <<'YAML'
description: tiny, trained agents
agent: "net:{agent}:sims={sims}"
simulations: 4
budgets: [1, 2]
games: 2
wall_games: 2
overrides: [width=4, height=4, stock=5, target_score=6, max_plies=40]
training: { config: tiny-run.yaml, minutes: 5, iterations: 1 }
strength_gate: { games: 2, opponents: [{ player: random, min_score: 0 }] }
rule_sets:
  - { name: original }
  - { name: edges, rules: max-edges-1 }
YAML
"$bin" lab --config "$dir/trained.yaml" --out "$dir/out" --quiet >"$dir/log1" 2>&1 ||
  fail "lab exited $?: $(tail -5 "$dir/log1")"
for r in original edges; do
  [ -f "$dir/out/agents/$r/networks/net-000001.pt" ] || fail "no trained network for $r"
  [ -f "$dir/out/agents/$r.yaml" ] || fail "no run config written for $r"
  grep -q "\"agent\": \"net:$dir/out/agents/$r:sims=8\"" "$dir/out/results/$r-x2.json" ||
    fail "$r-x2 did not play its own agent: $(grep '"agent"' "$dir/out/results/$r-x2.json")"
  # The strength gate plays the trained agent at the smallest budget.
  grep -q "\"agent\": \"net:$dir/out/agents/$r:sims=4\"" "$dir/out/gate/$r-vs-random.json" ||
    fail "$r's gate did not play its own agent: $(cat "$dir/out/gate/$r-vs-random.json")"
done
grep -q "rules: max-edges-1" "$dir/out/agents/edges/config.yaml" ||
  fail "the edges agent was not trained under max-edges-1"
grep -q -- "- width=4" "$dir/out/agents/edges/config.yaml" ||
  fail "the edges agent was not trained with the lab's overrides"
grep -q "trained by the learning loop" "$dir/out/report.md" || fail "report does not name the training"

# A missing cell: the agent's run resumes (budget already spent), no new iteration.
rm "$dir/out/results/edges-x2.json"
"$bin" lab --config "$dir/trained.yaml" --out "$dir/out" >"$dir/log2" 2>&1 ||
  fail "rerun exited $?: $(tail -5 "$dir/log2")"
grep -q "resuming run $dir/out/agents/edges" "$dir/log2" || fail "edges agent not resumed: $(cat "$dir/log2")"
grep -q "budget spent: 1 iterations" "$dir/log2" || fail "the rerun trained again: $(cat "$dir/log2")"
[ ! -e "$dir/out/agents/edges/networks/net-000002.pt" ] || fail "a second iteration was trained"
grep -q "resuming run $dir/out/agents/original" "$dir/log2" && fail "original retrained though done"
[ -s "$dir/out/results/edges-x2.json" ] || fail "the missing cell was not played"

# training.agents: 2 trains a second agent of its own seed per rule set (agents/original@2/)
# beside the first (whose cells and gate, played above, are kept, not
# replayed), plays its cells and gate into files of its own, and the reports
# show both agents.
sed 's/iterations: 1 }/iterations: 1, agents: 2 }/' "$dir/trained.yaml" \
  > "$dir/two.yaml"
"$bin" lab --config "$dir/two.yaml" --out "$dir/out" >"$dir/log5" 2>&1 ||
  fail "two agents exited $?: $(tail -5 "$dir/log5")"
[ -f "$dir/out/agents/original@2/networks/net-000001.pt" ] || fail "no network for agent 2"
seed1=$(sed -n 's/^seed: //p' "$dir/out/agents/original.yaml")
seed2=$(sed -n 's/^seed: //p' "$dir/out/agents/original@2.yaml")
[ -n "$seed2" ] && [ "$seed1" != "$seed2" ] || fail "agent 2's seed '$seed2' is not its own ('$seed1')"
grep -q "resuming run $dir/out/agents/original" "$dir/log5" && fail "agent 1 was prepared again"
grep -q "original x1: done before" "$dir/log5" || fail "agent 1's cell was not kept: $(cat "$dir/log5")"
for b in 1 2; do
  grep -q "\"agent\": \"net:$dir/out/agents/original@2:sims=$((4 * b))\"" \
    "$dir/out/results/original@2-x$b.json" || fail "original@2-x$b did not play agent 2"
done
grep -q '"agent_index": 2' "$dir/out/gate/original@2-vs-random.json" || fail "no gate match of agent 2"
head -1 "$dir/out/report.csv" | grep -q ',agent_index,agent_seed$' || fail "report.csv has no agent columns"
grep -q "^original,2,.*,2,$seed2\$" "$dir/out/report.csv" || fail "report.csv has no row of agent 2"
grep -q "^| original@2 | " "$dir/out/report.md" || fail "report.md has no row of agent 2"
grep -q "agent 2 (seed $seed2)" "$dir/out/verdict.md" || fail "verdict.md does not name agent 2"
# Several agents where one network is named: refused by key (exit 2).
cat > "$dir/two-run.yaml" <<YAML
agent: "net:{agent}:sims={sims}"
training: { config: tiny-run.yaml, iterations: 1, agents: 2 }
rule_sets:
  - { name: original, run: $dir/out/agents/original }
YAML
"$bin" lab --config "$dir/two-run.yaml" --out "$dir/two-run" --quiet >"$dir/log6" 2>&1
[ $? -eq 2 ] || fail "agents with run: expected exit 2"
grep -q "training.agents is 2 but rule_sets\[0\] 'original' reuses run: " "$dir/log6" ||
  fail "the refusal does not name the key: $(cat "$dir/log6")"

# `run:` reuses a named run; no training section needed.
cat > "$dir/reuse.yaml" <<YAML
agent: "net:{agent}:sims={sims}"
simulations: 4
budgets: [1]
games: 2
wall_games: 0
overrides: [width=4, height=4, stock=5, target_score=6, max_plies=40]
strength_gate: { games: 0 }
rule_sets:
  - { name: original, run: $dir/out/agents/original }
YAML
"$bin" lab --config "$dir/reuse.yaml" --out "$dir/reuse" --quiet >"$dir/log3" 2>&1 ||
  fail "reuse exited $?: $(tail -5 "$dir/log3")"
grep -q "\"agent\": \"net:$dir/out/agents/original:sims=4\"" "$dir/reuse/results/original-x1.json" ||
  fail "the named run was not used"
[ ! -e "$dir/reuse/agents" ] || fail "reuse trained an agent"

# A named run that holds no run is a clear error (exit 2).
sed "s|run: $dir/out/agents/original|run: $dir/nowhere|" "$dir/reuse.yaml" > "$dir/bad.yaml"
"$bin" lab --config "$dir/bad.yaml" --out "$dir/bad" --quiet >"$dir/log4" 2>&1
[ $? -eq 2 ] || fail "missing run: expected exit 2"
grep -q "no training run in '$dir/nowhere'" "$dir/log4" || fail "error does not name the folder: $(cat "$dir/log4")"
echo ok
