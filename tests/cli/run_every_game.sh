#!/usr/bin/env bash
# Every game trains end to end from its embedded default config
# (configs/<game>.yaml): `run --check` accepts it, one tiny iteration of it
# (few games, few visits, a 60-ply cap; everything else the config's own)
# writes a network and a verified shard, and the network plays a match.
# An evaluation opponent that cannot play the game is refused up front.
set -u
bin=${1:?usage: run_every_game.sh path/to/inchzero}
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for game in invector steere-inchworm inchworm-chess longworm-chess; do
  # 1. The embedded config is valid and names its game.
  "$bin" run --config "$game" --check >"$tmp/check" 2>&1 || fail "$game: --check: $(cat "$tmp/check")"
  grep -q "^# ok: $game " "$tmp/check" || fail "$game: --check printed: $(tail -1 "$tmp/check")"

  # 2. One tiny iteration of it.
  cat >"$tmp/$game.yaml" <<YAML
inherits: $game
game: {set: [max_plies=60]}
selfplay: {games_per_worker: 2, full_visits: 4, cheap_visits: 2}
trainer: {batch_size: 32}
iteration: {games: 4, games_per_shard: 4, min_window_samples: 1}
evaluation: {games_vs_previous: 0, games_vs_baselines: 2, baselines: random, simulations: 2}
YAML
  run="$tmp/run-$game"
  "$bin" run --config "$tmp/$game.yaml" --out "$run" --iterations 1 --quiet >"$tmp/out" 2>&1 ||
    fail "$game: run exited $?: $(cat "$tmp/out")"
  grep -q "^it   1 " "$tmp/out" || fail "$game: no iteration finished: $(cat "$tmp/out")"
  [ -f "$run/networks/net-000001.pt" ] || fail "$game: no network after iteration 1"
  ls "$run"/shards/it000001-*.shard >/dev/null 2>&1 || fail "$game: no shard after iteration 1"
  "$bin" shards verify "$run/shards" >"$tmp/verify" || fail "$game: shards verify: $(cat "$tmp/verify")"
  python3 - "$run" "$game" <<'PY' || fail "$game: metrics wrong"
import json, sys
run, game = sys.argv[1], sys.argv[2]
records = [json.loads(l) for l in open(run + "/metrics.jsonl") if l.strip()]
last = records[-1]
assert last["iteration"] == 1, last
assert last["selfplay"]["games"] == 4, last["selfplay"]
assert last["train"]["steps"] > 0, last["train"]
assert last["eval"]["random"]["games"] == 2, last["eval"]
PY

  # 3. The network plays a match under the run's rules.
  "$bin" match --run "$run" --p0 "net:$run:sims=2" --p1 random --games 2 --quiet >"$tmp/match" 2>&1 ||
    fail "$game: match exited $?: $(cat "$tmp/match")"
  grep -q "2 games" "$tmp/match" || fail "$game: match printed: $(cat "$tmp/match")"
done

# 4. --check validates the config it is given, even where --out holds a run of
#    another game (it used to check that run's own config.yaml instead).
"$bin" run --config steere-inchworm --out "$tmp/run-invector" --check >"$tmp/check" 2>&1 ||
  fail "--check beside another run: $(cat "$tmp/check")"
grep -q "^# ok: steere-inchworm .* from steere-inchworm:" "$tmp/check" ||
  fail "--check beside another run checked: $(tail -1 "$tmp/check")"

# 5. An opponent that cannot play the game: a clear message and exit 2, at
#    once, for `run` (baselines) and `match` alike.
printf 'inherits: invector\nevaluation: {baselines: "random, wall"}\n' >"$tmp/bad.yaml"
"$bin" run --config "$tmp/bad.yaml" --out "$tmp/run-bad" --quiet >"$tmp/bad" 2>&1
[ $? -eq 2 ] || fail "run with a wall baseline for invector: not exit 2: $(cat "$tmp/bad")"
grep -q "'wall' cannot play invector" "$tmp/bad" || fail "run: unclear message: $(cat "$tmp/bad")"
[ ! -d "$tmp/run-bad/shards" ] || fail "run with a bad config started playing"
"$bin" match --game invector --p0 wall --p1 random --games 2 --quiet >"$tmp/bad" 2>&1
[ $? -eq 2 ] || fail "match with wall for invector: not exit 2: $(cat "$tmp/bad")"
grep -q "wall player plays only" "$tmp/bad" || fail "match: unclear message: $(cat "$tmp/bad")"
echo "ok"
