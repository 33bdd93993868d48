#!/usr/bin/env bash
# The GPU checks of docs/gpu.md in one go, on a GPU machine that has python3
# with a CUDA PyTorch and no package registry (the lent H200):
#   bash scripts/gpu_check.sh DEBS_DIR OUT_DIR [SECONDS]
# DEBS_DIR holds the .deb files of scripts/gpu_bundle.sh (its debs/); they are
# unpacked with dpkg -x (or ar + tar where dpkg is missing). Then: configure
# against python3's LibTorch, build inchzero and gpu_tests (unity build, every
# core), run the gpu.* tests, and the device benches. Each step has a time
# limit and the whole run a deadline of SECONDS (default 540): a step that
# would not fit is skipped and says so. Logs go to at most 7 files in OUT_DIR;
# a summary with the first compiler errors goes to stdout.
set -uo pipefail
debs=$(cd "${1:?usage: gpu_check.sh DEBS_DIR OUT_DIR [SECONDS]}" && pwd)
out=${2:?usage: gpu_check.sh DEBS_DIR OUT_DIR [SECONDS]}
deadline=${3:-540}
mkdir -p "$out"
out=$(cd "$out" && pwd)
cd "$(dirname "$0")/.."
export build=build-gpu deps=/tmp/inchzero-deps debs
failed=0

# step NAME LOG SECONDS_NEEDED LIMIT COMMAND...: run COMMAND, appending to
# OUT/LOG, unless fewer than SECONDS_NEEDED remain before the deadline.
step() {
  local name=$1 log=$2 need=$3 limit=$4
  shift 4
  local left=$((deadline - SECONDS))
  if ((left < need)); then
    echo "== $name: skipped, ${left}s left of the ${deadline}s deadline (needs ${need}s)"
    return 1
  fi
  ((limit > left)) && limit=$left
  echo "== $name (at ${SECONDS}s, limit ${limit}s)"
  echo "== $name: $*" >>"$out/$log"
  # (bash -c: a step may be one of the functions below, exported)
  timeout "$limit" bash -c '"$@"' step "$@" >>"$out/$log" 2>&1
  local rc=$?
  echo "   exit $rc after ${SECONDS}s"
  ((rc != 0)) && failed=1
  return $rc
}

machine() {
  nvidia-smi
  grep -m1 'model name' /proc/cpuinfo
  nproc
  grep PRETTY_NAME /etc/os-release
  g++ --version | head -1
  cmake --version | head -1
  ninja --version
  command -v nvcc && nvcc --version | tail -2
  python3 -c "import torch, os; print('torch', torch.__version__, 'cuda', torch.version.cuda, \
'gpu', torch.cuda.is_available()); inc = os.path.join(os.path.dirname(torch.__file__), 'include'); \
print('torch/include:', sorted(os.listdir(inc)))"
}
export -f machine
step machine machine.txt 0 60 machine
grep -E 'H200|model name|PRETTY|g\+\+|cmake version|^torch' "$out/machine.txt" | head -12

unpack() {
  rm -rf "$deps" && mkdir -p "$deps"
  for d in "$debs"/*.deb; do
    if command -v dpkg >/dev/null; then
      dpkg -x "$d" "$deps"
    else
      local member
      member=$(ar t "$d" | grep '^data\.tar')
      ar p "$d" "$member" | tar -x -J -C "$deps" -f -  # Debian's data.tar.xz
    fi
  done
  # pkg-config: the bundle's pkgconf, which needs its library from the
  # bundle; LD_LIBRARY_PATH for it alone (the compiler must not load the
  # bundle's older zlib and zstd).
  rm -f "$deps/usr/bin/pkg-config"
  printf '#!/bin/sh\nLD_LIBRARY_PATH=%s exec %s "$@"\n' "$deps/usr/lib/x86_64-linux-gnu" \
    "$deps/usr/bin/pkgconf" >"$deps/usr/bin/pkg-config"
  chmod +x "$deps/usr/bin/pkg-config"
  "$deps/usr/bin/pkg-config" --version
  ls "$deps/usr/lib/x86_64-linux-gnu" | head -50
}
export -f unpack
step unpack machine.txt 0 60 unpack || exit 1

configure() {
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DINCHZERO_TORCH_PREFIX=python \
    -DINCHZERO_DEPS_PREFIX="$deps" -DINCHZERO_UNITY_LIBRARIES=ON -DCMAKE_POLICY_VERSION_MINIMUM=3.5
}
export -f configure
if ! step configure build.log 0 180 configure; then
  grep -n -A12 'CMake Error' "$out/build.log" | head -80
  exit 1
fi
grep -E 'LibTorch|CUDA|C\+\+' "$out/build.log" | grep -v '^--.*Looking' | head -10

if ! step build build.log 60 420 cmake --build "$build" --target gpu_tests inchzero -- -k 0; then
  grep -n -B2 -A10 -m12 'error:\|undefined reference\|Error ' "$out/build.log" | head -150
  [ -x "$build/gpu_tests" ] || exit 1
fi
export LD_LIBRARY_PATH="$deps/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

step gpu-tests tests.log 20 120 "$build/gpu_tests"
grep -E '^\[  (PASSED|FAILED|  OK|RUN) |Failure|error' "$out/tests.log" | head -40

[ -x "$build/inchzero" ] || { echo "no inchzero binary: benches skipped"; exit 1; }
bin=$build/inchzero
# Inference at the sizes a GPU is for, against the bf16 matmul peak of the same run.
step bench-nn bench-nn.jsonl 40 150 "$bin" bench nn --device cuda --nets default,10x128 \
  --batch 256,1024,4096 --precision fp32,bf16 --engine torch --seconds 0.3 --rounds 1 --json
grep -E 'device_peak|"batch":(1024|4096)' "$out/bench-nn.jsonl" | cut -c1-400 | head -12
# Self-play at GPU batch sizes (the CPU figure first, in the same run), GPU load beside it.
nvidia-smi dmon -s u -d 1 >"$out/dmon.txt" 2>&1 &
dmon=$!
step bench-selfplay bench-selfplay.json 40 150 "$bin" bench selfplay --device cuda --seconds 15 \
  --param workers=16 --param games_per_worker=256 --json
kill "$dmon" 2>/dev/null
cut -c1-1500 "$out/bench-selfplay.json" | tail -3
tail -20 "$out/dmon.txt"
step bench-train bench-train.md 30 120 "$bin" bench train --device cuda --batch 1024 --seconds 1
tail -20 "$out/bench-train.md"
step device-cli tests.log 30 90 bash tests/cli/device.sh "$bin"
tail -5 "$out/tests.log"
echo "== done in ${SECONDS}s, failed=$failed"
exit $failed
