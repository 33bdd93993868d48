#!/usr/bin/env bash
# `inchzero export` on bad input: a missing or foreign model file exits 2 with a
# message naming the file, and writes no output directory. (The numeric check of
# the export against the C++ network is in learning_tests, Export.*.)
set -u
bin=${1:?usage: export_contract.sh path/to/inchzero}
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$bin" export --help >/dev/null || fail "export --help exited $?"
"$bin" bench nn --help >/dev/null || fail "bench nn --help exited $?"

"$bin" export --model "$tmp/missing.pt" --out "$tmp/out" 2>"$tmp/err"
[ $? -eq 2 ] || fail "missing model: expected exit 2"
grep -q "missing.pt" "$tmp/err" || fail "message does not name the file: $(cat "$tmp/err")"
[ ! -e "$tmp/out" ] || fail "an output directory was created for a missing model"

echo "not a network" >"$tmp/garbage.pt"
"$bin" export --model "$tmp/garbage.pt" --out "$tmp/out" 2>"$tmp/err"
[ $? -eq 2 ] || fail "garbage model: expected exit 2"
grep -q "garbage.pt" "$tmp/err" || fail "message does not name the file: $(cat "$tmp/err")"
echo "ok"
