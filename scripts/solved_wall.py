#!/usr/bin/env python3
"""Solved wall: exact values of Inchworm's start and of siege positions under
every fix for the drawing wall, on boards the retrograde solver holds.

usage: solved_wall.py INCHZERO [--out docs/results/solved-wall] [--only ID,...]
                      [--boards small,3x4] [--report-only]

Each solve is `inchzero solve --retrograde --format json` (docs/solved-boards.md,
"Retrograde"); its answer is appended to OUT/results.jsonl as soon as it is
known, so a stopped run (Ctrl-C) resumes where it was: solves already in the
file are not run again. OUT/README.md is the report, written (to a temporary
file, then renamed) from the file after every solve. --report-only writes it
from what is there.
"""
import json
import os
import subprocess
import sys
import time

# Every fix as proposed (shared/seeds, RULINGS.md): (id, shipped rule set, extra --set).
RULE_SETS = [
    ("original", "original", []),
    ("menke", "menke", []),
    ("enclosure-capture", "enclosure-capture", []),
    ("enclosure-points", "enclosure-points", []),
    ("enclosure-points-opponent", "enclosure-points-opponent", []),
    ("enclosure-smaller-group", "enclosure-smaller-group", []),
    ("enclosure-smaller-group-area", "enclosure-smaller-group-area", []),
    ("enclosure-mover-priority", "enclosure-mover-priority", []),
    ("smaller-group-only (alone)", "smaller-group-only", []),
    ("mover-priority (alone)", "mover-priority", []),
    ("max-eyes-1", "max-eyes-1", []),
    ("max-edges-1", "max-edges-1", []),
    ("no-capture-limit 8", "original", ["no_capture_limit=8"]),
    ("no-capture-limit 16", "original", ["no_capture_limit=16"]),
    ("no-capture-limit 8 + 1/piece", "original",
     ["no_capture_limit=8", "no_capture_limit_per_piece=1"]),
    ("drop-prisoners", "drop-prisoners", []),
    ("cylinder", "cylinder", []),
    ("torus", "torus", []),
]

# Boards: (name, --set of the board, [(position id, notation or None for the start, what it is)]).
# The siege: Red's group a2 b2 c2 b1 has two eyes (a1, c1), the one formation
# the original rules cannot capture; Blue, to move, has the rest of the board.
SIEGE_3X3 = "3/R1,R1,R1/1,R1,1 b {red},{blue} 0,0 0,0"
BOARDS = {
    "small": ("3x3, stock 4, target 4",
              ["width=3", "height=3", "stock=4", "target_score=4"],
              [("start", None, "the start, Red to move"),
               ("siege, Red stock 0", SIEGE_3X3.format(red=0, blue=4),
                "Red's two-eyed group stands, Red's stock is gone (Rodeffer: it must move), Blue to move with 4"),
               ("siege, Red stock 2", SIEGE_3X3.format(red=2, blue=4),
                "the same with 2 pieces left in Red's stock")]),
    "3x4": ("3x4, stock 4, target 4",
            ["width=3", "height=4", "stock=4", "target_score=4"],
            [("siege, Red stock 0", "3/3/R1,R1,R1/1,R1,1 b 0,4 0,0 0,0",
              "Red's two-eyed group on ranks 1-2, Red's stock gone, Blue to move with 4 and two free ranks")]),
}
# No cap, no repetition rule: an endless line is the retrograde solver's draw.
COMMON = ["max_plies=0", "repetition_draw=0"]


def solve(binary, rules, sets, position):
    argv = [binary, "solve", "--retrograde", "--game", "inchworm", "--rules", rules,
            "--format", "json", "--quiet", "--line", "16"]
    for s in sets:
        argv += ["--set", s]
    if position:
        argv += ["--position", position]
    start = time.monotonic()
    p = subprocess.run(argv, capture_output=True, text=True)
    if p.returncode != 0:
        return {"error": (p.stderr.strip().splitlines() or ["exit %d" % p.returncode])[-1],
                "command": " ".join(argv[1:]), "wall_seconds": time.monotonic() - start}
    answer = json.loads(p.stdout)
    answer["command"] = "inchzero " + " ".join(a if " " not in a else "'%s'" % a for a in argv[1:])
    answer["wall_seconds"] = time.monotonic() - start
    return answer


def verdict(r, siege):
    if "error" in r:
        return "not solved: " + r["error"]
    v, endless, d = r["value"], r["endless"], r["distance"]
    mover = "Blue" if siege else "Red"
    other = "Red" if siege else "Blue"
    if v == 1:
        text = "%s (to move) wins in %d" % (mover, d)
    elif v == -1:
        text = "%s wins in %d" % (other, d)
    elif endless:
        text = "draw, endless"
    else:
        text = "draw, ended in %d" % d
    if siege:
        text += " — " + ("**the wall falls**" if v == 1 else
                         "the wall holds (a fortress)" if v == 0 and endless else
                         "the wall holds" if v == -1 else "drawn by a limit")
    return text


def write_report(out, results, boards):
    cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo")
                if l.startswith("model name")), "this machine")
    lines = ["# Solved wall: exact values on small boards", "",
             "Made by `python3 scripts/solved_wall.py build/inchzero` (resumable; raw answers in "
             "`results.jsonl`, each with its command). Every value is exact: the retrograde "
             "solver (`inchzero solve --retrograde`, docs/solved-boards.md) enumerates every "
             "position reachable from the one named and handles cycles, so **draw, endless** "
             "means no line of best play ever ends (a fortress: neither side can force a "
             "result), and **draw, ended** a draw that best play reaches by a limit or equal "
             "scores. No ply cap and no repetition rule (`max_plies=0`, `repetition_draw=0`). "
             "Distances are full moves under best play. Measured on %s, 2 threads." % cpu, "",
             "How to read it. In a siege position Blue, to move, attacks Red's standing "
             "two-eyed group: **the wall falls** when Blue can force a win; it holds when Red "
             "wins or when no line ends (a fortress). These boards are tiny and the target "
             "(4) is the size of the formation, so an answer here is exact for this board "
             "and not evidence about 8x8 to 60 by itself: on 3x3 the third rank alone is "
             "left to Blue, so under enclosure capture it is one of Red's eyes and Blue's "
             "first stone there captures the group. With a no-capture limit the count "
             "since the last capture is part of each position, so those solves are the "
             "largest.", ""]
    for board in boards:
        title, board_sets, positions = BOARDS[board]
        lines += ["## %s (`%s`)" % (title, " ".join(board_sets)), ""]
        for pid, notation, what in positions:
            lines += ["### %s" % pid, "", what + (": `%s`" % notation if notation else "") + ".", "",
                      "| fix | value | positions | seconds | MiB | best line |",
                      "|---|---|---:|---:|---:|---|"]
            for rid, _, _ in RULE_SETS:
                r = results.get((board, pid, rid))
                if r is None:
                    lines.append("| %s | not run yet | | | | |" % rid)
                    continue
                if "error" in r:
                    lines.append("| %s | %s | | %.0f | | |" % (rid, verdict(r, notation is not None),
                                                          r["wall_seconds"]))
                    continue
                lines.append("| %s | %s | %s | %.1f | %.0f | %s |" % (
                    rid, verdict(r, notation is not None), format(r["positions"], ","),
                    r["seconds"], r["peak_rss_bytes"] / 1048576, " ".join(r["best_line"][:12])))
            lines.append("")
    tmp = os.path.join(out, "README.md.tmp")
    with open(tmp, "w") as f:
        f.write("\n".join(lines))
    os.replace(tmp, os.path.join(out, "README.md"))


def main():
    args = sys.argv[1:]
    if not args or args[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if args else 2
    binary = os.path.abspath(args[0])
    out = args[args.index("--out") + 1] if "--out" in args else "docs/results/solved-wall"
    only = args[args.index("--only") + 1].split(",") if "--only" in args else None
    boards = args[args.index("--boards") + 1].split(",") if "--boards" in args else list(BOARDS)
    for b in boards:
        if b not in BOARDS:
            print("solved_wall.py: unknown board '%s' (known: %s)" % (b, ", ".join(BOARDS)),
                  file=sys.stderr)
            return 2
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, "results.jsonl")
    results = {}
    if os.path.exists(path):
        for line in open(path):
            try:
                r = json.loads(line)
            except ValueError:
                continue  # a line torn by a kill: that solve runs again
            results[(r["board"], r["position_id"], r["rule_set"])] = r
    if "--report-only" not in args:
        for board in boards:
            _, board_sets, positions = BOARDS[board]
            for pid, notation, _ in positions:
                for rid, rules, extra in RULE_SETS:
                    if only and rid not in only:
                        continue
                    if (board, pid, rid) in results:
                        continue
                    print("== %s / %s / %s" % (board, pid, rid), flush=True)
                    r = solve(binary, rules, board_sets + COMMON + extra, notation)
                    r.update(board=board, position_id=pid, rule_set=rid)
                    print("   " + verdict(r, notation is not None), flush=True)
                    with open(path, "a") as f:
                        f.write(json.dumps(r) + "\n")
                    results[(board, pid, rid)] = r
                    write_report(out, results, boards)
    write_report(out, results, list(BOARDS))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        print("\nstopped; the same command resumes", file=sys.stderr)
        sys.exit(130)
