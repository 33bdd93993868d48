#!/usr/bin/env python3
"""A client of `inchzero analyse` that is not the project's C++: it drives the
engine as a subprocess over its documented protocol (docs/engine-protocol.md)
and checks every answer against the rules as `inchzero show` states them.

usage: analysis_client.py INCHZERO NETWORK CHESS_NETWORK

Checks:
  1. positions from games the engine plays (each move drawn from its
     candidates; Inchworm far enough for multi-decision moves), each checked
     against `show --legal`: every candidate is a legal
     full move, visits add up, pv starts with the move, wdl sums to 1;
  2. several queries in flight at once, answered by id;
  3. terminate stops a long search early, and it still answers;
  4. bad queries (malformed JSON, unknown key, illegal move, wrong game, game
     over) answer a JSON error naming the problem, and the engine keeps serving;
  5. query_version, includePolicy, maxTimeMs, the network's rules inherited;
  6. a chess network in the same protocol; the engine exits 0 at end of input.
"""
import json
import random
import re
import subprocess
import sys
import threading
import time

inchzero, network, chess_network = sys.argv[1:4]
# Further networks, GAME=RUN_FOLDER each (their games' default rules).
other_networks = [arg.split("=", 1) for arg in sys.argv[4:]]
rng = random.Random(7)


def fail(message):
    print("FAIL: " + message, file=sys.stderr)
    sys.exit(1)


def show(*args):
    out = subprocess.run([inchzero, "show", "--format", "json", "--legal", *args],
                         capture_output=True, text=True)
    if out.returncode != 0:
        fail("show %s: %s" % (args, out.stderr))
    return json.loads(out.stdout)


class Engine:
    """The engine as a subprocess; answers are collected by id on a thread."""

    def __init__(self, *args):
        self.proc = subprocess.Popen([inchzero, "analyse", *args], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                     bufsize=1)
        self.answers = []
        self.cond = threading.Condition()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        for line in self.proc.stdout:
            answer = json.loads(line)  # every line must be one JSON object
            with self.cond:
                self.answers.append((time.monotonic(), answer))
                self.cond.notify_all()

    def send(self, query):
        text = query if isinstance(query, str) else json.dumps(query)
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def wait(self, predicate, timeout=60, what="an answer"):
        deadline = time.monotonic() + timeout
        with self.cond:
            while True:
                for t, a in self.answers:
                    if predicate(a):
                        return a
                left = deadline - time.monotonic()
                if left <= 0:
                    fail("no %s within %ds; got %s" % (what, timeout, self.answers[-3:]))
                self.cond.wait(left)

    def answer(self, query_id, timeout=60):
        return self.wait(lambda a: a.get("id") == query_id and "action" not in a, timeout,
                         "answer to " + query_id)

    def close(self):
        self.proc.stdin.close()
        rc = self.proc.wait(timeout=60)
        if rc != 0:
            fail("engine exited %d: %s" % (rc, self.proc.stderr.read()))


def play_game(engine, plies, name):
    """A game the engine plays against itself, each move drawn from its
    candidates of a 6-visit search (real positions, and varied)."""
    moves = []
    for i in range(plies):
        query_id = "%s-%d" % (name, i)
        engine.send({"id": query_id, "moves": moves, "maxVisits": 6, "analysisPVLen": 1})
        answer = engine.answer(query_id)
        if "error" in answer:
            if "the game is over" in answer["error"]:
                break
            fail("while playing: %s" % answer)
        moves.append(rng.choice(answer["moveInfos"])["move"])
    return moves


def check_answer(answer, moves, extra=()):
    if "error" in answer:
        fail("query %s answered an error: %s" % (answer["id"], answer["error"]))
    legal = set(show(*extra, "--moves", " ".join(moves))["legal_moves"])
    infos = answer["moveInfos"]
    if not infos:
        fail("no moveInfos")
    if answer["bestMove"] != infos[0]["move"]:
        fail("bestMove is not the first candidate")
    for info in infos:
        if info["move"] not in legal:
            fail("candidate %r is not a legal move after %s" % (info["move"], moves))
        if info["pv"][0] != info["move"]:
            fail("pv does not start with its move: %s" % info)
        if abs(sum(info["wdl"]) - 1) > 1e-4:
            fail("wdl does not sum to 1: %s" % info)
    total = sum(i["visits"] for i in infos)
    root = answer["rootInfo"]["visits"]
    if total != root - 1:
        fail("candidate visits %d != root visits %d - 1" % (total, root))
    return infos


# 1-5. The Inchworm network.
engine = Engine("--model", network, "--threads", "2", "--seed", "3")
engine.send({"id": "version", "action": "query_version"})
version = engine.wait(lambda a: a.get("id") == "version")
if version.get("protocolVersion") != 1:
    fail("query_version: %s" % version)
game_rules = version["engine"]["rules"]

positions = []
multi_decision = 0
for n in range(6):
    positions.append(play_game(engine, rng.randrange(20, 90), "game%d" % n))
for n, moves in enumerate(positions):  # all in flight at once
    engine.send({"id": "p%d" % n, "moves": moves, "maxVisits": 120, "analysisPVLen": 4})
for n, moves in enumerate(positions):
    infos = check_answer(engine.answer("p%d" % n), moves)
    # A drop ("d4") or prisoner drop ("@d4") is one decision; collects and
    # distributions take several.
    multi_decision += sum(1 for i in infos if not re.fullmatch(r"@?[a-p][0-9]{1,2}", i["move"]))
print("checked %d positions from played games (%d candidates written with more than one "
      "decision)" % (len(positions), multi_decision))

# Each pv move is legal in turn (a few lines, checked with show).
answer = engine.answer("p0")
for info in answer["moveInfos"][:3]:
    show("--moves", " ".join(positions[0] + info["pv"]))

# includePolicy: one entry per action, -1 where illegal, the rest sums to 1.
engine.send({"id": "pol", "moves": positions[1], "maxVisits": 8, "includePolicy": True})
policy = engine.answer("pol")["policy"]
legal_mass = sum(p for p in policy if p >= 0)
if abs(legal_mass - 1) > 1e-3 or not any(p < 0 for p in policy):
    fail("policy: legal mass %.4f" % legal_mass)

# maxTimeMs without visits stops on time.
engine.send({"id": "timed", "maxTimeMs": 300, "moves": positions[2]})
timed = engine.answer("timed")
if timed.get("stopReason") != "time":
    fail("a timed query stopped for %r" % timed.get("stopReason"))

# terminate: a search of a million visits is stopped and still answers.
engine.send({"id": "long", "maxVisits": 1000000, "moves": positions[3]})
time.sleep(0.5)
sent = time.monotonic()
engine.send({"id": "stop-long", "action": "terminate", "terminateId": "long"})
ack = engine.wait(lambda a: a.get("id") == "stop-long")
if ack.get("stopped") != 1:
    fail("terminate ack: %s" % ack)
long_answer = engine.answer("long", timeout=30)
if not long_answer.get("terminated") or long_answer["rootInfo"]["visits"] >= 1000000:
    fail("terminated query: %s" % {k: long_answer.get(k) for k in ("terminated", "stopReason")})
print("terminate stopped a 1M-visit search after %d visits" % long_answer["rootInfo"]["visits"])

# Bad queries: each answers an error naming the problem; the engine keeps serving.
bad = [
    ("{not json", None, "not valid JSON"),
    ('{"moves": []}', None, "no 'id'"),
    ({"id": "b1", "maxVisits": 10, "colour": "red"}, "b1", "unknown key 'colour'"),
    ({"id": "b2", "moves": ["d4", "d4"]}, "b2", "moves[1] 'd4'"),
    ({"id": "b3", "game": "inchworm-chess"}, "b3", "inchworm-chess"),
    ({"id": "b4", "maxVisits": "many"}, "b4", "'maxVisits' must be an integer"),
    ({"id": "b5", "rules": "no-such-rules"}, "b5", "no-such-rules"),
    ({"id": "b6", "action": "dance"}, "b6", "unknown action 'dance'"),
]
for query, query_id, needle in bad:
    engine.send(query)
    text = query if isinstance(query, str) else json.dumps(query)
    got = engine.wait(lambda a, q=query_id, n=needle: "error" in a and a.get("id") == q and
                      n in a["error"], timeout=30, what="error containing %r for %s" % (needle, text))
    if query_id is None and "id" in got:
        fail("an unparsable query's error carries an id: %s" % got)
# A finished game: play a tiny target to the end.
engine.send({"id": "after", "maxVisits": 16, "moves": positions[0]})
check_answer(engine.answer("after"), positions[0])
print("%d bad queries answered with errors; the engine kept serving" % len(bad))

# Rules inherited from the network unless a query names others.
engine.send({"id": "rules", "maxVisits": 4, "rules": "original", "set": ["target_score=10"]})
if "error" in engine.answer("rules"):
    fail("explicit rules: %s" % engine.answer("rules"))
engine.close()

# 6. A chess network, moves in the chess notation.
engine = Engine("--model", chess_network)
chess = ("--game", "inchworm-chess", "--rules", "fide")
moves = play_game(engine, 12, "chess")
engine.send({"id": "c", "moves": moves, "maxVisits": 60})
check_answer(engine.answer("c"), moves, chess)
fen = show(*chess, "--moves", " ".join(moves))["position"]
engine.send({"id": "fen", "initialPosition": fen, "maxVisits": 30})
check_answer(engine.answer("fen"), [], ("--position", fen, *chess))
engine.send({"id": "illegal", "moves": ["e2e5"]})
engine.wait(lambda a: a.get("id") == "illegal" and "moves[0] 'e2e5'" in a.get("error", ""))
engine.close()

# 7. Every other game: a few moves of a game the engine plays, then the
# position analysed and checked with the game's own rules.
for game, run in other_networks:
    engine = Engine("--model", run)
    moves = play_game(engine, 10, game)
    engine.send({"id": game, "moves": moves, "maxVisits": 40, "analysisPVLen": 3})
    infos = check_answer(engine.answer(game), moves, ("--game", game))
    engine.close()
    print("%s: %d moves played by the engine, %d candidates checked" % (game, len(moves), len(infos)))
print("ok: analysis client (rules %s)" % game_rules)
