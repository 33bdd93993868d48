// The new-game form: game, rule set and options (the rule set's values
// from the server; an edited value becomes a key=value override), a start
// position (the game's position notation; empty: the game's start), the
// opponent and its strength, the person's colour, and the network that
// evaluates. Choosing an evaluating network (the first one trained on the
// chosen game, at first) loads the rules it was trained under, so that it
// fits.
import { api } from './api.js';

const $ = (id) => document.getElementById(id);

export class SetupForm {
  constructor(info, onStart) {
    this.info = info;
    this.onStart = onStart;
    this.ruleValues = {};
    for (const g of info.games) $('game').add(new Option(g.name, g.name));
    $('game').addEventListener('change', () => this.gameChanged());
    $('rules').addEventListener('change', () => this.loadRuleValues([]));
    $('opponent').addEventListener('change', () => this.opponentChanged());
    // The evaluating network's own rules, so that it fits.
    $('analysis').addEventListener('change', () => this.useNetworkRules($('analysis').value));
    $('setup').addEventListener('submit', (event) => {
      event.preventDefault();
      this.start();
    });
  }

  networksOf(game) {
    return this.info.engines.filter((e) => e.kind === 'network' && e.game === game);
  }

  game() {
    return this.info.games.find((g) => g.name === $('game').value);
  }

  // Fill the rule sets, opponents and analysis networks of the chosen game.
  async gameChanged() {
    const game = this.game();
    $('start').value = '';
    const networks = this.networksOf(game.name);
    $('rules').replaceChildren(...game.rules.map((r) => new Option(r, r)));
    const opponents = [...networks.map((n) => new Option(`network ${n.label} (${n.id})`, n.id))];
    for (const e of this.info.engines) {
      if (e.kind !== 'player') continue;
      if (e.games && !e.games.includes(game.name)) continue;
      opponents.push(new Option(e.label, e.id));
    }
    $('opponent').replaceChildren(...opponents);
    $('analysis').replaceChildren(
      new Option('none', ''),
      ...networks.map((n) => new Option(`network ${n.label} (${n.id})`, n.id)));
    this.opponentChanged();
    if (networks.length > 0) $('analysis').value = networks[0].id;
    await this.useNetworkRules(networks.length > 0 ? networks[0].id : '');
  }

  // The rule set and options a network was trained under (any rules when
  // there is none).
  async useNetworkRules(id) {
    const network = this.info.engines.find((e) => e.id === id && e.kind === 'network');
    if (network && this.game().rules.includes(network.rules)) {
      $('rules').value = network.rules;
      await this.loadRuleValues(network.set);
    } else {
      await this.loadRuleValues([]);
    }
  }

  opponentChanged() {
    const engine = this.info.engines.find((e) => e.id === $('opponent').value);
    const kind = !engine ? 'none' : engine.kind === 'network' ? 'network' : engine.id;
    $('strength').disabled = kind !== 'network' && kind !== 'uct';
    $('strength-unit').disabled = kind !== 'network';
    if (kind === 'uct') $('strength-unit').value = 'visits';
    $('strength-label').textContent = kind === 'uct' ? 'playouts' : 'strength';
  }

  // The chosen rule set's option values, then `overrides` on top.
  async loadRuleValues(overrides) {
    const game = this.game();
    $('options').dataset.loaded = '';
    const view = await api.position({ game: game.name, rules: $('rules').value, set: [] }, []);
    this.ruleValues = view.options;
    const box = $('options');
    box.replaceChildren();
    for (const option of game.options) {
      const label = document.createElement('label');
      label.title = option.doc;
      label.append(`${option.name} `);
      let input;
      if (option.kind === 'bool') {
        input = document.createElement('input');
        input.type = 'checkbox';
      } else if (option.kind === 'choice') {
        input = document.createElement('select');
        for (const c of option.choices) input.add(new Option(c, c));
      } else {
        input = document.createElement('input');
        input.type = 'number';
        input.min = String(option.min);
        input.max = String(option.max);
      }
      input.dataset.option = option.name;
      setValue(input, this.ruleValues[option.name]);
      label.appendChild(input);
      box.appendChild(label);
    }
    for (const kv of overrides) {
      const eq = kv.indexOf('=');
      const input = box.querySelector(`[data-option="${kv.slice(0, eq)}"]`);
      if (input) setValue(input, kv.slice(eq + 1));
    }
    box.dataset.loaded = `${game.name}/${$('rules').value}`;
  }

  // The options that differ from the rule set's values, as key=value.
  overrides() {
    const set = [];
    for (const input of $('options').querySelectorAll('[data-option]')) {
      const value = input.type === 'checkbox' ? String(input.checked) : String(input.value);
      if (value !== this.ruleValues[input.dataset.option]) set.push(`${input.dataset.option}=${value}`);
    }
    return set;
  }

  start() {
    const engine = $('opponent').value;
    const unit = $('strength-unit').value;
    // Within the server's limits (a request above them is refused).
    const limit = unit === 'ms' ? this.info.limits.maxTimeMs : this.info.limits.maxVisits;
    const strength = Math.min(limit, Math.max(1, Math.floor(Number($('strength').value) || 1)));
    $('strength').value = String(strength);
    const isNetwork = engine.startsWith('net');
    const start = $('start').value.trim();
    this.onStart({
      game: { game: $('game').value, rules: $('rules').value, set: this.overrides(), initialPosition: start || null },
      opponent: {
        engine: engine === 'uct' ? `uct:${strength}` : engine,
        isNetwork,
        budget: !isNetwork ? {} : unit === 'ms' ? { maxTimeMs: strength } : { maxVisits: strength },
        label: $('opponent').selectedOptions[0] ? $('opponent').selectedOptions[0].textContent : engine,
      },
      human: Number($('colour').value),
      analysis: {
        engine: $('analysis').value,
        visits: Math.min(this.info.limits.maxVisits, Math.max(1, Math.floor(Number($('analysis-visits').value) || 64))),
      },
    });
  }
}

function setValue(input, text) {
  if (input.type === 'checkbox') input.checked = text === 'true';
  else input.value = text;
}
