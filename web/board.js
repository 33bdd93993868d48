// The board: squares named as every game names them (file letter, rank
// number; docs/ui.md), pieces from the position's JSON (State::to_json
// "cells"), and marks the page computes from what the server listed:
// clickable targets, the squares clicked, the last move, the network's
// policy as a heat map. Clicks are reported by square name; the board knows
// no rule.

const CHESS_GLYPHS = { K: '\u265A', Q: '\u265B', R: '\u265C', B: '\u265D', N: '\u265E', P: '\u265F' };

export function squareName(file, rank) {
  return String.fromCharCode(97 + file) + String(rank + 1);
}

// One piece of `cells`: a stone (Invector: its player), a stack ([player,
// height]: Inchworm, Steere's Inchworm) or a chess piece ([player, "K"],
// "R*" for a Long Worm half piece).
function pieceElement(value) {
  const piece = document.createElement('div');
  if (typeof value === 'number') {
    piece.className = `piece stone p${value}`;
    return piece;
  }
  const [owner, what] = value;
  if (typeof what === 'number') {
    piece.className = `piece stack p${owner}`;
    piece.textContent = String(what);
    piece.dataset.height = String(what);
    return piece;
  }
  const letter = String(what).charAt(0);
  piece.className = `piece chess p${owner}${String(what).endsWith('*') ? ' half' : ''}`;
  piece.textContent = CHESS_GLYPHS[letter] || letter;
  piece.dataset.piece = String(what);
  return piece;
}

export class BoardView {
  constructor(element, onSquare) {
    this.element = element;
    this.onSquare = onSquare;
    element.addEventListener('click', (event) => {
      const square = event.target.closest('.square');
      if (square && this.element.contains(square)) this.onSquare(square.dataset.square);
    });
  }

  // view: a position view (POST /api/position); marks: {targets, selected,
  // last, pending (Sets of squares), heat (Map square -> share), flip}.
  render(view, marks = {}) {
    const width = view.width;
    const height = view.height;
    const size = Math.max(28, Math.floor(Math.min(64, 544 / Math.max(width, height))));
    const el = this.element;
    el.className = `board game-${view.game}`;
    el.style.setProperty('--square', `${size}px`);
    el.style.gridTemplateColumns = `repeat(${width}, var(--square))`;
    el.replaceChildren();
    const cells = view.board.cells || {};
    const stretched = new Set();
    for (const s of view.board.stretched || []) {
      stretched.add(s.origin);
      stretched.add(s.target);
    }
    const heat = marks.heat || new Map();
    let hottest = 0;
    for (const p of heat.values()) hottest = Math.max(hottest, p);
    for (let row = 0; row < height; ++row) {
      for (let column = 0; column < width; ++column) {
        const rank = marks.flip ? row : height - 1 - row;
        const file = marks.flip ? width - 1 - column : column;
        const name = squareName(file, rank);
        const square = document.createElement('div');
        square.className = `square ${(file + rank) % 2 === 0 ? 'dark' : 'light'}`;
        square.dataset.square = name;
        if (marks.last && marks.last.has(name)) square.classList.add('last');
        if (marks.selected && marks.selected.has(name)) square.classList.add('selected');
        if (marks.pending && marks.pending.has(name)) square.classList.add('selected');
        if (stretched.has(name)) square.classList.add('stretched');
        if (heat.has(name) && hottest > 0) {
          const p = heat.get(name);
          const overlay = document.createElement('div');
          overlay.className = 'heat';
          overlay.dataset.p = p.toFixed(4);
          // Squared, so that a peaked policy stands out of a flat one.
          overlay.style.opacity = (0.75 * (p / hottest) ** 2).toFixed(3);
          square.appendChild(overlay);
          if (p >= 0.01) {
            const label = document.createElement('span');
            label.className = 'heat-label';
            label.textContent = `${Math.round(100 * p)}`;
            square.appendChild(label);
          }
        }
        if (cells[name] !== undefined) square.appendChild(pieceElement(cells[name]));
        if (marks.targets && marks.targets.has(name)) square.classList.add('target');
        if (column === 0) square.appendChild(coordinate('rank', String(rank + 1)));
        if (row === height - 1) square.appendChild(coordinate('file', String.fromCharCode(97 + file)));
        el.appendChild(square);
      }
    }
  }
}

function coordinate(kind, text) {
  const span = document.createElement('span');
  span.className = `coord ${kind}`;
  span.textContent = text;
  return span;
}

// The network's priors (an analysis answer's `policy`, one number per
// decision action) summed on the first square of each listed decision; the
// decisions without a square keep their share by text.
export function policyHeat(decisions, policy) {
  const heat = new Map();
  const others = [];
  if (!policy) return { heat, others };
  for (const d of decisions) {
    const p = policy[d.action];
    if (p === undefined || p < 0) continue;
    if (d.squares.length > 0) heat.set(d.squares[0], (heat.get(d.squares[0]) || 0) + p);
    else others.push({ label: d.label, p });
  }
  return { heat, others };
}
