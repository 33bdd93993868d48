#!/usr/bin/env bash
# `inchzero bench nn` / `bench train` output contract (format only, no speed
# assertions): the CPU and its measured peaks, one markdown row per net ×
# precision × batch, one JSON object per measurement with --json, the
# training figures; bad options exit 2.
set -u
bin=${1:?usage: bench_nn_contract.sh path/to/inchzero}
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp_err=$(mktemp)
trap 'rm -f "$tmp_err"' EXIT

out=$("$bin" bench nn --nets 1x8 --batch 1,2,4 --precision fp32,auto --engine onednn,torch \
  --seconds 0.01 2>/dev/null) || fail "bench nn exited $?"
rows=$(printf '%s\n' "$out" |
  grep -cE '^\| 1x8 \| (onednn|torch) \| (fp32|auto \((fp32|bf16)\)) \| [124] \| [0-9]+ \| [0-9.]+ \| [0-9.]+ \| [0-9]+ % (fp32 FMA|bf16 dot) \| [0-9]+-[0-9]+ % \| ([0-9]+ %|-) \| [0-9]+ % \| [0-9.]+ \|$')
[ "$rows" -eq 12 ] ||
  fail "expected 12 table rows (2 engines x fp32, auto x batch 1, 2, 4), got $rows: $out"
printf '%s\n' "$out" | grep -q "^cpu: " || fail "no cpu line: $out"
printf '%s\n' "$out" | grep -q "^share of the matching peak: the median of 5 rounds" ||
  fail "no word of how the share is paired with the peak: $out"

# --layers: one row per layer of the oneDNN plan (input reorder, stem, two
# convolutions per block, the heads), each with its kernel and time; a bad
# --rounds is refused.
layers=$("$bin" bench nn --nets 2x8 --batch 4 --precision fp32 --seconds 0.02 --rounds 2 --layers \
  2>/dev/null) || fail "bench nn --layers exited $?"
printf '%s\n' "$layers" | grep -q "^layers of 2x8 (onednn, fp32, batch 4)" ||
  fail "no layer table heading: $layers"
for layer in "input reorder" stem block0_conv1 block1_conv2 policy_conv policy_fc value_fc2; do
  printf '%s\n' "$layers" | grep -qE "^\| $layer \| [^|]+ \| [0-9.]+ \| [0-9.]+ \| [0-9.]+ \| " ||
    fail "no row for layer $layer: $layers"
done
printf '%s\n' "$layers" | grep -qE '^\| stem \| [^|]+ \| [0-9.]+ \| [0-9.]+ \| [0-9.]+ \| [0-9.]+ \| [0-9]+ % \| [0-9]+-[0-9]+ % \|$' ||
  fail "the stem's row has no share of the peak: $layers"
"$bin" bench nn --nets 1x8 --batch 1 --rounds 0 >/dev/null 2>"$tmp_err"
[ $? -ne 0 ] && grep -q -- "--rounds" "$tmp_err" || fail "--rounds 0 not refused by name: $(cat "$tmp_err")"
layer_json=$("$bin" bench nn --nets 1x8 --batch 2 --precision fp32 --seconds 0.02 --rounds 1 --layers --json \
  2>/dev/null) || fail "bench nn --layers --json exited $?"
[ "$(printf '%s\n' "$layer_json" | grep -c '"kind":"layer"')" -ge 8 ] ||
  fail "expected a JSON line per layer: $layer_json"
printf '%s\n' "$out" | grep -qE "^limits on 1 thread\(s\).*fp32 FMA [0-9.]+ GFLOP/s" || fail "no fp32 peak: $out"
printf '%s\n' "$out" | grep -qE "^BLAS reference: torch::mm 2048x2048 fp32 [0-9.]+ GFLOP/s" ||
  fail "no BLAS line: $out"

# bf16 needs AVX-512 (oneDNN has none on an AVX2-only CPU such as AMD Zen 3):
# there the bench refuses it by name, exit 2, and the JSON check asks auto.
second=bf16
if printf '%s\n' "$out" | grep -q "^cpu: .*no AVX-512"; then
  "$bin" bench nn --nets 1x8 --batch 2 --precision bf16 --seconds 0.01 >/dev/null 2>"$tmp_err"
  [ $? -eq 2 ] || fail "bench nn --precision bf16 without AVX-512: expected exit 2"
  grep -q "bf16 inference needs a CPU with AVX-512" "$tmp_err" ||
    fail "bf16 without AVX-512: unclear message: $(cat "$tmp_err")"
  second=auto
fi
# The AVX2-only path on any CPU, through oneDNN's own cap: the default
# precisions leave bf16 out and say so (exit 0, fp32 and auto rows only); bf16
# asked for by name is refused by name (exit 2).
capped=$(ONEDNN_MAX_CPU_ISA=AVX2 "$bin" bench nn --nets 1x8 --batch 1 --seconds 0.01 2>"$tmp_err") ||
  fail "bench nn under ONEDNN_MAX_CPU_ISA=AVX2 exited $?: $(cat "$tmp_err")"
printf '%s\n' "$capped" | grep -q "^cpu: .*no AVX-512, capped by ONEDNN_MAX_CPU_ISA=AVX2" ||
  fail "the cap is not in the cpu line: $capped"
grep -q "bf16 left out" "$tmp_err" || fail "no word of bf16 left out: $(cat "$tmp_err")"
printf '%s\n' "$capped" | grep -q "| bf16 |" && fail "a bf16 row under the AVX2 cap: $capped"
[ "$(printf '%s\n' "$capped" | grep -cE '^\| 1x8 \| onednn \| (fp32|auto \(fp32\)) \| 1 \|')" -eq 2 ] ||
  fail "expected the fp32 and auto (fp32) rows under the AVX2 cap: $capped"
ONEDNN_MAX_CPU_ISA=AVX2 "$bin" bench nn --nets 1x8 --batch 1 --precision bf16 --seconds 0.01 \
  >/dev/null 2>"$tmp_err"
[ $? -eq 2 ] || fail "bench nn --precision bf16 under the AVX2 cap: expected exit 2"
grep -q "bf16 inference needs a CPU with AVX-512" "$tmp_err" ||
  fail "bf16 under the AVX2 cap: unclear message: $(cat "$tmp_err")"

json=$("$bin" bench nn --nets 1x8 --batch 2,8 --precision fp32,$second --seconds 0.01 --json 2>/dev/null) ||
  fail "bench nn --json exited $?"
network_lines=$(printf '%s\n' "$json" | grep -c '"kind":"network"')
[ "$network_lines" -eq 4 ] || fail "expected 4 network JSON lines, got $network_lines: $json"
for key in blocks channels batch precision engine evals_per_s gflops peak_share; do
  n=$(printf '%s\n' "$json" | grep '"kind":"network"' | grep -c "\"$key\":")
  [ "$n" -eq 4 ] || fail "key $key in $n of 4 network lines: $json"
done
printf '%s\n' "$json" | grep '"kind":"peak"' | grep -q '"peak":"fp32 FMA"' || fail "no fp32 peak line: $json"
printf '%s\n' "$json" | grep -q '"kind":"blas"' || fail "no BLAS line: $json"
# Every line is a JSON object.
printf '%s\n' "$json" | grep -vqE '^\{.*\}$' && fail "a line is not a JSON object: $json"

out=$("$bin" bench train --blocks 1 --channels 8 --batch 8 --seconds 0.1) || fail "bench train exited $?"
printf '%s\n' "$out" | grep -qE "^\| fp32 \| [0-9.]+ \| [0-9]+ \|" || fail "bench train fp32 row: $out"
# Without bf16 units the bf16 row has no peak to be a share of (it is
# emulated): it says so instead of dividing by zero.
bf16_row=$(printf '%s\n' "$out" | grep "^| bf16 |") || fail "bench train: no bf16 row: $out"
if printf '%s\n' "$out" | grep -q "^cpu: .*avx512_bf16"; then
  printf '%s\n' "$bf16_row" | grep -qE "\| [0-9]+ % bf16 dot \|" || fail "bf16 row share: $bf16_row"
else
  printf '%s\n' "$bf16_row" | grep -q "| - (no bf16 dot here) |" || fail "bf16 row share: $bf16_row"
fi

"$bin" bench nn --layout sideways >/dev/null 2>&1
[ $? -eq 2 ] || fail "bad --layout: expected exit 2"
"$bin" bench nn --precision fp16 >/dev/null 2>&1
[ $? -eq 2 ] || fail "bad --precision: expected exit 2"
"$bin" bench nn --engine tensorflow >/dev/null 2>&1
[ $? -eq 2 ] || fail "bad --engine: expected exit 2"
"$bin" bench nn --nets 4by64 >/dev/null 2>&1
[ $? -eq 2 ] || fail "bad --nets: expected exit 2"
"$bin" bench train --optimizer adam >/dev/null 2>&1
[ $? -eq 2 ] || fail "bad --optimizer: expected exit 2"
echo ok
