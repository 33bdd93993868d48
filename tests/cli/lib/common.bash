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
