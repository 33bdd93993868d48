#!/usr/bin/python3
# margins.py GAMES.jsonl[.gz]...: for each `inchzero match --games-out` file,
# p0's W-D-L, the games p0 ended ahead / behind / level on points, the
# two-sided sign test on ahead vs behind, and both sides' mean final points.
# `summary(path)` is imported by ../inchworm-60-continued/analyse.py.
import gzip, json, sys
from math import comb


def summary(path):
    """(games, [W, D, L] of p0, games p0 ended ahead, behind, p0's and p1's mean points)."""
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as f:
        games = [json.loads(line) for line in f]
    wdl = [sum(g["result"] == r for g in games) for r in (1, 0, -1)]
    own = [g["final_points"][g["p0_colour"]] for g in games]
    other = [g["final_points"][1 - g["p0_colour"]] for g in games]
    ahead = sum(a > b for a, b in zip(own, other))
    behind = sum(a < b for a, b in zip(own, other))
    return len(games), wdl, ahead, behind, sum(own) / len(games), sum(other) / len(games)


if __name__ == "__main__":
    for path in sys.argv[1:]:
        games, wdl, ahead, behind, own, other = summary(path)
        n, k = ahead + behind, min(ahead, behind)
        p = min(1.0, 2 * sum(comb(n, i) for i in range(k + 1)) / 2**n) if n else 1.0
        print(f"{path}: {games} games, p0 W-D-L {wdl[0]}-{wdl[1]}-{wdl[2]}, "
              f"ahead {ahead} behind {behind} level {games - n} (sign test p = {p:.2g}), "
              f"mean points {own:.1f} to {other:.1f}")
