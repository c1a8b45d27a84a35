// The installable app, on every page: registers the service worker (Public/sw.js, which keeps the page's
// own files for offline use) and says "offline" while the network or the server cannot be reached.
//
// The notice is an overlay (position: fixed, see css/pwa.css): it never moves the board or anything else.
// It shows while the browser says it is offline, or when this page's document came from the worker's
// cache because the server could not be reached; it goes away when the browser is back online and the
// server answers /healthz. The match page has its own banner for a lost game connection (which reconnects
// by itself, js/connection.js); while that banner shows, this notice stays out of its way.
// Its words are the reader's language's (js/i18n.js never fails: without its file a key would show, so
// English is said instead).

import { has, t } from './i18n.js';

const OFFLINE_KEY = 'pwa.offline';
const OFFLINE_ENGLISH = 'You are offline. The page reconnects by itself when the network is back.';
const PROBE_MS = 5000;

const region = document.createElement('div');
region.className = 'pwa-offline';
region.setAttribute('role', 'status');
region.dataset.testid = 'offline-region';

let offline = false;
let probeTimer = null;

function render() {
  document.documentElement.classList.toggle('is-offline-app', offline);
  if (offline && !region.firstElementChild) {
    const text = document.createElement('p');
    text.className = 'pwa-offline__text';
    text.dataset.testid = 'offline-notice';
    text.textContent = has(OFFLINE_KEY) ? t(OFFLINE_KEY) : OFFLINE_ENGLISH;
    region.append(text);
  } else if (!offline) {
    region.replaceChildren();
  }
}

function setOffline(value) {
  offline = value;
  render();
  clearTimeout(probeTimer);
  probeTimer = null;
  if (offline && navigator.onLine) probeTimer = setTimeout(probe, PROBE_MS);
}

/** Back when the server answers; /healthz is never handled by the worker, so this is the network's word. */
async function probe() {
  probeTimer = null;
  if (!navigator.onLine) return;
  try {
    const response = await fetch('/healthz', { cache: 'no-store' });
    if (response.ok) {
      setOffline(false);
      return;
    }
  } catch {
    // Still unreachable.
  }
  setOffline(true);
}

window.addEventListener('offline', () => setOffline(true));
window.addEventListener('online', probe);

function start() {
  document.body.append(region);
  if (!navigator.onLine) setOffline(true);
}

if (document.body) start();
else document.addEventListener('DOMContentLoaded', start, { once: true });

/** Hands the worker the files this page loaded, to keep for an offline visit. */
function keepFiles(worker) {
  const urls = performance.getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => name.startsWith(window.location.origin));
  worker.postMessage({ type: 'keep', urls });
}

/** Once the page has loaded everything it loads at first (its modules, the game's stylesheet). */
function whenLoaded(then) {
  if (document.readyState === 'complete') then();
  else window.addEventListener('load', then, { once: true });
}

if ('serviceWorker' in navigator) {
  navigator.serviceWorker.addEventListener('message', (event) => {
    if (event.data && event.data.type === 'status' && event.data.fromCache) setOffline(true);
  });
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
    // No worker (a private window without storage, say): the page works as a plain web page.
  });
  if (navigator.serviceWorker.controller) {
    const worker = navigator.serviceWorker.controller;
    worker.postMessage({ type: 'status' });
    whenLoaded(() => keepFiles(worker));
  } else {
    // The first visit: the worker takes the page over once active (clients.claim).
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      const worker = navigator.serviceWorker.controller;
      if (worker) whenLoaded(() => keepFiles(worker));
    }, { once: true });
  }
}
