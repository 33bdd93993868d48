// The browser UI of `inchzero serve` driven in Debian's chromium (headless,
// through npm playwright-core; no browser is downloaded): complete games of
// Inchworm and FIDE chess played by clicks against the random player, the
// board, heat map and WDL bar checked to update, an illegal click checked
// to change nothing, undo, a saved record replayed, a run's self-play game
// replayed with its evaluation and learning curve, and the time from a
// click to the engine's reply drawn (64 visits) measured and printed.
// Any console.error or uncaught page error fails the test.
//
// usage: node serve_browser.js URL OUT_DIR INCHWORM_RUN_NAME
'use strict';
const fs = require('fs');
const path = require('path');

function fail(message) {
  console.error(`FAIL: ${message}`);
  process.exit(1);
}

let chromium;
try {
  ({ chromium } = require('playwright-core'));
} catch (e) {
  fail('npm playwright-core is missing: run scripts/setup.sh (npm ci --ignore-scripts in tests/external)');
}
const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';
if (!fs.existsSync(executablePath))
  fail(`${executablePath} is missing: install Debian's chromium (apt-get install chromium; scripts/setup.sh)`);

const [url, outDir] = process.argv.slice(2);
if (!url || !outDir) fail('usage: node serve_browser.js URL OUT_DIR');

const {
  pick, check, idle, evaluated, snapshot, marks, clickSquare, clickButton, turnAfter, setOption,
  chooseGame, newGame, playByClicks, playTurns, measure,
} = require('./browser_play.js');

const errors = [];
let page = null;  // the one page, for the report of a failure

// Inchworm's multi-decision moves, decision by decision from a start with a
// 3-stack on c3 and two prisoners held: a distribution c3-c4-c5, a collect
// along it, a prisoner drop; each checked in the move list.
async function inchwormDecisions(page) {
  await clickSquare(page, 'c3');
  await idle(page);
  await clickButton(page, 'distribute from c3');
  await idle(page);
  const status = await page.textContent('#play-status');
  check(status.includes('distribute from c3'), `the move in progress is not shown: ${status}`);
  check((await marks(page)).targets.includes('c4'), 'c4 is not offered after distribute from c3');
  await clickSquare(page, 'c4');
  await idle(page);
  await clickSquare(page, 'c5');
  let moves = await turnAfter(page, 2);
  check(moves[0] === 'c3-c4-c5', `the distribution was recorded as ${moves[0]}`);

  await clickSquare(page, 'c3');
  await idle(page);
  await clickButton(page, 'collect from c3');
  await idle(page);
  await clickSquare(page, 'c4');
  await idle(page);
  check((await marks(page)).buttons.includes('end collect'), 'no end collect after two squares');
  await clickSquare(page, 'c5');
  moves = await turnAfter(page, 4);
  check(moves[2] === 'c3=c5', `the collect was recorded as ${moves[2]}`);

  const empty = await page.evaluate(() => Array.from(document.querySelectorAll('#play-board .square.target'))
    .filter((e) => !e.querySelector('.piece')).map((e) => e.dataset.square));
  check(empty.length > 0, 'no empty square to drop on');
  const square = pick(empty);
  await clickSquare(page, square);
  await idle(page);
  await clickButton(page, `@${square}`);
  moves = await turnAfter(page, 6);
  check(moves[4] === `@${square}`, `the prisoner drop was recorded as ${moves[4]}`);
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox'] });
  const context = await browser.newContext({ viewport: { width: 1360, height: 860 }, acceptDownloads: true });
  page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console.error: ${m.text()}`); });
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  const started = Date.now();
  const phase = (name) => console.log(`  [${((Date.now() - started) / 1000).toFixed(1)} s] ${name}`);
  await page.goto(url);
  await page.waitForSelector('body[data-ready="1"]', { timeout: 30000 });

  phase('// 1. Inchworm 5x5');
  // 1. Inchworm 5x5 (the network's rules: target 2, max 60 plies; prisoners
  // may be dropped) against random, from a start with a 3-stack on c3 and
  // two prisoners held by Red.
  await chooseGame(page, 'inchworm');
  check(await page.inputValue('#analysis') === 'net0', 'the first network does not evaluate');
  check(await page.inputValue('[data-option="width"]') === '5', 'the network\'s rules are not preselected');
  await page.evaluate(() => { document.getElementById('options-box').open = true; });
  await page.check('[data-option="drop_prisoners"]');
  await page.fill('#start', '5/5/2,R3,2/5/5 r 9,12 2,0 0,0');
  await page.selectOption('#opponent', 'random');
  await page.fill('#analysis-visits', '16');
  await newGame(page);
  const squares = await page.locator('#play-board .square').count();
  check(squares === 25, `a 5x5 board has ${squares} squares`);
  await inchwormDecisions(page);
  const inchworm = await playByClicks(page, 'inchworm', { evaluation: true, undo: true });
  check(inchworm.illegalChecked, 'inchworm: no illegal click was tried');
  check(inchworm.undone, 'inchworm: undo was not tried');
  check(inchworm.heats.size >= 2, `inchworm: the heat map never changed (${inchworm.heats.size})`);
  check(inchworm.wdls.size >= 2, `inchworm: the WDL bar never changed (${inchworm.wdls.size})`);
  console.log(`inchworm: ${inchworm.status}; ${inchworm.moves.length} moves, ${inchworm.clicks} clicks, ` +
    `${inchworm.heats.size} heat maps`);
  await page.screenshot({ path: path.join(outDir, 'inchworm.png') });

  phase('// The game saved as a record');
  // The game saved as a record, then opened in the replay tab.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save-text')]);
  const recordPath = path.join(outDir, 'inchworm-game.txt');
  await download.saveAs(recordPath);
  const record = fs.readFileSync(recordPath, 'utf8');
  check(record.startsWith('Game: inchworm'), `the saved record: ${record.slice(0, 200)}`);
  check(record.includes(`Plies: ${inchworm.moves.length}`), 'the saved record has another number of moves');
  await page.click('#tab-replay');
  await page.setInputFiles('#replay-file', recordPath);
  await page.waitForFunction(() => document.body.dataset.replayEvalPly === '0', null, { timeout: 30000 });
  await page.click('#replay-next');
  await page.waitForFunction(() => document.body.dataset.replayEvalPly === '1', null, { timeout: 30000 });
  check(await page.locator('#replay-board .heat').count() > 0, 'replay: no heat map');
  await page.click('#tab-play');

  phase('// 2. The round trip');
  // 2. The round trip at 64 visits: the 8x8 network (its rules loaded with
  // it) plays.
  await page.selectOption('#analysis', 'net2');
  await page.waitForFunction(() => document.getElementById('options').dataset.loaded === 'inchworm/original');
  check(await page.inputValue('[data-option="width"]') === '8', 'net2\'s rules were not loaded');
  await page.fill('#start', '');
  await page.selectOption('#opponent', 'net2');
  await page.fill('#strength', '64');
  await page.selectOption('#strength-unit', 'visits');
  await newGame(page);
  await measure(page, 'inchworm 8x8, net2 (3x32) at 64 visits', 8);
  // The picture of the README: a game in progress with its evaluation.
  await evaluated(page);
  await page.evaluate(() => {
    document.getElementById('options-box').open = false;
    window.scrollTo(0, 0);
  });
  await page.screenshot({ path: path.join(outDir, 'play.png') });

  phase('// 3. FIDE chess');
  // 3. FIDE chess against random, capped at 24 plies.
  await chooseGame(page, 'inchworm-chess', 'fide');
  check(await page.inputValue('#analysis') === 'net1', 'the chess network does not evaluate');
  await setOption(page, 'max_plies', 24);
  await page.selectOption('#opponent', 'random');
  await page.fill('#analysis-visits', '16');
  await newGame(page);
  const pieces = await page.locator('#play-board .piece.chess').count();
  check(pieces === 32, `chess starts with ${pieces} pieces`);
  const chess = await playByClicks(page, 'chess', { evaluation: true });
  // The one-iteration chess network saw only drawn games: its WDL is the
  // same everywhere, but the bar is redrawn for every position (checked in
  // playByClicks) and the best line changes.
  check(chess.heats.size >= 2 && chess.lines.size >= 2,
    `chess: the heat map or the best line never changed (${chess.heats.size}, ${chess.lines.size} over ${chess.turns} turns)`);
  console.log(`chess: ${chess.status}; ${chess.moves.length} moves, ${chess.clicks} clicks`);
  await page.screenshot({ path: path.join(outDir, 'chess.png') });

  phase("await page.selectOption('#oppo");
  await page.selectOption('#opponent', 'net1');
  await page.fill('#strength', '64');
  await newGame(page);
  await measure(page, 'FIDE chess, net1 (3x32) at 64 visits', 6);

  phase('// 4. Every other game');
  // 4. Every other game of the registry: a few turns by clicks.
  for (const game of ['longworm-chess', 'invector', 'steere-inchworm']) {
    await chooseGame(page, game);
    await page.selectOption('#opponent', 'random');
    await page.selectOption('#colour', '1');
    await newGame(page);
    await playTurns(page, game, 4);
    await page.screenshot({ path: path.join(outDir, `${game}.png`) });
  }
  await page.selectOption('#colour', '0');

  phase('// 5. A self-play game');
  // 5. A self-play game of the Inchworm run, with its evaluation and learning curve.
  await page.click('#tab-replay');
  await page.selectOption('#replay-run', { index: 1 });
  await page.waitForFunction(() => document.querySelectorAll('#replay-shard option').length > 1);
  await page.selectOption('#replay-shard', { index: 1 });
  await page.waitForSelector('#replay-games tr');
  await page.click('#replay-games tr');
  await page.waitForFunction(() => document.body.dataset.replayEvalPly === '0', null, { timeout: 30000 });
  for (let i = 1; i <= 3; ++i) {
    await page.click('#replay-next');
    await page.waitForFunction((p) => document.body.dataset.replayEvalPly === String(p), i, { timeout: 30000 });
  }
  check(await page.locator('#replay-board .heat').count() > 0, 'run replay: no heat map');
  check(await page.locator('#replay-eval .wdl-bar').count() === 1, 'run replay: no WDL bar');
  await page.waitForFunction(() => {
    const img = document.querySelector('#replay-images img');
    return img && img.complete && img.naturalWidth > 0;
  }, null, { timeout: 10000 });
  await page.screenshot({ path: path.join(outDir, 'replay.png'), fullPage: true });

  await browser.close();
  console.log(`browser session: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (errors.length > 0) fail(`the page logged errors:\n${errors.join('\n')}`);
}

// What the page showed when a check failed: its status, message and
// state, and a screenshot beside the others.
async function report() {
  if (!page) return;
  try {
    const state = await page.evaluate(() => ({
      status: document.getElementById('play-status').textContent,
      message: document.getElementById('play-message').textContent,
      replay: document.getElementById('replay-message').textContent,
      body: { ...document.body.dataset },
    }));
    console.error(`the page: ${JSON.stringify(state)}`);
    await page.screenshot({ path: path.join(outDir, 'failure.png') });
    console.error(`screenshot: ${path.join(outDir, 'failure.png')}`);
  } catch (e) {
    console.error(`(no report: ${e.message})`);
  }
}

main().catch(async (e) => {
  console.error(`FAIL: ${e.stack || e.message}`);
  await report();
  if (errors.length > 0) console.error(`the page logged errors:\n${errors.join('\n')}`);
  process.exit(1);
});
