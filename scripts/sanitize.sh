#!/usr/bin/env bash
# Sanitizer builds and their tests (docs/robustness.md, "Sanitizers"):
#
#   scripts/sanitize.sh core   core/ and its tests (no LibTorch): every core
#                              test under AddressSanitizer + UndefinedBehavior-
#                              Sanitizer. A few minutes; in CI as ctest
#                              sanitize.core.
#   scripts/sanitize.sh concurrency
#                              the tests whose threads meet below train/ (the
#                              thread pool, self-play workers, the evaluation
#                              cache, matches, teacher games, the analysis
#                              engine's concurrent queries, the UCI engine's
#                              search thread, the HTTP server's workers
#                              sharing the engine pool: CMake's
#                              concurrency_tests) under ThreadSanitizer, after
#                              its control, a deliberate data race, has been
#                              reported. A few minutes; in CI as ctest
#                              sanitize.concurrency.
#   scripts/sanitize.sh all    the whole project: the full ctest suite under
#                              ASan + UBSan, and under TSan the concurrency
#                              tests, the lab's and the rank plan's, and the
#                              command lines that run threads in one process
#                              (the list below). Long (a full build each): not
#                              in CI.
#   scripts/sanitize.sh asan   only the ASan + UBSan half of `all`.
#   scripts/sanitize.sh tsan   only the TSan half of `all`.
#
# All build with clang at -O1 with assertions on: clang compiles these builds
# ~3x faster than g++ at -O2 (12 s against 40 s for 8 core files), and the
# layer libraries as unity builds (INCHZERO_UNITY_LIBRARIES), ~30 % faster
# again (53 s against 75 s for core/ under ASan).
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
  core | concurrency | all | asan | tsan) ;;
  -h | --help | "") awk 'NR == 1 { next } !/^#/ { exit } { sub(/^# ?/, ""); print }' "$0"; [ -n "$mode" ]; exit $? ;;
  *) echo "sanitize.sh: unknown mode '$mode' (core, concurrency, all, asan, tsan)" >&2; exit 2 ;;
esac
jobs=$(nproc)
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:halt_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# LibTorch is not instrumented: the reports TSan cannot judge there are
# suppressed by module (scripts/tsan-suppressions.txt says why).
export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:suppressions=$PWD/scripts/tsan-suppressions.txt"

# configure NAME SANITIZERS "TARGETS" [cmake options...]: one build folder per
# sanitizer; TARGETS are what to build (all: everything).
configure() {
  local dir="$build/$1" sanitizers=$2 targets=$3
  shift 3
  # A folder configured with other options (another compiler) starts afresh:
  # CMake cannot switch compilers in place.
  local options="$sanitizers $*"
  if [ -f "$dir/CMakeCache.txt" ] && [ "$(cat "$dir/options.txt" 2>/dev/null)" != "$options" ]; then
    rm -rf "$dir"
  fi
  mkdir -p "$dir"
  echo "$options" >"$dir/options.txt"
  echo "== building $dir (-fsanitize=$sanitizers, targets $targets)"
  cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DINCHZERO_SANITIZE="$sanitizers" "$@" \
    >"$dir/configure.log" 2>&1 || { cat "$dir/configure.log" >&2; exit 1; }
  # shellcheck disable=SC2086 # TARGETS is a list
  cmake --build "$dir" -j "$jobs" --target $targets >"$dir/build.log" 2>&1 ||
    { tail -40 "$dir/build.log" >&2; exit 1; }
}
# Every sanitizer build: clang, -O1, line tables only, assertions on (no
# NDEBUG), unity-built libraries. The core build adds INCHZERO_CORE_ONLY.
clang_options=(-DCMAKE_CXX_COMPILER=clang++ "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only"
               -DINCHZERO_UNITY_LIBRARIES=ON)
core_options=(-DINCHZERO_CORE_ONLY=ON "${clang_options[@]}")

# Beyond concurrency_tests, the tests whose threads meet, for the whole TSan
# run: the lab's cells played in parallel and the data-parallel rank plan's
# thread (test suites, anchored, so that a test merely named "...Lab..." is
# not taken). Then the command lines that run threads in one process:
# data-parallel training (two ranks, each a TSan process), the UCI engine's
# search thread, the HTTP server, the analysis engine, the lab and a resumed
# run (self-play workers and trainer). Extra self-play workers are processes
# of their own, checked by the crash and cluster tests, not by TSan.
concurrent_above='^(LabRunner|RankPlan)\.|^cli\.(data_parallel|data_parallel_run|uci_client|serve_api|analysis_client|lab_agents|run_resume)$'

# Address-space randomisation off for the sanitized programs where the
# kernel lets a process ask (setarch -R; ctest's children inherit it): LLVM
# 14's TSan maps its shadow memory at fixed addresses and dies with "FATAL:
# ThreadSanitizer: unexpected memory mapping" when a library lands there,
# which kernels with more mmap randomisation (vm.mmap_rnd_bits above 28)
# make happen on some runs only, and its ASan can hang there the same way
# (google/sanitizers#1716, fixed in LLVM 18). Where setarch is refused the
# programs run as before.
no_aslr=()
if setarch "$(uname -m)" -R true 2>/dev/null; then no_aslr=(setarch "$(uname -m)" -R); fi

# tsan_concurrency: the control first (TSan must report its race, or a clean
# run below proves nothing), then every concurrency test. A failure says
# which of the two failed, in the last lines of the output.
tsan_concurrency() {
  local dir="$build/tsan" report="$build/tsan/control.log"
  if "${no_aslr[@]}" "$dir/tsan_control" >"$report" 2>&1 ||
    ! grep -q 'ThreadSanitizer: data race' "$report"; then
    echo "sanitize.sh: the TSan control's deliberate race was not reported ($report):" >&2
    cat "$report" >&2
    return 1
  fi
  echo "== TSan reports the control's race; the concurrency tests:"
  local rc=0
  "${no_aslr[@]}" "$dir/concurrency_tests" --gtest_brief=1 || rc=$?
  if ((rc)); then
    echo "sanitize.sh: concurrency_tests failed under TSan (exit $rc; a TSan report or a" \
      "failed test above)" >&2
  fi
  return "$rc"
}

command -v clang++ >/dev/null || { echo "sanitize.sh $mode: clang++ is missing (apt install clang)" >&2; exit 1; }
case "$mode" in
  core)
    configure asan-core address,undefined core_tests "${core_options[@]}"
    # A quarter of the sampling tests' random games (INCHZERO_TEST_SCALE,
    # tests/core/game_suite.h): under ASan a game costs ~10x, and the full
    # count made this test 990 s of test time on two cores, over CI's
    # 20-minute limit for one test on a slower machine. Every test, rule set
    # and assertion still runs; `sanitize.sh asan` keeps the full count.
    (cd "$build/asan-core" && INCHZERO_TEST_SCALE=${INCHZERO_TEST_SCALE:-0.25} \
      "${no_aslr[@]}" ctest --output-on-failure -j "$jobs" >ctest.log 2>&1) ||
      { cat "$build/asan-core/ctest.log"; exit 1; }
    tail -3 "$build/asan-core/ctest.log"
    echo "sanitize.sh core: no sanitizer report"
    exit 0
    ;;
  concurrency)
    configure tsan thread "concurrency_tests tsan_control" "${clang_options[@]}"
    tsan_concurrency
    echo "sanitize.sh concurrency: no sanitizer report"
    exit 0
    ;;
esac

# Both halves run even when the first fails: a long job reports all it found.
failed=()
if [ "$mode" != tsan ]; then
  configure asan address,undefined all "${clang_options[@]}"
  (cd "$build/asan" && "${no_aslr[@]}" ctest --output-on-failure -j "$jobs" -E '^(fuzz|sanitize)\.') ||
    failed+=("ASan+UBSan (the failed tests: $build/asan/Testing/Temporary/LastTestsFailed.log)")
fi
if [ "$mode" != asan ]; then
  configure tsan thread "all concurrency_tests tsan_control" "${clang_options[@]}"
  tsan_concurrency || failed+=("TSan (concurrency_tests or its control)")
  (cd "$build/tsan" && "${no_aslr[@]}" ctest --output-on-failure -j "$jobs" -R "$concurrent_above") ||
    failed+=("TSan (the failed tests: $build/tsan/Testing/Temporary/LastTestsFailed.log)")
fi
if ((${#failed[@]})); then
  printf "sanitize.sh $mode: tests failed under %s\n" "${failed[@]}" >&2
  exit 1
fi
echo "sanitize.sh $mode: no sanitizer report"
