#!/usr/bin/env bash
# The behaviour signature (selfplay/signature.h) equals the committed one:
# rules, encoders and search behave as they did when it was recorded. After an
# intended change, record the new value in the same commit:
#   build/inchzero bench signature | tail -1 | awk '{print $2}' > tests/reference/signature.txt
set -u
bin=${1:?usage: signature.sh path/to/inchzero}
here=$(dirname "$0")
fail() { echo "FAIL: $*" >&2; exit 1; }

expected=$(cat "$here/../reference/signature.txt") || fail "no tests/reference/signature.txt"
out=$("$bin" bench signature) || fail "bench signature exited $?"
got=$(printf '%s\n' "$out" | tail -1 | awk '$1 == "signature" {print $2}')
[ -n "$got" ] || fail "no 'signature HASH' line: $out"
[ "$got" = "$expected" ] || fail "signature $got, expected $expected: rules, an encoder or the search changed.
$out
If the change is intended, update tests/reference/signature.txt (see this script's header)."
# Every game is in it, and the hash follows the search: one visit fewer is another signature.
for game in inchworm invector steere-inchworm inchworm-chess longworm-chess; do
  printf '%s\n' "$out" | grep -q "^$game " || fail "no line for $game: $out"
done
other=$("$bin" bench signature --visits 63 | tail -1 | awk '{print $2}')
[ "$other" != "$got" ] || fail "63 visits give the same signature as 64"
"$bin" bench signature --visits 0 >/dev/null 2>&1
[ $? -eq 2 ] || fail "--visits 0: expected exit 2"
echo ok
