# Shared helpers of the crash tests (crash_matrix.sh, crash_soak.sh); sourced
# after common.bash, with $bin set. The tiny run and lab they kill are
# lib/tiny_run.yaml and lib/tiny_lab.yaml; lib/run_account.py checks a
# finished run's accounting.
crash_lib="$(dirname "${BASH_SOURCE[0]}")"

# finish DIR CONFIG: run DIR until it says its budget is spent (at most 20
# sessions). A run killed before it wrote its config.yaml has none yet: it is
# given CONFIG again, else it would start the default config's long run.
finish() {
  local dir=$1 first_config=$2 i config
  for i in $(seq 1 20); do
    config=()
    [ -f "$dir/config.yaml" ] || config=(--config "$first_config")
    if "$bin" run "${config[@]}" --out "$dir" --quiet >"$tmp/resume.out" 2>"$tmp/resume.err"; then
      grep -q "budget spent" "$tmp/resume.out" && return 0
    else
      fail "resume of $dir exited non-zero: $(cat "$tmp/resume.err")"
    fi
  done
  fail "$dir did not finish in 20 sessions"
}

# no_leftovers DIR WHAT: fails when DIR holds a temporary (*.tmp*) once every
# process writing there has stopped and a start has cleaned up.
no_leftovers() {
  local left
  left=$(find "$1" -name '*.tmp*')
  [ -z "$left" ] || fail "$2: temporaries left after the resumed run finished: $left"
}

# lab_report DIR: a lab's report.csv less its `seconds` column (found by
# name: the cells' wall time differs between runs).
lab_report() {
  python3 -c 'import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
if "seconds" not in rows[0]: sys.exit("report.csv has no seconds column")
i = rows[0].index("seconds")
w = csv.writer(sys.stdout)
for r in rows: w.writerow(r[:i] + r[i + 1:])' "$1/report.csv"
}

# kill_after DELAY COMMAND...: run COMMAND in the background (stdout and
# stderr to $tmp/killed.out and $tmp/killed.err) and kill -9 it after DELAY
# seconds. Returns 0 when the kill landed; else COMMAND ended first, and
# kill_after returns 1 with its exit status in $command_status.
kill_after() {
  local delay=$1 pid
  shift
  command_status=0
  "$@" >"$tmp/killed.out" 2>"$tmp/killed.err" &
  pid=$!
  sleep "$delay"
  if kill -9 "$pid" 2>/dev/null; then
    { wait "$pid" || true; } 2>/dev/null  # (the group's 2>/dev/null takes bash's "Killed")
    return 0
  fi
  wait "$pid" || command_status=$?
  return 1
}
