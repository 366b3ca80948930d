// Reading positions and moves in the game's text forms (RULES.md R1.2, R9.1).

const FILES = 'abcdefghijklmnopqrstuvwxyz';

/** The name of the square at `file`, `rank` (both from 0): `g1` is (6, 0). */
export function squareName(file, rank) {
  return FILES[file] + String(rank + 1);
}

/** The file and rank (from 0) of a square name, or null. */
export function squareCoords(name) {
  const m = /^([a-z])(\d{1,2})$/.exec(name || '');
  return m ? { file: FILES.indexOf(m[1]), rank: Number(m[2]) - 1 } : null;
}

/**
 * A position's text form: ranks from the top separated by `/` (`Q`/`B` White queen/baby,
 * `q`/`b` Black's, digits for empty runs), then side to move, both queens' heights, ply,
 * starting height and `pie` or `-`.
 * Returns { size, pieces: Map square → {color, role, height}, turn, ply }.
 */
export function parsePosition(text) {
  const [board = '', turn = 'w', whiteHeight = '0', blackHeight = '0', ply = '0'] =
    String(text || '').trim().split(/\s+/);
  const rows = board.split('/');
  const size = rows.length;
  const heights = { white: Number(whiteHeight), black: Number(blackHeight) };
  const pieces = new Map();
  rows.forEach((row, i) => {
    const rank = size - 1 - i;
    let file = 0;
    for (const token of row.match(/\d+|[a-zA-Z]/g) || []) {
      if (/\d/.test(token)) {
        file += Number(token);
        continue;
      }
      const color = token === token.toUpperCase() ? 'white' : 'black';
      const role = token.toLowerCase() === 'q' ? 'queen' : 'baby';
      pieces.set(squareName(file, rank), {
        color, role, height: role === 'queen' ? heights[color] : 1,
      });
      file += 1;
    }
  });
  return { size, pieces, turn: turn === 'b' ? 'black' : 'white', ply: Number(ply) };
}

/** The squares of a move in notation: { from, to, capture } or null (`swap`, nonsense). */
export function parseMove(move) {
  const m = /^([a-z]\d{1,2})([-x])([a-z]\d{1,2})$/.exec(move || '');
  return m ? { from: m[1], to: m[3], capture: m[2] === 'x' } : null;
}

/** The pieces after moving the piece on `from` to `to` (R4, R5), to show a move at once. */
export function afterMove(pieces, from, to) {
  const next = new Map(pieces);
  const piece = next.get(from);
  if (!piece) return next;
  const capture = next.has(to);
  next.delete(from);
  next.delete(to);
  if (piece.role === 'queen' && !capture) {
    next.set(from, { color: piece.color, role: 'baby', height: 1 });
    next.set(to, { ...piece, height: piece.height - 1 });
  } else {
    next.set(to, piece);
  }
  return next;
}

/** Where each side's queen is and how many babies it has. */
export function census(pieces) {
  const sides = {
    white: { queen: null, height: 0, babies: 0 },
    black: { queen: null, height: 0, babies: 0 },
  };
  for (const [square, piece] of pieces) {
    const side = sides[piece.color];
    if (piece.role === 'queen') {
      side.queen = square;
      side.height = piece.height;
    } else {
      side.babies += 1;
    }
  }
  return sides;
}

/** Reads a typed move generously (R9.2): any case, `-`, `x`, space or nothing between. */
export function normalizeMove(text) {
  const s = String(text || '').trim().toLowerCase();
  if (s === 'swap') return { key: 'swap' };
  const m = /^([a-z])\s*(\d{1,2})\s*[-x\s]?\s*([a-z])\s*(\d{1,2})$/.exec(s);
  return m ? { key: `${m[1]}${m[2]}${m[3]}${m[4]}`, from: m[1] + m[2], to: m[3] + m[4] } : null;
}
