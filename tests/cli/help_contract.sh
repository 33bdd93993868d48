#!/usr/bin/env bash
# Every subcommand (and every bench kind) answers --help with its usage and
# exit 0, so a user can always ask; an unknown subcommand is refused.
set -euo pipefail
bin=${1:?usage: help_contract.sh path/to/inchzero}
source "$(dirname "$0")/lib/common.bash"
"$bin" --help >"$tmp/top" || fail "--help exited $?"
mapfile -t commands < <(sed -n '/^Subcommands:/,$p' "$tmp/top" | awk 'NR > 1 && NF {print $1}')
[ "${#commands[@]}" -ge 15 ] || fail "only ${#commands[@]} subcommands listed: ${commands[*]}"
for c in "${commands[@]}"; do
  "$bin" "$c" --help >"$tmp/out" 2>&1 || fail "$c --help exited $?"
  grep -q "^Usage: " "$tmp/out" || fail "$c --help has no usage line"
done
"$bin" bench --help >"$tmp/bench"
mapfile -t kinds < <(sed -n '/^Subcommands:/,$p' "$tmp/bench" | awk 'NR > 1 && NF {print $1}')
for k in "${kinds[@]}"; do
  "$bin" bench "$k" --help >"$tmp/out" 2>&1 || fail "bench $k --help exited $?"
done
"$bin" no-such-command >"$tmp/out" 2>"$tmp/err" && fail "an unknown subcommand was accepted"
echo "ok: ${#commands[@]} subcommands, ${#kinds[@]} bench kinds"
