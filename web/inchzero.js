// inchzero.js: a network exported with `inchzero export --format web`, played
// by the game's own rules, encoder and search (compiled to WebAssembly from
// the same C++ that trained it) and evaluated by onnxruntime-web. For front
// ends that bring their own UI; documented in docs/export.md.
//
//   import { loadInchzero } from './inchzero.js';
//   const iz = await loadInchzero();                 // the export beside this file
//   const game = iz.newGame();                       // the network's game and rules
//   game.play('d1-d3');                              // a full move, in the game's notation
//   const { move, wdl, pv } = await game.search({ visits: 200 });
//   game.play(move);
//
// Every request and answer is the JSON of `inchzero serve` (/api/position,
// docs/ui.md) and of the analysis engine (docs/engine-protocol.md).

// An error from the rules or the search: `field` names the request key at fault.
export class InchzeroError extends Error {
  constructor(message, field) {
    super(field ? `${message} (${field})` : message);
    this.field = field || null;
  }
}

function checked(answer) {
  if (answer && answer.error !== undefined) throw new InchzeroError(answer.error, answer.field);
  return answer;
}

// Load the export in the folder `base` (default: the folder of this file).
// Options for other hosts (node, bundlers): `readFile(name)` -> ArrayBuffer
// or text (default: fetch from `base`), `ort` (the onnxruntime-web module;
// default: the export's ort/ort.wasm.min.mjs), `model: false` (rules only,
// no network).
export async function loadInchzero(options = {}) {
  const base = new URL(options.base || './', import.meta.url);
  const read = options.readFile ||
    (async (name, asText) => {
      const response = await fetch(new URL(name, base));
      if (!response.ok) throw new InchzeroError(`cannot load ${name}: HTTP ${response.status}`);
      return asText ? response.text() : response.arrayBuffer();
    });
  const manifest = JSON.parse(await read('export.json', true));
  const { default: createWasm } = await import(new URL('inchzero_wasm.mjs', base).href);
  const wasm = await createWasm({ wasmBinary: await read('inchzero_wasm.wasm') });
  const iz = new Inchzero(manifest, wasm);
  iz.call('iz_install_rule_sets', JSON.stringify(manifest.ruleSets));
  if (options.model !== false) {
    const ort = options.ort || (await import(new URL('ort/ort.wasm.min.mjs', base).href));
    if (!options.ort) {
      ort.env.wasm.wasmPaths = new URL('ort/', base).href;
      ort.env.wasm.numThreads = 1;  // a static server gives no cross-origin isolation
    }
    const session = await ort.InferenceSession.create(new Uint8Array(await read(manifest.model)),
                                                       { executionProviders: ['wasm'] });
    iz.useNetwork(ort, session);
  }
  return iz;
}

export class Inchzero {
  constructor(manifest, wasm) {
    this.manifest = manifest;
    this.network = manifest.network;  // the export metadata (docs/export.md)
    this.wasm = wasm;
    this.queue = Promise.resolve();  // searches run one at a time (one WebAssembly stack)
    this.evaluations = 0;
  }

  // One C function of wasm/inchzero_wasm.cpp: JSON text in, JSON out.
  call(name, ...args) {
    return checked(JSON.parse(this.wasm.ccall(name, 'string', args.map(() => 'string'), args)));
  }

  useNetwork(ort, session) {
    const [input] = this.network.inputs;
    const shape = input.shape.slice(1);
    this.wasm.izEvaluate = async (planes, batch) => {
      const feeds = { [input.name]: new ort.Tensor('float32', planes, [batch, ...shape]) };
      const out = await session.run(feeds);
      this.evaluations += batch;
      return { policy: out.policy_logits.data, wdl: out.wdl.data };
    };
    const { rules, set } = this.networkRules();
    this.call('iz_set_network', JSON.stringify({ game: this.network.game, rules: [rules, ...set].join('+') }));
    this.hasNetwork = true;
  }

  // The network's rules as a request names them: its rule label when that
  // names a shipped rule set (the common case), else every option as an
  // override (a network trained under a rule file of its own).
  networkRules() {
    const [base, ...set] = this.network.rules.split('+');
    const info = this.games().find((g) => g.name === this.network.game);
    if (info && info.rules.includes(base)) return { rules: base, set };
    return { rules: 'default',
             set: Object.entries(this.network.rule_options).map(([key, value]) => `${key}=${value}`) };
  }

  // Every game of this build: name, summary, shipped rule sets, options.
  games() { return this.call('iz_info').games; }
  // A position request ({game, rules, set, initialPosition, moves, decisions})
  // -> the position view: board, legal decisions, whose turn, result.
  position(request) { return this.call('iz_position', JSON.stringify(request)); }
  // -> {shape: [C, H, W], planes: Float32Array}, the network's input.
  encode(request) {
    const { shape, planes } = this.call('iz_encode', JSON.stringify(request));
    return { shape, planes: Float32Array.from(planes) };
  }
  // Whether the network plays the rules of a position request.
  fits(request) { return this.call('iz_network_fits', JSON.stringify(request)).fits; }
  // The network's raw outputs for `batch` encoded positions.
  evaluate(planes, batch = 1) { return this.wasm.izEvaluate(planes, batch); }
  // One analysis query (docs/engine-protocol.md) -> its answer.
  analyse(query) {
    if (!this.hasNetwork) return Promise.reject(new InchzeroError('no network loaded'));
    const run = () => this.wasm.ccall('iz_analyse', 'string', ['string'], [JSON.stringify(query)],
                                      { async: true });
    const answer = this.queue.then(run, run).then((text) => checked(JSON.parse(text)));
    this.queue = answer.catch(() => {});
    return answer;
  }
  records(text) { return this.call('iz_records', text); }
  exportRecord(request) { return this.call('iz_export_record', JSON.stringify(request)).text; }

  // A game from its start (or `initialPosition`); unset keys: the network's.
  newGame({ game, rules, set, initialPosition } = {}) {
    const own = !game || game === this.network.game;
    const keys = own && !rules ? this.networkRules() : { rules: rules || 'default', set: [] };
    return new GameSession(this, {
      game: game || this.network.game,
      rules: keys.rules,
      set: set || keys.set,
      ...(initialPosition ? { initialPosition } : {}),
    });
  }
}

// One game played through the rules in WebAssembly.
export class GameSession {
  constructor(iz, keys) {
    this.iz = iz;
    this.keys = keys;
    this.moves = [];
    this.view = iz.position({ ...keys, moves: [], decisions: [] });
  }
  request(extra = {}) { return { ...this.keys, moves: this.moves, ...extra }; }
  // The legal decisions of the player to move, in the game's notation.
  legalDecisions() { return this.view.decisions.map((d) => d.text); }
  // Play a full move (its text in the game's notation). Throws
  // InchzeroError, the position unchanged, when it is not legal.
  play(move) {
    this.view = this.iz.position(this.request({ moves: [...this.moves, move] }));
    this.moves = this.view.moves;
    return this;
  }
  // {terminal, winner (null: a draw, or not over), endReason, currentPlayer,
  // scores ([first, second] where the game keeps a score, else null)}.
  result() {
    const { terminal, winner, endReason, currentPlayer } = this.view;
    const scores = this.view.board.scores || null;
    return { terminal, winner, endReason, currentPlayer, scores };
  }
  encode() { return this.iz.encode(this.request()); }
  // Search the position with the network: `visits` and/or `ms` (one is
  // needed). -> {move, visits, wdl: [win, draw, loss] for the player to move,
  // pv, answer (the whole analysis answer)}.
  async search({ visits, ms, pvMoves = 10 } = {}) {
    const query = { id: `search-${this.moves.length}`, ...this.request(), analysisPVLen: pvMoves };
    if (visits) query.maxVisits = visits;
    if (ms) query.maxTimeMs = ms;
    const answer = await this.iz.analyse(query);
    const best = answer.moveInfos[0];
    return { move: answer.bestMove, visits: answer.rootInfo.visits, wdl: answer.rootInfo.wdl,
             pv: best ? best.pv : [], answer };
  }
}
