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
# Both build with clang at -O1 with assertions on: clang compiles these builds
# ~3x faster than g++ at -O2 (12 s against 40 s for 8 core files).
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
  -h | --help | "") awk 'NR == 1 { next } !/^#/ { exit } { sub(/^# ?/, ""); print }' "$0"; [ -n "$mode" ]; exit $? ;;
  *) echo "sanitize.sh: unknown mode '$mode' (core, all)" >&2; exit 2 ;;
esac
jobs=$(nproc)
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:halt_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1

# configure NAME SANITIZERS TARGET [cmake options...]: one build folder per
# sanitizer; TARGET is what to build (all: everything).
configure() {
  local dir="$build/$1" sanitizers=$2 target=$3
  shift 3
  # A folder configured with other options (another compiler) starts afresh:
  # CMake cannot switch compilers in place.
  local options="$sanitizers $*"
  if [ -f "$dir/CMakeCache.txt" ] && [ "$(cat "$dir/options.txt" 2>/dev/null)" != "$options" ]; then
    rm -rf "$dir"
  fi
  mkdir -p "$dir"
  echo "$options" >"$dir/options.txt"
  echo "== building $dir (-fsanitize=$sanitizers, target $target)"
  cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DINCHZERO_SANITIZE="$sanitizers" "$@" \
    >"$dir/configure.log" 2>&1 || { cat "$dir/configure.log" >&2; exit 1; }
  cmake --build "$dir" -j "$jobs" --target "$target" >"$dir/build.log" 2>&1 ||
    { tail -40 "$dir/build.log" >&2; exit 1; }
}
# Every sanitizer build: clang, -O1, line tables only, assertions on (no
# NDEBUG). The core builds add INCHZERO_CORE_ONLY.
clang_options=(-DCMAKE_CXX_COMPILER=clang++ "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only")
core_options=(-DINCHZERO_CORE_ONLY=ON "${clang_options[@]}")

# The tests whose threads meet: what TSan checks.
concurrent_core='ThreadPool.*'
concurrent_all='ThreadPool.*|Match.*|SelfPlay.*|InferenceBatcher.*|Batcher.*|LabRunner.*|DataParallel.*|ReplayBuffer.*|Trainer.*Workers.*|EnginePool.*'

command -v clang++ >/dev/null || { echo "sanitize.sh $mode: clang++ is missing (apt install clang)" >&2; exit 1; }
if [ "$mode" = core ]; then
  configure asan-core address,undefined core_tests "${core_options[@]}"
  (cd "$build/asan-core" && ctest --output-on-failure -j "$jobs" >ctest.log 2>&1) ||
    { cat "$build/asan-core/ctest.log"; exit 1; }
  tail -3 "$build/asan-core/ctest.log"
  configure tsan-core thread thread_pool_tests "${core_options[@]}"
  "$build/tsan-core/thread_pool_tests" --gtest_brief=1 --gtest_filter="${concurrent_core//|/:}"
  echo "sanitize.sh core: no sanitizer report"
  exit 0
fi

# Both halves run even when the first fails: a long job reports all it found.
failed=()
configure asan address,undefined all "${clang_options[@]}"
(cd "$build/asan" && ctest --output-on-failure -j "$jobs" -E '^(fuzz|sanitize)\.') ||
  failed+=("ASan+UBSan (the failed tests: $build/asan/Testing/Temporary/LastTestsFailed.log)")
configure tsan thread all "${clang_options[@]}"
(cd "$build/tsan" && ctest --output-on-failure -R "$concurrent_all") ||
  failed+=("TSan (the failed tests: $build/tsan/Testing/Temporary/LastTestsFailed.log)")
if ((${#failed[@]})); then
  printf 'sanitize.sh all: tests failed under %s\n' "${failed[@]}" >&2
  exit 1
fi
echo "sanitize.sh all: no sanitizer report"
