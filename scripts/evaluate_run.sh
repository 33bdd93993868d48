#!/usr/bin/env bash
# Measure a finished (or running) training run's newest network against
# baselines and collect the evidence in one folder:
#   bash scripts/evaluate_run.sh RUN OUT [SIMS] [UCT_GAMES]
# RUN: a run folder (runs/default); OUT: where the results go (docs/results/x);
# SIMS: the network's simulations per decision (default 32); UCT_GAMES: games
# against UCT with 1000 random-rollout playouts per decision (default 20; they
# are slow). Environment:
#   OPPONENTS   the baselines, from random, greedy, uct1000 (default all three;
#               greedy and uct1000 need a game with points, e.g. "random" alone
#               for a quick check of another game)
#   EVAL_GAMES  games against random and greedy (default 100)
#   INCHZERO    the binary (default build/inchzero)
# Matches use the run's own game, rules and search settings (`match --run`),
# alternate colours, and have fixed seeds, so the same command on the same
# network gives the same games.
set -euo pipefail
run=${1:?usage: evaluate_run.sh RUN OUT [SIMS] [UCT_GAMES]}
out=${2:?usage: evaluate_run.sh RUN OUT [SIMS] [UCT_GAMES]}
sims=${3:-32}
uct_games=${4:-20}
opponents=${OPPONENTS:-random greedy uct1000}
baseline_games=${EVAL_GAMES:-100}
bin=${INCHZERO:-build/inchzero}
[ -f "$run/config.yaml" ] || { echo "evaluate_run: $run is not a run folder (no config.yaml)" >&2; exit 2; }
mkdir -p "$out"

net=$(ls "$run"/networks/net-*.pt | sort | tail -1)
echo "== newest network: $net"
player="net:$run:sims=$sims"

# One match: NAME OPPONENT GAMES. Text and JSON land in OUT/match-NAME.*,
# renamed into place only when the match is complete.
match() {
  local name=$1 opponent=$2 games=$3
  echo "== $player vs $opponent, $games games"
  "$bin" match --run "$run" --p0 "$player" --p1 "$opponent" --games "$games" --seed 7 \
    --json "$out/match-$name.json.tmp" | tee "$out/match-$name.txt.tmp"
  mv "$out/match-$name.json.tmp" "$out/match-$name.json"
  mv "$out/match-$name.txt.tmp" "$out/match-$name.txt"
}
for name in $opponents; do
  case "$name" in
    random | greedy) match "$name" "$name" "$baseline_games" ;;
    uct1000) match uct1000 uct:1000 "$uct_games" ;;
    *) echo "evaluate_run: unknown opponent '$name' (random, greedy, uct1000)" >&2; exit 2 ;;
  esac
done

cp "$run/learning_curve.png" "$out/learning_curve.png"
cp "$run/config.yaml" "$out/config.yaml"
python3 - "$run" "$out" "$net" "$sims" "$uct_games" $opponents <<'PY'
import json, os, sys
run, out, net, sims, uct_games, *names = sys.argv[1:]
rows = []
for name in names:
    m = json.load(open(f"{out}/match-{name}.json"))
    lo, hi = m["score_95"]
    elo = "—" if m["elo"] is None else f'{m["elo"]:+.0f}'
    rows.append(f'| {m["p1"]} | {m["games"]} | {m["wins"]}-{m["draws"]}-{m["losses"]} | '
                f'{m["score"]:.3f} [{lo:.3f}, {hi:.3f}] | {elo} | {m["mean_plies"]:.0f} | '
                f'{m.get("p0_ms_per_move", float("nan")):.1f} | {m.get("p1_ms_per_move", float("nan")):.1f} |')
metrics = [json.loads(l) for l in open(f"{run}/metrics.jsonl") if l.strip()]
last = metrics[-1]
env = f'OPPONENTS="{" ".join(names)}" ' if names != ["random", "greedy", "uct1000"] else ""
text = f"""# Evaluation of `{run}`

Network: `{os.path.basename(net)}` (iteration {last.get("iteration")}, \
{last.get("elapsed_minutes", 0):.1f} minutes of run time), playing `net:…:sims={sims}`
(no noise, most visited move) against each baseline, colours alternated, seed 7.
Command: `{env}bash scripts/evaluate_run.sh {run} {out} {sims} {uct_games}`.

| opponent | games | W-D-L | score [95 % Wilson] | Elo | mean plies | network ms/move | opponent ms/move |
|---|---|---|---|---|---|---|---|
""" + "\n".join(rows) + """

Times per move are wall times with two games played at once on this
machine (`inchzero match --threads 2`). The full match outputs (end reasons, colours) are in `match-*.txt` / `match-*.json`;
the run's config in `config.yaml`; its learning curve:

![learning curve](learning_curve.png)
"""
tmp = f"{out}/README.md.tmp"
open(tmp, "w").write(text)
os.replace(tmp, f"{out}/README.md")
print(text)
PY
