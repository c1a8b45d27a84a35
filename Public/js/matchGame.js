// The game a match was made for (issue 40, item 4), so that the invite page and the creator's waiting
// page can name it, and the Join button can name the free seat in that game's own words. The server's
// `gameId` (in a match summary and the welcome's snapshot) when it tells one; else the page's address:
// the creator's `?gameId=` (which match.js also launches) or an invite link's `?game=` (which only names
// the game: a link opened later, between games, must not start one).

import { has, t } from './i18n.js';

import { gameById } from './games/index.js';

/** Reads the address once (match.js drops `?gameId` from it after the launch); `told` adds the server's word. */
export function createMatchGame(search = window.location.search) {
  const params = new URLSearchParams(search);
  const fromLink = gameById(params.get('gameId')) ?? gameById(params.get('game'));
  let fromServer = null;
  return {
    /** A match summary or a welcome's snapshot: its `gameId` (absent from a server before issue 40). */
    told(raw) {
      const game = raw && typeof raw.gameId === 'string' ? gameById(raw.gameId) : null;
      if (game) fromServer = game;
    },
    /** The match's game (its entry in games/index.js), or null when none was chosen. */
    get game() {
      return fromServer ?? fromLink;
    },
  };
}

/** The words of the Join button for `seat` in `game`: the game's name for that seat, else plainly "Join". */
export function joinWords(game, seat) {
  const key = game ? `${game.id}.joinAs.${seat}` : '';
  return key && has(key) ? t(key) : t('match.joinSeat');
}

/** The invite link of the match `matchId`, naming `game` (when known) for whoever opens it. */
export function inviteUrl(matchId, game) {
  const url = `${window.location.origin}/m/${matchId}`;
  return game ? `${url}?game=${encodeURIComponent(game.id)}` : url;
}
