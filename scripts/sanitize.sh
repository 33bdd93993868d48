#!/usr/bin/env bash
# Sanitizer builds and their tests (docs/robustness.md, "Sanitizers"):
#
#   scripts/sanitize.sh core   core/ and its tests (no LibTorch): every core
#                              test under AddressSanitizer + UndefinedBehavior-
#                              Sanitizer, the concurrent ones (the thread pool)
#                              under ThreadSanitizer. A few minutes; in CI as
#                              ctest sanitize.core.
#   scripts/sanitize.sh all    the whole project: the full ctest suite under
#                              ASan + UBSan, and the concurrent tests (self-play
#                              workers, the inference batcher, matches, the lab,
#                              the trainer with workers, the thread pool) under
#                              TSan. Long (a full build each): not in CI.
#
# --build DIR (default build-sanitize) holds one build folder per sanitizer.
# Any sanitizer report fails the program it is in, so the test fails.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-}
shift || true
build=build-sanitize
while (($#)); do
  case $1 in
    --build) build=${2:?}; shift 2 ;;
    *) echo "sanitize.sh: unknown option '$1'" >&2; exit 2 ;;
  esac
done
case $mode in
  core | all) ;;
  -h | --help | "") sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; [ -n "$mode" ]; exit $? ;;
  *) echo "sanitize.sh: unknown mode '$mode' (core, all)" >&2; exit 2 ;;
esac
jobs=$(nproc)
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:halt_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1

# configure NAME SANITIZERS [cmake options...]: one build folder per sanitizer.
configure() {
  local dir="$build/$1" sanitizers=$2
  shift 2
  mkdir -p "$dir"
  echo "== building $dir (-fsanitize=$sanitizers)"
  cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DINCHZERO_SANITIZE="$sanitizers" "$@" \
    >"$dir/configure.log" 2>&1 || { cat "$dir/configure.log" >&2; exit 1; }
  cmake --build "$dir" -j "$jobs" >"$dir/build.log" 2>&1 || { tail -40 "$dir/build.log" >&2; exit 1; }
}

# The tests whose threads meet: what TSan checks.
concurrent_core='ThreadPool.*'
concurrent_all='ThreadPool.*|Match.*|SelfPlay.*|InferenceBatcher.*|Batcher.*|LabRunner.*|DataParallel.*|ReplayBuffer.*|Trainer.*Workers.*|EnginePool.*'

if [ "$mode" = core ]; then
  configure asan-core address,undefined -DINCHZERO_CORE_ONLY=ON
  (cd "$build/asan-core" && ctest --output-on-failure -j "$jobs" >ctest.log 2>&1) ||
    { cat "$build/asan-core/ctest.log"; exit 1; }
  tail -3 "$build/asan-core/ctest.log"
  configure tsan-core thread -DINCHZERO_CORE_ONLY=ON
  "$build/tsan-core/core_tests" --gtest_brief=1 --gtest_filter="${concurrent_core//|/:}"
  echo "sanitize.sh core: no sanitizer report"
  exit 0
fi

configure asan address,undefined
(cd "$build/asan" && ctest --output-on-failure -j "$jobs" -E '^(fuzz|sanitize)\.')
configure tsan thread
(cd "$build/tsan" && ctest --output-on-failure -R "$concurrent_all")
echo "sanitize.sh all: no sanitizer report"
