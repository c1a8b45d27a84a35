// The service worker: the page's own files kept on this device, so that the app installs and the lobby
// opens without a network. At the root of Public/ so that its scope is the whole site ("/").
//
// How a new release is picked up (no stale cache): every request goes to the network first, and the
// cache is only the fallback when the network fails. Files are fetched with `cache: 'no-cache'` (and the
// server sends `Cache-Control: no-cache` for pages and files), so the browser revalidates each one with
// its ETag: an unchanged file costs a 304, a changed one arrives on the next load, and every answer
// refreshes the copy kept here. A cache-first worker would need a new worker per release to notice a
// change (a version the server provides, or a list of hashes); network-first needs nothing and can never
// show yesterday's page while the server is reachable. Offline, the last copy seen is served.
//
// Never cached, and never even handled here (the browser fetches them itself): the API and the other
// endpoints (/api/, /healthz, /metrics, /launchGame) and the WebSocket (/ws/), whose answers are live
// state, and anything of another origin or other than GET.
//
// CACHE_VERSION changes only when the way files are kept changes; old caches are deleted on activate.

const CACHE_VERSION = 'v1';
const CACHE = `tictactoe-static-${CACHE_VERSION}`;

/**
 * Kept at install, so that the lobby works offline after a single visit. A missing one is skipped. The
 * lobby, account, leaderboard, player and 404 pages come with every module and stylesheet they load and
 * both languages' words, so that each opens offline even if never visited online (test_pwa.py checks the
 * list); the match and replay pages' own modules are kept on their first visit (pwa.js hands them over).
 */
const PRECACHE = [
  '/',
  '/match.html',
  '/replay.html',
  '/404.html',
  '/account.html',
  '/leaderboard.html',
  '/player.html',
  '/manifest.webmanifest',
  '/favicon.svg',
  '/favicon-turn.svg',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/icon-maskable-512.png',
  '/css/app.css',
  '/css/match.css',
  '/css/parts.css',
  '/css/pwa.css',
  '/css/account.css',
  '/css/ratings.css',
  '/i18n/en.json',
  '/i18n/ko.json',
  '/js/i18n.js',
  '/js/pwa.js',
  '/js/lobby.js',
  '/js/api.js',
  '/js/notices.js',
  '/js/queue.js',
  '/js/ratedChoice.js',
  '/js/clockChoices.js',
  '/js/timeControl.js',
  '/js/timeFigures.js',
  '/js/connection.js',
  '/js/names.js',
  '/js/gameChoices.js',
  '/js/gameWords.js',
  '/js/boardView.js',
  '/js/games/index.js',
  '/js/games/grid.js',
  '/js/games/ticTacToe.js',
  '/js/games/connectFour.js',
  '/js/games/kalah.js',
  '/js/games/kalahRules.js',
  '/js/games/randomWin.js',
  '/js/seats.js',
  '/js/account.js',
  '/js/accountApi.js',
  '/js/accountBar.js',
  '/js/accountName.js',
  '/js/accountPage.js',
  '/js/passkeys.js',
  '/js/dom.js',
  '/js/roving.js',
  '/js/tabs.js',
  '/js/ratings.js',
  '/js/ratingChart.js',
  '/js/leaderboard.js',
  '/js/playerPage.js',
  '/js/notFound.js',
];

const NEVER = [/^\/api\//, /^\/ws\//, /^\/healthz$/, /^\/metrics$/, /^\/launchGame$/];

/** Navigations whose page is one file of Public/: kept once under that file's name, not once per match. */
function pageKey(pathname) {
  if (pathname === '/' || pathname === '/index.html') return '/';
  if (/^\/m\/[^/]+\/games\/[^/]+$/.test(pathname)) return '/replay.html';
  if (/^\/m\/[^/]+$/.test(pathname)) return '/match.html';
  if (pathname === '/leaderboard') return '/leaderboard.html';
  if (/^\/p\/[^/]+$/.test(pathname)) return '/player.html';
  if (pathname === '/account.html') return '/account.html';
  return null;
}

/** Clients (pages) whose document came from the cache because the network failed: they show "offline". */
const servedFromCache = new Set();

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await Promise.all(PRECACHE.map((url) => cache.add(new Request(url, { cache: 'reload' })).catch(() => {})));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith('tictactoe-') && name !== CACHE).map((name) => caches.delete(name)));
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (NEVER.some((pattern) => pattern.test(url.pathname))) return;

  if (request.mode === 'navigate') {
    const key = pageKey(url.pathname);
    if (key === null) return; // another page (a 404, say): the network's answer, as without a worker
    event.respondWith(navigate(event, key));
    return;
  }
  event.respondWith(file(request, url));
});

async function navigate(event, key) {
  try {
    const response = await fetch(event.request);
    if (response.ok) await keep(key, response.clone());
    return response;
  } catch (error) {
    const cached = await caches.match(key, { cacheName: CACHE });
    if (!cached) throw error;
    if (event.resultingClientId) servedFromCache.add(event.resultingClientId);
    return cached;
  }
}

async function file(request, url) {
  // A query string (none of the page's files has one) is not part of what is kept.
  const key = url.origin + url.pathname;
  try {
    const response = await fetch(new Request(request, { cache: 'no-cache' }));
    if (response.ok && response.type === 'basic' && !url.search) await keep(key, response.clone());
    return response;
  } catch (error) {
    const cached = await caches.match(key, { cacheName: CACHE });
    if (!cached) throw error;
    return cached;
  }
}

async function keep(key, response) {
  try {
    const cache = await caches.open(CACHE);
    await cache.put(key, response);
  } catch {
    // A full disk or a private mode without storage: the page works as without a worker.
  }
}

self.addEventListener('message', (event) => {
  const message = event.data || {};
  const source = event.source;
  if (message.type === 'status' && source) {
    // The page asks whether its document came from the cache (the server could not be reached).
    source.postMessage({ type: 'status', fromCache: servedFromCache.has(source.id) });
    servedFromCache.delete(source.id);
  } else if (message.type === 'keep' && Array.isArray(message.urls)) {
    // The files the page loaded (its modules, the game's stylesheet): kept too, for the next offline visit.
    event.waitUntil(keepUrls(message.urls));
  }
});

async function keepUrls(urls) {
  const cache = await caches.open(CACHE);
  await Promise.all(urls.map(async (href) => {
    let url;
    try {
      url = new URL(href, self.location.origin);
    } catch {
      return;
    }
    if (url.origin !== self.location.origin || url.search || NEVER.some((pattern) => pattern.test(url.pathname))) return;
    if (await cache.match(url.href)) return;
    try {
      const response = await fetch(url.href, { cache: 'no-cache' });
      if (response.ok) await cache.put(url.href, response);
    } catch {
      // Offline right now: kept on a later visit.
    }
  }));
}
