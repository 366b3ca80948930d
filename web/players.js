// The header: both players (name, rating or the computer's level, who is to move, the clock),
// the game's status or result, and its options.

import { el, setText } from './dom.js';
import { t } from './i18n.js';
import { formatMoveTime, formatRemaining, remaining } from './clock.js';

const COLORS = ['white', 'black'];

function signed(delta) {
  const n = Math.round(Number(delta) || 0);
  return n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : '±0';
}

/**
 * A player's name in the reader's language: the people and the computer of a game at this screen
 * are named by the page (`local`: first, second or computer), everyone else as they named
 * themselves.
 */
export function playerName(player) {
  if (!player) return '';
  if (player.local === 'first') return t('web-name-player', { number: 1 });
  if (player.local === 'second') return t('web-name-player', { number: 2 });
  if (player.local === 'computer') return t('web-name-computer');
  return player.name || '';
}

export class Players {
  constructor() {
    this.list = document.getElementById('mq-players');
    this.cards = {};
    for (const color of COLORS) {
      const card = el('li', { class: 'player', 'data-color': color, id: `mq-player-${color}` }, [
        el('span', { class: `checker checker-${color}`, 'aria-hidden': 'true' }),
        el('span', { class: 'player-text' }, [
          el('span', { class: 'player-line' }, [
            el('span', { class: 'visually-hidden', text: `${t(`web-${color}`)}: ` }),
            el('span', { class: 'player-name' }),
            el('span', { class: 'tag you', hidden: true, text: t('web-you') }),
          ]),
          el('span', { class: 'player-meta' }),
          el('span', { class: 'player-material', 'data-testid': `material-${color}` }),
        ]),
        el('span', { class: 'turn', hidden: true }, [
          el('span', { class: 'turn-text', text: t('web-to-move') }),
          el('span', { class: 'clock', id: `mq-clock-${color}`, hidden: true }, [
            el('span', { class: 'visually-hidden', text: `${t('web-time-left')} ` }),
            el('span', { class: 'clock-time' }),
          ]),
        ]),
      ]);
      this.cards[color] = card;
      this.list.append(card);
    }
    this.status = document.getElementById('mq-status');
    this.ratings = document.getElementById('mq-ratings');
    this.options = document.getElementById('mq-options');
    this.clock = null;
  }

  /**
   * Shows `state`; `flipped` puts Black's card first (the player at the top of the board);
   * `material` gives each colour's queen height, babies and captures at the ply shown.
   */
  render(state, flipped, arrived, material) {
    const active = state.status === 'active';
    const playable = state.playable || [];
    for (const color of COLORS) {
      const card = this.cards[color];
      const player = state[color] || {};
      setText(card.querySelector('.player-name'), playerName(player) || t(`web-${color}`));
      const m = material && material[color];
      const parts = m ? [
        m.queen ? t('web-material-queen', { height: m.height }) : t('web-material-no-queen'),
        t('web-material-babies', { babies: m.babies }),
        t('web-material-captures', { captures: m.captures }),
      ] : [];
      const node = card.querySelector('.player-material');
      // Each part kept on one line; the parts wrap between them.
      if (node.textContent !== parts.join(' · ')) {
        node.replaceChildren(...parts.flatMap((part, i) => [i > 0 ? ' · ' : '', el('span', { text: part })]));
      }
      let meta = '';
      if (player.computer) {
        // The server may already name the computer by its level ("Computer (medium)").
        const level = t(`web-level-${player.computer}`);
        if (!String(playerName(player)).toLowerCase().includes(level.toLowerCase())) meta = t('web-computer', { level });
      }
      else if (player.rating !== null && player.rating !== undefined) meta = t('web-rating', { rating: Math.round(player.rating) });
      setText(card.querySelector('.player-meta'), meta);
      card.querySelector('.you').hidden = !(playable.length === 1 && playable[0] === color);
      const toMove = active && state.turn === color;
      card.classList.toggle('to-move', toMove);
      card.querySelector('.turn').hidden = !toMove;
      card.classList.toggle('winner', state.status === 'finished' && state.result && state.result.winner === color);
      card.querySelector('.clock').hidden = !(toMove && state.clock);
    }
    this.list.classList.toggle('flipped', flipped);
    this.clock = active && state.clock && state.turn
      ? { clock: state.clock, now: state.now_ms, arrived, node: this.cards[state.turn].querySelector('.clock-time') }
      : null;
    this.tick();

    let status = '';
    if (active && state.turn) {
      const mine = playable.includes(state.turn) && playable.length === 1;
      status = mine ? t('web-your-turn') : t('web-status-to-move', { player: playerName(state[state.turn]) });
    } else if (state.status === 'finished' && state.result) {
      status = `${t('web-won', { player: playerName(state[state.result.winner]) })} · ${t(`web-reason-${state.result.reason}`)}`;
    } else if (state.status === 'aborted') {
      status = t('web-aborted');
    }
    setText(this.status, status);
    const deltas = state.rating_deltas;
    this.ratings.hidden = !deltas;
    if (deltas) {
      setText(this.ratings, t('web-rating-changes', {
        white: playerName(state.white), 'white-delta': signed(deltas[0]),
        black: playerName(state.black), 'black-delta': signed(deltas[1]),
      }));
    }
    const options = [
      t(state.rated ? 'web-rated' : 'web-casual'),
      t('web-options', { size: state.size, height: state.height }),
      t(state.pie ? 'web-pie-on' : 'web-pie-off'),
      state.clock ? t('web-per-move', { time: formatMoveTime(state.clock.move_time_ms) }) : active ? t('web-no-clock') : '',
    ].filter(Boolean);
    setText(this.options, options.join(' · '));
  }

  /** Counts the clock of the player to move down; called every quarter second. */
  tick() {
    if (!this.clock) return;
    const { clock, now, arrived, node } = this.clock;
    const left = remaining(clock, now, arrived);
    setText(node, formatRemaining(left));
    node.parentElement.classList.toggle('low', left < 60000);
  }
}
