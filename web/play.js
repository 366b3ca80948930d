// Playing from the page: the "Your move" form with the legal moves to pick from, the pie rule's
// Swap button, Resign with its in-page confirmation, and the alert that shows refusals.

import { el, setText } from './dom.js';
import { t } from './i18n.js';
import { normalizeMove } from './position.js';
import { playerName } from './players.js';

const $ = (id) => document.getElementById(id);

/** Every legal move of `state` in notation, keyed by its squares (`g1g7`) and `swap`. */
export function legalMoves(state) {
  const moves = new Map();
  for (const [from, dests] of Object.entries(state.dests || {})) {
    for (const d of dests) moves.set(from + d.to, `${from}${d.capture ? 'x' : '-'}${d.to}`);
  }
  if (state.swap) moves.set('swap', 'swap');
  return moves;
}

export class PlayControls {
  /** `send(move)` plays a move in notation; `resign()` resigns. Both return promises. */
  constructor({ send, resign }) {
    this.send = send;
    this.resign = resign;
    this.section = $('mq-play');
    this.hint = $('mq-play-hint');
    this.swap = $('mq-swap');
    this.form = $('mq-move-form');
    this.input = $('mq-move-input');
    this.options = $('mq-move-options');
    this.resignButton = $('mq-resign');
    this.confirm = $('mq-resign-confirm');
    this.alert = $('mq-alert');
    this.moves = new Map();
    this.optionsKey = '';
    setText($('mq-move-label'), t('web-move-label'));
    setText($('mq-play-button'), t('web-play'));
    setText(this.swap, t('web-swap'));
    setText(this.resignButton, t('web-resign'));
    setText($('mq-resign-question'), t('web-resign-really'));
    setText($('mq-resign-yes'), t('web-resign-confirm'));
    setText($('mq-resign-no'), t('web-cancel'));
    this.input.placeholder = 'g1-g7';
    this.form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.submit();
    });
    this.swap.addEventListener('click', () => this.send('swap'));
    this.resignButton.addEventListener('click', () => this.askResign(true));
    $('mq-resign-no').addEventListener('click', () => this.askResign(false));
    $('mq-resign-yes').addEventListener('click', async () => {
      this.askResign(false, false);
      await this.resign();
    });
  }

  /** Shows the controls for `state`; `canMove` says the viewer moves now, `atLast` whether the last ply is shown. */
  render(state, canMove, atLast) {
    const playable = state.playable || [];
    const active = state.status === 'active';
    this.section.hidden = !(active && playable.length > 0);
    if (this.section.hidden) {
      this.confirm.hidden = true;
      this.resignButton.hidden = false;
      return;
    }
    this.moves = canMove ? legalMoves(state) : new Map();
    const key = [...this.moves.values()].join(' ');
    if (key !== this.optionsKey) {
      this.optionsKey = key;
      this.options.replaceChildren(...[...this.moves.values()].map((m) => el('option', { value: m })));
    }
    let hint = '';
    if (canMove) hint = atLast ? '' : t('web-go-to-last');
    else if (state.turn) hint = t('web-status-to-move', { player: playerName(state[state.turn]) });
    setText(this.hint, hint);
    this.hint.hidden = !hint;
    this.swap.hidden = !(canMove && state.swap);
    this.form.hidden = !canMove;
  }

  submit() {
    const text = this.input.value.trim();
    if (!text) return;
    const read = normalizeMove(text);
    const move = read && this.moves.get(read.key);
    if (!move) {
      this.showError(t('web-move-unknown', { move: text }));
      return;
    }
    this.send(move);
  }

  /** Clears the text field after a move went through. */
  moved() {
    this.input.value = '';
  }

  /** Shows (`ask`) or hides the confirmation; focus follows when asked or when it was inside. */
  askResign(ask, focus = true) {
    if (this.confirm.hidden === !ask) return;
    const inside = this.confirm.contains(document.activeElement);
    this.confirm.hidden = !ask;
    this.resignButton.hidden = ask;
    if (focus || inside) (ask ? $('mq-resign-no') : this.resignButton).focus();
  }

  /** Shows a refusal or a failure in the alert area. */
  showError(message) {
    const dismiss = el('button', { type: 'button', class: 'button small', text: t('web-dismiss') });
    dismiss.addEventListener('click', () => this.clearError());
    this.alert.replaceChildren(el('p', { text: message }), dismiss);
    this.alert.classList.add('shown');
  }

  clearError() {
    if (!this.alert.firstChild) return;
    const inside = this.alert.contains(document.activeElement);
    this.alert.replaceChildren();
    this.alert.classList.remove('shown');
    if (inside && !this.form.hidden && !this.section.hidden) this.input.focus();
  }
}
