// Draws the match page from the state (state.js) and a few page-only flags. Text only through
// textContent: names come from other people and are never parsed as HTML.

import { t } from './i18n.js';

import { $, setText, show } from './dom.js';
import { GAMES, gameById } from './games/index.js';
import { createMatchClocks } from './matchClocks.js';
import { joinWords } from './matchGame.js';
import { againstComputer, awayOpponent, drawOfferState, gameButtonsMode, playedGame, playingOnBoard } from './matchFacts.js';
import { offerView } from './offerView.js';
import { drawRatingChanges, ratingChangeWords } from './ratings.js';
import { createSeatCards } from './seatCards.js';
import { SEATS, freeSeats, nameOf, opponentOf, playerIn, turnWords } from './seats.js';
import { stageText } from './stageText.js';
import { resultText } from './state.js';
import { timeControlWords } from './timeControl.js';

/** Parts said one after the other, as sentences: "Alice won (four in a row). Four in a row in column 1". */
function sentences(parts) {
  const kept = parts.filter(Boolean);
  if (kept.length < 2) return kept[0] ?? '';
  return kept.map((part, index) => (index < kept.length - 1 && !/[.!?…]$/.test(part) ? `${part}.` : part)).join(' ');
}

/**
 * Builds the view over match.html's elements; every game's view is created at once (hidden) in the
 * game slot, and `send(message)` is what their controls call. `render(state, ui)` can be called as
 * often as wanted.
 */
export function createView({ send }) {
  const el = {
    notFound: $('not-found'),
    matchView: $('match-view'),
    stage: $('stage'),
    title: $('stage-title'),
    hint: $('stage-hint'),
    timeControl: $('time-control'),
    matchGame: $('match-game'),
    clocks: $('clocks'),
    joinForm: $('join-form'),
    joinButton: $('join-button'),
    nameInput: $('name-input'),
    invite: $('invite'),
    inviteLink: $('invite-link'),
    scoreboard: $('scoreboard'),
    result: $('result'),
    turn: $('turn'),
    gameSlot: $('game-slot'),
    lastMove: $('last-move'),
    games: $('games'),
    gameButtons: $('game-buttons'),
    opponentPresence: $('opponent-presence'),
    claimWin: $('claim-win'),
    claimWait: $('claim-wait'),
    offer: $('offer'),
    offerText: $('offer-text'),
    offerActions: $('offer-actions'),
    gamesTitle: $('games-title'),
    gamesNote: $('games-note'),
    gameActions: $('game-actions'),
    gameActionsButtons: $('game-actions-buttons'),
    gameActionsNote: $('game-actions-note'),
    offerDraw: $('offer-draw'),
    resignConfirm: $('resign-confirm'),
    resignQuestion: $('resign-question'),
    favicon: $('favicon'),
    watching: $('watching'),
    leave: $('leave-button'),
    leaveConfirm: $('leave-confirm'),
    leaveQuestion: $('leave-question'),
    connection: $('connection-status'),
    connectionText: $('connection-text'),
    announcer: $('announcer'),
    ratingChange: $('rating-change'),
    offlineBanner: $('offline-banner'),
  };
  let gamesKey = '';
  let announced = '';
  let announcedOffer = '';
  let announcedClaim = '';
  const gameViews = new Map(GAMES.map((game) => [game.id, game.createView(el.gameSlot, { send })]));
  const seatCards = createSeatCards(el);
  const clocks = createMatchClocks({ container: el.clocks, announcer: $('clock-announcer') });

  function renderConnection(state, ui) {
    let shown = state.connection;
    if (shown === 'reconnecting' && !ui.showReconnecting) shown = 'open';
    el.connection.dataset.state = shown;
    const words = {
      connecting: 'connection.connecting',
      open: 'connection.open',
      reconnecting: 'connection.reconnecting',
      gone: 'connection.none',
      stopped: 'connection.none',
    };
    setText(el.connectionText, words[shown] ? t(words[shown]) : '');
    // Offline: a banner says so, and everything that may be stale (board, turn, presence) is greyed.
    el.stage.classList.toggle('is-offline', shown === 'reconnecting');
    el.matchView.classList.toggle('is-stale', shown === 'reconnecting');
    show(el.offlineBanner, shown === 'reconnecting');
  }

  function renderScore(state) {
    // While a seat is free the score shown is the broken pair's, kept with its last result.
    const visible = Boolean(state.score) && (state.phase !== 'loggedOut' || Boolean(state.result));
    show(el.scoreboard, visible);
    if (!visible) return;
    for (const seat of SEATS) {
      const entry = state.score[seat] || {};
      // The computer by its name in the reader's language; a person by the name the score kept.
      const computer = playerIn(state, seat)?.computer;
      setText($(`score-name-${seat}`), (!computer && entry.name) || nameOf(state, seat));
      setText($(`score-${seat}`), String(entry.wins ?? 0));
    }
    setText($('score-draws'), String(state.score.draws ?? 0));
  }

  function renderGames(state) {
    const key = JSON.stringify(state.games);
    if (key !== gamesKey) {
      gamesKey = key;
      const buttons = state.games.map((game) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'button button--game';
        button.dataset.gameId = game.id;
        button.dataset.testid = `start-${game.id}`;
        button.textContent = t('games.play', { game: gameById(game.id)?.name || game.name || game.id });
        return button;
      });
      el.gameButtons.replaceChildren(...buttons);
    }
    // Against a person a game button offers the game (they accept or decline); against the computer it
    // starts it. Nothing can be offered while an offer waits or while the opponent is away.
    const { mode, note } = gameButtonsMode(state);
    el.gameButtons.dataset.mode = mode;
    el.gameButtons.dataset.note = note;
    show(el.gamesNote, Boolean(note));
    setText(el.gamesNote, note);
    const opponentName = state.you ? nameOf(state, opponentOf(state.you)) : '';
    const title = mode === 'start'
      ? state.result ? t('games.again') : t('match.startGame')
      : state.result ? t('games.offerAnother', { name: opponentName }) : t('games.offer', { name: opponentName });
    setText(el.gamesTitle, title);
    const describedBy = note ? 'games-note' : state.offer ? 'offer-text' : null;
    for (const button of el.gameButtons.children) {
      if (mode === 'blocked') button.setAttribute('aria-disabled', 'true');
      else button.removeAttribute('aria-disabled');
      if (describedBy) button.setAttribute('aria-describedby', describedBy);
      else button.removeAttribute('aria-describedby');
    }
  }

  function renderStage(state, ui) {
    const seated = Boolean(state.you);
    const { title, hint } = stageText(state, ui);
    show(el.title, Boolean(title));
    setText(el.title, title);
    show(el.hint, Boolean(hint));
    setText(el.hint, hint);
    // The match's clock is told in every phase, so that whoever joins knows it before sitting down.
    show(el.timeControl, Boolean(state.timeControl));
    setText(el.timeControl, state.timeControl ? t('common.clockIs', { clock: timeControlWords(state.timeControl) }) : '');

    const canJoin =
      state.welcomed && state.phase === 'loggedOut' && !seated && !ui.resuming && freeSeats(state).length > 0;
    show(el.joinForm, canJoin);
    if (canJoin) setText(el.joinButton, joinWords(ui.game, freeSeats(state)[0]));
    // The game the match was made for, until its first game starts: whoever joins knows what they join.
    const namedGame = state.welcomed && state.phase === 'loggedOut' && !state.result && !state.lastGame ? ui.game : null;
    show(el.matchGame, Boolean(namedGame));
    setText(el.matchGame, namedGame ? t('match.gameIs', { game: namedGame.name }) : '');
    // Nobody to invite where the computer holds the other seat.
    show(el.invite, state.welcomed && state.phase === 'loggedOut' && (seated || ui.creator) && !againstComputer(state));

    renderScore(state);

    // Result: announced in words, above the final board.
    const result = state.phase === 'offGame' || state.phase === 'loggedOut' ? state.result : null;
    show(el.result, Boolean(result));
    if (result) {
      setText(el.result, resultText(state, result));
      el.result.dataset.winner = result.winner || 'none';
    }
    drawRatingChanges(el.ratingChange, result?.ratings ?? null, (seat) => nameOf(state, seat));

    // Turn line while a game played on a board runs.
    const playing = playingOnBoard(state);
    const turnSeat = playing ? state.board.turn : null;
    show(el.turn, Boolean(turnSeat));
    if (turnSeat) {
      setText(el.turn, turnWords(state));
      el.turn.dataset.seat = turnSeat;
      el.turn.classList.toggle('turn--mine', turnSeat === state.you);
    }

    // The game's own view: live while it is played; a board game's final position after it ended.
    // A finished game stays on the stage: a board game shows its final position (its view hides
    // itself without a board), a game without a board its own final view.
    const finishedGame = result ? gameById(result.game) : null;
    const shownGame = playedGame(state) ?? finishedGame;
    // With a game on the stage, what comes and goes (the hint, the result in the turn's place) never
    // moves its board (match.css, "A game on the stage").
    el.stage.classList.toggle('stage--game', Boolean(shownGame));
    for (const [id, gameView] of gameViews) {
      gameView.render(state, {
        shown: Boolean(shownGame && shownGame.id === id),
        playing: Boolean(playedGame(state)),
        seated,
        result,
      });
    }
    // A game with a board hides its view while there is none (boardView.js): so do the clocks.
    clocks.render(state, { boardShown: Boolean(shownGame && shownGame.readBoard && state.board) });
    const status = shownGame && shownGame.statusText ? shownGame.statusText(state, result) : '';
    show(el.lastMove, Boolean(status));
    setText(el.lastMove, status);

    renderGames(state);
    show(el.games, state.phase === 'offGame' && seated);
    renderOffer(state);
    renderGameActions(state, ui);
  }

  function renderOffer(state) {
    const view = offerView(state);
    show(el.offer, Boolean(view));
    el.offer.dataset.state = view ? view.state : 'none';
    setText(el.offerText, view ? view.text : '');
    show(el.offerActions, Boolean(view && view.state === 'asked'));
  }

  /** Resign and offer a draw: a seated player's, while a game that has them is played. */
  function renderGameActions(state, ui) {
    const game = playedGame(state);
    const visible = Boolean(state.you && game && !game.noResignOrDraw && !state.result);
    show(el.gameActions, visible);
    if (!visible) return;
    show(el.gameActionsButtons, !ui.confirmingResign);
    show(el.resignConfirm, ui.confirmingResign);
    if (ui.confirmingResign) {
      setText(el.resignQuestion, t('resign.question', { name: nameOf(state, opponentOf(state.you)) }));
    }
    // The computer does not answer a draw offer.
    show(el.offerDraw, !againstComputer(state));
    const { allowed, note } = drawOfferState(state);
    el.offerDraw.setAttribute('aria-disabled', String(!allowed));
    show(el.gameActionsNote, Boolean(note) && !ui.confirmingResign);
    setText(el.gameActionsNote, note);
    if (note) el.offerDraw.setAttribute('aria-describedby', 'game-actions-note');
    else el.offerDraw.removeAttribute('aria-describedby');
  }

  /** The words of the live region: results, moves and turns, offers and their answers, a claim allowed. */
  function announce(state, ui) {
    let text = '';
    if ((state.phase === 'offGame' || state.phase === 'loggedOut') && state.result) {
      const game = gameById(state.result.game);
      const detail = game && game.resultDetail ? game.resultDetail(state, state.result) : '';
      const changes = state.result.ratings ? ratingChangeWords(state.result.ratings, (seat) => nameOf(state, seat)) : '';
      text = sentences([resultText(state, state.result), detail, changes]);
    } else if (playingOnBoard(state)) {
      const game = playedGame(state);
      text = game.announcement ? game.announcement(state) : turnWords(state);
    }
    const offerLine = offerView(state)?.text ?? '';
    const away = awayOpponent(state);
    const claimLine = away && state.connection === 'open' && ui.claimableIn(away.seat) <= 0
      ? t('claim.now', { name: away.name })
      : '';
    // Each part is said when it changes; what changed together is said together.
    const said = [
      text !== announced ? text : '',
      offerLine !== announcedOffer ? offerLine : '',
      claimLine !== announcedClaim ? claimLine : '',
    ].filter(Boolean);
    if (said.length) setText(el.announcer, said.length === 1 ? said[0] : sentences(said));
    announced = text;
    announcedOffer = offerLine;
    announcedClaim = claimLine;
  }

  function renderTitle(state, ui) {
    let title = t('match.pageTitle');
    const myTurn = playingOnBoard(state) && state.you && state.board.turn === state.you;
    if (ui.titleNote) title = t(myTurn ? 'title.noteYourMove' : 'title.note', { note: ui.titleNote });
    else if (myTurn) title = t('title.yourTurn');
    else if (state.result && (state.phase === 'offGame' || state.phase === 'loggedOut')) {
      title = t('title.note', { note: resultText(state, state.result) });
    }
    if (document.title !== title) document.title = title;
    // A hidden tab's icon says that it is our turn.
    const icon = myTurn && document.visibilityState === 'hidden' ? '/favicon-turn.svg' : '/favicon.svg';
    if (el.favicon && el.favicon.getAttribute('href') !== icon) el.favicon.setAttribute('href', icon);
  }

  return {
    elements: el,
    /** Redraws the audience alone: a `presence` that changed nothing but the count. */
    renderAudience: (state, ui) => seatCards.renderAudience(state, ui),
    /** Whether a draw may be offered now: `{allowed, why}` (why not, in words). */
    drawOfferState,
    /** Where keyboard focus goes when the focused control vanished: the game's, else the stage. */
    focusTarget: () => {
      for (const gameView of gameViews.values()) {
        const target = gameView.focusTarget();
        if (target) return target;
      }
      return el.stage;
    },
    render(state, ui) {
      renderConnection(state, ui);
      const gone = state.connection === 'gone' || ui.notFound;
      show(el.notFound, gone);
      show(el.matchView, !gone);
      if (gone) {
        document.title = t('title.notFound');
        return;
      }
      seatCards.render(state, ui);
      renderStage(state, ui);
      announce(state, ui);
      renderTitle(state, ui);
    },
  };
}
