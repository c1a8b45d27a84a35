// How a rating is said (issue 42), everywhere one shows: beside a seated player's name, on the
// leaderboard, on a player's page and in a rated game's ending. A provisional rating (RD ≥ 110) is
// shown with a "?" and said "provisional"; a change is "+12" or "−12" (a true minus sign), said in words.

import { number, t } from './i18n.js';

import { SEATS } from './seats.js';

/** "1500?" for a provisional rating, "1500" otherwise. */
export function ratingText(rating, provisional) {
  return `${number(rating, { useGrouping: false })}${provisional ? '?' : ''}`;
}

/** "rating 1500, provisional" / "rating 1500": what a screen reader says for ratingText. */
export function ratingLabel(rating, provisional) {
  return t(provisional ? 'ratings.labelProvisional' : 'ratings.label', { rating: number(rating, { useGrouping: false }) });
}

/** A small element showing `rating` (ratingText), said by ratingLabel; `testid` marks it for the tests. */
export function ratingBadge(rating, provisional, testid = 'rating') {
  const badge = document.createElement('span');
  badge.className = 'rating';
  badge.dataset.testid = testid;
  fillBadge(badge, rating, provisional);
  return badge;
}

/** Writes `rating` into an existing badge (the seat cards keep theirs); hides it for no rating. */
export function fillBadge(badge, rating, provisional) {
  const known = Number.isFinite(rating);
  badge.hidden = !known;
  if (!known) return;
  const text = ratingText(rating, provisional);
  if (badge.textContent !== text) badge.textContent = text;
  badge.setAttribute('role', 'img');
  badge.setAttribute('aria-label', ratingLabel(rating, provisional));
  badge.classList.toggle('rating--provisional', Boolean(provisional));
}

/** "+12", "−12" or "±0": a change of rating as figures. */
export function changeText(before, after) {
  const change = after - before;
  if (change === 0) return '±0';
  const figure = number(Math.abs(change), { useGrouping: false });
  return change > 0 ? `+${figure}` : `−${figure}`;
}

/**
 * A seat's change in words, for everyone and for a screen reader: "Alice's rating went up by 12 to
 * 1512", "… went down by 12 to 1488", "… stayed at 1500"; "(provisional)" added while it is.
 */
export function changeWords(name, { before, after, provisional }) {
  const params = { name, amount: Math.abs(after - before), rating: number(after, { useGrouping: false }) };
  const key = after > before ? 'ratings.wentUp' : after < before ? 'ratings.wentDown' : 'ratings.stayed';
  const sentence = t(key, params);
  return provisional ? `${sentence} ${t('ratings.stillProvisional')}` : sentence;
}

/** A rating change of `gameOver` (`{before, after, provisional}`), checked; null when malformed. */
export function readChange(raw) {
  if (!raw || !Number.isFinite(raw.before) || !Number.isFinite(raw.after)) return null;
  return { before: raw.before, after: raw.after, provisional: raw.provisional === true };
}

/** `gameOver`'s `ratings` (both seats' changes), checked: `{player1, player2}`, or null. */
export function readRatings(raw) {
  const changes = raw ? SEATS.map((seat) => readChange(raw[seat])) : [];
  return changes.length && changes.every(Boolean) ? { player1: changes[0], player2: changes[1] } : null;
}

/** Both seats' changes in words (changeWords), player 1's first. */
export function ratingChangeWords(ratings, nameOfSeat) {
  return SEATS.map((seat) => changeWords(nameOfSeat(seat), ratings[seat])).join(' ');
}

/**
 * Draws a rated game's changes in `element` (hidden when `ratings` is null): "Alice 1512 (+12)" per
 * seat for the eye, the sentences of changeWords for a screen reader. Returns those sentences ('' for none).
 */
export function drawRatingChanges(element, ratings, nameOfSeat) {
  element.hidden = !ratings;
  if (!ratings) {
    element.replaceChildren();
    return '';
  }
  const words = ratingChangeWords(ratings, nameOfSeat);
  const seen = SEATS.map((seat) => {
    const { before, after, provisional } = ratings[seat];
    const part = document.createElement('span');
    part.className = after > before ? 'rating-change__up' : after < before ? 'rating-change__down' : '';
    part.dataset.testid = `rating-change-${seat}`;
    part.textContent = t('ratings.short', { name: nameOfSeat(seat), rating: ratingText(after, provisional), change: changeText(before, after) });
    return part;
  });
  const shown = document.createElement('span');
  shown.setAttribute('aria-hidden', 'true');
  shown.append(seen[0], t('lobby.separator'), seen[1]);
  const said = document.createElement('span');
  said.className = 'visually-hidden';
  said.dataset.testid = 'rating-change-words';
  said.textContent = words;
  if (element.dataset.words !== words) {
    element.replaceChildren(shown, said);
    element.dataset.words = words;
  }
  return words;
}

/** The path of a player's page: /p/{name}, the name percent-encoded. */
export function playerPath(name) {
  return `/p/${encodeURIComponent(name)}`;
}

/** A link to `name`'s page, the name as its text. */
export function playerLink(name, testid = 'player-link') {
  const link = document.createElement('a');
  link.href = playerPath(name);
  link.dataset.testid = testid;
  link.textContent = name;
  return link;
}
