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
