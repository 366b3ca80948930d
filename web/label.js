// What the board shows, in words, for its aria-label: where each queen is and how many babies
// each side has.

import { t } from './i18n.js';
import { census } from './position.js';

/** The pieces of a position in words: "White queen on g7, height 5; …". */
export function piecesText(pieces) {
  const sides = census(pieces);
  const parts = [];
  for (const color of ['white', 'black']) {
    const side = sides[color];
    parts.push(side.queen
      ? t(`web-${color}-queen`, { square: side.queen, height: side.height })
      : t(`web-${color}-queen-taken`));
  }
  parts.push(t('web-white-babies', { count: sides.white.babies }), t('web-black-babies', { count: sides.black.babies }));
  return parts.join('; ');
}
