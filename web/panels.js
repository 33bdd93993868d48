// The panels beside the board: who plays which colour, the counts of the
// position (score, stock, prisoners, ... as State::to_json gives them), the
// network's evaluation (WDL bar, expected score, principal variation) and
// the move list.

const PLAYER_NAMES = {
  inchworm: ['Red', 'Blue'],
  'steere-inchworm': ['Red', 'Blue'],
  invector: ['Black', 'White'],
  'inchworm-chess': ['White', 'Black'],
  'longworm-chess': ['White', 'Black'],
};

export function playerNames(view) {
  const given = view.board && view.board.players;
  if (Array.isArray(given) && given.length === 2)
    return given.map((n) => String(n).charAt(0).toUpperCase() + String(n).slice(1));
  return PLAYER_NAMES[view.game] || ['First', 'Second'];
}

// "Red wins (target)", "draw (cap)".
export function resultText(view) {
  const names = playerNames(view);
  const who = view.winner === null ? 'draw' : `${names[view.winner]} wins`;
  return `${who} (${view.endReason})`;
}

// Counts of each side the position's JSON carries as [first, second].
const COUNTS = [
  ['scores', 'score'],
  ['stocks', 'stock'],
  ['prisoners', 'prisoners'],
  ['borne_off', 'borne off'],
  ['stones', 'stones'],
];

export function renderSides(element, view) {
  const names = playerNames(view);
  const table = document.createElement('table');
  table.className = `sides game-${view.game}`;
  const head = table.insertRow();
  head.insertCell().textContent = '';
  for (let p = 0; p < 2; ++p) {
    const cell = head.insertCell();
    const swatch = document.createElement('span');
    swatch.className = `swatch p${p}`;
    cell.append(swatch, names[p]);
    cell.className = `side${view.currentPlayer === p ? ' to-move' : ''}`;
  }
  for (const [key, label] of COUNTS) {
    const values = view.board[key];
    if (!Array.isArray(values) || values.length !== 2) continue;
    const row = table.insertRow();
    row.dataset.count = key;
    row.insertCell().textContent = label;
    for (const v of values) row.insertCell().textContent = String(v);
  }
  const extra = [];
  if (view.board.in_check) extra.push('check');
  if (view.board.ply !== undefined) extra.push(`ply ${view.board.ply}`);
  const note = document.createElement('div');
  note.className = 'note';
  note.textContent = extra.join(' \u00b7 ');
  element.replaceChildren(table, note);
}

// The evaluation of an analysis answer, for the first player (the bar does
// not flip with the turn): win / draw / loss segments, expected score of
// the player to move, best move and principal variation.
export function renderEvaluation(element, view, answer, note) {
  element.replaceChildren();
  if (!answer || !answer.rootInfo || !answer.rootInfo.wdl) {
    const p = document.createElement('div');
    p.className = 'note';
    p.textContent = note || 'no evaluation';
    element.appendChild(p);
    return;
  }
  const names = playerNames(view);
  const mover = answer.rootInfo.currentPlayer;
  const [w, d, l] = answer.rootInfo.wdl;
  const first = mover === 0 ? [w, d, l] : [l, d, w];
  const bar = document.createElement('div');
  bar.className = `wdl-bar game-${view.game}`;
  bar.id = element.id + '-bar';
  const parts = [
    ['wdl-first p0', first[0], `${names[0]} ${pct(first[0])}`],
    ['wdl-draw', first[1], `draw ${pct(first[1])}`],
    ['wdl-second p1', first[2], `${names[1]} ${pct(first[2])}`],
  ];
  for (const [cls, share, title] of parts) {
    const seg = document.createElement('div');
    seg.className = cls;
    seg.style.width = `${(100 * share).toFixed(2)}%`;
    seg.dataset.share = share.toFixed(4);
    seg.title = title;
    bar.appendChild(seg);
  }
  const legend = document.createElement('div');
  legend.className = 'wdl-legend';
  legend.textContent = parts.map((p) => p[2]).join(' \u00b7 ');
  const score = document.createElement('div');
  score.className = 'expected';
  score.textContent =
    `expected score for ${names[mover]}: ${answer.rootInfo.expectedScore.toFixed(3)}` +
    (answer.rootInfo.scoreLead !== undefined ? ` \u00b7 lead ${answer.rootInfo.scoreLead}` : '');
  const best = document.createElement('div');
  best.className = 'pv';
  const info = answer.moveInfos && answer.moveInfos[0];
  const pv = info && info.pv ? info.pv.join(' ') : answer.bestMove;
  best.textContent = `best ${answer.bestMove} \u00b7 line ${pv} \u00b7 ${answer.rootInfo.visits} visits, ${answer.timeMs} ms`;
  element.append(bar, legend, score, best);
}

function pct(x) {
  return `${Math.round(100 * x)}%`;
}

// Numbered moves; `current` (a ply) is marked; `onPick(ply)` when given
// makes entries clickable (ply = moves played after it).
export function renderMoves(element, moves, current, onPick) {
  element.replaceChildren();
  moves.forEach((m, i) => {
    const li = document.createElement('li');
    li.textContent = m;
    li.dataset.ply = String(i + 1);
    if (current === i + 1) li.className = 'current';
    if (onPick) li.addEventListener('click', () => onPick(i + 1));
    element.appendChild(li);
  });
  if (element.lastChild && current === undefined) element.lastChild.scrollIntoView({ block: 'nearest' });
}
