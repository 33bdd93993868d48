// Playing a game against an engine. The page holds the whole game — rules,
// full moves, the decisions of the move in progress — and sends it with
// every request; the server replays it and lists the legal decisions. A
// click plays a decision (clicks.js), the server says when a move is
// complete, the opponent answers through POST /api/analyse, and the
// evaluating network's answer draws the heat map and the WDL bar.
import { api, gameKeys } from './api.js';
import { BoardView, policyHeat } from './board.js';
import { ClickSelector } from './clicks.js';
import { playerNames, renderEvaluation, renderMoves, renderSides, resultText } from './panels.js';

const $ = (id) => document.getElementById(id);

export class PlayController {
  constructor() {
    this.board = new BoardView($('play-board'), (square) => this.onSquare(square));
    this.generation = 0;
    this.games = 0;
    this.view = null;
    this.busy = false;
    $('undo').addEventListener('click', () => this.undo());
    $('cancel-move').addEventListener('click', () => this.cancelMove());
    $('save-text').addEventListener('click', () => this.save('text'));
    $('save-pgn').addEventListener('click', () => this.save('pgn'));
  }

  // setup: {game, opponent, human, analysis} (setup.js).
  async start(setup) {
    Object.assign(this, setup);
    this.moves = [];
    this.movers = [];
    this.pending = [];
    this.answer = null;
    this.clickedAt = null;
    this.say('');
    this.timings = [];
    $('play-timing').textContent = '';
    document.body.dataset.game = String(++this.games);
    if (!(await this.refresh(false))) return;
    const fits = this.view.networks;
    if (this.opponent.isNetwork && !fits.includes(this.opponent.engine)) {
      this.say(`${this.opponent.label} does not fit these rules (board size or game): choose another opponent`);
      this.stopped = true;
      this.render();
      return;
    }
    if (this.analysis.engine && !fits.includes(this.analysis.engine)) {
      this.analysisNote = 'the evaluating network does not fit these rules';
      this.analysis.engine = '';
    } else {
      this.analysisNote = this.analysis.engine ? '' : 'no evaluating network';
    }
    this.stopped = false;
    await this.next();
  }

  say(text) {
    $('play-message').textContent = text;
  }

  humanToMove() {
    return this.view && !this.view.terminal && !this.stopped && this.view.currentPlayer === this.human;
  }

  // Replays the page's game on the server; a move the decisions complete
  // joins the move list. Returns false when the request failed.
  async refresh(countsAsHumanMove) {
    const generation = ++this.generation;
    this.setBusy(true);
    try {
      const view = await api.position(this.game, this.moves, this.pending);
      if (generation !== this.generation) return false;
      if (view.completedMove !== null) {
        if (countsAsHumanMove) this.movers.push(this.human);
        this.pending = [];
      }
      this.setView(view);
      return true;
    } catch (error) {
      this.say(error.message);
      return false;
    } finally {
      if (generation === this.generation) {
        this.setBusy(false);
        this.render();
      }
    }
  }

  // After a position is drawn: the opponent moves, or the person's turn is
  // evaluated.
  async next() {
    while (this.view && !this.view.terminal && !this.stopped && this.view.currentPlayer !== this.human) {
      if (!(await this.engineMove())) return;
    }
    await this.evaluate();
  }

  async engineMove() {
    const generation = ++this.generation;
    this.setBusy(true);
    this.render();
    try {
      const query = { id: `move-${this.moves.length}`, ...gameKeys(this.game), moves: this.moves, ...this.opponent.budget };
      const answer = await api.analyse(this.opponent.engine, query);
      if (generation !== this.generation) return false;
      const moves = [...this.moves, answer.bestMove];
      const view = await api.position(this.game, moves, []);
      if (generation !== this.generation) return false;
      this.movers.push(1 - this.human);
      this.setView(view);
      this.answer = null;
      this.setBusy(false);
      this.render();
      if (this.clickedAt !== null) {
        const ms = performance.now() - this.clickedAt;
        this.clickedAt = null;
        this.timings.push(ms);
        document.body.dataset.roundTripMs = ms.toFixed(1);
        const search = answer.timeMs !== undefined ? `, search ${answer.timeMs} ms` : '';
        $('play-timing').textContent = `last reply drawn ${ms.toFixed(0)} ms after your click${search}`;
      }
      return true;
    } catch (error) {
      if (generation === this.generation) {
        this.setBusy(false);
        this.say(`the opponent could not move: ${error.message}`);
        this.render();
      }
      return false;
    }
  }

  // The evaluating network's answer for the position at a move boundary.
  async evaluate() {
    const view = this.view;
    if (!view || !this.analysis.engine || view.terminal || view.inCompoundMove) {
      this.render();
      return;
    }
    const generation = this.generation;
    try {
      const answer = await api.analyse(this.analysis.engine, {
        id: `eval-${this.moves.length}`,
        ...gameKeys(this.game),
        moves: this.moves,
        maxVisits: this.analysis.visits,
        includePolicy: true,
      });
      if (generation !== this.generation) return;
      this.answer = answer;
      this.answerPly = this.moves.length;
      document.body.dataset.evalPly = String(this.moves.length);
      this.render();
    } catch (error) {
      if (generation === this.generation) this.say(`no evaluation: ${error.message}`);
    }
  }

  onSquare(square) {
    if (!this.humanToMove() || this.busy) {
      this.say(this.view && this.view.terminal ? 'the game is over' : 'not your turn');
      return;
    }
    const result = this.selector.click(square);
    if (result.kind === 'illegal') {
      this.say(`${square}: nothing to play there`);
      return;
    }
    this.say('');
    if (result.kind === 'play') {
      this.decide(result.decision);
      return;
    }
    this.render();
  }

  async decide(decision) {
    this.clickedAt = performance.now();
    this.pending = [...this.pending, decision.text];
    if (await this.refresh(true)) await this.next();
  }

  async cancelMove() {
    if (this.busy) return;
    if (this.selector) this.selector.reset();
    if (this.pending.length === 0) {
      this.render();
      return;
    }
    this.pending = [];
    if (await this.refresh(false)) await this.evaluate();
  }

  // Back to the person's previous turn: the move in progress, or the
  // person's last move and the replies after it.
  async undo() {
    if (this.busy || !this.view) return;
    if (this.pending.length > 0) return this.cancelMove();
    let keep = this.moves.length;
    while (keep > 0 && this.movers[keep - 1] !== this.human) --keep;
    if (keep === 0) {
      this.say('nothing of yours to undo');
      return;
    }
    this.moves = this.moves.slice(0, keep - 1);
    this.movers = this.movers.slice(0, keep - 1);
    this.answer = null;
    this.stopped = false;
    if (await this.refresh(false)) await this.next();
  }

  async save(format) {
    if (!this.view) return;
    const names = playerNames(this.view);
    const players = this.human === 0 ? `you (${names[0]}) vs ${this.opponent.label}` : `${this.opponent.label} vs you (${names[1]})`;
    try {
      const text = await api.exportRecord(this.game, this.moves, format, players);
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
      link.download = `inchzero-${this.game.game}.${format === 'pgn' ? 'pgn' : 'txt'}`;
      document.body.appendChild(link);
      link.click();
      link.remove();
    } catch (error) {
      this.say(`not saved: ${error.message}`);
    }
  }

  setView(view) {
    this.moves = view.moves;
    this.view = view;
    this.selector = new ClickSelector(view.decisions);
    // Until the evaluating network answers for this position.
    document.body.dataset.evalPly = '';
  }

  setBusy(busy) {
    this.busy = busy;
    document.body.dataset.busy = busy ? '1' : '0';
  }

  render() {
    const view = this.view;
    if (!view) return;
    const mine = this.humanToMove() && !this.busy;
    const evaluated = this.answer && this.answerPly === this.moves.length && !view.inCompoundMove;
    const { heat, others } = evaluated ? policyHeat(view.decisions, this.answer.policy) : { heat: new Map(), others: [] };
    this.board.render(view, {
      targets: mine ? this.selector.targets() : new Set(),
      selected: this.selector.selected(),
      pending: new Set(view.pendingSquares),
      last: new Set(view.lastMove ? view.lastMove.squares : []),
      heat,
      flip: this.human === 1,
    });
    this.renderButtons(mine ? this.selector.buttons() : [], others);
    const names = playerNames(view);
    const status = $('play-status');
    if (view.terminal) {
      status.textContent = `Game over: ${resultText(view)}`;
      status.dataset.state = 'over';
    } else if (this.stopped) {
      status.textContent = 'choose another opponent';
      status.dataset.state = 'stopped';
    } else if (view.currentPlayer === this.human) {
      const inMove = view.pending.length > 0 ? ` \u2014 ${view.pending.join(', ')} \u2026` : '';
      status.textContent = `Your move (${names[this.human]})${inMove}`;
      status.dataset.state = this.busy ? 'busy' : 'your-turn';
    } else {
      status.textContent = `${this.opponent.label} is thinking (${names[1 - this.human]})`;
      status.dataset.state = 'engine';
    }
    renderSides($('play-sides'), view);
    renderEvaluation($('play-eval'), view, evaluated ? this.answer : null,
      this.analysisNote || (view.terminal ? 'the game is over' : 'evaluating\u2026'));
    renderMoves($('play-moves'), this.moves);
    $('save-pgn').hidden = !view.pgn;
    document.body.dataset.ply = String(this.moves.length);
    document.body.dataset.inMove = view.inCompoundMove ? '1' : '0';
  }

  renderButtons(decisions, others) {
    const box = $('play-buttons');
    box.replaceChildren();
    const share = new Map(others.map((o) => [o.label, o.p]));
    for (const d of decisions) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'decision';
      button.dataset.decision = d.text;
      const p = share.get(d.label);
      button.textContent = p !== undefined ? `${d.label} (${Math.round(100 * p)}%)` : d.label;
      button.addEventListener('click', () => {
        if (this.humanToMove() && !this.busy) this.decide(d);
      });
      box.appendChild(button);
    }
  }
}
