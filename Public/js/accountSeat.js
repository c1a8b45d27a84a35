// The account's seat on every device (issue 41, docs/PROTOCOL.md "Playing as the account"): a signed-in
// person who opens a match in which the account already holds a seat has no token for it on this
// device (the token stayed with the device that took the seat, and a seat resumed by the account comes
// without one). The server gives the seat to the account's `login` on any device, so the page sends one
// as soon as the match says the account is seated, instead of offering the join form, and again on
// every new socket. Guests are never asked for anything: their seats travel by token only.

/**
 * `player()`: the signed-in player `{id, name}` or null; `hasToken()`: whether this device keeps a seat
 * token for the match (it resumes with it instead); `send(message)`: true when sent.
 */
export function createAccountSeat({ player, hasToken, send }) {
  let asked = false; // a login was sent on this socket: never twice, whatever it was answered
  let pending = false; // and its answer has not come yet

  /** Whether `players` (a welcome's or a presence's) show the signed-in account in a seat. */
  const accountIsSeated = (players, me) =>
    Array.isArray(players) && players.some((entry) => entry && entry.account === true && entry.name === me.name);

  return {
    /** Whether the page waits for the answer to the account's login: it shows no join form meanwhile. */
    get pending() {
      return pending;
    },

    /** The socket closed: the next one asks again (a reconnect comes back to the seat by itself). */
    reset() {
      asked = false;
      pending = false;
    },

    /** After each server message, with the state it made: takes the account's seat when it is time. */
    consider(message, state) {
      if (message.type === 'seated' || message.type === 'error') pending = false;
      const me = player();
      if (!me || asked || state.you || hasToken()) return;
      const players = message.type === 'welcome' ? message.snapshot?.players : message.type === 'presence' ? message.players : null;
      if (!accountIsSeated(players, me)) return;
      // The server ignores the name of a signed-in player's login; it is sent for a reader of the wire.
      asked = send({ type: 'login', name: me.name });
      pending = asked;
    },
  };
}
