// Replaying a game — one of a run's self-play games (its shards) or the
// games of an uploaded plain-text record — ply by ply, with the network's
// evaluation of every position (heat map, WDL bar, principal variation),
// and the run's pictures (learning curve, a lab's plots).
import { api, gameKeys } from './api.js';
import { BoardView, policyHeat } from './board.js';
import { renderEvaluation, renderMoves, renderSides } from './panels.js';

const $ = (id) => document.getElementById(id);

export class ReplayController {
  constructor(info) {
    this.info = info;
    this.board = new BoardView($('replay-board'), () => {});
    this.record = null;
    this.generation = 0;
    this.evaluations = new Map();
    const runs = info.runs;
    $('replay-run').replaceChildren(new Option('choose a run', ''),
      ...runs.map((r) => new Option(r.name, String(r.id))));
    $('replay-run').addEventListener('change', () => this.runChanged());
    $('replay-shard').addEventListener('change', () => this.shardChanged());
    $('replay-file').addEventListener('change', () => this.fileChosen());
    $('replay-first').addEventListener('click', () => this.show(0));
    $('replay-prev').addEventListener('click', () => this.show(this.ply - 1));
    $('replay-next').addEventListener('click', () => this.show(this.ply + 1));
    $('replay-last').addEventListener('click', () => this.show(this.record ? this.record.moves.length : 0));
    $('replay-slider').addEventListener('input', () => this.show(Number($('replay-slider').value)));
    $('replay-visits').addEventListener('change', () => {
      this.evaluations.clear();
      this.show(this.ply);
    });
    document.addEventListener('keydown', (event) => {
      if ($('replay').hidden || !this.record || event.target.tagName === 'INPUT') return;
      if (event.key === 'ArrowLeft') this.show(this.ply - 1);
      if (event.key === 'ArrowRight') this.show(this.ply + 1);
    });
  }

  say(text) {
    $('replay-message').textContent = text;
  }

  run() {
    return this.info.runs.find((r) => String(r.id) === $('replay-run').value);
  }

  async runChanged() {
    const run = this.run();
    $('replay-shard').replaceChildren();
    $('replay-games').replaceChildren();
    $('replay-images').replaceChildren();
    if (!run) return;
    try {
      const fresh = (await api.runs()).find((r) => r.id === run.id) || run;
      $('replay-shard').replaceChildren(new Option('choose a shard', ''),
        ...fresh.shards.map((s) => new Option(s, s)));
      for (const image of fresh.images) {
        const figure = document.createElement('figure');
        const img = document.createElement('img');
        img.src = api.imageUrl(fresh.id, image.index);
        img.alt = image.name;
        const caption = document.createElement('figcaption');
        caption.textContent = `${fresh.name}: ${image.name}`;
        figure.append(img, caption);
        $('replay-images').appendChild(figure);
      }
    } catch (error) {
      this.say(error.message);
    }
  }

  async shardChanged() {
    const run = this.run();
    const shard = $('replay-shard').value;
    if (!run || !shard) return;
    try {
      const games = await api.shardGames(run.id, shard);
      this.listGames(games.map((g) => ({
        title: `#${g.number}`, plies: g.plies, result: g.result, reason: g.endReason,
        open: () => api.shardGame(run.id, shard, g.number),
      })));
    } catch (error) {
      this.say(error.message);
    }
  }

  async fileChosen() {
    const file = $('replay-file').files[0];
    if (!file) return;
    try {
      const { games } = await api.records(await file.text());
      this.listGames(games.map((g, i) => ({
        title: `${file.name} #${i + 1}`, plies: g.moves.length, result: g.result, reason: g.endReason || '',
        open: async () => g,
      })));
      if (games.length === 1) await this.open(games[0], null);
    } catch (error) {
      this.say(`${file.name}: ${error.message}`);
    }
  }

  listGames(entries) {
    const body = $('replay-games');
    body.replaceChildren();
    for (const e of entries) {
      const row = body.insertRow();
      for (const text of [e.title, String(e.plies), e.result, e.reason || '']) row.insertCell().textContent = text;
      row.addEventListener('click', async () => {
        try {
          await this.open(await e.open(), this.run());
        } catch (error) {
          this.say(error.message);
        }
      });
    }
  }

  // record: played_game_json (docs/ui.md); run: whose network evaluates first.
  async open(record, run) {
    this.record = record;
    this.runNetwork = run ? run.network : null;
    this.evaluations.clear();
    this.say('');
    $('replay-title').textContent =
      `${record.game} (${record.rulesLabel}) \u00b7 ${record.result}` +
      (record.endReason ? ` (${record.endReason})` : '') +
      (record.origin && record.origin.network ? ` \u00b7 ${record.origin.network}` : '');
    $('replay-slider').max = String(record.moves.length);
    await this.show(0);
  }

  game() {
    return { game: this.record.game, rules: this.record.rules, set: this.record.set,
      initialPosition: this.record.initialPosition };
  }

  async show(ply) {
    if (!this.record) return;
    ply = Math.max(0, Math.min(this.record.moves.length, ply));
    this.ply = ply;
    $('replay-slider').value = String(ply);
    const generation = ++this.generation;
    try {
      const moves = this.record.moves.slice(0, ply);
      const view = await api.position(this.game(), moves, []);
      if (generation !== this.generation) return;
      this.view = view;
      this.draw(null);
      const engine = this.runNetwork && view.networks.includes(this.runNetwork) ? this.runNetwork : view.networks[0];
      if (!engine || view.terminal) {
        this.draw(null, engine ? 'the game is over here' : 'no network fits this game');
        return;
      }
      let answer = this.evaluations.get(ply);
      if (!answer) {
        answer = await api.analyse(engine, {
          id: `replay-${ply}`, ...gameKeys(this.game()), moves,
          maxVisits: Math.max(1, Math.floor(Number($('replay-visits').value) || 64)), includePolicy: true,
        });
        this.evaluations.set(ply, answer);
      }
      if (generation !== this.generation) return;
      this.draw(answer);
      document.body.dataset.replayEvalPly = String(ply);
    } catch (error) {
      if (generation === this.generation) this.say(error.message);
    }
  }

  draw(answer, note) {
    const view = this.view;
    const { heat } = answer ? policyHeat(view.decisions, answer.policy) : { heat: new Map() };
    const next = this.record.moves[this.ply];
    this.board.render(view, { last: new Set(view.lastMove ? view.lastMove.squares : []), heat });
    $('replay-ply').textContent = `ply ${this.ply} of ${this.record.moves.length}` +
      (next ? ` \u00b7 played next: ${next}` : view.terminal ? ' \u00b7 game over' : '');
    renderSides($('replay-sides'), view);
    renderEvaluation($('replay-eval'), view, answer, note || 'evaluating\u2026');
    renderMoves($('replay-moves'), this.record.moves, this.ply, (ply) => this.show(ply));
  }
}
