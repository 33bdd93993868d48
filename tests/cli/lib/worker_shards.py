"""Checks of a run folder fed by extra self-play workers (docs/running.md,
"Extra self-play workers"), shared by cluster_kills.sh and crash_soak.sh.
Run once every process has stopped and a last trainer start has loaded the
folder:
  - shard_index.jsonl lists every shard of the folder exactly once, with
    arrival seqs 0..n-1, and the last trainer start loaded exactly the games
    of the accepted shards (LOADED, from its start line);
  - every shard a worker announced ("published NAME: N games by net-K" in
    its log) is unique, still there and holds N games played by that worker
    with net-K;
  - every ext-<id>-NNNNNN.shard holds only games of worker <id>, and each
    worker's numbers are 0..n-1 without a gap: a killed worker numbers on
    from its last shard, so a kill abandons no number (the round it was
    playing is played again under the same numbers and seeds);
  - at most MAX_UNANNOUNCED shards were not announced (a worker killed
    between its rename and its log line); other shards are the trainer's own
    (itNNNNNN-NNNNNN.shard).
usage: worker_shards.py SCRIPTS RUN LOADED MAX_UNANNOUNCED ID=LOG...
(SCRIPTS: the repository's scripts/ folder, for read_shards.py)
Prints one summary line."""
import json
import os
import re
import sys

scripts, run, loaded, max_extra = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
logs = dict(arg.split("=", 1) for arg in sys.argv[5:])
sys.path.insert(0, scripts)
from read_shards import read_shards  # noqa: E402

shards = sorted(f for f in os.listdir(run + "/shards") if f.endswith(".shard"))
index = [json.loads(l) for l in open(run + "/shard_index.jsonl") if l.strip()]
names = [a["shard"] for a in index]
assert len(names) == len(set(names)), "a shard arrived twice"
assert [a["seq"] for a in index] == list(range(len(index))), "arrival seqs not 0..n-1"
assert sorted(names) == shards, f"index and folder differ: {set(names) ^ set(shards)}"
accepted = sum(a["games"] for a in index if a["accepted"])
assert loaded == accepted, f"a trainer start loaded {loaded} games, accepted shards hold {accepted}"

published = {}
for worker, log in logs.items():
    for line in open(log):
        m = re.match(r"published (\S+): (\d+) games by (net-\d+)", line)
        if not m:
            continue
        name = m.group(1)
        assert name not in published, f"{name} published twice"
        assert name.startswith(f"ext-{worker}-"), f"{worker} published {name}"
        published[name] = (worker, int(m.group(2)), m.group(3))
assert published, "no worker published a shard"
for name, (worker, games, net) in published.items():
    assert name in shards, f"published {name} is gone"
    records, errors = read_shards([f"{run}/shards/{name}"])
    assert not errors and len(records) == games, (name, errors, len(records), games)
    assert all(r["worker"] == worker and r["network"] == net for r in records), name

numbers = {}
for name in shards:
    m = re.match(r"ext-(.+)-([0-9]{6})\.shard$", name)
    if not m:
        assert re.match(r"it[0-9]{6}-[0-9]{6}\.shard$", name), f"{name}: whose shard?"
        continue
    records, errors = read_shards([f"{run}/shards/{name}"])
    assert not errors and all(r["worker"] == m.group(1) for r in records), name
    numbers.setdefault(m.group(1), []).append(int(m.group(2)))
for worker, got in numbers.items():
    assert sorted(got) == list(range(len(got))), f"worker {worker}: shard numbers {sorted(got)}"
extra = {n for n in shards if n.startswith("ext-")} - set(published)
assert len(extra) <= max_extra, f"{len(extra)} shards nobody announced: {sorted(extra)}"
print(f"{len(shards)} shards ({len(published)} announced by workers), {accepted} games accepted, "
      f"{sum(a['games'] for a in index if not a['accepted'])} stale")
