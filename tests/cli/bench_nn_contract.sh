#!/usr/bin/env bash
# `inchzero bench nn` / `bench train` output contract (format only, no speed
# assertions): one markdown row per batch size 1, 2, 4, … up to --max-batch, and
# the training figures; bad options exit 2.
set -u
bin=${1:?usage: bench_nn_contract.sh path/to/inchzero}
fail() { echo "FAIL: $*" >&2; exit 1; }

out=$("$bin" bench nn --blocks 1 --channels 8 --max-batch 4 --seconds 0.01 2>/dev/null) ||
  fail "bench nn exited $?"
rows=$(printf '%s\n' "$out" | grep -cE '^\| [0-9]+ \| [0-9]+ \| [0-9.]+ \| [0-9.]+ \| [0-9]+ % \| [0-9]+ % \|$')
[ "$rows" -eq 3 ] || fail "expected 3 table rows (batch 1, 2, 4), got $rows: $out"
printf '%s\n' "$out" | grep -q "^peak: torch::mm 2048x2048 fp32 = " || fail "no peak line: $out"

out=$("$bin" bench train --blocks 1 --channels 8 --batch 8 --seconds 0.1) || fail "bench train exited $?"
printf '%s\n' "$out" | grep -qE "^training: [0-9.]+ steps/s = [0-9]+ samples/s" || fail "bench train: $out"

"$bin" bench nn --layout sideways >/dev/null 2>&1
[ $? -eq 2 ] || fail "bad --layout: expected exit 2"
"$bin" bench train --optimizer adam >/dev/null 2>&1
[ $? -eq 2 ] || fail "bad --optimizer: expected exit 2"
echo ok
