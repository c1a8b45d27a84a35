// Kalah on the page: six pits a side and a store at each end, the reader's own pits at the bottom
// (a seated player2 sees the board turned; a spectator sees player1 at the bottom). A pit is a button:
// a click, a tap, or Enter and Space on it sends `sow` for it; the arrow keys, Home and End move.
//
// The wire's board and the rules are kalahRules.js's. People read the pits from 1: the wire's pit P
// (0-5) is "pit P+1".

import { createBoardView } from '../boardView.js';
import { wordsOfGame } from '../i18n.js';
import { focusItem } from '../roving.js';
import { nameOf, opponentOf, turnWords } from '../seats.js';
import { FIRST_PIT, PITS, STORE, boardAfter, indexOf, movesShown, readBoard, resultFromBoard, samePits, sow } from './kalahRules.js';

// Kalah's words are in the page's files of words, under `kalah.` (Public/i18n/*.json).
const w = wordsOfGame('kalah');

// --- The view -----------------------------------------------------------------------------------

/** The seat whose pits are at the bottom for this reader. */
const bottomSeat = (state) => (state.you === 'player2' ? 'player2' : 'player1');

function ownerWords(state, seat) {
  return seat === state.you ? null : nameOf(state, seat);
}

function pitLabel(state, seat, pit, count, isLast) {
  const name = ownerWords(state, seat);
  const who = name ? w('theirPit', { name, number: pit + 1 }) : w('yourPit', { number: pit + 1 });
  return `${who}, ${w('seeds', { count })}${isLast ? `, ${w('lastSown')}` : ''}`;
}

function storeLabel(state, seat, count) {
  const name = ownerWords(state, seat);
  return `${name ? w('theirStore', { name }) : w('yourStore')}, ${w('seeds', { count })}`;
}

function countElement() {
  const count = document.createElement('span');
  count.className = 'kalah-count';
  count.setAttribute('aria-hidden', 'true');
  count.textContent = '0';
  return count;
}

function buildBoard() {
  const board = document.createElement('div');
  board.className = 'board board--kalah';
  board.setAttribute('role', 'group');
  board.setAttribute('aria-label', w('boardLabel'));
  board.dataset.testid = 'kalah-board';
  board.hidden = true;
  const pits = [];
  const stores = {};
  for (const seat of ['player1', 'player2']) {
    const store = document.createElement('div');
    store.className = `kalah-store kalah-store--${seat}`;
    store.setAttribute('role', 'img');
    store.dataset.seat = seat;
    store.dataset.testid = `kalah-store-${seat}`;
    store.append(countElement());
    stores[seat] = store;
    for (let pit = 0; pit < PITS; pit += 1) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = `kalah-pit kalah-pit--${seat}`;
      button.dataset.seat = seat;
      button.dataset.pit = String(pit);
      button.dataset.testid = `kalah-pit-${seat}-${pit}`;
      button.append(countElement());
      pits.push(button);
    }
  }
  return { board, pits, stores };
}

/**
 * Places the pits and stores for a reader with `bottom`'s pits at the bottom: that seat's pits left to
 * right and its store at the right end; the other seat's pits right to left along the top, its store
 * at the left end (the seeds go round counterclockwise). The DOM order is the reading order.
 */
function arrange(boardElement, pits, stores, bottom) {
  const top = opponentOf(bottom);
  const row = (seat) => pits.filter((pit) => pit.dataset.seat === seat);
  for (const pit of pits) {
    const mine = pit.dataset.seat === bottom;
    const p = Number(pit.dataset.pit);
    pit.dataset.row = mine ? 'bottom' : 'top';
    pit.dataset.x = String(mine ? 2 + p : 7 - p);
  }
  stores[top].dataset.side = 'left';
  stores[bottom].dataset.side = 'right';
  boardElement.dataset.bottom = bottom;
  boardElement.replaceChildren(stores[top], ...row(top).reverse(), ...row(bottom), stores[bottom]);
}

const reducedMotion = () => window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** A brief sowing: the emptied pit dips, then each pit along the path takes its seed in turn. */
function animateSowing(from, path) {
  if (reducedMotion() || typeof from.animate !== 'function') return;
  from.animate([{ transform: 'scale(0.9)', opacity: 0.6 }, { transform: 'none', opacity: 1 }], { duration: 220, easing: 'ease-out' });
  path.forEach((element, step) => {
    element.animate(
      [{ transform: 'scale(1)', opacity: 0.55 }, { transform: 'scale(1.3)', opacity: 1 }, { transform: 'scale(1)', opacity: 1 }],
      { duration: 260, delay: 60 + step * 70, easing: 'ease-out', fill: 'backwards' },
    );
  });
}

function createView(container, { send }) {
  const { board: boardElement, pits, stores } = buildBoard();
  // The roving set: every pit, so that spectators too can read the board with the arrow keys.
  const controls = pits.slice();
  let current = { you: null, players: [] };
  let bottom = null;
  let drawn = null; // the board last drawn, to animate the next sowing from it

  const elementAt = (index) =>
    index === STORE.player1 ? stores.player1 : index === STORE.player2 ? stores.player2
      : pits[index < STORE.player1 ? index : PITS + (index - FIRST_PIT.player2)];

  const draw = (board, { playable, myTurn }) => {
    const state = current;
    const seat = bottomSeat(state);
    if (seat !== bottom) {
      bottom = seat;
      arrange(boardElement, pits, stores, bottom);
      // The reader's own first pit holds the tab stop.
      controls.forEach((pit) => { pit.tabIndex = -1; });
      pits[bottom === 'player1' ? 0 : PITS].tabIndex = 0;
      drawn = null;
    }
    boardElement.setAttribute('aria-label', state.you ? w('boardLabel') : w('boardLabelSpectator', { bottom: nameOf(state, bottom) }));
    const last = board.last;
    const lastIndex = last ? indexOf(last.seat, last.pit) : -1;
    const sown = drawn && last && !samePits(drawn.pits, board.pits) ? sow(drawn.pits, last.seat, last.pit) : null;
    const path = sown && samePits(sown.pits, board.pits) ? sown.path : [];
    const result = resultFromBoard(board);
    pits.forEach((pit) => {
      const owner = pit.dataset.seat;
      const p = Number(pit.dataset.pit);
      const index = indexOf(owner, p);
      const count = board.pits[index];
      pit.querySelector('.kalah-count').textContent = String(count);
      pit.dataset.count = String(count);
      pit.setAttribute('aria-label', pitLabel(state, owner, p, count, index === lastIndex));
      pit.classList.toggle('kalah-pit--last', index === lastIndex);
      pit.classList.toggle('kalah-pit--sown', path.includes(index));
      pit.classList.toggle('kalah-pit--empty', count === 0);
      // Pits stay focusable for everyone; only the mover's non-empty pits are offered. An empty one
      // of theirs is still sent, and the server's answer is shown in words.
      pit.setAttribute('aria-disabled', String(!playable || !myTurn || owner !== state.you || count === 0));
    });
    for (const owner of ['player1', 'player2']) {
      const count = board.pits[STORE[owner]];
      stores[owner].querySelector('.kalah-count').textContent = String(count);
      stores[owner].dataset.count = String(count);
      stores[owner].setAttribute('aria-label', storeLabel(state, owner, count));
      stores[owner].classList.toggle('kalah-store--sown', path.includes(STORE[owner]));
      stores[owner].classList.toggle('kalah-store--win', Boolean(result && result.winner === owner));
      stores[owner].classList.toggle('kalah-store--turn', board.turn === owner);
    }
    if (path.length) animateSowing(elementAt(lastIndex), path.map(elementAt));
    drawn = board;
  };

  boardElement.addEventListener('click', (event) => {
    const pit = event.target.closest('.kalah-pit');
    if (!pit || boardElement.dataset.playable !== 'true') return;
    focusItem(controls, controls.indexOf(pit));
    if (pit.dataset.seat !== current.you || current.board?.turn !== current.you) return;
    send({ type: 'sow', pit: Number(pit.dataset.pit) });
  });

  boardElement.addEventListener('keydown', (event) => {
    const pit = event.target.closest('.kalah-pit');
    if (!pit) return;
    const row = pit.dataset.row;
    let x = Number(pit.dataset.x);
    let targetRow = row;
    switch (event.key) {
      case 'ArrowLeft': x = x === 2 ? 7 : x - 1; break;
      case 'ArrowRight': x = x === 7 ? 2 : x + 1; break;
      case 'ArrowUp': targetRow = 'top'; break;
      case 'ArrowDown': targetRow = 'bottom'; break;
      case 'Home': x = 2; break;
      case 'End': x = 7; break;
      default: return;
    }
    event.preventDefault();
    const target = controls.findIndex((item) => item.dataset.row === targetRow && Number(item.dataset.x) === x);
    if (target >= 0) focusItem(controls, target);
  });

  const view = createBoardView(container, boardElement, controls, draw);
  return {
    render(state, context) {
      current = state;
      view.render(state, context);
    },
    focusTarget: view.focusTarget,
  };
}

// --- Words --------------------------------------------------------------------------------------

/** "Alice won 30 to 18", "A draw, 24 to 24"; '' when the stores do not decide it (a forfeit). */
function storesWords(state, result) {
  const board = state.board;
  if (!board || !Array.isArray(board.pits) || !resultFromBoard({ ...board, turn: null })) return '';
  const seeds = (seat) => board.pits[STORE[seat]];
  if (!result || !result.winner) return seeds('player1') === seeds('player2') ? w('draw', { seeds: seeds('player1') }) : '';
  return w('won', { name: nameOf(state, result.winner), winner: seeds(result.winner), loser: seeds(opponentOf(result.winner)) });
}

export default {
  id: 'kalah',
  name: 'Kalah',
  stylesheet: '/css/games/kalah.css',

  readBoard,
  resultFromBoard,

  moveWords: (move, { who }) => (Number.isInteger(move.pit) ? w('moveWords', { who, number: move.pit + 1 }) : who),
  boardAfter,
  movesShown,
  moveOfBoard: (board) => (board && board.last ? { seat: board.last.seat, pit: board.last.pit } : null),

  errorWords: {
    cellTaken: w('pitEmpty'),
    outOfBounds: w('pitOutside'),
  },

  createView,

  stageText: (state, { seated }) => ({ title: w('titlePlaying'), hint: seated ? w('hintSeated') : w('hintWatching') }),

  statusText(state, result) {
    const board = state.board;
    if (result && board && Array.isArray(board.pits)) {
      return w('finalStores', {
        first: nameOf(state, 'player1'), firstSeeds: board.pits[STORE.player1],
        second: nameOf(state, 'player2'), secondSeeds: board.pits[STORE.player2],
      });
    }
    const last = board && board.last;
    if (!last) return '';
    const words = w('lastSowing', { name: nameOf(state, last.seat), number: last.pit + 1 });
    return board.turn === last.seat ? w('then', { first: words, second: w('anotherTurn') }) : words;
  },

  /** Every sowing and turn, spoken: "Bob sowed pit 3 — your turn again", "Alice sowed pit 1 — Bob's turn". */
  announcement(state) {
    const board = state.board;
    const last = board && board.last;
    const turn = turnWords(state);
    if (!last) return turn;
    const sowed = w('sowed', { name: nameOf(state, last.seat), number: last.pit + 1 });
    if (!board.turn) return `${sowed}.`;
    if (board.turn === last.seat) {
      const again = board.turn === state.you ? w('yourTurnAgain') : w('theirTurnAgain', { name: nameOf(state, board.turn) });
      return w('then', { first: sowed, second: again });
    }
    return w('then', { first: sowed, second: board.turn === state.you ? w('yourTurn') : turn });
  },

  resultDetail: (state, result) => storesWords(state, result),
};
