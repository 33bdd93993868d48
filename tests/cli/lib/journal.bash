# Helpers of the lab's journal tests (lab_gate_resume.sh, lab_cell_resume.sh),
# sourced after they define `fail` and `dir`.

# expect_foreign_journal_refused NOUN JOURNAL COMMAND...: a journal of
# another NOUN (match, cell: its settings line given another seed) must be
# refused by COMMAND with exit 2, naming the file and what to do; the
# journal is then put back as it was.
expect_foreign_journal_refused() {
  local noun=$1 journal=$2
  shift 2
  cp "$journal" "$dir/journal.kept"
  sed -i '1s/"seed":[0-9]*/"seed":7/' "$journal"
  cmp -s "$dir/journal.kept" "$journal" && fail "the test did not change the $noun's seed"
  local code=0
  "$@" >/dev/null 2>"$dir/foreign.err" || code=$?
  [ "$code" -eq 2 ] || fail "a journal of another $noun: expected exit 2, got $code"
  grep -q "lab [a-z]* journal '.*$(basename "$journal")':1: it is of another $noun" \
    "$dir/foreign.err" || fail "a journal of another $noun: unclear message: $(cat "$dir/foreign.err")"
  grep -q "remove it to play the $noun again" "$dir/foreign.err" ||
    fail "the refusal does not say what to do: $(cat "$dir/foreign.err")"
  cp "$dir/journal.kept" "$journal"
}

# expect_same_but_time WHOLE RESUMED: the two result files hold the same
# games and results, the time they record aside.
expect_same_but_time() {
  diff <(grep -v '"seconds"' "$1") <(grep -v '"seconds"' "$2") >"$dir/diff" ||
    fail "the resumed result differs from the unbroken one: $(head -20 "$dir/diff")"
}

# expect_unbroken_lab CONFIG OUT STEM: the lab plays CONFIG into OUT whole,
# writing OUT/STEM.json and leaving no journal.
expect_unbroken_lab() {
  "$bin" lab --config "$1" --out "$2" --quiet >/dev/null 2>"$dir/whole.err" ||
    fail "the unbroken lab exited $?: $(cat "$dir/whole.err")"
  [ -s "$2/$3.json" ] || fail "no $3.json in the unbroken lab"
  [ ! -e "$2/$3.games.jsonl" ] || fail "the unbroken lab left its journal"
}

# expect_killed_after POINT N CONFIG OUT STEM: a lab killed (kill -9) at the
# N-th pass through the fault point POINT wrote no OUT/STEM.json and left a
# journal of its settings and N games.
expect_killed_after() {
  local code=0
  INCHZERO_FAULT="$1:$2" "$bin" lab --config "$3" --out "$4" --quiet >/dev/null 2>&1 || code=$?
  [ "$code" -eq 137 ] || fail "the injected kill did not kill the lab (exit $code)"
  [ ! -e "$4/$5.json" ] || fail "a killed lab wrote $5.json"
  local lines
  lines=$(wc -l <"$4/$5.games.jsonl")
  [ "$lines" -eq $(($2 + 1)) ] || fail "the journal holds $lines lines, expected the settings and $2 games"
}
