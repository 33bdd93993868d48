#!/usr/bin/env python3
"""An independent, deliberately plain reference of Invector's move rules
(docs/rules/invector.md), used only to cross-check the C++ perft counts.

usage: invector_ref.py WIDTH HEIGHT PIE(0|1) DEPTH
prints the perft count of the start position.
"""
import sys


def perft(width, height, pie, depth):
    even_w = width % 2 == 0
    centres = ([(width // 2 - 1, height // 2), (width // 2, height // 2)] if even_w else
               [(width // 2, height // 2 - 1), (width // 2, height // 2)])

    def dist(x, y):
        return min(abs(x - cx) + abs(y - cy) for cx, cy in centres)

    board = {(x, y): (0 if (x + y) % 2 == 0 else 1) for x in range(width) for y in range(height)}

    def moves(board, to_move, pie_pending):
        if not any(v == to_move for v in board.values()):
            return []  # no stones: lost
        out = []
        for (x, y), owner in board.items():
            if owner != to_move:
                continue
            for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                t = (x + dx, y + dy)
                if t not in board:
                    continue
                if board[t] == 1 - to_move or (board[t] is None and dist(*t) < dist(x, y)):
                    out.append(((x, y), t))
        if pie and pie_pending and to_move == 1:
            out.append('swap')
        if not out:
            out.append('pass')
        return out

    def play(board, to_move, pie_pending, m):
        b = dict(board)
        if m == 'swap':
            return b, 1, False
        if m != 'pass':
            s, t = m
            b[t] = b[s]
            b[s] = None
        return b, 1 - to_move, pie_pending and to_move == 0

    def rec(board, to_move, pie_pending, d):
        if d == 0:
            return 1
        ms = moves(board, to_move, pie_pending)
        if d == 1:
            return len(ms)
        return sum(rec(*play(board, to_move, pie_pending, m), d - 1) for m in ms)

    return rec(board, 0, True, depth)


if __name__ == '__main__':
    w, h, pie, depth = map(int, sys.argv[1:])
    print(perft(w, h, bool(pie), depth))
