// The players the signed-in reader blocks (docs/PROTOCOL.md, "Blocking"), by name, for the match page:
// their chat phrases are not shown. Read once per page from GET /api/blocks; a guest blocks nobody.

import { currentPlayer } from './account.js';
import { blocks } from './accountApi.js';
import { foldName } from './names.js';

/** `{has(name)}`: whether the reader blocks the player named `name` (presence's name; any case or width). */
export function loadBlockedNames() {
  const names = new Set();
  if (currentPlayer()) {
    blocks().then(
      (list) => list.forEach((entry) => names.add(foldName(entry.name))),
      () => {}, // Unknown for now: phrases show, as they did before blocking existed.
    );
  }
  return { has: (name) => typeof name === 'string' && names.has(foldName(name)) };
}
