// Checks inchzero's PGN of FIDE games with chess.js, a PGN reader no one here
// wrote (tests/external, installed by scripts/setup.sh):
//   node check_pgn.js GAMES.pgn GAMES.jsonl
// GAMES.jsonl is `inchzero shards dump --format json` of the same shards (one
// game per line, in the same order). For every game chess.js must load the PGN
// in strict mode, its SAN of every move must be exactly inchzero's token, the
// Result and PlyCount tags must agree with the movetext, and its final FEN
// must equal the final position of the JSON dump (all six fields; the en
// passant square as chess.js keeps it, which like inchzero's is set whenever
// an enemy pawn stands beside the pawn that moved two squares).
// Prints one summary line (JSON) on success; exits 1 with "FAIL: ..." otherwise.
'use strict';
const fs = require('fs');
const path = require('path');

function fail(message) {
  console.error('FAIL: ' + message);
  process.exit(1);
}

const modules = path.join(__dirname, '..', '..', 'external', 'node_modules');
let Chess;
try {
  ({ Chess } = require(path.join(modules, 'chess.js')));
} catch (e) {
  fail('chess.js is not installed in ' + modules + ': install it with ' +
       '`cd tests/external && npm ci --ignore-scripts` (scripts/setup.sh does this)');
}

const [pgnPath, jsonPath] = process.argv.slice(2);
if (!pgnPath || !jsonPath) fail('usage: node check_pgn.js GAMES.pgn GAMES.jsonl');
const games = fs.readFileSync(pgnPath, 'utf8').split(/\n\n(?=\[Event )/).filter((g) => g.trim());
const dumps = fs.readFileSync(jsonPath, 'utf8').split('\n').filter((l) => l.trim())
  .map((l) => JSON.parse(l));
if (games.length !== dumps.length)
  fail(`${games.length} PGN games but ${dumps.length} games in the JSON dump`);

const counts = { games: 0, plies: 0, captures: 0, checks: 0, mates: 0, castles: 0,
                 promotions: 0, en_passant: 0, disambiguated: 0 };
games.forEach((text, i) => {
  const name = `game ${i + 1}`;
  const tags = {};
  for (const m of text.matchAll(/^\[(\w+) "((?:[^"\\]|\\.)*)"\]$/gm)) tags[m[1]] = m[2];
  const movetext = text.split(/\n\n/).slice(1).join(' ');
  const tokens = movetext.split(/\s+/).filter((t) => t && !/^\d+\.(\.\.)?$/.test(t));
  const result = tokens.pop();
  if (result !== tags.Result) fail(`${name}: movetext ends '${result}', Result tag '${tags.Result}'`);
  if (String(tokens.length) !== tags.PlyCount)
    fail(`${name}: ${tokens.length} moves, PlyCount tag '${tags.PlyCount}'`);

  const chess = new Chess();
  try {
    chess.loadPgn(text, { strict: true });
  } catch (e) {
    fail(`${name}: chess.js rejects the PGN: ${e.message}\n${text.slice(0, 2000)}`);
  }
  const history = chess.history({ verbose: true });
  if (history.length !== tokens.length)
    fail(`${name}: chess.js replayed ${history.length} moves of ${tokens.length}`);
  history.forEach((move, k) => {
    if (move.san !== tokens[k])
      fail(`${name}, ply ${k + 1}: inchzero wrote '${tokens[k]}', chess.js writes '${move.san}' ` +
           `(${move.before})`);
    counts.captures += move.captured ? 1 : 0;
    counts.checks += /\+$/.test(move.san) ? 1 : 0;
    counts.mates += /#$/.test(move.san) ? 1 : 0;
    counts.castles += /^O-O/.test(move.san) ? 1 : 0;
    counts.promotions += move.promotion ? 1 : 0;
    counts.en_passant += move.isEnPassant() ? 1 : 0;
    counts.disambiguated += /^[NBRQK][a-h1-8]x?[a-h][1-8]|^[NBRQK][a-h][1-8]x?[a-h][1-8]/.test(move.san) ? 1 : 0;
  });
  const expected = dumps[i].final_state && dumps[i].final_state.position;
  if (!expected) fail(`${name}: the JSON dump has no final position`);
  const actual = chess.fen({ forceEnpassantSquare: true });
  if (actual !== expected)
    fail(`${name}: chess.js ends at '${actual}', inchzero at '${expected}'`);
  counts.games += 1;
  counts.plies += tokens.length;
});
console.log(JSON.stringify(counts));
