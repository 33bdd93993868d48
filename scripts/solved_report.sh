#!/usr/bin/env bash
# Reproduces docs/results/solved/README.md's table from scratch: solves the two
# boards, trains each of them with several seeds (one run after another), checks
# every final network and the uniform-prior baseline against the solution on an
# independent sample with the run's own search, and writes the table
# (table.md), the learning-curve data (<board>-s<seed>.curve: the in-run check of
# every iteration) and one plot per board (<board>-learning-curves.png, needs
# gnuplot).
#
#   scripts/solved_report.sh [WORKDIR]        (default: ./solved-report)
#
# Environment: INCHZERO (the binary; default build/inchzero of this checkout),
# MINUTES (run time per run, default 3), ITERATIONS (instead of MINUTES: stop
# each run after this many iterations, whatever the machine's speed),
# RECIPES (which of the recipes below, default all), SEEDS (default "1 2 3"), SAMPLE
# (positions of the independent check, default 5000), CHECK_SEED (default 2),
# NICE (default "nice -n 10"), SKIP_RUNS=1 (only the checks, table and plots
# of runs already in WORKDIR). Rerunning in the same folder resumes: a solution
# file that exists is kept, a run whose budget is spent stops at once, a check
# whose JSON exists is not repeated.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
B=${INCHZERO:-$repo/build/inchzero}
W=${1:-solved-report}
MINUTES=${MINUTES:-3}
SEEDS=${SEEDS:-"1 2 3"}
SAMPLE=${SAMPLE:-5000}
CHECK_SEED=${CHECK_SEED:-2}
NICE=${NICE:-nice -n 10}
CONF=$repo/docs/results/solved

mkdir -p "$W"
cd "$W"

# board (the solution file's name) -> game | solver settings (the configs' game.set)
declare -A BOARD_SETTINGS=(
  [invector-3x4]="invector|width=3 height=4 max_plies=0"
  [inchworm-3x3-score]="inchworm|width=3 height=3 stock=3 target_score=2 cap_result=score repetition_draw=0 max_plies=10"
)
# recipe (its config: docs/results/solved/<recipe>.yaml) | board
ALL_RECIPES=(
  "invector-3x4|invector-3x4"
  "invector-3x4-openings|invector-3x4"
  "inchworm-3x3-score|inchworm-3x3-score"
  "inchworm-3x3-score-openings|inchworm-3x3-score"
  "inchworm-3x3-score-openings-q|inchworm-3x3-score"
)
BOARDS=()
for b in "${ALL_RECIPES[@]}"; do
  if [ -z "${RECIPES:-}" ] || [[ " $RECIPES " == *" ${b%%|*} "* ]]; then BOARDS+=("$b"); fi
done
[ ${#BOARDS[@]} -gt 0 ] || { echo "solved_report.sh: RECIPES names none of: ${ALL_RECIPES[*]%%|*}" >&2; exit 2; }
if [ -n "${ITERATIONS:-}" ]; then budget=(--iterations "$ITERATIONS" --minutes 0); else budget=(--minutes "$MINUTES"); fi

for b in "${BOARDS[@]}"; do
  IFS='|' read -r name board <<<"$b"
  IFS='|' read -r game sets <<<"${BOARD_SETTINGS[$board]}"
  if [ ! -f "$board.jsonl.gz" ]; then
    args=()
    for s in $sets; do args+=(--set "$s"); done
    $NICE "$B" solve --game "$game" "${args[@]}" --out "$board.jsonl.gz" --quiet | tee "solve-$board.txt"
  fi
done

# the run's search settings, from its resolved config, as --search options
search_args() {
  sed -n '/^  search:/,/^  [a-z_]*:$/p' "$1" | grep -E '^    [a-z_]+:' |
    grep -vE 'cache_entries|random_symmetry|reuse_tree|dirichlet' |
    awk '{sub(":", "", $1); printf "--search %s=%s ", $1, $2}'
}

for b in "${BOARDS[@]}"; do
  IFS='|' read -r name board <<<"$b"
  for s in $SEEDS; do
    [ "${SKIP_RUNS:-0}" = 1 ] && continue
    # the recipe with another seed (by inheritance: a recipe may inherit
    # another beside it, as the *-openings ones do)
    printf 'inherits: %s\nseed: %s\n' "$CONF/$name.yaml" "$s" >"$name-s$s.yaml"
    $NICE "$B" run --config "$name-s$s.yaml" --out "run-$name-s$s" "${budget[@]}" --quiet \
      >"run-$name-s$s.log" 2>&1
  done
  for s in $SEEDS; do
    [ -s "check-$name-s$s.json" ] && continue # already checked
    # shellcheck disable=SC2046
    $NICE "$B" solve --check-network "run-$name-s$s" --solution "$board.jsonl.gz" --sample "$SAMPLE" \
      --seed "$CHECK_SEED" --visits 32 $(search_args "run-$name-s$s/config.yaml") --format json \
      2>"check-$name-s$s.log" >"check-$name-s$s.json"
  done
  # Uniform priors, once per board (recipes of one board share its search
  # settings: they differ in self-play only).
  first=$(set -- $SEEDS; echo "$1")
  # shellcheck disable=SC2046
  [ -s "check-$board-uniform.json" ] ||
  $NICE "$B" solve --check-network uniform --solution "$board.jsonl.gz" --sample "$SAMPLE" \
    --seed "$CHECK_SEED" --visits 32 $(search_args "run-$name-s$first/config.yaml") --format json \
    2>"check-$board-uniform.log" >"check-$board-uniform.json"
done

names=() recipes=()
for b in "${BOARDS[@]}"; do
  IFS='|' read -r name board _ <<<"$b"
  names+=("$name") recipes+=("$name|$board")
done
python3 - "$SEEDS" "${recipes[@]}" >table.md <<'EOF'
import json, sys, statistics
seeds = sys.argv[1].split()
recipes = [r.split("|") for r in sys.argv[2:]]
out = []
out.append("| board | seed | iterations | self-play games drawn: whole run / last 10 iterations | raw policy not optimal | search (32) not optimal | value error | search < 5 % |")
out.append("|---|---:|---:|---:|---:|---:|---:|---|")
summary = []
for name, board in recipes:
    rows = {}
    for s in seeds:
        c = json.load(open(f"check-{name}-s{s}.json"))
        m = [json.loads(l) for l in open(f"run-{name}-s{s}/metrics.jsonl")]
        its = [r for r in m if "selfplay" in r]
        last = its[-10:]
        drawn = sum(r["selfplay"].get("draws", 0) for r in last) / max(1, sum(r["selfplay"]["games"] for r in last))
        drawn_all = sum(r["selfplay"].get("draws", 0) for r in its) / max(1, sum(r["selfplay"]["games"] for r in its))
        rows[s] = (c["policy_error"], c["search_error"], c["value_error"], len(its), drawn)
        out.append(f"| {name} | {s} | {len(its)} | {100*drawn_all:.0f} % / {100*drawn:.0f} % | {100*c['policy_error']:.1f} % | "
                   f"{100*c['search_error']:.1f} % | {c['value_error']:.3f} | {'yes' if c['search_error'] < 0.05 else 'no'} |")
        # learning curves: minutes and the in-run check of every iteration
        with open(f"{name}-s{s}.curve", "w") as f:
            f.write("# iteration minutes raw_policy_not_optimal search_not_optimal value_error\n")
            for r in its:
                sol = r.get("solution")
                if sol:
                    f.write(f"{r['iteration']} {r['elapsed_minutes']:.4f} {sol['policy_error']} {sol['search_error']} {sol['value_error']:.4f}\n")
    u = json.load(open(f"check-{board}-uniform.json"))
    out.append(f"| {name} | uniform priors, value 0 | | | {100*u['policy_error']:.1f} % | {100*u['search_error']:.1f} % | {u['value_error']:.3f} | {'yes' if u['search_error'] < 0.05 else 'no'} |")
    def ms(i, pct=True):
        v = [rows[s][i] for s in seeds]
        f = (lambda x: f"{100*x:.1f} %") if pct else (lambda x: f"{x:.3f}")
        return f"{f(statistics.mean(v))} ({f(min(v))} – {f(max(v))})"
    allmet = all(rows[s][1] < 0.05 for s in seeds)
    summary.append(f"| {name} | {len(seeds)} | {ms(0)} | {ms(1)} | {ms(2, False)} | "
                   f"{sum(rows[s][1] < 0.05 for s in seeds)} of {len(seeds)}{' (all)' if allmet else ''} | "
                   f"{100*u['policy_error']:.1f} % / {100*u['search_error']:.1f} % / {u['value_error']:.3f} |")
print("Mean (min – max) over the seeds, final networks, independent sample:\n")
print("| board | seeds | raw policy not optimal | search (32) not optimal | value error | runs under 5 % (search) | uniform priors: raw / search / value |")
print("|---|---:|---:|---:|---:|---|---|")
print("\n".join(summary))
print("\nPer run:\n")
print("\n".join(out))
EOF
cat table.md

if command -v gnuplot >/dev/null; then
  for name in "${names[@]}"; do
    plots1="" plots2="" k=0
    for s in $SEEDS; do
      k=$((k + 1))
      plots1+="'$name-s$s.curve' u 2:(100*\$4) w l lw 2 lc $k t 'search, seed $s', '$name-s$s.curve' u 2:(100*\$3) w l dt 2 lc $k t 'raw policy, seed $s', "
      plots2+="'$name-s$s.curve' u 2:5 w l lw 2 lc $k t 'seed $s', "
    done
    gnuplot <<EOF
set terminal pngcairo size 900,700 font ',10'
set output '$name-learning-curves.png'
set multiplot layout 2,1 title '$name: the in-run check of every iteration (1 000 positions), seeds $SEEDS'
set xlabel 'minutes of run time'
set ylabel 'decisions not optimal (%)'
set yrange [0:*]
set grid
set key outside right
set arrow from graph 0, first 5 to graph 1, first 5 nohead dt 3 lc rgb 'red'
plot ${plots1%, }
unset arrow
set ylabel 'mean |value error|'
plot ${plots2%, }
unset multiplot
EOF
  done
fi
