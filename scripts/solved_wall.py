#!/usr/bin/env python3
"""Solved wall: exact values of Inchworm's start and of siege positions under
every fix for the drawing wall, on boards the retrograde solver holds.

Each solve is `inchzero solve --retrograde --format json` (docs/solved-boards.md,
"Retrograde"); its answer is appended to OUT/results.jsonl as soon as it is
known, so a stopped run (Ctrl-C) resumes where it was: solves already in the
file are not run again. OUT/README.md is the report, written (to a temporary
file, then renamed) from the file after every solve. --report-only writes it
from what is there. --only picks rule sets by id (the report's first column),
--positions picks positions by id, separated by ";" since ids hold commas
("start;siege, Red stock 0"). --checks runs only the players' checks against the exact
values (`solve --retrograde --check`: CHECKS below), into OUT/checks.jsonl; with
--keep DIR each solve also writes its solution file there (`solve --save`) and a
check reads it (`solve --load`) instead of solving again. --layer-check solves
again, with the no-capture count in layers (the solver's default since they came),
every no-capture answer of the journal that kept the count in the key, into
OUT/layers.jsonl: both must give one value and distance.
"""
import argparse
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
    "3x4s5": ("3x4, stock 5, target 4",
              ["width=3", "height=4", "stock=5", "target_score=4"],
              [("start", None, "the start, Red to move (127.6 million positions)"),
               ("siege, Red stock 1", "3/3/R1,R1,R1/1,R1,1 b 1,5 0,0 0,0",
                "Red's two-eyed group on ranks 1-2 with Red's fifth piece in stock, Blue to move with 5"),
               ("siege, Red stock 0", "3/3/R1,R1,R1/1,R1,1 b 0,5 0,1 0,1",
                "the same with Red's fifth piece a prisoner of Blue (Blue has scored it): "
                "Red's stock is gone unless it rescues")]),
}
# No cap, no repetition rule: an endless line is the retrograde solver's draw.
COMMON = ["max_plies=0", "repetition_draw=0"]


# Players measured against exact values (ground truth for the wall verdict's
# attacker): (board, position id, rule set id).
CHECK_PLAYERS = ["random", "greedy", "ab:2", "siege:2"]
CHECKS = [("small", "siege, Red stock 2", "original"),
          ("3x4", "siege, Red stock 0", "original"),
          ("3x4", "siege, Red stock 0", "enclosure-points-opponent")]
CHECK_SAMPLE, CHECK_CONVERSIONS = 1000, 100


# The CPU of solves journaled before each answer named its own: the report
# said so then (AMD EPYC, Zen 3 and Zen 5 sessions).
EARLIER_CPU = "AMD EPYC"


def this_cpu():
    """This machine's CPU as /proc/cpuinfo names it, with its CPUID family and
    model (a VM's model name can be as vague as "Intel Xeon Processor")."""
    fields = {}
    with open("/proc/cpuinfo") as f:
        for line in f:
            key, _, value = line.partition(":")
            fields.setdefault(key.strip(), value.strip())
    return "%s (family %s model %s)" % (fields.get("model name", "unknown CPU"),
                                        fields.get("cpu family", "?"), fields.get("model", "?"))


def run(argv):
    """One inchzero command with a JSON answer: the answer with its command and wall time,
    or {"error": its last line of stderr}."""
    start = time.monotonic()
    p = subprocess.run(argv, capture_output=True, text=True)
    if p.returncode != 0:
        return {"error": (p.stderr.strip().splitlines() or ["exit %d" % p.returncode])[-1],
                "command": " ".join(argv[1:]), "wall_seconds": time.monotonic() - start}
    answer = json.loads(p.stdout)
    answer["command"] = "inchzero " + " ".join(a if " " not in a else "'%s'" % a for a in argv[1:])
    answer["wall_seconds"] = time.monotonic() - start
    answer["cpu"] = this_cpu()
    return answer


def solve(binary, rules, sets, position, extra_args=()):
    argv = [binary, "solve", "--retrograde", "--game", "inchworm", "--rules", rules,
            "--format", "json", "--quiet", "--line", "16"] + list(extra_args)
    for s in sets:
        argv += ["--set", s]
    if position:
        argv += ["--position", position]
    return run(argv)


def load(binary, kept, position, extra_args=()):
    """The checks of `extra_args` against a kept solution file, answered as solve() answers."""
    argv = [binary, "solve", "--retrograde", "--load", kept, "--format", "json", "--quiet",
            "--line", "16"] + list(extra_args)
    if position:
        argv += ["--position", position]
    return run(argv)


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


def wilson(k, n, z=1.959964):
    """The 95 % Wilson score interval of k successes in n, in per cent."""
    if n == 0:
        return (0.0, 100.0)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / (1 + z * z / n)
    return (100 * max(0.0, centre - half), 100 * min(1.0, centre + half))


def fisher_two_sided(a, b, c, d):
    """Fisher's exact test of the table [[a, b], [c, d]], two-sided p."""
    from math import comb
    n1, n2, k = a + b, c + d, a + c
    total = comb(n1 + n2, k)
    prob = lambda x: comb(n1, x) * comb(n2, k - x) / total
    observed = prob(a)
    lo, hi = max(0, k - n2), min(k, n1)
    return min(1.0, sum(prob(x) for x in range(lo, hi + 1) if prob(x) <= observed * (1 + 1e-9)))


def checks_section(checks):
    lines = ["## Players against the exact values", "",
             "Ground truth for the wall verdict's attacker (issue 50): `inchzero solve --retrograde "
             "--check PLAYER` (docs/solved-boards.md) asks each player for its move in %d "
             "contested positions of the solve (some legal move changes the exact value; drawn "
             "with seed 1 from every position reachable, either side to move) and counts the "
             "moves that keep the value; then it plays %d won positions out for the winner "
             "against perfect defence (the longest resistance) and counts the wins within "
             "twice the distance plus 20 moves. A player that keeps a won value without "
             "getting on with it keeps it and converts nothing, so both are given. 95 %% "
             "Wilson intervals; Fisher's exact test (two-sided) of each player against "
             "`siege:2`, Holm-adjusted over the comparisons of the table." % (
                 CHECK_SAMPLE, CHECK_CONVERSIONS), ""]
    for board, pid, rid in CHECKS:
        r = checks.get((board, pid, rid))
        title = "%s, %s, %s" % (BOARDS[board][0], pid, rid)
        if r is None:
            lines += ["### %s" % title, "", "not run yet", ""]
            continue
        if "error" in r:
            lines += ["### %s" % title, "", "not run: " + r["error"], ""]
            continue
        lines += ["### %s" % title, "",
                  "%s positions, value of the position: %s. Command: `%s`." % (
                      format(r["positions"], ","), verdict(r, True), r["command"]), "",
                  "| player | optimal moves | 95 % interval | won kept | drawn kept | "
                  "converted | 95 % interval | p vs siege:2 (moves; conversions), Holm |",
                  "|---|---:|---|---:|---:|---:|---|---|"]
        by = {c["player"]: c for c in r["checks"]}
        ref = by.get("siege:2")
        tests = []
        for c in r["checks"]:
            if ref is None or c is ref:
                continue
            for key in ("moves", "conv"):
                if key == "moves":
                    a, n1, b2, n2 = ref["optimal"], ref["checked"], c["optimal"], c["checked"]
                else:
                    a, n1 = ref["conversion"]["converted"], ref["conversion"]["games"]
                    b2, n2 = c["conversion"]["converted"], c["conversion"]["games"]
                tests.append((fisher_two_sided(a, n1 - a, b2, n2 - b2), c["player"], key))
        # Holm: sorted p values times (m - rank), kept monotone.
        holm, running = {}, 0.0
        for rank, (p, player, key) in enumerate(sorted(tests)):
            running = max(running, min(1.0, p * (len(tests) - rank)))
            holm[(player, key)] = running
        for c in r["checks"]:
            lo, hi = wilson(c["optimal"], c["checked"])
            conv = c["conversion"]
            clo, chi = wilson(conv["converted"], conv["games"])
            ps = "—" if c is ref or ref is None else "%.2g; %.2g" % (
                holm[(c["player"], "moves")], holm[(c["player"], "conv")])
            lines.append("| %s | %d of %d (%.1f %%) | %.1f-%.1f %% | %d of %d | %d of %d | "
                         "%d of %d (%.0f %%) | %.0f-%.0f %% | %s |" % (
                             c["player"], c["optimal"], c["checked"],
                             100 * c["optimal"] / max(1, c["checked"]), lo, hi,
                             c["won"]["kept"], c["won"]["checked"], c["drawn"]["kept"],
                             c["drawn"]["checked"], conv["converted"], conv["games"],
                             100 * conv["converted"] / max(1, conv["games"]), clo, chi, ps))
        lines.append("")
    return lines


def is_layered(r):
    """Solved with the no-capture count in layers (docs/solved-boards.md, "Counter layers")."""
    return r.get("counter_layers", 0) > 0


def positions_text(r):
    """Positions of a solve; in layers, the positions without the count times the counts;
    ¶ when solved together with other positions."""
    text = format(r["positions"], ",")
    if is_layered(r):
        text = "%s × %d §" % (format(r["base_positions"], ","), r["counter_layers"])
    return text + (" ¶" if r.get("together") else "")


def no_capture(rid):
    return any(x.startswith("no_capture_limit") for x in dict((r, e) for r, _, e in RULE_SETS)[rid])


def layers_section(results, layer_checks, marks):
    """Each no-capture answer solved both ways: the count in the key, then in layers."""
    lines = ["## Counter layers against the count in the key", "",
             "Each no-capture answer above that was solved with the count in each position's "
             "key, solved again with it in layers (`python3 scripts/solved_wall.py build/inchzero "
             "--layer-check`; raw answers in `layers.jsonl`). Positions: (position, count) pairs "
             "reached, against positions without the count × counts 0..limit. Three answers of the "
             "solver before 7e48298 (†) gave a forced draw a longer distance than the layers "
             "(37, 31 and 32 moves where the layers give 13, 12 and 14); today's solver with the "
             "count in the key (`--counter-in-key`) gives the layers' figures, so its answers "
             "replace those in the tables above (the old ones are kept under \"replaces\" in "
             "`results.jsonl`). Seconds and MiB of the layers were measured on this session's "
             "machine, those of the key on the one each answer names.", "",
             "| board, position, fix | in the key | in layers | same | positions (key; layers) "
             "| seconds (key; layers) | MiB (key; layers) |",
             "|---|---|---|---|---:|---:|---:|"]
    agree = 0
    for key, lr in sorted(layer_checks.items()):
        kr = results.get(key)
        if kr is None or "error" in kr:
            continue
        siege = key[1] != "start"
        if "error" in lr:
            lines.append("| %s | %s | not solved: %s | | | | |" % (
                "%s, %s, %s" % (BOARDS[key[0]][0], key[1], key[2]), verdict(kr, siege),
                                                                  lr["error"]))
            continue
        same = answer_of(kr) == answer_of(lr)
        agree += same
        lines.append("| %s | %s | %s | %s | %s; %s | %.1f%s; %.1f%s | %.0f; %.0f |" % (
            "%s, %s, %s" % (BOARDS[key[0]][0], key[1], key[2]), verdict(kr, siege),
            verdict(lr, siege), "yes" if same else "**no**",
            positions_text(kr), positions_text(lr), kr["seconds"], marks[kr.get("cpu", EARLIER_CPU)],
            lr["seconds"], marks[lr.get("cpu", EARLIER_CPU)], kr["peak_rss_bytes"] / 1048576,
            lr["peak_rss_bytes"] / 1048576))
    if not layer_checks:
        lines.append("| not run yet | | | | | | |")
    lines += ["", "%d of %d agree." % (agree, len(layer_checks)), ""]
    return lines


def cpu_marks(results):
    """A mark for each CPU the solves ran on ("" for the earlier one) and the
    header's sentence naming them: a time is read against its own CPU."""
    cpus = []
    for r in results.values():
        cpu = r.get("cpu", EARLIER_CPU)
        if cpu not in cpus:
            cpus.append(cpu)
    others = [c for c in cpus if c != EARLIER_CPU]
    marks = {EARLIER_CPU: ""}
    marks.update({c: " " + "‡" * (i + 1) for i, c in enumerate(others)})
    text = "Measured on %s, 2 threads" % EARLIER_CPU
    for c in others:
        text += "; seconds marked %s on %s" % (marks[c].strip(), c)
    return marks, text


def write_report(out, results, boards, checks=None, layer_checks=None):
    layer_checks = layer_checks or {}
    marks, measured_on = cpu_marks({**results, **{("layers",) + k: v
                                                  for k, v in layer_checks.items()}})
    lines = ["# Solved wall: exact values on small boards", "",
             "Made by `python3 scripts/solved_wall.py build/inchzero` (resumable; raw answers in "
             "`results.jsonl`, each with its command). Every value is exact: the retrograde "
             "solver (`inchzero solve --retrograde`, docs/solved-boards.md) enumerates every "
             "position reachable from the one named and handles cycles, so **draw, endless** "
             "means no line of best play ever ends (a fortress: neither side can force a "
             "result), and **draw, ended** a draw that best play reaches by a limit or equal "
             "scores. No ply cap and no repetition rule (`max_plies=0`, `repetition_draw=0`). "
             "Distances are full moves under best play. %s. MiB is the process's peak memory; † marks a solve made by the solver before "
             "7e48298, which kept parent arrays and a queue (the same values, about twice "
             "the memory; its times were taken beside other work)." % measured_on, "",
             "How to read it. In a siege position Blue, to move, attacks Red's standing "
             "two-eyed group: **the wall falls** when Blue can force a win; it holds when Red "
             "wins or when no line ends (a fortress). These boards are tiny and the target "
             "(4) is the size of the formation, so an answer here is exact for this board "
             "and not evidence about 8x8 to 60 by itself: on 3x3 the third rank alone is "
             "left to Blue, so under enclosure capture it is one of Red's eyes and Blue's "
             "first stone there captures the group. A no-capture limit ends the game with the "
             "higher score winning, so where Blue is ahead (the siege with Red's fifth piece "
             "Blue's prisoner, 1-0) Blue wins at the limit with Red's group still standing: "
             "the limit does not break the wall, it turns a standing wall into a loss for the "
             "side behind on score. With a no-capture limit the count "
             "since the last capture is part of each position, so those solves are the "
             "largest; § marks one solved with the count in layers (positions without the "
             "count × the counts 0..limit, 2 bytes each; docs/solved-boards.md, \"Counter "
             "layers\"), the others kept it in each position's key (the pairs reached). ¶ marks "
             "positions solved together in one solve (`--together`: the positions they reach "
             "in common are enumerated once); its positions, seconds and MiB are the joint "
             "solve's.", ""]
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
                # Solves without "rounds" ran on the solver with parent arrays
                # (before 7e48298): the same values, about twice the memory.
                old = "" if "rounds" in r else " †"
                lines.append("| %s | %s | %s | %.1f%s | %.0f%s | %s |" % (
                    rid, verdict(r, notation is not None), positions_text(r),
                    r["seconds"], marks[r.get("cpu", EARLIER_CPU)],
                    r["peak_rss_bytes"] / 1048576, old,
                    " ".join(r["best_line"][:12])))
            lines.append("")
    lines += layers_section(results, layer_checks, marks)
    lines += checks_section(checks or {})
    tmp = os.path.join(out, "README.md.tmp")
    with open(tmp, "w") as f:
        f.write("\n".join(lines))
    os.replace(tmp, os.path.join(out, "README.md"))


def read_journal(path):
    """The answers of a journal by (board, position id, rule set id)."""
    answers = {}
    if os.path.exists(path):
        for line in open(path):
            try:
                r = json.loads(line)
            except ValueError:
                continue  # a line torn by a kill: that solve runs again
            answers[(r["board"], r["position_id"], r["rule_set"])] = r
    return answers


def kept_file(keep, board, pid, rid):
    """Where --keep holds the solution file of one solve (inchzero solve --save)."""
    slug = "-".join("".join(c if c.isalnum() else "_" for c in part) for part in (board, pid, rid))
    return os.path.join(keep, slug + ".retro")


def parse_args(argv):
    parser = argparse.ArgumentParser(
        prog="solved_wall.py", description=__doc__.split("\n\n")[0],
        epilog=__doc__.split("\n\n", 1)[1], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("inchzero", help="the inchzero binary (build/inchzero)")
    parser.add_argument("--out", default="docs/results/solved-wall",
                        help="the results folder (default %(default)s)")
    parser.add_argument("--only", help="rule set ids, comma-separated (the report's first column)")
    parser.add_argument("--boards", default=",".join(BOARDS),
                        help="boards, comma-separated (default %(default)s)")
    parser.add_argument("--positions", help='position ids, separated by ";" ("start;siege, Red stock 0")')
    parser.add_argument("--keep", metavar="DIR",
                        help="keep each solve's solution file in DIR (inchzero solve --save; "
                             "about 60 bytes a position), and let --checks read them (--load)")
    parser.add_argument("--checks", action="store_true",
                        help="run only the players' checks against the exact values")
    parser.add_argument("--together", action="store_true",
                        help="solve a board's positions under one rule set in one solve "
                             "(--positions): the positions they share are enumerated once; "
                             "positions, seconds and MiB are then the joint solve's")
    parser.add_argument("--layer-check", action="store_true",
                        help="solve again in counter layers every no-capture answer that kept the "
                             "count in the key, into OUT/layers.jsonl")
    parser.add_argument("--report-only", action="store_true",
                        help="write README.md from the journals without solving")
    return parser.parse_args(argv)


def refuse_unknown(a):
    """The board, rule set and position names, each checked; a message naming the first unknown."""
    boards = a.boards.split(",")
    for b in boards:
        if b not in BOARDS:
            return "unknown board '%s' (known: %s)" % (b, ", ".join(BOARDS))
    known_sets = [rid for rid, _, _ in RULE_SETS]
    known_positions = sorted({pid for b in boards for pid, _, _ in BOARDS[b][2]})
    for wanted, known, what in ((a.only.split(",") if a.only else [], known_sets, "rule set"),
                                (a.positions.split(";") if a.positions else [], known_positions,
                                 "position")):
        for w in wanted:
            if w not in known:
                return "unknown %s '%s' (known: %s)" % (what, w, ", ".join(known))
    return None


def run_checks(a, binary, results, checks, checks_path):
    rules_of = {rid: (rules, extra) for rid, rules, extra in RULE_SETS}
    for board, pid, rid in CHECKS:
        if (board, pid, rid) in checks:
            continue
        notation = next(n for p, n, _ in BOARDS[board][2] if p == pid)
        rules, extra = rules_of[rid]
        extra_args = ["--sample", str(CHECK_SAMPLE), "--conversions", str(CHECK_CONVERSIONS)]
        for player in CHECK_PLAYERS:
            extra_args += ["--check", player]
        kept = kept_file(a.keep, board, pid, rid) if a.keep else None
        print("== check %s / %s / %s%s" % (board, pid, rid,
                                          " (from %s)" % kept if kept and os.path.exists(kept)
                                          else ""), flush=True)
        if kept and os.path.exists(kept):
            r = load(binary, kept, notation, extra_args)
        else:
            r = solve(binary, rules, BOARDS[board][1] + COMMON + extra, notation, extra_args)
        r.update(board=board, position_id=pid, rule_set=rid)
        with open(checks_path, "a") as f:
            f.write(json.dumps(r) + "\n")
        checks[(board, pid, rid)] = r
        write_report(a.out, results, list(BOARDS), checks, a.layer_checks)


def answer_of(r):
    return (r["value"], r["distance"], r["endless"])


def run_layer_checks(a, binary, results, checks, path):
    rules_of = {rid: (rules, extra) for rid, rules, extra in RULE_SETS}
    boards = a.boards.split(",")
    for (board, pid, rid), kr in sorted(results.items()):
        done = a.layer_checks.get((board, pid, rid))
        if (board not in boards or not no_capture(rid) or "error" in kr or is_layered(kr)
                or (done and ("rounds" in kr or answer_of(done) == answer_of(kr)))):
            continue
        notation = next(n for p, n, _ in BOARDS[board][2] if p == pid)
        rules, extra = rules_of[rid]
        print("== layers %s / %s / %s" % (board, pid, rid), flush=True)
        r = solve(binary, rules, BOARDS[board][1] + COMMON + extra, notation)
        r.update(board=board, position_id=pid, rule_set=rid)
        print("   " + verdict(r, notation is not None), flush=True)
        with open(path, "a") as f:
            f.write(json.dumps(r) + "\n")
        a.layer_checks[(board, pid, rid)] = r
        if "rounds" not in kr and "error" not in r and answer_of(r) != answer_of(kr):
            # The solver before 7e48298 measured a forced draw's distance
            # otherwise: today's solver with the count in the key settles it,
            # and its answer takes the old one's place in the journal.
            print("   differs from the solve before 7e48298: solving again with the count "
                  "in the key", flush=True)
            kr = solve(binary, rules, BOARDS[board][1] + COMMON + extra, notation,
                       ["--counter-in-key"])
            kr.update(board=board, position_id=pid, rule_set=rid, replaces=results[(board, pid, rid)])
            print("   " + verdict(kr, notation is not None), flush=True)
            with open(os.path.join(a.out, "results.jsonl"), "a") as f:
                f.write(json.dumps(kr) + "\n")
            results[(board, pid, rid)] = kr
        write_report(a.out, results, list(BOARDS), checks, a.layer_checks)


def run_solves(a, binary, results, checks, path):
    only = a.only.split(",") if a.only else None
    picked = a.positions.split(";") if a.positions else None
    for board in a.boards.split(","):
        _, board_sets, positions = BOARDS[board]
        for pid, notation, _ in positions:
            if picked and pid not in picked:
                continue
            for rid, rules, extra in RULE_SETS:
                if (only and rid not in only) or (board, pid, rid) in results:
                    continue
                print("== %s / %s / %s" % (board, pid, rid), flush=True)
                save = ["--save", kept_file(a.keep, board, pid, rid)] if a.keep else []
                if save and no_capture(rid):
                    # A solve in counter layers is not written to a file (yet).
                    print("   (not kept: a no-capture solve in layers has no solution file)")
                    save = []
                if a.together and not save:
                    solve_together(a, binary, results, checks, path, board, rid)
                    continue
                r = solve(binary, rules, board_sets + COMMON + extra, notation, save)
                journal(a, results, checks, path, r, board, pid, rid)


def journal(a, results, checks, path, r, board, pid, rid):
    """One answer into the journal and the report."""
    r.update(board=board, position_id=pid, rule_set=rid)
    print("   %s: %s" % (pid, verdict(r, pid != "start")), flush=True)
    with open(path, "a") as f:
        f.write(json.dumps(r) + "\n")
    results[(board, pid, rid)] = r
    # Every board, not only those of this run: the report is the whole journal.
    write_report(a.out, results, list(BOARDS), checks, a.layer_checks)


def start_notation(board_sets):
    """The start of a board: empty ranks, Red to move, both stocks full."""
    sets = dict(x.split("=") for x in board_sets)
    ranks = "/".join([sets["width"]] * int(sets["height"]))
    return "%s r %s,%s 0,0 0,0" % (ranks, sets["stock"], sets["stock"])


def solve_together(a, binary, results, checks, path, board, rid):
    """Every position of `board` not yet answered under `rid`, in one solve
    (`--positions`): the positions they reach in common are enumerated once."""
    _, board_sets, positions = BOARDS[board]
    picked = a.positions.split(";") if a.positions else None
    todo = [(pid, notation or start_notation(board_sets)) for pid, notation, _ in positions
            if (not picked or pid in picked) and (board, pid, rid) not in results]
    rules, extra = dict((r, (ru, e)) for r, ru, e in RULE_SETS)[rid]
    listing = os.path.join(a.out, ".together.txt")
    with open(listing, "w") as f:
        f.writelines("%s: %s\n" % (pid, notation) for pid, notation in todo)
    r = solve(binary, rules, board_sets + COMMON + extra, None, ["--positions", listing])
    os.remove(listing)
    for pid, _ in todo:
        answer = dict(r)
        answer.pop("solved", None)
        if "error" not in r:
            one = next(x for x in r["solved"] if x["label"] == pid)
            answer.update({k: one[k] for k in ("position", "value", "endless", "distance",
                                                "best_line")})
            answer["together"] = [p for p, _ in todo]
        journal(a, results, checks, path, answer, board, pid, rid)


def main():
    a = parse_args(sys.argv[1:])
    problem = refuse_unknown(a)
    if problem:
        print("solved_wall.py: " + problem, file=sys.stderr)
        return 2
    binary = os.path.abspath(a.inchzero)
    os.makedirs(a.out, exist_ok=True)
    if a.keep:
        os.makedirs(a.keep, exist_ok=True)
    path = os.path.join(a.out, "results.jsonl")
    results = read_journal(path)
    checks_path = os.path.join(a.out, "checks.jsonl")
    checks = read_journal(checks_path)
    layers_path = os.path.join(a.out, "layers.jsonl")
    a.layer_checks = read_journal(layers_path)
    if a.checks and not a.report_only:
        run_checks(a, binary, results, checks, checks_path)
    elif a.layer_check and not a.report_only:
        run_layer_checks(a, binary, results, checks, layers_path)
    elif not a.report_only:
        run_solves(a, binary, results, checks, path)
    write_report(a.out, results, list(BOARDS), checks, a.layer_checks)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        print("\nstopped; the same command resumes", file=sys.stderr)
        sys.exit(130)
