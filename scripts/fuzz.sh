#!/usr/bin/env bash
# Fuzz every parser and loader a user can feed (fuzz/*.cpp, libFuzzer with
# AddressSanitizer and UndefinedBehaviorSanitizer; docs/robustness.md).
#
#   scripts/fuzz.sh [--seconds N] [--runs N] [--seed S] [--build DIR] [TARGET...]
#
# TARGET: position moves rules shard record text_record analysis_query
# run_config network uci
# (default: all). Each target first runs its regression inputs
# (fuzz/regressions/TARGET/: inputs that once crashed, kept after the fix),
# then fuzzes for N seconds (default 60) or N executions (both given:
# whichever comes first) from its seed corpus (fuzz/corpus/TARGET/) plus
# what earlier runs found (DIR/corpus/TARGET/).
# A crash, leak, sanitizer report, broken invariant or hang (10 s per input)
# fails the run; the input is saved as DIR/crash-TARGET-* to be added to the
# regressions once fixed. --seed fixes libFuzzer's mutations (with --runs the
# same inputs every time); CI runs a seeded smoke of it (ctest: fuzz.smoke).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="" runs="" seed=0 build=build-fuzz targets=()
while (($#)); do
  case $1 in
    --seconds) seconds=${2:?}; shift 2 ;;
    --runs) runs=${2:?}; shift 2 ;;
    --seed) seed=${2:?}; shift 2 ;;
    --build) build=${2:?}; shift 2 ;;
    -h | --help) awk 'NR == 1 { next } !/^#/ { exit } { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
    -*) echo "fuzz.sh: unknown option '$1' (--help)" >&2; exit 2 ;;
    *) targets+=("$1"); shift ;;
  esac
done
all=(position moves rules shard record text_record analysis_query run_config network uci)
((${#targets[@]})) || targets=("${all[@]}")
for t in "${targets[@]}"; do
  [[ " ${all[*]} " == *" $t "* ]] || { echo "fuzz.sh: unknown target '$t' (${all[*]})" >&2; exit 2; }
done
command -v clang++ >/dev/null ||
  { echo "fuzz.sh: clang++ is missing (Debian package clang; scripts/setup.sh installs it)" >&2; exit 1; }

mkdir -p "$build"
echo "== building the fuzz targets ($build, clang, ASan+UBSan)"
# OSS-Fuzz's flags (-O1, line tables), with assertions on (no NDEBUG): a
# third of the build time of -O2 -g, and an assertion is one more crash found.
# core/ as a unity build (INCHZERO_UNITY_LIBRARIES): ~30 % less build time.
CXX=clang++ cmake -S . -B "$build" -DINCHZERO_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only" -DINCHZERO_UNITY_LIBRARIES=ON \
  >"$build/build.log" 2>&1 ||
  { cat "$build/build.log" >&2; exit 1; }
cmake --build "$build" -j"$(nproc)" >>"$build/build.log" 2>&1 || { tail -40 "$build/build.log" >&2; exit 1; }

# The targets that read JSON or YAML get a dictionary of its tokens
# (fuzz/dictionaries/) and inputs up to 256 KiB: nesting tens of thousands
# deep, the class of input that once crashed `serve` and `analyse` (an array
# nested 100,000 deep in 200 KB), is within the fuzzer's reach, not found by
# hand. The others keep libFuzzer's default length.
target_options() {
  case $1 in
    analysis_query | network) echo "-dict=fuzz/dictionaries/json.dict -max_len=262144" ;;
    run_config | rules) echo "-dict=fuzz/dictionaries/yaml.dict -max_len=262144" ;;
  esac
}

limit=()
[ -n "$runs" ] && limit+=(-runs="$runs")
if [ -n "$seconds" ] || [ -z "$runs" ]; then limit+=(-max_total_time="${seconds:-60}"); fi
failed=0
for t in "${targets[@]}"; do
  bin="$build/fuzz/fuzz_$t"
  work="$build/corpus/$t"
  log="$build/fuzz_$t.log"
  mkdir -p "$work"
  # 1. Regressions: each input once.
  shopt -s nullglob
  regressions=(fuzz/regressions/"$t"/*)
  shopt -u nullglob
  if ((${#regressions[@]})); then
    if ! "$bin" "${regressions[@]}" >"$log" 2>&1; then
      echo "fuzz_$t: a regression input fails again:" >&2
      tail -30 "$log" >&2
      failed=1
      continue
    fi
  fi
  # 2. Fuzzing: new inputs go to the first corpus folder.
  # libFuzzer exits with -interrupted_exitcode (72 here) on SIGINT/SIGTERM:
  # a run stopped by hand, not a finding.
  status=0
  read -r -a options <<<"$(target_options "$t")"
  "$bin" "${limit[@]}" "${options[@]}" -seed="$seed" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -interrupted_exitcode=72 -artifact_prefix="$build/crash-$t-" "$work" "fuzz/corpus/$t" \
    >"$log" 2>&1 || status=$?
  executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  if ((status == 0)); then
    elapsed=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
    echo "fuzz_$t: ${executions:-?} executions in ${elapsed:-?} s, ${#regressions[@]} regression inputs, corpus $(ls "$work" | wc -l) + $(ls "fuzz/corpus/$t" | wc -l) seeds: no problem"
  elif ((status == 72)); then
    echo "fuzz_$t: interrupted after ${executions:-?} executions, no problem until then" >&2
    exit 130
  else
    echo "fuzz_$t: FOUND A PROBLEM (input saved under $build/crash-$t-*):" >&2
    grep -E "ERROR|invariant broken|runtime error|SUMMARY|terminate" "$log" | head -10 >&2 || true
    tail -5 "$log" >&2
    failed=1
  fi
done
exit $failed
