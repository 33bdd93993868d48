# Helpers of the `inchzero serve` tests (sourced after common.bash): tiny
# networks from one training iteration each, and a server on a free port
# that is stopped when the script exits.

# train_network NAME: a run folder $tmp/NAME from the config $tmp/NAME.yaml.
train_network() {
  "$bin" run --config "$tmp/$1.yaml" --out "$tmp/$1" --iterations 1 --quiet >"$tmp/$1.log" 2>&1 ||
    fail "training the $1 network: $(cat "$tmp/$1.log")"
}

# The tiny configs: Inchworm on 5x5 (target 2, at most 60 plies) and on the
# default 8x8 board, FIDE chess; all with the default network (3 blocks x 32
# channels).
write_tiny_configs() {
  cat >"$tmp/iw5.yaml" <<YAML
inherits: inchworm
game: {rules: original, set: [width=5, height=5, target_score=2, stock=12, max_plies=60]}
selfplay: {games_per_worker: 4, full_visits: 8, cheap_visits: 4}
trainer: {batch_size: 64}
iteration: {games: 8, games_per_shard: 8, min_window_samples: 1}
evaluation: {games_vs_previous: 0, games_vs_baselines: 0}
YAML
  cat >"$tmp/iw8.yaml" <<YAML
inherits: inchworm
game: {set: [target_score=10, max_plies=80]}
selfplay: {games_per_worker: 2, full_visits: 4, cheap_visits: 2}
trainer: {batch_size: 32}
iteration: {games: 4, games_per_shard: 4, min_window_samples: 1}
evaluation: {games_vs_previous: 0, games_vs_baselines: 0}
YAML
  cat >"$tmp/chess.yaml" <<YAML
inherits: inchworm-chess
game: {rules: fide, set: [max_plies=40]}
selfplay: {games_per_worker: 2, full_visits: 4, cheap_visits: 2}
trainer: {batch_size: 32}
iteration: {games: 4, games_per_shard: 4, min_window_samples: 1}
evaluation: {games_vs_previous: 0, games_vs_baselines: 0}
YAML
}

server_pid=""
stop_server() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  server_pid=""
}
trap 'stop_server; rm -rf "$tmp"' EXIT

# start_server ARGS...: `inchzero serve --port 0 ARGS` in the background;
# sets $server_url (http://127.0.0.1:PORT/) once it listens.
start_server() {
  # The files exist before the server starts: the background job opens its
  # redirections when it is scheduled, and a read of a missing file here
  # would end the script (set -e) before the server had a chance.
  : >"$tmp/serve.out"
  : >"$tmp/serve.err"
  "$bin" serve --port 0 "$@" >>"$tmp/serve.out" 2>>"$tmp/serve.err" &
  server_pid=$!
  server_url=""
  for _ in $(seq 1 300); do
    server_url=$(sed -n 's|^inchzero serve: \(http://[^ ]*\)$|\1|p' "$tmp/serve.out")
    [ -n "$server_url" ] && return 0
    kill -0 "$server_pid" 2>/dev/null || fail "serve exited: $(cat "$tmp/serve.err")"
    sleep 0.1
  done
  fail "serve printed no address in 30 s: $(cat "$tmp/serve.err")"
}
