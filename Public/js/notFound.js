// The not-found page: the server answers it for a match that does not exist (any more), whose seat
// token, if this browser holds one, is then worth nothing.

import './i18n.js';
import { matchIdFromLocation } from './api.js';
import { SeatStore } from './connection.js';

const matchId = matchIdFromLocation();
if (matchId) new SeatStore(matchId).clear();
SeatStore.prune();
