// Under the board: the legend of its marks (each drawn as the board draws it) and the choice of
// its colours, kept on this device and, for a person signed in (the Activity), as theirs.

import { el, setText } from './dom.js';
import { t } from './i18n.js';
import { THEMES, legendIcon } from './board.js';

const $ = (id) => document.getElementById(id);
/** Where the choice of colours is kept. */
const STORED = 'mq-board-colors';
/** What the legend explains, in the order it lists them. */
const KINDS = ['move', 'birth', 'capture', 'queen-capture', 'selected', 'last', 'last-capture', 'queen', 'baby'];

function stored() {
  try {
    return window.localStorage.getItem(STORED);
  } catch {
    return null; // storage refused (a sandboxed frame): the standard colours
  }
}

function store(name) {
  try {
    window.localStorage.setItem(STORED, name);
  } catch {
    // Not kept: the choice lasts as long as the page.
  }
}

/**
 * Fills the legend and the colour choice under `board`, and draws it in the colours chosen
 * before: `own.chosen`, the signed-in person's own (if any), else those kept on this device. A
 * new choice is kept on the device and given to `own.keep`.
 */
export function boardExtras(board, own) {
  const list = $('mq-legend-list');
  const select = $('mq-colors');
  if (!list || !select) return;
  setText($('mq-legend-summary'), t('web-legend-summary'));
  setText($('mq-colors-label'), t('web-colors'));
  const fill = () => list.replaceChildren(...KINDS.map((kind) => el('li', { 'data-kind': kind }, [
    legendIcon(kind, board.theme), el('span', { text: t(`web-legend-${kind}`) }),
  ])));
  select.replaceChildren(...Object.keys(THEMES).map((name) =>
    el('option', { value: name, text: t(`web-colors-${name}`) })));
  const chosen = (own && own.chosen) || stored();
  if (chosen && THEMES[chosen]) {
    select.value = chosen;
    board.setTheme(chosen);
  }
  document.documentElement.dataset.boardColors = board.themeName;
  fill();
  select.addEventListener('change', () => {
    board.setTheme(select.value);
    document.documentElement.dataset.boardColors = board.themeName;
    store(board.themeName);
    if (own) own.keep(board.themeName);
    fill();
  });
}
