// Time in words: the countdown of the player to move and the clock's time per move.

import { t } from './i18n.js';

const pad = (n) => String(n).padStart(2, '0');

/** Time left as the clock shows it: `09:58` under an hour, `1 h 05 min`, `2 d 03 h`. */
export function formatRemaining(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86400);
  const hours = Math.floor((total % 86400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  if (days > 0) return t('web-clock-days', { days, hours: pad(hours) });
  if (hours > 0) return t('web-clock-hours', { hours, minutes: pad(minutes) });
  return `${pad(minutes)}:${pad(total % 60)}`;
}

/** A clock's time per move in words: `10 min`, `2 h 00 min`, `3 d 00 h`. */
export function formatMoveTime(ms) {
  const minutes = Math.round(ms / 60000);
  if (minutes < 60) return t('web-minutes', { minutes: Math.max(1, minutes) });
  return formatRemaining(ms);
}

/**
 * Counts down to a deadline given in the server's time: `clock` from the state, `nowMs` the
 * server's time in that state and `arrived` the browser's Date.now() when it came.
 */
export function remaining(clock, nowMs, arrived) {
  return clock.deadline_ms - nowMs - (Date.now() - arrived);
}
