// Checks the front-end example of docs/export.md (extracted to FRONTEND.js
// by tests/export/frontend.sh) against inchzero's reference samples of a
// FIDE chess export: for every sample, replaying its decisions with the
// example's Game, the example must write inchzero's planes, offer inchzero's
// legal decisions, and pick the decision inchzero's own logits rank first
// (from onnxruntime's outputs for the example's planes). Prints the counts
// and the largest plane difference; exits 1 on any mismatch.
//   usage: node export_check_frontend.js FRONTEND.js MODEL.onnx SAMPLES.json [MIN_SAMPLES]
'use strict';
const path = require('path');
const {readSamples} = require('./export_compare');

const name = (sq) => String.fromCharCode(97 + (sq % 8)) + String(1 + Math.floor(sq / 8));

async function main() {
  const [examplePath, modelPath, samplesPath, minArg] = process.argv.slice(2);
  if (!samplesPath) throw new Error('usage: FRONTEND.js MODEL.onnx SAMPLES.json [MIN_SAMPLES]');
  const fe = require(path.resolve(examplePath));
  const file = readSamples(samplesPath, Number(minArg || 100));
  const model = await fe.loadModel(modelPath);
  const names = model.meta.plane_names;
  let compound = 0, agreed = 0, nearTies = 0, replay = null;
  for (const [i, s] of file.samples.entries()) {
    if (s.start_position !== '') throw new Error(`sample ${i}: starts from a position, not the start`);
    // 1. Replay the decisions: FROM, TO (+ PROMOTE) make a move. Samples of
    //    one game come in order, so each game is replayed once.
    const sameGame = i > 0 && s.shard === file.samples[i - 1].shard &&
      s.game_index === file.samples[i - 1].game_index;
    if (!sameGame) replay = {game: new fe.Game(), pending: {}, applied: 0};
    const game = replay.game;
    for (const a of s.actions.slice(replay.applied)) {
      const pending = replay.pending;
      if (a < 64) {
        replay.pending = {from: a};
      } else if (a < 128) {
        const to = a - 64;
        const promotes = game.chess.moves({verbose: true}).some(
          (m) => fe.square(m.from) === pending.from && fe.square(m.to) === to && m.promotion);
        if (promotes) {
          pending.promotionTo = to;
        } else {
          game.play(name(pending.from) + name(to));
          replay.pending = {};
        }
      } else if (a >= 192) {
        game.play(name(pending.from) + name(pending.promotionTo) + 'qrbn'[a - 192]);
        replay.pending = {};
      } else {
        throw new Error(`sample ${i}: decision ${a} (ONTO) does not exist in FIDE chess`);
      }
    }
    replay.applied = s.actions.length;
    const pending = {...replay.pending};
    if (s.in_compound_move !== (pending.from !== undefined)) throw new Error(`sample ${i}: move state`);
    compound += s.in_compound_move ? 1 : 0;
    // 2. The planes.
    const planes = fe.encode(game, model.meta, pending);
    for (let k = 0; k < planes.length; ++k) {
      const d = Math.abs(planes[k] - Math.fround(s.planes[k]));
      if (d !== 0)
        throw new Error(
          `sample ${i} (ply ${game.ply}, ${game.chess.fen()}): plane ${Math.floor(k / 64)} ` +
            `(${names[Math.floor(k / 64)]}) square ${k % 64}: the example writes ${planes[k]}, ` +
            `inchzero ${s.planes[k]}`,
        );
    }
    // 3. The legal decisions.
    const legal = fe.legalDecisions(game, pending);
    if (JSON.stringify(legal) !== JSON.stringify(s.legal_actions))
      throw new Error(`sample ${i} (${game.chess.fen()}): legal decisions ${legal} != inchzero's ${s.legal_actions}`);
    // 4. The decision picked: the example's, from onnxruntime on its own planes,
    //    against the best legal logit of inchzero's outputs (near ties excepted).
    const out = await fe.evaluate(model, planes);
    const mine = fe.best(out.policy, legal), theirs = fe.best(s.policy_logits, s.legal_actions);
    const runnerUp = Math.max(...s.legal_actions.filter((a) => a !== theirs).map((a) => s.policy_logits[a]));
    if (mine === theirs) ++agreed;
    else if (s.policy_logits[theirs] - runnerUp < 1e-4) ++nearTies;
    else throw new Error(`sample ${i}: the example picks ${mine}, inchzero's logits rank ${theirs} first`);
  }
  // 5. Whole moves from the start and after an opening, legal for chess.js.
  const {Chess} = require('chess.js');
  for (const opening of [[], ['e2e4', 'e7e5', 'g1f3']]) {
    const game = new fe.Game();
    opening.forEach((m) => game.play(m));
    const {uci, wdl} = await fe.pickMove(model, game);
    const referee = new Chess();
    opening.forEach((m) => referee.move({from: m.slice(0, 2), to: m.slice(2, 4)}));
    referee.move({from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4]}); // throws if illegal
    if (Math.abs(wdl[0] + wdl[1] + wdl[2] - 1) > 1e-5) throw new Error(`wdl ${wdl} does not sum to 1`);
  }
  console.log(
    `front-end example (docs/export.md): ${file.samples.length} positions of FIDE chess ` +
      `(${compound} inside a move): every plane value equal to inchzero's, legal ` +
      `decisions equal, picked decision equal to inchzero's best logit in ${agreed} ` +
      `(${nearTies} near ties); moves from the start and after 1.e4 e5 2.Nf3 legal`,
  );
}

main().catch((e) => {
  console.error(`FAIL: ${e.message}`);
  process.exit(1);
});
