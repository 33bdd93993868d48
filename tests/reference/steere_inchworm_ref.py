#!/usr/bin/env python3
"""An independent, deliberately plain reference of Steere's Inchworm move
rules (docs/rules/steere-inchworm.md), used only to cross-check the C++ perft
counts. It enumerates each of the five move types literally from the rule
text, then keeps the (origin, destination) pairs after which every group of
the mover is a worm.

usage: steere_inchworm_ref.py WIDTH HEIGHT DEPTH [MAX_PLIES]
prints the perft count of the start position.
"""
import sys

OFF = 'off'


def perft(W, H, depth, max_plies=1000):
    def fwd(p, sq):   # how far forward sq is for player p
        return sq[1] if p == 0 else H - 1 - sq[1]

    def rgt(p, sq):   # how far right sq is for player p
        return sq[0] if p == 0 else W - 1 - sq[0]

    def step(p, sq, which):  # which: 'f', 'r', 'b', 'l' in p's frame; None beyond an edge
        dx, dy = {'f': (0, 1), 'b': (0, -1), 'r': (1, 0), 'l': (-1, 0)}[which]
        if p == 1:
            dx, dy = -dx, -dy
        x, y = sq[0] + dx, sq[1] + dy
        return (x, y) if 0 <= x < W and 0 <= y < H else None

    def nbrs(sq):
        x, y = sq
        return [(a, b) for a, b in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
                if 0 <= a < W and 0 <= b < H]

    def groups(board, p):
        seen, out = set(), []
        for sq, (owner, _) in board.items():
            if owner != p or sq in seen:
                continue
            comp, todo = [], [sq]
            seen.add(sq)
            while todo:
                s = todo.pop()
                comp.append(s)
                for n in nbrs(s):
                    if n in board and board[n][0] == p and n not in seen:
                        seen.add(n)
                        todo.append(n)
            out.append(comp)
        return out

    def is_worm(board, comp):
        p = board[comp[0]][0]
        deg = {s: sum(1 for n in nbrs(s) if n in board and board[n][0] == p) for s in comp}
        return max(deg.values()) <= 2 and sum(deg.values()) // 2 == len(comp) - 1

    def head_tail(board, comp):
        p = board[comp[0]][0]
        if len(comp) == 1:
            return comp[0], None
        ends = [s for s in comp if sum(1 for n in nbrs(s) if n in board and board[n][0] == p) == 1]
        a, b = ends
        if fwd(p, a) != fwd(p, b):
            return (a, b) if fwd(p, a) > fwd(p, b) else (b, a)
        return (a, b) if rgt(p, a) > rgt(p, b) else (b, a)

    def after(board, p, origin, dest):
        b = dict(board)
        owner, h = b[origin]
        if h == 1:
            del b[origin]
        else:
            b[origin] = (owner, h - 1)
        if dest != OFF:
            b[dest] = (p, b[dest][1] + 1) if dest in b else (p, 1)
        return b

    def moves(board, p):
        cands = set()
        for comp in groups(board, p):
            head, tail = head_tail(board, comp)
            if tail is None:                       # move 3: lone stack
                for w in 'fr':
                    t = step(p, head, w)
                    if t is None:
                        cands.add((head, OFF))
                    elif t not in board:
                        cands.add((head, t))
                continue
            for s in comp:                         # move 1: big stack on body/tail
                if s != head and board[s][1] >= 2:
                    cands.add((s, head))
            if board[tail][1] == 1:                # move 2: single tail
                cands.add((tail, head))
            targets = []
            for w in 'frbl':
                t = step(p, head, w)
                if t is not None and t not in board and (
                        fwd(p, t) > fwd(p, tail) or rgt(p, t) > rgt(p, tail)):
                    targets.append(t)
            if step(p, head, 'f') is None or step(p, head, 'r') is None:
                targets.append(OFF)
            for s in comp:                         # move 4: any big stack
                if board[s][1] >= 2:
                    cands.update((s, t) for t in targets)
            if board[tail][1] == 1:                # move 5: single tail
                cands.update((tail, t) for t in targets)
        legal = []
        for o, d in cands:
            b = after(board, p, o, d)
            if all(is_worm(b, c) for c in groups(b, p)):
                legal.append((o, d))
        return legal

    board = {(x, y): ((0 if (x + y) % 2 == 0 else 1), 1) for x in range(W) for y in range(H)}

    def rec(board, p, ply, d):
        if d == 0:
            return 1
        # finished? (the player who just moved has nothing left, or the cap)
        if not any(o == 1 - p for o, _ in board.values()) or (max_plies and ply >= max_plies):
            return 0
        ms = moves(board, p) or ['pass']
        if d == 1:
            return len(ms)
        total = 0
        for m in ms:
            b = board if m == 'pass' else after(board, p, *m)
            total += rec(b, 1 - p, ply + 1, d - 1)
        return total

    return rec(board, 0, 0, depth)


if __name__ == '__main__':
    args = list(map(int, sys.argv[1:]))
    print(perft(*args))
