// The move list in the game's notation with move numbers (1. g1-g7 f12-f8 2. …); every move is
// a button that shows the position after it.

import { el } from './dom.js';

export class MoveList {
  /** `onPick(ply)` is called with the ply after the clicked move. */
  constructor(onPick) {
    this.list = document.getElementById('mq-moves');
    this.none = document.getElementById('mq-no-moves');
    this.moves = [];
    this.current = null;
    this.list.addEventListener('click', (e) => {
      const button = e.target instanceof Element ? e.target.closest('button[data-ply]') : null;
      if (button) onPick(Number(button.dataset.ply));
    });
  }

  /** Shows `moves` (every move so far) with the move that led to `ply` marked. */
  render(moves, ply) {
    const same = this.moves.length <= moves.length && this.moves.every((m, i) => m === moves[i]);
    if (!same) {
      this.list.replaceChildren();
      this.moves = [];
    }
    for (let i = this.moves.length; i < moves.length; i += 1) {
      let row = this.list.lastElementChild;
      if (i % 2 === 0) {
        row = el('li', { class: 'move-pair' }, [el('span', { class: 'move-number', text: `${i / 2 + 1}.` })]);
        this.list.append(row);
      }
      row.append(el('button', { type: 'button', class: 'move', 'data-ply': i + 1, text: moves[i] }));
    }
    this.moves = moves.slice();
    this.none.hidden = moves.length > 0;
    if (this.current) this.current.removeAttribute('aria-current');
    this.current = ply > 0 ? this.list.querySelector(`button[data-ply="${ply}"]`) : null;
    if (this.current) {
      this.current.setAttribute('aria-current', 'step');
      this.reveal(this.current);
    } else {
      this.list.scrollTop = 0;
    }
  }

  /** Scrolls the list (never the page) so that `button` is in view. */
  reveal(button) {
    const list = this.list;
    if (list.scrollHeight <= list.clientHeight) return;
    const top = button.offsetTop; // the list is positioned: offsets are inside it
    const bottom = top + button.offsetHeight;
    if (top < list.scrollTop) list.scrollTop = top - 4;
    else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight + 4;
  }
}
