#!/usr/bin/python3
# analyse.py: the figures of README.md from the files beside it.
#   metrics-*.jsonl  a run's metrics (one line per iteration)
#   m-*.jsonl.gz     `inchzero match --games-out` files (p0 is the network)
# For each run: self-play games ending at the target and the run's
# evaluation against greedy, iterations 10-14 (the zoo entry's last five),
# the continuation's refill iterations (the entry's network, no training)
# and its training iterations; for each match: W-D-L, the score's 95 %
# Wilson interval, games ended ahead / behind on points, mean points; and
# Fisher's exact test (two-sided) on wins of each continued network against
# the entry's in the same match settings.
import glob, json, os, sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "..", "..", "scripts"))
from solved_wall import fisher_two_sided, wilson  # noqa: E402

sys.path.insert(0, os.path.join(here, "..", "inchworm-60-curriculum"))
from margins import summary as match  # noqa: E402


def iterations(path, first, last):
    rows = [json.loads(line) for line in open(path)]
    return [r for r in rows if first <= r["iteration"] <= last]


def selfplay_and_eval(rows):
    games = sum(r["selfplay"]["games"] for r in rows)
    target = sum(r["selfplay"]["end_reasons"].get("target", 0) for r in rows)
    ev = [r["eval"]["greedy"] for r in rows if "greedy" in r.get("eval", {})]
    wdl = [sum(e[k] for e in ev) for k in ("wins", "draws", "losses")]
    return games, target, wdl


print("| run | iterations | self-play games ending at the target | run evaluation against greedy (W-D-L) |")
print("|---|---|---|---|")
entry = selfplay_and_eval(iterations(os.path.join(here, "metrics-plain.jsonl"), 10, 14))
print(f"| zoo entry | 10-14 | {entry[1]} of {entry[0]} | {'-'.join(map(str, entry[2]))} |")
for path in sorted(glob.glob(os.path.join(here, "metrics-*.jsonl"))):
    name = os.path.basename(path)[len("metrics-"):-len(".jsonl")]
    rows = iterations(path, 15, 10**9)
    trained = [r for r in rows if r["train"].get("steps", 0) > 0]
    refill = [r for r in rows if "refilling_window" in r["train"]]
    if refill:  # the entry's own network, before the continued run trained
        g, t, wdl = selfplay_and_eval(refill)
        span = f"{refill[0]['iteration']}-{refill[-1]['iteration']}"
        print(f"| {name}, refilling (the entry's network) | {span} | {t} of {g} | {'-'.join(map(str, wdl))} |")
    g, t, wdl = selfplay_and_eval(trained)
    span = f"{trained[0]['iteration']}-{trained[-1]['iteration']}"
    print(f"| {name}, training | {span} | {t} of {g} | {'-'.join(map(str, wdl))} |")

print()
print("| match (p0 first) | games | W-D-L | score, 95 % interval | p0 ahead / behind at the end | mean points p0 – p1 | wins against the entry's, Fisher |")
print("|---|---|---|---|---|---|---|")
results = {os.path.basename(p)[2:-len(".jsonl.gz")]: match(p)
           for p in sorted(glob.glob(os.path.join(here, "m-*.jsonl.gz")))}
for name, (n, wdl, ahead, behind, own, other) in results.items():
    score = (wdl[0] + wdl[1] / 2) / n
    lo, hi = wilson(wdl[0] + wdl[1] / 2, n)
    network, opponent = name.split("-vs-")
    test = ""
    base = results.get(f"entry-vs-{opponent}")
    if network != "entry" and base:
        p = fisher_two_sided(wdl[0], n - wdl[0], base[1][0], base[0] - base[1][0])
        test = f"p = {p:.2g}"
    print(f"| {network} vs {opponent} | {n} | {'-'.join(map(str, wdl))} | {100 * score:.1f} % "
          f"[{lo:.1f}, {hi:.1f}] | {ahead} / {behind} | {own:.1f} – {other:.1f} | {test} |")
