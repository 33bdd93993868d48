# Shared helpers of the CLI contract scripts (sourced, not a test itself).
# Each script sets `set -euo pipefail`, then sources this file, which makes
# $tmp (removed on exit) and defines fail and expect_bad_input.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
# Run "$@" expecting exit 2, nothing on stdout and a message on stderr ($tmp/err).
expect_bad_input() {
  local rc=0
  "$@" >"$tmp/out" 2>"$tmp/err" || rc=$?
  [ "$rc" = 2 ] || fail "exit $rc (want 2): $*"
  [ ! -s "$tmp/out" ] || fail "printed to stdout: $*"
  [ -s "$tmp/err" ] || fail "no message: $*"
}
# A small network from one short training iteration (few games, few visits),
# for tests that need a real network file rather than the best one:
#   tiny_network inchworm|chess|GAME DIR   (chess: FIDE rules, 80-ply cap;
#   GAME: invector, steere-inchworm or longworm-chess, their default rules)
# DIR becomes a run folder; its newest network is DIR/networks/net-000001.pt.
tiny_network() {
  local kind=$1 dir=$2 config="$tmp/tiny-$1.yaml"
  case $kind in
    inchworm)
      printf '%s\n' "inherits: inchworm" \
        "selfplay: {games_per_worker: 4, full_visits: 8, cheap_visits: 4}" \
        "trainer: {batch_size: 64}" >"$config" ;;
    chess)
      printf '%s\n' "inherits: inchworm-chess" "game: {rules: fide, set: [max_plies=80]}" \
        "selfplay: {games_per_worker: 2, full_visits: 4, cheap_visits: 2}" \
        "trainer: {batch_size: 32}" >"$config" ;;
    invector | steere-inchworm | longworm-chess)
      printf '%s\n' "inherits: $kind" "selfplay: {games_per_worker: 2, full_visits: 4, cheap_visits: 2}" \
        "trainer: {batch_size: 32}" >"$config" ;;
    *) fail "tiny_network: unknown kind '$kind'" ;;
  esac
  printf '%s\n' "iteration: {games: 8, games_per_shard: 8, min_window_samples: 1}" \
    "evaluation: {games_vs_previous: 0, games_vs_baselines: 0}" >>"$config"
  "${bin:?}" run --config "$config" --out "$dir" --iterations 1 --quiet >"$tmp/tiny-$kind.out" 2>&1 ||
    fail "training the tiny $kind network: $(cat "$tmp/tiny-$kind.out")"
}
