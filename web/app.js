// The page: two tabs (play, replay) over the server's API (docs/ui.md).
import { api } from './api.js';
import { PlayController } from './play.js';
import { ReplayController } from './replay.js';
import { SetupForm } from './setup.js';

const $ = (id) => document.getElementById(id);

function showTab(name) {
  for (const tab of ['play', 'replay']) {
    $(tab).hidden = tab !== name;
    $(`tab-${tab}`).setAttribute('aria-selected', String(tab === name));
  }
}

async function main() {
  document.body.dataset.busy = '1';
  const info = await api.info();
  $('server-limits').textContent =
    `at most ${info.limits.maxVisits} visits or ${info.limits.maxTimeMs} ms per search`;
  $('tab-play').addEventListener('click', () => showTab('play'));
  $('tab-replay').addEventListener('click', () => showTab('replay'));
  const play = new PlayController();
  const setup = new SetupForm(info, (choice) => play.start(choice));
  new ReplayController(info);
  // Start with the game of the first network, else the first game.
  const network = info.engines.find((e) => e.kind === 'network');
  $('game').value = network ? network.game : info.games[0].name;
  await setup.gameChanged();
  setup.start();
  document.body.dataset.ready = '1';
}

main().catch((error) => {
  $('play-message').textContent = `the page could not start: ${error.message}`;
  throw error;
});
