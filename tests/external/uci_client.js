// `inchzero uci` driven by programs no one here wrote: node-uci (a UCI client
// library) talks to it, and a full game against Debian's Stockfish is
// refereed by chess.js (an independent move validator).
//
// usage: node uci_client.js ENGINE_WRAPPER PLAYER_WRAPPER STOCKFISH
//   ENGINE_WRAPPER  runs `inchzero uci --model NET` (node-uci spawns without arguments)
//   PLAYER_WRAPPER  runs `inchzero uci --player uct:32`
"use strict";
const { Engine } = require("node-uci");
const { Chess } = require("chess.js");

const [enginePath, playerPath, stockfishPath] = process.argv.slice(2);

function fail(message) {
  console.error("FAIL: " + message);
  process.exit(1);
}

// Rejects after `ms`: nothing may hang.
function within(ms, promise, what) {
  let timer;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(what + " took more than " + ms + " ms")), ms);
    }),
  ]);
}

function applyUci(chess, move) {
  const from = move.slice(0, 2), to = move.slice(2, 4), promotion = move.slice(4) || undefined;
  try {
    return chess.move({ from, to, promotion });
  } catch (e) {
    fail(`illegal move ${move} in ${chess.fen()}: ${e.message}`);
  }
}

async function handshake(path) {
  const engine = new Engine(path);
  await within(10000, engine.init(), "init");
  if (engine.id.name !== "inchzero") fail("id name: " + JSON.stringify(engine.id));
  const variant = engine.options.get("UCI_Variant");
  if (!variant || !["chess", "inchworm-chess", "longworm-chess"].every((v) => variant.options.includes(v)))
    fail("UCI_Variant option: " + JSON.stringify(variant));
  await within(5000, engine.isready(), "isready");
  return engine;
}

async function main() {
  // 1. The protocol, with a network: go nodes, movetime, clock, infinite + stop.
  const engine = await handshake(enginePath);
  await engine.ucinewgame();
  await engine.position("startpos", ["e2e4", "e7e5"]);
  let result = await within(30000, engine.go({ nodes: 100 }), "go nodes");
  const chess = new Chess();
  applyUci(chess, "e2e4");
  applyUci(chess, "e7e5");
  const afterE5 = chess.fen();
  applyUci(chess, result.bestmove);
  const last = result.info.filter((i) => i.score).pop();
  if (!last || last.score.unit !== "cp" || !(last.nodes >= 100) || !last.pv)
    fail("info after go nodes: " + JSON.stringify(result.info));
  if (last.pv.split(" ")[0] !== result.bestmove) fail("pv does not start with the best move");

  const t0 = Date.now();
  result = await within(10000, engine.go({ movetime: 400 }), "go movetime");
  const took = Date.now() - t0;
  if (took < 350 || took > 3000) fail("go movetime 400 took " + took + " ms");

  result = await within(30000, engine.go({ wtime: 2000, btime: 2000, winc: 100, binc: 100 }), "go clock");
  applyUci(new Chess(afterE5), result.bestmove);  // legal for white

  const emitter = engine.goInfinite();
  let infos = 0;
  emitter.on("data", (d) => { if (d.score) infos++; });
  await new Promise((r) => setTimeout(r, 1500));
  result = await within(5000, engine.stop(), "stop after go infinite");
  if (!result.bestmove) fail("no bestmove after stop");
  if (infos < 1) fail("no info lines during an infinite search");

  // FEN positions, and a finished game answers bestmove (none).
  await engine.position("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
  result = await within(10000, engine.go({ nodes: 10 }), "go in a mated position");
  if (result.bestmove !== "(none)") fail("a mated side moved: " + result.bestmove);
  await within(5000, engine.quit(), "quit");
  console.log("node-uci: handshake, go nodes/movetime/clock/infinite+stop, mate seen");

  // 2. A full game against Stockfish, refereed by chess.js.
  const ours = await handshake(enginePath);
  const stockfish = new Engine(stockfishPath);
  await within(10000, stockfish.init(), "stockfish init");
  // Full strength at depth 1, one thread: deterministic. (Skill Level draws
  // its mistakes from a clock-seeded generator, so the game would differ from
  // run to run and so would what this test checks.)
  await stockfish.setoption("Threads", "1");
  await stockfish.isready();
  const game = new Chess();
  const moves = [];
  for (let ply = 0; !game.isGameOver(); ply++) {
    if (ply >= 400) fail("no result after 400 plies");
    const engineToMove = ply % 2 === 0 ? ours : stockfish;
    await engineToMove.position("startpos", moves);
    const answer = await within(30000, engineToMove.go(ply % 2 === 0 ? { nodes: 32 } : { depth: 1 }),
                                "go at ply " + ply);
    applyUci(game, answer.bestmove);
    moves.push(answer.bestmove);
  }
  // Our engine agrees that the game is over when it is its turn.
  if (game.turn() === "w" && (game.isCheckmate() || game.isStalemate())) {
    await ours.position("startpos", moves);
    const answer = await within(10000, ours.go({ nodes: 4 }), "go after the end");
    if (answer.bestmove !== "(none)") fail("inchzero moved after the end: " + answer.bestmove);
  }
  const how = game.isCheckmate() ? "checkmate" : game.isStalemate() ? "stalemate"
            : game.isThreefoldRepetition() ? "threefold repetition"
            : game.isInsufficientMaterial() ? "insufficient material" : "fifty-move rule";
  await within(5000, ours.quit(), "quit");
  await within(5000, stockfish.quit(), "stockfish quit");
  console.log(`full game vs stockfish: ${moves.length} plies, ended by ${how}, every move legal`);

  // 3. A player spec without a network, driven the same way.
  const player = await handshake(playerPath);
  await player.position("startpos", []);
  result = await within(30000, player.go({ nodes: 32 }), "player go");
  applyUci(new Chess(), result.bestmove);
  await within(5000, player.quit(), "player quit");
  console.log("ok: uci client");
}

main().catch((e) => fail(e.stack || String(e)));
