// The page's API (api.js) answered in the browser, for a folder written by
// `inchzero export --format web`: the rules, search and records by the
// WebAssembly build and the network by onnxruntime-web (inchzero.js), in
// the shapes `inchzero serve` answers with (docs/ui.md), so the same page
// runs on either. There are no training runs to replay here.
// (api.js imports this module and this one imports api.js's ApiError and
// gameKeys: used only once api.js has run up to makeStaticApi.)
import { ApiError, gameKeys } from './api.js';
import { loadInchzero } from './inchzero.js';

// The export's network as `inchzero serve` lists an engine.
function networkEngine(iz) {
  const network = iz.network;
  return {
    id: 'network',
    label: `${network.game} (${network.rules}), iteration ${network.iteration}`,
    kind: 'network', game: network.game, ...iz.networkRules(), visits: 64,
  };
}

// Every failure reaches the page as api.js's ApiError, as from a server.
export async function makeStaticApi() {
  const iz = await loadInchzero({ base: new URL('./', document.baseURI).href });
  const guard = async (step) => {
    try {
      return await step();
    } catch (error) {
      throw new ApiError(error.message.replace(/ \([^)]*\)$/, ''), error.field);
    }
  };
  const noRuns = () => Promise.reject(new ApiError('an exported page has no training runs'));
  return {
    iz,
    info: () => guard(() => ({
      server: 'inchzero export --format web',
      games: iz.games(),
      engines: [networkEngine(iz)],
      runs: [],
      limits: { maxVisits: 100000, maxTimeMs: 600000, maxBodyBytes: 1 << 20 },
    })),
    position: (game, moves, decisions = []) => guard(() => {
      const request = { ...gameKeys(game), moves, decisions };
      const view = iz.position(request);
      view.networks = iz.fits(request) ? ['network'] : [];
      return view;
    }),
    analyse: (engine, query) => guard(() => iz.analyse(query)),
    records: (text) => guard(() => iz.records(text)),
    exportRecord: (game, moves, format, players) =>
      guard(() => iz.exportRecord({ ...gameKeys(game), moves, format, players })),
    runs: () => Promise.resolve([]),
    shardGames: noRuns,
    shardGame: noRuns,
    imageUrl: () => '',
  };
}
