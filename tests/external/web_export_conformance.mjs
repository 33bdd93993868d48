// The WebAssembly build of a web export against the native binary
// (tests/cli/web_export.sh): for each export folder,
//  1. its reference samples (`--samples`, computed natively through LibTorch):
//     the legal actions and the encoded planes of each sample position as the
//     WebAssembly build computes them must equal the native ones, and
//     onnxruntime-web's outputs on the sample planes must equal the native
//     network's within TOLERANCE;
//  2. random games (seeded) of the export's game under every shipped rule set,
//     played to their end: at every position the WebAssembly position view
//     (board, legal decisions, move texts, turn, result, scores) must equal
//     the view of `inchzero serve` (the native binary) for the same request.
// Prints one line per export with the counts and the largest differences.
//
// usage: node web_export_conformance.mjs SERVER_URL EXPORT_DIR...
import fs from 'fs';
import path from 'path';
import { createRequire } from 'module';
import { pathToFileURL } from 'url';

const TOLERANCE = 1e-4;  // absolute, on policy logits and WDL probabilities
const require = createRequire(import.meta.url);

function fail(message) {
  console.error(`FAIL: ${message}`);
  process.exit(1);
}

// Every random choice comes from this seeded generator.
const { mulberry32 } = require('./browser_play.js');
const random = mulberry32(20261129);
const pick = (list) => list[Math.floor(random() * list.length)];

async function loadExport(dir) {
  const ort = await import(pathToFileURL(require.resolve('onnxruntime-web')).href);
  ort.env.wasm.numThreads = 1;
  const { loadInchzero } = await import(pathToFileURL(path.join(dir, 'inchzero.js')).href);
  const readFile = async (name, asText) => {
    const bytes = fs.readFileSync(path.join(dir, name));
    return asText ? bytes.toString() : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length);
  };
  return { iz: await loadInchzero({ base: pathToFileURL(dir + '/').href, readFile, ort }), ort };
}

function maxDifference(a, b, what) {
  if (a.length !== b.length) fail(`${what}: ${a.length} values, expected ${b.length}`);
  let max = 0;
  for (let i = 0; i < a.length; ++i) max = Math.max(max, Math.abs(a[i] - b[i]));
  return max;
}

async function checkSamples(dir, iz) {
  const file = path.join(dir, 'samples.json');
  if (!fs.existsSync(file)) fail(`${dir}: no samples.json (export with --samples)`);
  const samples = JSON.parse(fs.readFileSync(file));
  if (samples.samples.length === 0) fail(`${dir}: no samples`);
  let planesDiff = 0, policyDiff = 0, wdlDiff = 0;
  for (const [i, s] of samples.samples.entries()) {
    const what = `${dir} sample ${i}`;
    const mine = iz.call('iz_replay_actions', JSON.stringify({
      game: samples.game, rules: samples.rules, startPosition: s.start_position, actions: s.actions }));
    if (JSON.stringify(mine.legalActions) !== JSON.stringify(s.legal_actions))
      fail(`${what}: legal actions differ:\n  wasm   ${mine.legalActions}\n  native ${s.legal_actions}`);
    if (s.position !== null && mine.position !== s.position) fail(`${what}: position '${mine.position}', native '${s.position}'`);
    if (mine.player !== s.player) fail(`${what}: player ${mine.player}, native ${s.player}`);
    // Equal as float32 (the JSON texts may round a float differently).
    planesDiff = Math.max(planesDiff, maxDifference(Float32Array.from(mine.planes),
                                                    Float32Array.from(s.planes), `${what} planes`));
    const out = await iz.evaluate(Float32Array.from(s.planes), 1);
    policyDiff = Math.max(policyDiff, maxDifference(out.policy, s.policy_logits, `${what} policy`));
    wdlDiff = Math.max(wdlDiff, maxDifference(out.wdl, s.wdl, `${what} wdl`));
  }
  if (planesDiff !== 0) fail(`${dir}: planes differ by up to ${planesDiff}`);
  if (policyDiff > TOLERANCE || wdlDiff > TOLERANCE)
    fail(`${dir}: onnxruntime-web differs from the native network by ${policyDiff} (policy), ${wdlDiff} (wdl)`);
  return { count: samples.samples.length, policyDiff, wdlDiff };
}

async function nativeView(server, request) {
  const response = await fetch(new URL('/api/position', server), {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(request) });
  const view = await response.json();
  delete view.networks;  // the server's networks, not the rules'
  return view;
}

// One random game under `keys`, decision by decision, to its end (or
// `maxPlies` full moves): every view compared; returns the plies and result.
async function compareGame(server, iz, keys, maxPlies) {
  let moves = [], decisions = [];
  for (let step = 0; step < 20 * maxPlies; ++step) {
    const request = { ...keys, moves, decisions };
    let mine;
    try {
      mine = iz.position(request);
    } catch (e) {
      fail(`${JSON.stringify(request).slice(0, 300)}: the WebAssembly build refused it: ${e.message}`);
    }
    const native = await nativeView(server, request);
    const a = JSON.stringify(mine), b = JSON.stringify(native);
    if (a !== b) fail(`views differ after ${JSON.stringify(request).slice(0, 400)}:\n  wasm   ${a.slice(0, 600)}\n  native ${b.slice(0, 600)}`);
    moves = mine.moves;  // canonical, with the move the decisions completed
    if (mine.terminal || moves.length >= maxPlies)
      return { plies: moves.length, end: mine.terminal ? `${mine.endReason}, winner ${mine.winner}` : 'stopped' };
    decisions = [...mine.pending, pick(mine.decisions).text];
  }
  fail(`${keys.game}: a game of ${maxPlies} plies took too many decisions`);
}

async function checkGames(server, iz, game, extraSets) {
  const info = iz.games().find((g) => g.name === game);
  let positions = 0, games = 0;
  const ends = new Set();
  for (const rules of info.rules) {
    for (const set of extraSets) {
      const keys = { game, rules, set };
      const { plies, end } = await compareGame(server, iz, keys, 400);
      positions += plies;
      ++games;
      ends.add(end.split(',')[0]);
    }
  }
  return { games, positions, ends: [...ends].join('; ') };
}

// Per game: rule overrides that make random games end (small boards, low
// targets, short caps) besides the rule sets' own.
const ENDINGS = {
  'inchworm': [['max_plies=300'], ['width=5', 'height=5', 'target_score=2', 'stock=12', 'max_plies=200']],
  'inchworm-chess': [['max_plies=200']],
  'longworm-chess': [['max_plies=200']],
  'invector': [[]],
  'steere-inchworm': [[]],
};

const [server, ...dirs] = process.argv.slice(2);
if (!server || dirs.length === 0) fail('usage: node web_export_conformance.mjs SERVER_URL EXPORT_DIR...');
for (const dir of dirs) {
  const { iz } = await loadExport(path.resolve(dir));
  const game = iz.network.game;
  const samples = await checkSamples(dir, iz);
  const games = await checkGames(server, iz, game, ENDINGS[game] || [[]]);
  console.log(`${game}: ${samples.count} samples (planes equal; onnxruntime-web within ` +
    `${samples.policyDiff.toExponential(1)} policy, ${samples.wdlDiff.toExponential(1)} wdl); ` +
    `${games.games} random games, ${games.positions} moves, every view equal (ends: ${games.ends})`);
}
console.log('ok');
