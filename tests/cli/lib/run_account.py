"""The accounting of a finished run folder as one JSON line, shared by the
crash tests (crash_matrix.sh, crash_soak.sh), which compare it with an
uninterrupted run's or check its rows.

usage: run_account.py RUN MODE ITERATIONS BATCH [MAX_STEPS]
  MODE exact: also the per-iteration samples, replay window and steps, and
  every self-play record must carry its statistics (none lost);
  MODE consistent: the games and evaluation games per iteration only.
Asserts in both modes that metrics.jsonl holds iterations 0..ITERATIONS,
every phase's record is present, every sample is counted as trained exactly
once and each iteration's steps follow the reuse rule for reuse 1:
min(new samples // BATCH, MAX_STEPS) (MAX_STEPS 0 = no cap)."""
import json
import sys

run, mode, iterations, batch = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
cap = int(sys.argv[5]) if len(sys.argv) > 5 else 0
records = [json.loads(l) for l in open(run + "/metrics.jsonl") if l.strip()]
state = json.load(open(run + "/run_state.json"))
its = [r["iteration"] for r in records]
assert its == list(range(iterations + 1)), f"metrics records of iterations {its}"
out = {"trained_samples": state["trained_samples"], "iterations": state["iterations"]}
rows = []
trained = 0
for r in records[1:]:
    for key in ("selfplay", "train", "replay", "eval"):
        assert key in r, f"iteration {r['iteration']}: no {key} metrics"
    sp, tr, rp = r["selfplay"], r["train"], r["replay"]
    games = sp.get("games", 0) + sp.get("resumed_games", 0)
    if mode == "exact":
        assert "stats_lost" not in sp and "games_per_s" in sp, f"self-play stats missing: {sp}"
    # every sample is counted as trained exactly once, with the reuse rule
    assert tr["new_samples"] == rp["total_samples"] - trained, (tr, rp, trained)
    steps = tr["new_samples"] // batch
    assert tr["steps"] == (min(steps, cap) if cap > 0 else steps), tr
    trained = rp["total_samples"]
    row = {"games": games}
    row["eval_games"] = {k: v["games"] for k, v in r["eval"].items()}
    if mode == "exact":
        row.update(new_samples=tr["new_samples"], replay=rp, steps=tr["steps"],
                   total_steps=tr["total_steps"])
    rows.append(row)
assert state["trained_samples"] == trained, (state, trained)
assert records[-1]["train"]["total_steps"] == sum(r["train"]["steps"] for r in records[1:])
out["rows"] = rows
if mode != "exact":
    out.pop("trained_samples")
print(json.dumps(out, sort_keys=True))
