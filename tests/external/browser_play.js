// Playing inchzero's browser UI by clicks, for the tests that drive it in
// Debian's chromium through playwright-core: `inchzero serve`'s page
// (serve_browser.js) and an exported static page (web_export_browser.js).
'use strict';

// Every random choice of the test comes from this seeded generator.
function mulberry32(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = mulberry32(20240519);
const pick = (list) => list[Math.floor(random() * list.length)];

function check(condition, message) {
  if (!condition) throw new Error(message);
}

// The page is waiting for the person: nothing in flight, their turn (or over).
async function idle(page) {
  await page.waitForFunction(() => {
    const state = document.getElementById('play-status').dataset.state;
    return document.body.dataset.busy === '0' && (state === 'your-turn' || state === 'over' || state === 'stopped');
  }, null, { timeout: 30000 });
}

// ... and the evaluating network has answered for this position.
async function evaluated(page) {
  await idle(page);
  await page.waitForFunction(() => {
    const state = document.getElementById('play-status').dataset.state;
    // No evaluation inside a move: the network evaluates move boundaries.
    return state === 'over' || document.body.dataset.inMove === '1' ||
      document.body.dataset.evalPly === document.body.dataset.ply;
  }, null, { timeout: 30000 });
}

async function snapshot(page) {
  return page.evaluate(() => ({
    board: document.getElementById('play-board').innerHTML,
    moves: Array.from(document.querySelectorAll('#play-moves li')).map((li) => li.textContent),
    status: document.getElementById('play-status').textContent,
    buttons: document.getElementById('play-buttons').innerHTML,
  }));
}

async function marks(page) {
  return page.evaluate(() => ({
    targets: Array.from(document.querySelectorAll('#play-board .square.target')).map((e) => e.dataset.square),
    others: Array.from(document.querySelectorAll('#play-board .square:not(.target)')).map((e) => e.dataset.square),
    buttons: Array.from(document.querySelectorAll('#play-buttons button')).map((e) => e.dataset.decision),
    heat: Array.from(document.querySelectorAll('#play-board .heat')).map((e) => e.dataset.p).join(','),
    wdl: Array.from(document.querySelectorAll('#play-eval .wdl-bar > div')).map((e) => Number(e.dataset.share)),
    evaluation: document.querySelector('#play-eval .pv') ? document.querySelector('#play-eval .pv').textContent : '',
    cells: Array.from(document.querySelectorAll('#play-board .piece')).map((e) => e.parentElement.dataset.square + ':' + e.textContent).join(','),
    state: document.getElementById('play-status').dataset.state,
    ply: Number(document.body.dataset.ply),
    inMove: document.body.dataset.inMove === '1',
  }));
}

async function clickSquare(page, square) {
  await page.click(`#play-board .square[data-square="${square}"]`);
}

// Clicks the button of the decision `text`, which must be offered.
async function clickButton(page, text) {
  const m = await marks(page);
  check(m.buttons.includes(text), `no button '${text}' (buttons: ${m.buttons.join(', ')})`);
  await page.click(`#play-buttons button[data-decision="${text}"]`);
}

// Waits for the person's turn after `ply` moves; returns the move list.
async function turnAfter(page, ply) {
  await page.waitForFunction((p) => Number(document.body.dataset.ply) >= p, ply, { timeout: 30000 });
  await idle(page);
  return (await snapshot(page)).moves;
}

async function setOption(page, name, value) {
  await page.evaluate(() => { document.getElementById('options-box').open = true; });
  await page.fill(`[data-option="${name}"]`, String(value));
}

// Choose the game (and rule set) and wait until the rule set's values are
// in the form.
async function chooseGame(page, game, rules) {
  await page.selectOption('#game', game);
  await page.waitForFunction((g) => (document.getElementById('options').dataset.loaded || '').startsWith(`${g}/`), game);
  if (rules && (await page.inputValue('#rules')) !== rules) {
    await page.selectOption('#rules', rules);
    await page.waitForFunction((l) => document.getElementById('options').dataset.loaded === l, `${game}/${rules}`);
  }
}

async function newGame(page) {
  const before = Number(await page.evaluate(() => document.body.dataset.game || '0'));
  await page.click('#new-game');
  await page.waitForFunction((b) => Number(document.body.dataset.game) > b, before);
  await idle(page);
}

// Plays a whole game by clicking: highlighted squares and decision buttons,
// chosen at random. Checks after each of the person's turns that the board
// changed and (with an evaluating network) that the heat map and the WDL
// bar are drawn. Returns what it saw.
async function playByClicks(page, label, options = {}) {
  const seen = { heats: new Set(), wdls: new Set(), lines: new Set(), clicks: 0, turns: 0, illegalChecked: false, undone: false };
  let lastCells = null;
  let lastTurn = -1;
  for (let guard = 0; guard < 2000; ++guard) {
    if (options.evaluation) await evaluated(page);
    else await idle(page);
    let m = await marks(page);
    if (m.state === 'over') break;
    check(m.state === 'your-turn', `${label}: unexpected state ${m.state}`);
    if (!m.inMove && m.ply !== lastTurn) {
      // A new turn (not a decision inside a move): the board changed.
      check(m.cells !== lastCells, `${label}: the board did not change at ply ${m.ply}`);
      ++seen.turns;
      if (options.evaluation) {
        check(m.heat.length > 0, `${label}: no heat map at ply ${m.ply}`);
        check(m.wdl.length === 3 && Math.abs(m.wdl.reduce((a, b) => a + b, 0) - 1) < 0.01,
          `${label}: bad WDL bar ${JSON.stringify(m.wdl)} at ply ${m.ply}`);
        seen.heats.add(m.heat);
        seen.wdls.add(m.wdl.join(','));
        seen.lines.add(m.evaluation);
      }
      lastCells = m.cells;
      lastTurn = m.ply;
    }
    // Once, when a square is not clickable: clicking it changes nothing.
    if (!seen.illegalChecked && m.ply >= 4 && m.others.length > 0) {
      const before = await snapshot(page);
      const square = pick(m.others);
      await page.click(`#play-board .square[data-square="${square}"]`);
      await page.waitForTimeout(50);
      const after = await snapshot(page);
      check(JSON.stringify(before) === JSON.stringify(after), `${label}: the illegal click on ${square} changed the page`);
      const message = await page.textContent('#play-message');
      check(message.includes('nothing to play there'), `${label}: no message for the illegal click: ${message}`);
      seen.illegalChecked = true;
      m = await marks(page);
    }
    // Once: undo takes back the person's move and the reply.
    if (options.undo && !seen.undone && m.ply >= 6 && !m.inMove) {
      await page.click('#undo');
      await page.waitForFunction((p) => Number(document.body.dataset.ply) === p - 2, m.ply);
      seen.undone = true;
      lastTurn = -1;
      lastCells = null;
      continue;
    }
    const choices = [...m.targets.map((s) => ({ square: s })), ...m.buttons.map((b) => ({ button: b }))];
    check(choices.length > 0, `${label}: nothing to click at ply ${m.ply}`);
    const choice = pick(choices);
    if (choice.square) await page.click(`#play-board .square[data-square="${choice.square}"]`);
    else await page.click(`#play-buttons button[data-decision="${choice.button}"]`);
    ++seen.clicks;
  }
  const status = await page.textContent('#play-status');
  check(status.startsWith('Game over'), `${label}: the game did not end: ${status}`);
  seen.status = status;
  seen.moves = (await snapshot(page)).moves;
  return seen;
}

// Click highlighted squares (or buttons) until a move is complete and the
// engine's reply is drawn; returns the page's milliseconds from the last
// click to the reply drawn (body.dataset.roundTripMs) and the test's.
async function timedMove(page) {
  await evaluated(page);
  const start = await page.evaluate(() => Number(document.body.dataset.ply));
  for (let guard = 0; guard < 20; ++guard) {
    const m = await marks(page);
    const choices = [...m.targets.map((s) => ({ square: s })), ...m.buttons.map((b) => ({ button: b }))];
    const t0 = Date.now();
    const choice = pick(choices);
    if (choice.square) await page.click(`#play-board .square[data-square="${choice.square}"]`);
    else await page.click(`#play-buttons button[data-decision="${choice.button}"]`);
    await idle(page);
    const test = Date.now() - t0;
    const ply = await page.evaluate(() => Number(document.body.dataset.ply));
    if (ply >= start + 2) {
      const pageMs = Number(await page.evaluate(() => document.body.dataset.roundTripMs));
      return { pageMs, test };
    }
    if (ply > start) return null;  // the game ended with the person's move
  }
  throw new Error('no move completed in 20 clicks');
}

// A few turns of a game by clicks (no evaluation): the board changes with
// every move.
async function playTurns(page, label, turns) {
  let last = (await marks(page)).cells;
  for (let turn = 0; turn < turns; ++turn) {
    await idle(page);
    let m = await marks(page);
    if (m.state === 'over') return;
    const ply = m.ply;
    for (let guard = 0; guard < 20 && m.ply === ply && m.state === 'your-turn'; ++guard) {
      const choices = [...m.targets.map((s) => ({ square: s })), ...m.buttons.map((b) => ({ button: b }))];
      check(choices.length > 0, `${label}: nothing to click at ply ${m.ply}`);
      const choice = pick(choices);
      if (choice.square) await clickSquare(page, choice.square);
      else await page.click(`#play-buttons button[data-decision="${choice.button}"]`);
      await idle(page);
      m = await marks(page);
    }
    check(m.ply > ply, `${label}: no move after 20 clicks`);
    check(m.cells !== last, `${label}: the board did not change at ply ${m.ply}`);
    last = m.cells;
  }
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

async function measure(page, label, count) {
  const times = [];
  for (let i = 0; i < count; ++i) {
    const state = await page.evaluate(() => document.getElementById('play-status').dataset.state);
    if (state === 'over') break;
    const time = await timedMove(page);
    if (time) times.push(time);
  }
  check(times.length >= 3, `${label}: too few timed moves`);
  const pageMs = times.map((t) => t.pageMs);
  const testMs = times.map((t) => t.test);
  console.log(`round trip ${label}: click -> engine move drawn, median ${median(pageMs).toFixed(0)} ms ` +
    `(min ${Math.min(...pageMs).toFixed(0)}, max ${Math.max(...pageMs).toFixed(0)}; ${pageMs.length} moves; ` +
    `seen by the test ${median(testMs)} ms)`);
}


module.exports = {
  mulberry32, pick, check, idle, evaluated, snapshot, marks, clickSquare, clickButton, turnAfter, setOption,
  chooseGame, newGame, playByClicks, timedMove, playTurns, median, measure,
};
