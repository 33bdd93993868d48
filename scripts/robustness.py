#!/usr/bin/env python3
"""Feed inchzero every kind of damaged input and record what it does.

usage: robustness.py INCHZERO [--table docs/robustness.md] [--check]

Each case runs one command on one damaged input (truncated, random bytes,
empty, wrong game or board, wrong types, negative / zero / huge numbers, a
folder instead of a file, a missing file, a name too long for the file
system, a full disk) and observes: the exit
status, the first line of standard error, the number of lines, the time, and
whether output was left behind. With --check it fails (exit 1) on any case
that crashed (a signal), hung (the timeout), exited 0, printed nothing on
stderr, or left output behind; with --table it writes the markdown table of
observations (docs/robustness.md is made this way). The analysis engine is
the exception by design: a bad query is answered by a JSON error and the
engine keeps serving (exit 0 at end of input).
"""
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

TIMEOUT = 60
# A file name longer than any file system allows (255 bytes a name on Linux).
TOO_LONG = "n" * 300


def main():
    args = sys.argv[1:]
    if not args:
        print(__doc__, file=sys.stderr)
        return 2
    binary = os.path.abspath(args[0])
    table = args[args.index("--table") + 1] if "--table" in args else None
    check = "--check" in args
    work = tempfile.mkdtemp(prefix="inchzero-robustness-")
    try:
        rows = run_cases(binary, work)
    finally:
        if not os.environ.get("ROBUSTNESS_KEEP"):
            shutil.rmtree(work, ignore_errors=True)
        else:
            print("kept " + work)
    problems = [r for r in rows if r["verdict"] != "ok"]
    if table:
        write_table(table, rows)
    for r in rows:
        mark = "ok " if r["verdict"] == "ok" else "BAD"
        print("%s %-22s %-28s exit %-4s %s" % (mark, r["input"], r["damage"], r["exit"], r["message"][:90]))
    print("%d cases, %d problems" % (len(rows), len(problems)))
    return 1 if check and problems else 0


def run(binary, argv, stdin=None, env=None):
    start = time.monotonic()
    try:
        p = subprocess.run([binary] + argv, input=stdin, capture_output=True, timeout=TIMEOUT,
                           env=dict(os.environ, **(env or {})))
        code = p.returncode
        err = p.stderr.decode("utf-8", "replace")
        out = p.stdout.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        code, err, out = "hang", "", ""
    return code, out, err, time.monotonic() - start


def run_cases(binary, work):
    rng = random.Random(12)
    # 1. Good inputs to damage: one tiny training run per game kind.
    for kind, config in (("inchworm", "inherits: inchworm\ngame: {set: [max_plies=60]}\n"),
                         ("chess", "inherits: inchworm-chess\ngame: {rules: fide, set: [max_plies=60]}\n")):
        path = os.path.join(work, kind + ".yaml")
        with open(path, "w") as f:
            f.write(config + "selfplay: {games_per_worker: 2, full_visits: 4, cheap_visits: 2}\n"
                    "trainer: {batch_size: 32}\n"
                    "iteration: {games: 4, games_per_shard: 4, min_window_samples: 1}\n"
                    "evaluation: {games_vs_previous: 0, games_vs_baselines: 0}\n")
        code, _, err, _ = run(binary, ["run", "--config", path, "--out", os.path.join(work, kind),
                                       "--iterations", "1", "--quiet"])
        if code != 0:
            raise SystemExit("cannot make the good inputs: " + err)
    net = os.path.join(work, "inchworm", "networks", "net-000001.pt")
    chess_net = os.path.join(work, "chess", "networks", "net-000001.pt")
    shard = sorted(os.path.join(work, "inchworm", "shards", s)
                   for s in os.listdir(os.path.join(work, "inchworm", "shards")))[0]
    code, record, err, _ = run(binary, ["shards", "dump", "--format", "text", shard])
    # A solved board (docs/solved-boards.md): Invector 3x4 to a 6-ply cap.
    solution = os.path.join(work, "invector-3x4.jsonl.gz")
    board = ["--set", "width=3", "--set", "height=4", "--set", "max_plies=6"]
    code, _, err, _ = run(binary, ["solve", "--game", "invector"] + board + ["--out", solution, "--quiet"])
    if code != 0:
        raise SystemExit("cannot make the good solution file: " + err)
    good = {
        "rules": b"inherits: original\noptions: {topology: torus, max_plies: 400}\n",
        "config": b"inherits: inchworm\nselfplay: {workers: 1}\n",
        "shard": open(shard, "rb").read(),
        "network": open(net, "rb").read(),
        "solution": open(solution, "rb").read(),
        # One record (a file of several stays readable when cut after the first).
        "record": record.split("\nGame: ")[0].rstrip("\n").encode() + b"\n",
    }

    def damaged(kind, damage):
        data = good[kind]
        if damage == "truncated":
            # Cut inside a line: a text file cut just after a newline can be a
            # valid shorter file (a game record's headers are optional, so its
            # first lines alone are a record of no moves), which no reader can
            # tell from one written that way. Whether the middle falls on a
            # line end depends on the good input's text (which game comes
            # first, the paths it names), so the cut moves back inside the line.
            cut = len(data) // 2
            while cut > 1 and data[cut - 1] == ord("\n"):
                cut -= 1
            return data[:cut]
        if damage == "random bytes":
            return bytes(rng.randrange(256) for _ in range(max(64, len(data) // 8)))
        if damage == "empty":
            return b""
        if damage == "one byte flipped":
            i = len(data) // 2
            return data[:i] + bytes([data[i] ^ 0x5A]) + data[i + 1:]
        raise ValueError(damage)

    cases = []  # (input, damage, argv builder, file bytes or None, expect)

    def file_case(kind, damage, argv, data, expect="refused", name=None):
        cases.append((kind, damage, argv, data, expect, name))

    # 2. The table of cases: input kind x damage.
    show_rules = lambda f: ["show", "--rules", f]
    for damage in ("truncated", "random bytes", "empty"):
        file_case("rule file", damage, show_rules, damaged("rules", damage),
                  "refused" if damage != "empty" else "refused")
    for damage, text in (("unknown key", "options: {colour: red}\n"),
                         ("wrong type", "options: {width: wide}\n"),
                         ("negative number", "options: {width: -3}\n"),
                         ("zero", "options: {width: 0}\n"),
                         ("huge number", "options: {width: 100000}\n"),
                         ("unknown parent", "inherits: no-such-rules\n"),
                         ("self inheritance", "inherits: self.yaml\n")):
        file_case("rule file", damage, show_rules, text.encode(), name="self.yaml")
    file_case("rule file", "folder instead of file", show_rules, "DIR")
    file_case("rule file", "FIFO (no writer)", show_rules, "FIFO")
    cases.append(("rule file", "character device", lambda f: ["show", "--rules", "/dev/zero"], None,
                  "refused", None))
    file_case("rule file", "nested 100,000 deep", show_rules,
              b"options: " + b"[" * 100000 + b"]" * 100000 + b"\n")
    file_case("rule file", "missing file", show_rules, None)
    file_case("rule file", "name too long", show_rules, None, name=TOO_LONG)

    check_config = lambda f: ["run", "--config", f, "--check"]
    for damage in ("truncated", "random bytes"):
        file_case("run config", damage, check_config, damaged("config", damage))
    for damage, text in (("unknown key", "inherits: inchworm\nselfplay: {workerz: 2}\n"),
                         ("wrong type", "inherits: inchworm\niteration: {games: many}\n"),
                         ("negative number", "inherits: inchworm\niteration: {games: -5}\n"),
                         ("zero", "inherits: inchworm\ntrainer: {batch_size: 0}\n"),
                         ("huge number", "inherits: inchworm\nnetwork: {blocks: 100000}\n"),
                         ("wrong game", "inherits: inchworm\ngame: {name: go}\n")):
        file_case("run config", damage, check_config, text.encode())
    for damage, text in (("infinite number", "inherits: inchworm\ntrainer: {grad_clip_norm: .inf}\n"),
                         ("key given twice", "inherits: inchworm\nseed: 1\nseed: 2\n"),
                         ("nested 3,000 deep", "inherits: inchworm\nselfplay: " + "[" * 3000 + "]" * 3000 + "\n")):
        file_case("run config", damage, check_config, text.encode())
    file_case("run config", "folder instead of file", check_config, "DIR")
    file_case("run config", "FIFO (no writer)", check_config, "FIFO")
    file_case("run config", "missing file", check_config, None)
    file_case("run config", "name too long", check_config, None, name=TOO_LONG)

    for damage, argv in (
            ("truncated", ["show", "--position", "8/8/8/3,R3"]),
            ("random bytes", ["show", "--position", "\x07%$#@!~"]),
            ("wrong board", ["show", "--set", "width=5", "--position", "8/8/8/8/8/8/8/8 r 25,25 0,0 0,0"]),
            ("wrong type", ["show", "--position", "8/8/8/8/8/8/8/8 r x,y 0,0 0,0"]),
            ("negative number", ["show", "--position", "8/8/8/8/8/8/8/8 r -4,25 0,0 0,0"]),
            ("huge number", ["show", "--position", "8/8/8/8/8/8/8/8 r 99999999999999999999,25 0,0 0,0"]),
            ("wrong game", ["show", "--game", "inchworm-chess", "--position", "8/8/8/8/8/8/8/8 r 25,25 0,0 0,0"])):
        cases.append(("position", damage, lambda f, a=argv: a, None, "refused", None))
    for damage, moves in (("control bytes", "d4\x1b[2J\x1b]0;owned\x07"), ("120 KB long", "z" * 120000),
                          ("malformed", "d4 ??"), ("illegal", "d4 d4"), ("off the board", "z99"),
                          ("after the end", " ".join(["a1"] * 3))):
        argv = ["show", "--moves", moves] + (["--set", "width=3", "--set", "height=3", "--set", "stock=1"]
                                             if damage == "after the end" else [])
        cases.append(("move", damage, lambda f, a=argv: a, None, "refused", None))

    verify = lambda f: ["shards", "verify", f]
    for damage in ("truncated", "random bytes", "empty", "one byte flipped"):
        file_case("shard", damage, verify, damaged("shard", damage), name="x.shard")
    file_case("shard", "folder without shards", verify, "DIR")
    file_case("shard", "missing file", verify, None, name="x.shard")
    file_case("shard", "name too long", verify, None, name=TOO_LONG + ".shard")

    export = lambda f: ["export", "--format", "onnx", "--model", f, "--out", os.path.join(work, "out", "net.onnx")]
    for damage in ("truncated", "random bytes", "empty", "one byte flipped"):
        file_case("network", damage, export, damaged("network", damage), name="net.pt")
    file_case("network", "folder instead of file", export, "DIR")
    file_case("network", "missing file", export, None, name="net.pt")
    file_case("network", "name too long", export, None, name=TOO_LONG + ".pt")
    cases.append(("network", "wrong game", lambda f: ["analyse", "--model", chess_net, "--game", "inchworm"],
                  None, "refused", None))
    cases.append(("network", "disk full", lambda f: ["export", "--format", "onnx", "--model", net, "--out",
                                                      os.path.join(work, "out", "net.onnx")],
                  None, "failed", "fail_write:net.onnx"))

    check = lambda f: ["solve", "--check-network", "uniform", "--solution", f, "--sample", "10",
                       "--visits", "1", "--quiet"]
    for damage in ("truncated", "random bytes", "empty", "one byte flipped"):
        file_case("solution file", damage, check, damaged("solution", damage), name="s.jsonl.gz")
    file_case("solution file", "folder instead of file", check, "DIR")
    file_case("solution file", "missing file", check, None, name="s.jsonl.gz")
    file_case("solution file", "name too long", check, None, name=TOO_LONG + ".jsonl.gz")
    file_case("solution file", "wrong board", check_config,
              ("game: {name: invector, set: [width=3, height=4, max_plies=7]}\n"
               "evaluation: {solution: %s}\n" % solution).encode())

    replay = lambda f: ["show", "--record", f]
    for damage in ("truncated", "random bytes", "empty"):
        file_case("game record", damage, replay, damaged("record", damage), name="game.txt")
    file_case("game record", "wrong game", lambda f: ["show", "--game", "invector", "--record", f],
              good["record"], name="game.txt")
    illegal = good["record"].decode().replace("\n1. ", "\n1. z9 ", 1).encode()
    file_case("game record", "illegal move", replay, illegal, name="game.txt")
    file_case("game record", "folder instead of file", replay, "DIR")
    file_case("game record", "name too long", replay, None, name=TOO_LONG + ".txt")

    for damage, line in (("random bytes", "\x01\x02garbage"), ("wrong type", '{"id":"a","maxVisits":"many"}'),
                         ("huge number", '{"id":"a","maxVisits":1e12}'),
                         ("negative number", '{"id":"a","maxTimeMs":-1}'),
                         ("unknown key", '{"id":"a","colour":1}'), ("illegal move", '{"id":"a","moves":["d4","d4"]}'),
                         ("wrong game", '{"id":"a","game":"invector"}'),
                         ("nested 100,000 deep", '{"id":"a","moves":' + "[" * 100000 + "]" * 100000 + "}"),
                         ("not UTF-8", '{"id":"a","moves":["\udcff\udcfe"]}')):
        cases.append(("analysis query", damage, lambda f: ["analyse", "--model", net],
                      line + "\n", "answered", None))

    # 3. Run them.
    rows = []
    for index, (kind, damage, argv_of, data, expect, name) in enumerate(cases):
        case_dir = os.path.join(work, "case%03d" % index)
        os.makedirs(case_dir)
        path = os.path.join(case_dir, name or "input")
        env = None
        stdin = None
        if expect == "failed":
            env = {"INCHZERO_FAULT": name}
            path = None
        elif expect == "answered":
            stdin = data.encode("utf-8", "surrogateescape")
        elif data == "DIR":
            os.makedirs(path)
        elif data == "FIFO":
            os.mkfifo(path)
        elif data is not None:
            with open(path, "wb") as f:
                f.write(data)
        shutil.rmtree(os.path.join(work, "out"), ignore_errors=True)
        code, out, err, seconds = run(os.path.abspath(sys.argv[1]), argv_of(path), stdin=stdin, env=env)
        left = os.path.exists(os.path.join(work, "out")) and any(
            files for _, _, files in os.walk(os.path.join(work, "out")))
        lines = [l for l in err.splitlines() if l.strip()]
        message = lines[0] if lines else ""
        verdict = "ok"
        if code == "hang":
            verdict = "hang"
        elif isinstance(code, int) and code < 0:
            verdict = "signal %d" % -code
        elif expect == "answered":
            answers = [json.loads(l) for l in out.splitlines() if l.strip()]
            if code != 0 or not answers or "error" not in answers[-1]:
                verdict = "no JSON error"
            message = answers[-1].get("error", "") if answers else message
        elif code == 0:
            verdict = "accepted"
        elif not message:
            verdict = "silent"
        elif left:
            verdict = "left output"
        message = message.replace(work + "/", "")  # the table shows paths as the case saw them
        message = message.replace(TOO_LONG, "nnn…(%d × n)" % len(TOO_LONG))  # so the reason shows
        rows.append({"input": kind, "damage": damage, "exit": code, "message": message,
                     "lines": len(lines), "seconds": seconds, "verdict": verdict,
                     "command": " ".join(["inchzero"] + [shown(a) if not path or a != path else "FILE"
                                                         for a in argv_of(path or "FILE")][:6])})
    return rows


def shown(arg):
    """An argument as the table shows it: control bytes escaped, long ones cut."""
    text = arg.encode("utf-8", "surrogateescape").decode("ascii", "backslashreplace")
    text = "".join(c if c.isprintable() else "\\x%02X" % ord(c) for c in text)
    return text if len(text) <= 40 else text[:20] + "…(%d bytes)" % len(arg)


def write_table(path, rows):
    cpu = ""
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    # The sections after the table (## Fuzzing: scripts/fuzz.sh's results)
    # are written by hand: kept as they are.
    kept = ""
    if os.path.exists(path):
        text = open(path).read()
        if "\n## " in text:
            kept = text[text.index("\n## "):]
    with open(path + ".tmp", "w") as f:
        f.write("# Robustness: what inchzero does with damaged input\n\n"
                "Made by `scripts/robustness.py build/inchzero --table docs/robustness.md`, which "
                "runs every case below and records what happened; CI runs it with `--check` "
                "(`tests/cli/robustness.sh`), failing on a crash (a signal), a hang (%d s), an "
                "exit status 0, a silent failure or output left behind. Exit status 2 is bad "
                "input, 1 a failure of the work itself (here: a full disk, injected with "
                "`INCHZERO_FAULT=fail_write:…`, core/fault_point.h). The analysis engine answers "
                "a bad query with a JSON error and keeps serving, by design "
                "(docs/engine-protocol.md). Measured on: %s.\n\n" % (TIMEOUT, cpu or "this machine"))
        f.write("| input | damage | command | exit | first line of the message (or the JSON error) | verdict |\n"
                "|---|---|---|---|---|---|\n")
        for r in rows:
            message = r["message"].replace("|", "\\|")
            if len(message) > 150:
                message = message[:147] + "…"
            f.write("| %s | %s | `%s` | %s | %s | %s |\n" % (r["input"], r["damage"], r["command"],
                                                         r["exit"], message, r["verdict"]))
        f.write("\n%d cases; %d with a problem.\n" % (len(rows), sum(r["verdict"] != "ok" for r in rows)))
        f.write(kept)
    os.replace(path + ".tmp", path)


if __name__ == "__main__":
    sys.exit(main())
