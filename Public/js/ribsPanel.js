// "Inside this match": the match's live RIB tree (GET /api/matches/{id}/ribs, an extension of
// docs/PROTOCOL.md) drawn as nested lists. The page asks again every second while the panel is open
// and the tab is visible (polling: no server message is added for it), so RIBs attaching and detaching
// show within a second. `?ribs` in the address opens it.

import { t } from './i18n.js';

import { getRibs } from './api.js';

const POLL_MS = 1000;

/** One RIB as a list item: its name, whether its interactor is active, its waiting workflows, its children. */
function ribItem(rib) {
  const item = document.createElement('li');
  item.className = 'rib';
  item.dataset.rib = rib.name;
  item.dataset.active = String(Boolean(rib.active));
  item.dataset.testid = `rib-${rib.name}`;
  const line = document.createElement('span');
  line.className = 'rib__line';
  const name = document.createElement('span');
  name.className = 'rib__name';
  name.textContent = rib.name;
  const state = document.createElement('span');
  state.className = 'rib__state';
  state.textContent = rib.active ? t('ribs.active') : t('ribs.inactive');
  line.append(name, state);
  item.append(line);
  for (const workflow of rib.workflows || []) {
    const waiting = document.createElement('p');
    waiting.className = 'rib__workflow';
    waiting.dataset.testid = 'rib-workflow';
    const steps = workflow.steps || [];
    waiting.textContent = t('ribs.workflow', {
      name: workflow.name, step: workflow.waitingStep + 1, steps: steps.length, what: steps[workflow.waitingStep] ?? '',
    });
    item.append(waiting);
  }
  if (rib.children && rib.children.length) {
    const list = document.createElement('ul');
    list.className = 'ribs__list';
    list.append(...rib.children.map(ribItem));
    item.append(list);
  }
  return item;
}

/**
 * Wires the panel: `toggle` (a button with aria-controls) opens and closes `panel`, whose `tree`
 * element gets the tree and `status` element any error.
 */
export function startRibsPanel({ matchId, toggle, panel, tree, status }) {
  let timer = null;
  let asking = false;
  let shown = '';
  const isOpen = () => !panel.hidden;

  const ask = async () => {
    if (asking) return;
    asking = true;
    try {
      const body = await getRibs(matchId);
      const text = JSON.stringify(body.root);
      // Redrawn only when it changed, so a reader's place in the list is kept between polls.
      if (text !== shown) {
        shown = text;
        const list = document.createElement('ul');
        list.className = 'ribs__list ribs__list--root';
        list.append(ribItem(body.root));
        tree.replaceChildren(list);
      }
      status.textContent = '';
    } catch (error) {
      status.textContent = error.message;
    } finally {
      asking = false;
    }
    clearTimeout(timer);
    timer = isOpen() && document.visibilityState === 'visible' ? window.setTimeout(ask, POLL_MS) : null;
  };

  const setOpen = (open) => {
    panel.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    const params = new URLSearchParams(window.location.search);
    if (open) params.set('ribs', '');
    else params.delete('ribs');
    const query = params.toString().replace(/(^|&)ribs=(?=&|$)/, '$1ribs');
    window.history.replaceState(null, '', `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`);
    clearTimeout(timer);
    timer = null;
    if (open) ask();
  };

  toggle.addEventListener('click', () => {
    setOpen(!isOpen());
    if (!isOpen()) return;
    // The panel opens below the fold (under the board and the past games): show it and move focus to
    // its heading, so that opening it visibly does something, for the eyes and for a screen reader.
    const title = panel.querySelector('h2');
    title.tabIndex = -1;
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    panel.scrollIntoView({ block: 'start', behavior: smooth ? 'smooth' : 'auto' });
    title.focus({ preventScroll: true });
  });
  document.addEventListener('visibilitychange', () => {
    if (isOpen() && document.visibilityState === 'visible' && timer === null) ask();
  });
  if (new URLSearchParams(window.location.search).has('ribs')) setOpen(true);
}
