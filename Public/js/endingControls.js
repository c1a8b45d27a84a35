// The controls that end a game or give the seat up: Resign and Leave, each asked first (its question
// takes the buttons' place and the focus, and Cancel gives the focus back), and "Claim the win".

import { t } from './i18n.js';

import { gameById } from './games/index.js';

/**
 * `$` finds match.html's elements by id; `ui` holds the `confirmingResign` and `confirmingLeave` flags
 * that render.js draws; `update()` redraws; `left()` is called once a `leave` was sent (the page forgets
 * its seat). `focusTarget()` is where the focus goes once the Leave button is gone.
 */
export function wireEndings({ $, ui, state, send, update, notices, left, focusTarget }) {
  /** Shows (or hides) a question and moves the focus to where the person's next step is. */
  const ask = (flag, asking, focus) => {
    ui[flag] = asking;
    update();
    if (focus) $(focus).focus();
  };

  // Resigning ends the game and keeps the seat: asked first, as leaving is.
  $('resign-button').addEventListener('click', () => ask('confirmingResign', true, 'resign-cancel'));
  $('resign-confirm-button').addEventListener('click', () => {
    ui.confirmingResign = false;
    send({ type: 'resign' });
    update();
  });
  $('resign-cancel').addEventListener('click', () => ask('confirmingResign', false, 'resign-button'));

  const leave = () => {
    const forfeit = Boolean(gameById(state().phase));
    ui.confirmingLeave = false;
    if (!send({ type: 'leave' })) return update();
    left();
    notices.info(forfeit ? t('notice.youForfeited') : t('notice.youLeft'), 'you-left');
    update();
    focusTarget().focus();
  };

  // Leaving during a game gives the opponent the win: ask first.
  $('leave-button').addEventListener('click', () => {
    if (!gameById(state().phase)) return leave();
    ask('confirmingLeave', true, 'leave-cancel');
  });
  $('leave-confirm-button').addEventListener('click', leave);
  $('leave-cancel').addEventListener('click', () => ask('confirmingLeave', false, 'leave-button'));

  // The opponent's seat has had no connection for the claim grace during a game: the game is ours now
  // rather than at its seat's timeout; the pair and both seats stay.
  $('claim-win').addEventListener('click', () => {
    send({ type: 'claimWin' });
  });
}
