#!/usr/bin/env python3
"""Read inchzero self-play shards (docs/shard-format.md) into numpy arrays.

Needs numpy and zstandard (Debian: python3-numpy python3-zstandard); the
checksums use the standard library's zlib.crc32.

As a library:
    from read_shards import read_shards, to_arrays
    games, errors = read_shards(["runs/x/shards"])   # bad files -> errors, others load
    arrays = to_arrays(games)                         # one row per decision

As a command:
    python3 scripts/read_shards.py FILE|DIR... [--json]
prints a summary (games, decisions, outcomes) and exits 2 if any file is bad.
"""
import json
import os
import struct
import sys
import zlib

import numpy as np
import zstandard

MAGIC = b"IZSHARD\0"
# Versions read: 2 adds "rules_fingerprint" and "final_points" to the metadata;
# a version 1 record lacks them (the C++ reader derives them).
VERSIONS = (1, 2)
RECORD_TAG = b"GREC"
END_TAG = b"SEND"

# One fixed 24-byte row per decision (record payload, part 2).
DECISION_DTYPE = np.dtype([
    ("action", "<i4"), ("player", "i1"), ("flags", "u1"), ("num_legal", "<u2"),
    ("root_value", "<f4"), ("root_draw", "<f4"), ("root_visits", "<u4"),
    ("num_visits", "<u4"),
])
VISIT_DTYPE = np.dtype([("action", "<i4"), ("count", "<u4")])
FULL_SEARCH = 1  # flag bit: the decision is a policy-training target
FORCED = 2       # flag bit: a single legal action, played without search
RANDOM_OPENING = 8  # flag bit: a random opening ply, no search, no sample
IMPROVED_POLICY = 4  # flag bit: the pairs hold a Gumbel improved policy (x 65535), not visits


class ShardError(Exception):
    """A shard that cannot be read; the message names the file and the problem."""


def decode_record(raw):
    """One record payload -> dict: the metadata plus numpy arrays."""
    (meta_len,) = struct.unpack_from("<I", raw, 0)
    meta = json.loads(raw[4:4 + meta_len].decode("utf-8"))
    offset = 4 + meta_len
    (n,) = struct.unpack_from("<I", raw, offset)
    offset += 4
    decisions = np.frombuffer(raw, DECISION_DTYPE, count=n, offset=offset)
    offset += n * DECISION_DTYPE.itemsize
    total = int(decisions["num_visits"].sum())
    visits = np.frombuffer(raw, VISIT_DTYPE, count=total, offset=offset)
    if offset + total * VISIT_DTYPE.itemsize != len(raw):
        raise ValueError("record size does not match its contents")
    meta["decisions"] = decisions
    meta["visit_offsets"] = np.concatenate(([0], np.cumsum(decisions["num_visits"], dtype=np.int64)))
    meta["visits"] = visits
    return meta


def read_shard(path):
    """Every game of one shard file, as dicts (see decode_record). Raises ShardError."""
    with open(path, "rb") as f:
        data = f.read()
    if len(data) < 16 or data[:8] != MAGIC:
        raise ShardError(f"{path}: not a shard (bad magic)")
    (version,) = struct.unpack_from("<I", data, 8)
    if version not in VERSIONS:
        raise ShardError(f"{path}: unsupported shard version {version}")
    games, offset = [], 16
    dctx = zstandard.ZstdDecompressor()
    while True:
        where = f"record {len(games)} at byte {offset}"
        if len(data) - offset < 4:
            raise ShardError(f"{path}: truncated before {where} or the end marker")
        tag = data[offset:offset + 4]
        if tag == END_TAG:
            break
        if tag != RECORD_TAG:
            raise ShardError(f"{path}: {where}: bad record marker (corrupted)")
        if len(data) - offset < 16:
            raise ShardError(f"{path}: truncated inside the header of {where}")
        packed_size, raw_size, crc = struct.unpack_from("<III", data, offset + 4)
        start = offset + 16
        if len(data) - start < packed_size:
            raise ShardError(f"{path}: truncated inside {where}")
        packed = data[start:start + packed_size]
        if zlib.crc32(packed) != crc:
            raise ShardError(f"{path}: {where}: checksum mismatch (corrupted)")
        try:
            raw = dctx.decompress(packed, max_output_size=raw_size)
            if len(raw) != raw_size:
                raise ValueError("decompressed size mismatch")
            games.append(decode_record(raw))
        except Exception as e:  # zstd or layout errors: the file is bad
            raise ShardError(f"{path}: {where}: {e}") from e
        offset = start + packed_size
    if len(data) - offset != 12:
        raise ShardError(f"{path}: truncated inside or bytes after the end marker")
    count, file_crc = struct.unpack_from("<II", data, offset + 4)
    if count != len(games):
        raise ShardError(f"{path}: end marker counts {count} records, file has {len(games)}")
    if zlib.crc32(data[:offset]) != file_crc:
        raise ShardError(f"{path}: file checksum mismatch (corrupted)")
    return games


def list_shards(paths):
    """Files as given; directories -> their *.shard files, sorted."""
    out = []
    for p in paths:
        if os.path.isdir(p):
            out += sorted(os.path.join(p, f) for f in os.listdir(p) if f.endswith(".shard"))
        else:
            out.append(p)
    return out


def read_shards(paths):
    """(games, errors): every game of the good files; one message per bad file."""
    games, errors = [], []
    for path in list_shards(paths):
        try:
            games += read_shard(path)
        except (ShardError, OSError) as e:
            errors.append(str(e))
    return games, errors


def to_arrays(games):
    """Concatenate games into flat arrays, one row per decision.

    Returns a dict of numpy arrays: game (index into `games`), every decision
    field, `outcome` (+1 win / 0 draw / -1 loss for the player who decided),
    `full_search` and `random_opening` (bools), and the visits as CSR: visit_offsets (rows + 1),
    visit_actions, visit_counts.
    """
    rows = [g["decisions"] for g in games]
    decisions = np.concatenate(rows) if rows else np.zeros(0, DECISION_DTYPE)
    out = {name: decisions[name].copy() for name in DECISION_DTYPE.names}
    out["game"] = np.repeat(np.arange(len(games)), [len(r) for r in rows]).astype(np.int64)
    winners = np.array([g["winner"] for g in games], dtype=np.int64)[out["game"]]
    players = out["player"].astype(np.int64)
    out["outcome"] = np.where(winners < 0, 0, np.where(winners == players, 1, -1)).astype(np.int8)
    out["full_search"] = (out["flags"] & FULL_SEARCH) != 0
    out["random_opening"] = (out["flags"] & RANDOM_OPENING) != 0
    visits = [g["visits"] for g in games]
    visits = np.concatenate(visits) if visits else np.zeros(0, VISIT_DTYPE)
    out["visit_actions"] = visits["action"].copy()
    out["visit_counts"] = visits["count"].copy()
    out["visit_offsets"] = np.concatenate(([0], np.cumsum(out["num_visits"], dtype=np.int64)))
    return out


def summary(games, errors):
    arrays = to_arrays(games)
    winners = [g["winner"] for g in games]
    return {
        "games": len(games),
        "bad_files": errors,
        "decisions": int(len(arrays["action"])),
        "full_searches": int(arrays["full_search"].sum()),
        "visit_pairs": int(len(arrays["visit_actions"])),
        "wins": [winners.count(0), winners.count(1)],
        "draws": winners.count(-1),
        "plies": int(sum(g["plies"] for g in games)),
        "actions_checksum": int(arrays["action"].astype(np.int64).sum()),
        "visits_checksum": int(arrays["visit_counts"].astype(np.int64).sum()),
    }


def main(argv):
    as_json = "--json" in argv
    paths = [a for a in argv if a != "--json"]
    if not paths or "-h" in paths or "--help" in paths:
        print(__doc__)
        return 0 if paths else 2
    games, errors = read_shards(paths)
    s = summary(games, errors)
    if as_json:
        print(json.dumps(s))
    else:
        for e in errors:
            print("BAD", e)
        print(f"{s['games']} games, {s['decisions']} decisions "
              f"({s['full_searches']} full searches), wins {s['wins']}, draws {s['draws']}")
    return 2 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
