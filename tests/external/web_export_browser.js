// A folder written by `inchzero export --format web`, served by a plain
// static file server, in Debian's chromium (headless, through npm
// playwright-core): the page starts with the network's game and rules, a
// whole game is played by clicks against the network (the heat map and WDL
// bar of its evaluation drawn at every turn), with no console error and no
// request outside the folder. Measured and printed, not asserted: the time
// to the first move, the round trip of a move at 64 visits, and the
// network's evaluations per second in the page (one position at a time, as
// the search asks for them, and in a search).
//
// usage: node web_export_browser.js URL OUT_DIR LABEL [max_plies]
'use strict';
const fs = require('fs');
const path = require('path');
const { check, newGame, setOption, playByClicks, measure } = require('./browser_play.js');

function fail(message) {
  console.error(`FAIL: ${message}`);
  process.exit(1);
}

const { chromium } = require('playwright-core');
const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';
const [url, outDir, label, maxPlies] = process.argv.slice(2);
if (!url || !outDir || !label) fail('usage: node web_export_browser.js URL OUT_DIR LABEL [max_plies]');

// In the page: the network's evaluations per second, alone and in a search.
async function speed(page) {
  return page.evaluate(async () => {
    const { api } = await import('./api.js');
    const iz = api.iz;
    const game = iz.newGame();
    const { planes } = game.encode();
    await iz.evaluate(planes, 1);
    let t = performance.now();
    const n = 200;
    for (let i = 0; i < n; ++i) await iz.evaluate(planes, 1);
    const evaluateMs = (performance.now() - t) / n;
    const before = iz.evaluations;
    t = performance.now();
    const found = await game.search({ visits: 400 });
    const searchMs = performance.now() - t;
    return { evaluateMs, searchEvals: iz.evaluations - before, searchMs, visits: found.visits };
  });
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox'] });
  const page = await browser.newPage({ viewport: { width: 1360, height: 860 } });
  const errors = [];
  const outside = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console.error: ${m.text()}`); });
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  page.on('request', (r) => {
    if (!r.url().startsWith(url) && !r.url().startsWith('data:')) outside.push(r.url());
  });
  const started = Date.now();
  await page.goto(url);
  await page.waitForSelector('body[data-ready="1"]', { timeout: 60000 });
  const readyMs = Date.now() - started;

  // The network's game, its rules preselected, the network as opponent and evaluator.
  const network = await page.inputValue('#opponent');
  check(network === 'network', `the opponent is '${network}', not the exported network`);
  check(await page.inputValue('#analysis') === 'network', 'the exported network does not evaluate');
  if (maxPlies) await setOption(page, 'max_plies', maxPlies);
  await page.fill('#strength', '8');
  await page.selectOption('#strength-unit', 'visits');
  await page.fill('#analysis-visits', '8');
  await page.selectOption('#colour', '1');  // the network moves first
  const t0 = Date.now();
  await newGame(page);
  await page.waitForFunction(() => Number(document.body.dataset.ply) >= 1, null, { timeout: 60000 });
  const firstMoveMs = Date.now() - t0;
  const game = await playByClicks(page, label, { evaluation: true });
  check(game.illegalChecked, `${label}: no illegal click was tried`);
  check(game.heats.size >= 2, `${label}: the heat map never changed (${game.heats.size})`);
  console.log(`${label}: ${game.status}; ${game.moves.length} moves, ${game.clicks} clicks, ` +
    `${game.heats.size} heat maps`);
  await page.screenshot({ path: path.join(outDir, `${label}.png`) });

  await page.selectOption('#colour', '0');
  await page.fill('#strength', '64');
  await newGame(page);
  await measure(page, `${label}, the exported network at 64 visits`, 5);
  const s = await speed(page);
  console.log(`${label}: page ready ${readyMs} ms; first move (8 visits) ${firstMoveMs} ms; ` +
    `network evaluation ${s.evaluateMs.toFixed(2)} ms (${(1000 / s.evaluateMs).toFixed(0)}/s, batch 1); ` +
    `a ${s.visits}-visit search ${s.searchMs.toFixed(0)} ms, ${s.searchEvals} evaluations ` +
    `(${(1000 * s.searchEvals / s.searchMs).toFixed(0)}/s)`);
  await browser.close();
  if (errors.length > 0) fail(`the page logged errors:\n${errors.join('\n')}`);
  if (outside.length > 0) fail(`requests outside the folder:\n${outside.join('\n')}`);
  console.log('ok');
}

main().catch((e) => fail(e.stack || e.message));
