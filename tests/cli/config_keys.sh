#!/usr/bin/env bash
# Config keys come from one field descriptor each (model/config_fields.h):
# `inchzero run --config-doc` prints the key table docs/running.md holds; a
# config file, `generate --param` and `--search` refuse a value outside its
# range, a text not among its choices and an unknown key, naming the full key.
# The lab config (lab/lab_config.h) uses the same descriptors: `inchzero lab
# --config-doc` prints the table docs/lab/README.md holds, and a lab config
# is refused the same way.
set -euo pipefail
bin=${1:?usage: config_keys.sh path/to/inchzero}
source "$(dirname "$0")/lib/common.bash"
docs="$(dirname "$0")/../../docs/running.md"

# 1. The key table: every section, and the copy in docs/running.md is current.
"$bin" run --config-doc >"$tmp/table" || fail "--config-doc exited $?"
for key in seed game.name network.blocks selfplay.workers selfplay.search.c_puct \
  trainer.batch_size replay.growth evaluation.threads iteration.games budget.minutes; do
  grep -q "^| \`$key\` | " "$tmp/table" || fail "no row for $key"
done
# in_docs TABLE DOC: the doc holds the table verbatim.
in_docs() {
  python3 - "$1" "$2" <<'PY'
import sys
table, docs = (open(p).read() for p in sys.argv[1:3])
sys.exit(0 if table in docs else 1)
PY
}
in_docs "$tmp/table" "$docs" || fail "docs/running.md's key table differs from run --config-doc"

# 2. A run config: range, choice and unknown key, each naming the full key.
check_config() {  # YAML, expected message
  printf 'inherits: inchworm-small\n%s\n' "$1" >"$tmp/c.yaml"
  expect_bad_input "$bin" run --config "$tmp/c.yaml" --check
  grep -qF "$2" "$tmp/err" || fail "$1: $(cat "$tmp/err")"
}
check_config "trainer: {batch_size: 0}" "config key 'trainer.batch_size': 0 is outside [1, inf)"
check_config "trainer: {optimizer: adam}" \
  "config key 'trainer.optimizer': 'adam' is not one of adamw, sgd"
check_config "selfplay: {search: {c_puct: 101}}" \
  "config key 'selfplay.search.c_puct': 101 is outside [0, 100]"
check_config "network: {blocks: 100000}" "config key 'network.blocks': 100000 is outside [0, 64]"
check_config "iteration: {gamez: 3}" "config key 'iteration.gamez' is unknown"

# 3. generate --param and the engines' --search go through the same descriptor.
expect_bad_input "$bin" generate --out "$tmp/g" --games 1 --param search.c_puct=200
grep -qF "config key 'selfplay.search.c_puct': 200 is outside [0, 100]" "$tmp/err" ||
  fail "--param: $(cat "$tmp/err")"
[ ! -e "$tmp/g" ] || fail "a refused --param left $tmp/g"
expect_bad_input "$bin" generate --out "$tmp/g" --games 1 --param precision=fp16
grep -qF "config key 'selfplay.precision': unknown precision 'fp16'" "$tmp/err" ||
  fail "--param precision: $(cat "$tmp/err")"
expect_bad_input "$bin" generate --out "$tmp/g" --games 1 --param full_visit=3
grep -qF "config key 'selfplay.full_visit' is unknown" "$tmp/err" ||
  fail "--param unknown: $(cat "$tmp/err")"
expect_bad_input "$bin" analyse --player random --search gumbel_considered=0 </dev/null
grep -qF "config key 'search.gumbel_considered': 0 is outside [1, 1024]" "$tmp/err" ||
  fail "--search: $(cat "$tmp/err")"

# 4. The lab's key table and refusals.
"$bin" lab --config-doc >"$tmp/lab-table" || fail "lab --config-doc exited $?"
for key in seed simulations budgets overrides 'rule_sets\[\].name' 'rule_sets\[\].run' \
  training.config training.iterations; do
  grep -q "^| \`$key\` | " "$tmp/lab-table" || fail "lab: no row for $key"
done
in_docs "$tmp/lab-table" "$(dirname "$0")/../../docs/lab/README.md" ||
  fail "docs/lab/README.md's key table differs from lab --config-doc"
check_lab() {  # YAML, expected message
  printf '%s\nrule_sets: [{ name: original }]\n' "$1" >"$tmp/lab.yaml"
  expect_bad_input "$bin" lab --config "$tmp/lab.yaml" --out "$tmp/lab-out"
  grep -qF "$tmp/lab.yaml: $2" "$tmp/err" || fail "lab $1: $(cat "$tmp/err")"
  [ ! -e "$tmp/lab-out" ] || fail "lab $1: a refused config left $tmp/lab-out"
}
check_lab "gamez: 3" "config key 'gamez' is unknown (known: description, seed,"
check_lab "budgets: [2, 0]" "config key 'budgets[1]': 0 is outside [1, inf)"
check_lab "training: {config: inchworm, hours: 2}" "config key 'training.hours' is unknown"
check_lab "games: 0" "config key 'games': 0 is outside [1, inf)"
check_lab 'draw_seekers: ["drawseek:{sims}:rollout_plies=x"]' \
  "draw_seekers[0]: player spec 'drawseek:32:rollout_plies=x' takes the argument of uct"
printf 'rule_sets: [{ name: original, player: x }]\n' >"$tmp/lab.yaml"
expect_bad_input "$bin" lab --config "$tmp/lab.yaml" --out "$tmp/lab-out"
grep -qF "config key 'rule_sets[0].player' is unknown" "$tmp/err" || fail "lab: $(cat "$tmp/err")"
expect_bad_input "$bin" lab --out "$tmp/lab-out"
grep -qF -- "--config is required" "$tmp/err" || fail "lab without --config: $(cat "$tmp/err")"
# 5. Every shipped run config (configs/, configs/zoo/) passes --check from the
# repository's root, where its relative paths (warm_start) point: a recipe
# the README or a zoo entry names must not be refused when a user runs it.
root="$(cd "$(dirname "$0")/../.." && pwd)"
shipped=0
for config in "$root"/configs/*.yaml "$root"/configs/zoo/*.yaml; do
  (cd "$root" && "$bin" run --config "${config#"$root"/}" --check >"$tmp/out" 2>"$tmp/err") ||
    fail "shipped config ${config#"$root"/} is refused: $(cat "$tmp/err")"
  shipped=$((shipped + 1))
done
((shipped >= 12)) || fail "found only $shipped shipped run configs under $root/configs"

echo "ok: key tables (run, lab), config file, lab config, --param and --search refusals, $shipped shipped configs"
