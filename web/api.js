// The server's JSON API (docs/ui.md). Every request carries the whole game
// (rules, start, moves), so the server keeps no session. A page written by
// `inchzero export --format web` (marked by <meta name="inchzero-export">)
// answers the same calls in the browser instead (static_api.js).
import { makeStaticApi } from './static_api.js';

export class ApiError extends Error {
  constructor(message, field) {
    super(field ? `${message} (${field})` : message);
    this.field = field || null;
  }
}

async function request(method, path, body, type = 'application/json') {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    init.headers['Content-Type'] = type;
  }
  const response = await fetch(path, init);
  const text = await response.text();
  let data = null;
  try {
    data = JSON.parse(text);
  } catch (e) {
    data = null;
  }
  if (!response.ok) {
    throw new ApiError(data && data.error ? data.error : `HTTP ${response.status}`, data && data.field);
  }
  return data === null ? text : data;
}

const serverApi = {
  info: () => request('GET', '/api/info'),
  // game: {game, rules, set, initialPosition}; moves: full moves; decisions: the move in progress.
  position: (game, moves, decisions = []) =>
    request('POST', '/api/position', { ...gameKeys(game), moves, decisions }),
  // One analysis query (docs/engine-protocol.md) answered by `engine`.
  analyse: (engine, query) =>
    request('POST', `/api/analyse?engine=${encodeURIComponent(engine)}`, query),
  records: (text) => request('POST', '/api/records', text, 'text/plain'),
  exportRecord: (game, moves, format, players) =>
    request('POST', '/api/export', { ...gameKeys(game), moves, format, players }),
  runs: () => request('GET', '/api/runs'),
  shardGames: (run, shard) =>
    request('GET', `/api/runs/${run}/shards/${encodeURIComponent(shard)}/games`),
  shardGame: (run, shard, number) =>
    request('GET', `/api/runs/${run}/shards/${encodeURIComponent(shard)}/games/${number}`),
  imageUrl: (run, index) => `/api/runs/${run}/images/${index}`,
};

const exported = document.querySelector('meta[name="inchzero-export"]');
export const api = exported ? await makeStaticApi() : serverApi;

// The keys that name a game in a request.
export function gameKeys(game) {
  const keys = { game: game.game, rules: game.rules, set: game.set };
  if (game.initialPosition) keys.initialPosition = game.initialPosition;
  return keys;
}
