// A row of tabs (https://www.w3.org/WAI/ARIA/apg/patterns/tabs/): an ARIA tablist whose one tab in the
// tab order is the selected one (roving.js); ← and → (↑ ↓ too) move along it and choose at once,
// Home and End jump to the ends. One panel shows the chosen tab's content.

import { focusItem } from './roving.js';

/**
 * Fills `list` with a tab per `choices` entry (`{id, label}`), all controlling `panel`; `choose(id)` is
 * called with the one chosen (first `selected`). Returns `{select(id)}`.
 */
export function createTabs(list, panel, choices, { selected, choose, testidPrefix = 'tab-' }) {
  list.setAttribute('role', 'tablist');
  const tabs = choices.map((choice) => {
    const tab = document.createElement('button');
    tab.type = 'button';
    tab.className = 'tabs__tab';
    tab.id = `${testidPrefix}${choice.id}`;
    tab.dataset.testid = `${testidPrefix}${choice.id}`;
    tab.dataset.id = choice.id;
    tab.setAttribute('role', 'tab');
    tab.setAttribute('aria-controls', panel.id);
    tab.textContent = choice.label;
    return tab;
  });
  list.replaceChildren(...tabs);
  panel.setAttribute('role', 'tabpanel');
  panel.tabIndex = 0;

  function select(id, { focus = false } = {}) {
    const index = Math.max(0, tabs.findIndex((tab) => tab.dataset.id === id));
    tabs.forEach((tab, i) => tab.setAttribute('aria-selected', String(i === index)));
    if (focus) focusItem(tabs, index);
    else tabs.forEach((tab, i) => (tab.tabIndex = i === index ? 0 : -1));
    panel.setAttribute('aria-labelledby', tabs[index].id);
    choose(tabs[index].dataset.id);
  }

  list.addEventListener('click', (event) => {
    const tab = event.target.closest('[role="tab"]');
    if (tab) select(tab.dataset.id, { focus: true });
  });
  list.addEventListener('keydown', (event) => {
    const at = tabs.indexOf(document.activeElement);
    if (at < 0) return;
    const last = tabs.length - 1;
    const moves = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1, Home: 0, End: last };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const index = (moves[event.key] + tabs.length) % tabs.length;
    select(tabs[index].dataset.id, { focus: true });
  });

  select(selected);
  return { select };
}
