# Shared by the data-parallel tests (data_parallel.sh, data_parallel_run.sh;
# sourced after common.bash): numpy for comparing parameters, Gloo on the
# loopback address, the tiny fp32 run they train, and the comparison.
/usr/bin/python3 -c 'import numpy' 2>/dev/null ||
  fail "needs Debian's python3 with numpy: apt-get install python3-numpy"
export INCHZERO_GLOO_HOST=127.0.0.1

# tiny_config FILE GAMES_PER_SHARD ITERATIONS: a tiny run of 8 games per
# iteration, fp32 training (ranks then agree to the order of float sums).
tiny_config() {
  cat >"$1" <<YAML
inherits: inchworm-small
seed: 4242
network: {blocks: 1, channels: 8, value_hidden: 8}
selfplay: {workers: 1, games_per_worker: 4, full_visits: 8, cheap_visits: 2}
trainer: {batch_size: 32, precision: fp32}
replay: {min_samples: 200, reuse: 1}
iteration: {games: 8, games_per_shard: $2, min_window_samples: 50}
evaluation: {games_vs_previous: 0, games_vs_baselines: 0}
budget: {minutes: 0, iterations: $3}
YAML
}

# same_floats A B MESSAGE: the little-endian float32 files A and B (over
# 1000 values, not all 0) differ by at most 1e-6 anywhere, else fail
# MESSAGE. Prints the largest difference on stderr.
same_floats() {
  /usr/bin/python3 - "$1" "$2" <<'PY' || fail "$3"
import sys
import numpy as np
a, b = (np.fromfile(p, "<f4") for p in sys.argv[1:3])
assert a.size == b.size and a.size > 1000, (a.size, b.size)
d = float(np.abs(a.astype(np.float64) - b).max())
assert 0 < np.abs(a).max() and d <= 1e-6, f"max |difference| {d:.3g} > 1e-6"
print(f"max |difference| {d:.2g} over {a.size} parameters", file=sys.stderr)
PY
}
