#!/usr/bin/env python3
"""The HTTP API of `inchzero serve` from a client that is not ours (Python's
standard library only): bad requests get a 4xx JSON error naming the
problem, no path reaches a file outside the served ones, the server's limits
hold, many sessions at once get the answers one session gets, and records
and runs round-trip.

usage: serve_api_client.py URL [PID]   (the server: --run IW5 --max-body 65536
                                        --max-visits 100000 --max-time-ms 300;
                                        PID: its process, paused for the burst test)
"""
import http.client
import json
import os
import signal
import sys
import threading
import time
import urllib.parse

URL = urllib.parse.urlparse(sys.argv[1])
HOST = URL.netloc
FAILURES = []


def check(condition, message):
    if not condition:
        FAILURES.append(message)
        print(f"FAIL: {message}", file=sys.stderr)


def request(method, path, body=None, headers=None, raw=False):
    """(status, parsed JSON or bytes, content type); `path` is sent as is."""
    connection = http.client.HTTPConnection(HOST, timeout=60)
    data = body if isinstance(body, (bytes, type(None))) else (
        body if isinstance(body, str) else json.dumps(body)).encode()
    headers = headers or {}
    connection.putrequest(method, path, skip_host="Host" in headers, skip_accept_encoding=True)
    for key, value in headers.items():
        connection.putheader(key, value)
    if data is not None:
        connection.putheader("Content-Length", str(len(data)))
    connection.endheaders(data)
    response = connection.getresponse()
    payload = response.read()
    kind = response.getheader("Content-Type", "")
    connection.close()
    if raw or not kind.startswith("application/json"):
        return response.status, payload, kind
    return response.status, json.loads(payload), kind


def expect_error(method, path, body, status, field=None, says=None, label=None):
    code, answer, kind = request(method, path, body)
    label = label or f"{method} {path}"
    check(code == status, f"{label}: status {code}, want {status}: {answer!r}"[:400])
    check(kind.startswith("application/json") and isinstance(answer, dict) and "error" in answer,
          f"{label}: not a JSON error: {kind} {answer!r}"[:400])
    if isinstance(answer, dict):
        if field is not None:
            check(answer.get("field") == field, f"{label}: field {answer.get('field')!r}, want {field!r}")
        if says is not None:
            check(says in answer.get("error", ""), f"{label}: error {answer.get('error')!r} lacks {says!r}")
    return answer


IW5 = {"game": "inchworm", "rules": "original",
       "set": ["width=5", "height=5", "target_score=2", "stock=12", "max_plies=60"]}
CHESS = {"game": "inchworm-chess", "rules": "fide", "set": ["max_plies=40"]}


def test_page():
    code, page, kind = request("GET", "/")
    check(code == 200 and kind.startswith("text/html") and b'src="app.js"' in page, "GET / is not the page")
    code, script, kind = request("GET", "/app.js")
    check(code == 200 and kind.startswith("text/javascript"), f"GET /app.js: {code} {kind}")


def test_traversal():
    secret_markers = [b"root:", b"selfplay:", b"trainer:", b"\x89PNG"]
    paths = [
        "/../../../../etc/passwd", "/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd",
        "/..%2f..%2f..%2fetc%2fpasswd", "//etc/passwd", "/etc/passwd", "/./index.html/../../etc/passwd",
        "/%5c..%5c..%5cetc%5cpasswd", "/index.html%00.png", "/web/index.html", "/../config.yaml",
        "/api/runs/0/shards/..%2F..%2Fconfig.yaml/games", "/api/runs/0/shards/../games",
        "/api/runs/0/shards/%2e%2e/games/1", "/api/runs/0/images/..%2F..%2Fconfig.yaml",
        "/api/runs/0/images/99", "/api/runs/7/images/0", "/api/runs/0/shards/nope.shard/games",
        "/api/../../etc/passwd",
    ]
    for path in paths:
        code, answer, kind = request("GET", path, raw=True)
        check(400 <= code < 500, f"GET {path}: status {code}")
        check(kind.startswith("application/json") and b'"error"' in answer, f"GET {path}: not a JSON error")
        check(not any(m in answer for m in secret_markers), f"GET {path}: leaked {answer[:80]!r}")
    # A rule file instead of a shipped rule set would read the disk.
    for endpoint, body in [("/api/position", {"game": "inchworm", "rules": "/etc/passwd"}),
                           ("/api/position", {"game": "inchworm", "rules": "../iw5/config.yaml"}),
                           ("/api/analyse", {"id": "r", "game": "inchworm", "rules": "/etc/passwd"}),
                           ("/api/analyse?engine=random", {"id": "r", "game": "inchworm", "rules": "x.yaml"})]:
        expect_error("POST", endpoint, body, 400, field="rules", says="unknown rule set")
    expect_error("POST", "/api/records", "Game: inchworm\nRules: /etc/passwd\n\n1. d4\n", 400,
                 says="unknown rule set", label="a record naming a rule file")


def test_bad_requests():
    expect_error("POST", "/api/position", "{not json", 400, says="not valid JSON")
    expect_error("POST", "/api/analyse", "{not json", 400, says="not valid JSON")
    expect_error("POST", "/api/position", "[1, 2]", 400, says="JSON object")
    expect_error("POST", "/api/position", {"game": "inchworm", "colour": "red"}, 400, field="colour",
                 says="unknown key 'colour'")
    expect_error("POST", "/api/analyse", {"id": "u", "colour": "red"}, 400, field="colour",
                 says="unknown key 'colour'")
    expect_error("POST", "/api/position", {"rules": "default"}, 400, field="game")
    expect_error("POST", "/api/position", {"game": "go"}, 400, field="game")
    expect_error("POST", "/api/position", {"game": "inchworm", "moves": "d4"}, 400, field="moves")
    expect_error("POST", "/api/position", {"game": "inchworm", "moves": ["d4", "d4"]}, 400,
                 field="moves", says="moves[1] 'd4'")
    expect_error("POST", "/api/position", {**CHESS, "decisions": ["from e2", "to e5"]}, 400,
                 field="decisions", says="decisions[1] 'to e5'")
    expect_error("POST", "/api/position", {**IW5, "set": ["width=99"]}, 400, field="set")
    expect_error("POST", "/api/analyse?engine=net0", {"id": "v", **IW5, "maxVisits": "many"}, 400,
                 field="maxVisits")
    expect_error("POST", "/api/export", {**IW5, "moves": ["c3"], "format": "pgn"}, 400, field="format")
    expect_error("GET", "/api/nothing", None, 404, says="no API endpoint")
    expect_error("POST", "/api/info", "{}", 404)
    expect_error("POST", "/api/analyse", {"id": "t", "action": "terminate", "terminateId": "x"}, 400,
                 field="action")
    # Larger than --max-body 65536.
    big = json.dumps({**IW5, "moves": ["c3"] * 20000})
    check(len(big) > 65536, "the big body is not big")
    expect_error("POST", "/api/position", big, 413, says="65536 bytes")
    expect_error("POST", "/api/records", "x" * 70000, 413, says="--max-body")
    code, answer, _ = request("GET", "/api/info", headers={"Host": "evil.example"})
    check(code == 403 and "error" in answer, f"a foreign Host header: {code} {answer}"[:300])


def test_limits():
    expect_error("POST", "/api/analyse?engine=net0", {"id": "l", **IW5, "maxVisits": 100001}, 400,
                 field="maxVisits", says="--max-visits")
    expect_error("POST", "/api/analyse?engine=net0", {"id": "l", **IW5, "maxTimeMs": 301}, 400,
                 field="maxTimeMs", says="--max-time-ms")
    expect_error("POST", "/api/analyse?engine=uct:100001", {"id": "l", **IW5}, 400, field="engine")
    expect_error("POST", "/api/analyse?engine=net:/etc/passwd", {"id": "l", **IW5}, 400, field="engine")
    expect_error("POST", "/api/analyse?engine=nobody", {"id": "l", **IW5}, 400, field="engine")
    # Every search ends by the server's time limit (300 ms here).
    started = time.monotonic()
    code, answer, _ = request("POST", "/api/analyse?engine=net0", {"id": "long", **IW5, "maxVisits": 100000})
    elapsed = time.monotonic() - started
    check(code == 200 and answer.get("stopReason") == "time", f"a long search: {code} {answer}"[:300])
    check(elapsed < 3, f"a search of the 300 ms limit took {elapsed:.1f} s")
    code, answer, _ = request("POST", "/api/analyse?engine=net0", {"id": "qv", "action": "query_version"})
    check(code == 200 and answer.get("protocolVersion") == 1, f"query_version: {answer}")


def session(number, game, results):
    """One page's game: each move from the random player, each position
    replayed and, for Inchworm, evaluated by the network."""
    moves = []
    for ply in range(8):
        code, view, _ = request("POST", "/api/position", {**game, "moves": moves})
        if code != 200 or view["terminal"]:
            break
        if game is IW5:
            code, answer, _ = request("POST", "/api/analyse?engine=net0",
                                      {"id": f"e{number}-{ply}", **game, "moves": moves,
                                       "maxVisits": 16, "includePolicy": True})
            if code != 200 or len(answer["policy"]) != 5 * 25 + 3:
                results[number] = f"evaluation {code}: {answer}"
                return
        code, answer, _ = request("POST", "/api/analyse?engine=random",
                                  {"id": f"s{number % 4}-{ply}", **game, "moves": moves})
        if code != 200:
            results[number] = f"move {code}: {answer}"
            return
        moves.append(answer["bestMove"])
    results[number] = moves


def test_sessions():
    games = [IW5 if n % 2 == 0 else CHESS for n in range(16)]
    alone = {}
    for n in range(4):
        session(n, games[n], alone)
    together = {}
    threads = [threading.Thread(target=session, args=(n, games[n], together)) for n in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for n in range(16):
        check(isinstance(together[n], list) and len(together[n]) >= 4, f"session {n}: {together[n]}"[:300])
        # The random player's choice derives from the query id and the
        # position: sessions with the same ids play the same game.
        check(together[n] == alone[n % 4], f"session {n} differs from the same session alone")


def test_burst():
    """A burst of connections while the server cannot accept (paused, as a
    loaded machine may leave its accepting thread unscheduled) is queued,
    not reset: all 100 are answered once it runs again. With the listen
    backlog of 5 that Debian's cpp-httplib is built with, a few were reset."""
    if len(sys.argv) < 3:
        check(False, "test_burst needs the server's process id")
        return
    pid = int(sys.argv[2])
    errors = []

    def one():
        try:
            code, _, _ = request("POST", "/api/position", {**IW5, "moves": []})
            if code != 200:
                errors.append(f"status {code}")
        except OSError as error:
            errors.append(repr(error))

    threads = [threading.Thread(target=one) for _ in range(100)]
    os.kill(pid, signal.SIGSTOP)
    try:
        for t in threads:
            t.start()
        time.sleep(2)
    finally:
        os.kill(pid, signal.SIGCONT)
    for t in threads:
        t.join()
    check(not errors, f"{len(errors)} of 100 connections in a burst failed: {errors[:3]}")


def test_records_and_runs():
    code, text, kind = request("POST", "/api/export", {**CHESS, "moves": ["f2f3", "e7e5", "g2g4", "d8h4"],
                                                        "format": "text", "players": "you vs random"})
    check(code == 200 and kind.startswith("text/plain"), f"export: {code} {kind}")
    code, records, _ = request("POST", "/api/records", text)
    check(code == 200 and records["games"][0]["moves"] == ["f2f3", "e7e5", "g2g4", "d8h4"]
          and records["games"][0]["endReason"] == "checkmate", f"records: {records}"[:300])
    code, pgn, _ = request("POST", "/api/export", {**CHESS, "moves": ["f2f3", "e7e5", "g2g4", "d8h4"],
                                                   "format": "pgn"})
    check(code == 200 and b"1. f3 e5 2. g4 Qh4# 0-1" in pgn, f"PGN: {pgn[:300]!r}")
    code, runs, _ = request("GET", "/api/runs")
    check(code == 200 and len(runs) == 1 and runs[0]["network"] == "net0" and runs[0]["shards"],
          f"runs: {runs}")
    shard = runs[0]["shards"][0]
    code, games, _ = request("GET", f"/api/runs/0/shards/{shard}/games")
    check(code == 200 and len(games) == 8, f"shard games: {games}"[:300])
    code, game, _ = request("GET", f"/api/runs/0/shards/{shard}/games/1")
    check(code == 200 and len(game["moves"]) == games[0]["plies"] and game["game"] == "inchworm",
          f"game 1: {game}"[:300])
    code, view, _ = request("POST", "/api/position", {"game": game["game"], "rules": game["rules"],
                                                      "set": game["set"], "moves": game["moves"]})
    check(code == 200 and view["terminal"] and view["endReason"] == game["endReason"],
          f"game 1 replayed: {view.get('endReason')} vs {game['endReason']}")
    expect_error("GET", f"/api/runs/0/shards/{shard}/games/9", None, 404)
    code, png, kind = request("GET", "/api/runs/0/images/0")
    check(code == 200 and kind == "image/png" and png.startswith(b"\x89PNG"), f"learning curve: {code} {kind}")


def main():
    started = time.monotonic()
    for test in [test_page, test_traversal, test_bad_requests, test_limits, test_sessions,
                 test_burst, test_records_and_runs]:
        test()
    if FAILURES:
        print(f"{len(FAILURES)} failures", file=sys.stderr)
        sys.exit(1)
    print(f"API checks passed in {time.monotonic() - started:.1f} s")


if __name__ == "__main__":
    main()
