// The board as SVG: frame with coordinates, squares, highlights, checkers and, when the viewer
// may move, selection, destination markers, taps, drags and the keyboard (every square a
// labelled button, one of them in the tab order: the arrows move it, Enter or Space taps it).
// Colours: src/render/theme.rs, and two more themes (colour-blind safe, high contrast); the
// markers differ by shape as well as colour.

import { svg } from './dom.js';
import { t } from './i18n.js';
import { squareName } from './position.js';

const SQ = 100; // one square in viewBox units
const LEFT = 56; // frame with the ranks
const BOTTOM = 56; // frame with the files
const TOP = 18;
const RIGHT = 18;
const QUEEN_LAYERS = 4;
const QUEEN_STEP = 8.5;

/** The board's colours, by theme: `standard` is the bot's pictures'. */
export const THEMES = {
  standard: {
    frame: '#4a5a45', coordinate: '#e4ead8', edge: '#2e3a2b', light: '#c2d0ae', dark: '#809971',
    last: ['#f5d83a', 0.55], capture: ['#e84a32', 0.6], captureBorder: '#c02312',
    selected: ['#3f9be8', 0.6], mark: ['#1d2b18', 0.45], crown: '#e0a82e', shadow: ['#10180c', 0.35],
    cursor: '#f0c43c',
    checkers: {
      white: { face: '#eee4cc', shine: '#fdfaf0', rim: '#8c7a56', groove: '#cfc09c', number: '#4a2e16' },
      black: { face: '#7b4a26', shine: '#a06a3e', rim: '#3a1f0c', groove: '#5e3619', number: '#fbf3df' },
    },
  },
  // Okabe and Ito's blue and orange, which no colour blindness confuses, on grey squares.
  colorblind: {
    frame: '#4d4d4d', coordinate: '#f2f2f2', edge: '#262626', light: '#d9d9d9', dark: '#9e9e9e',
    last: ['#56b4e9', 0.6], capture: ['#e69f00', 0.7], captureBorder: '#d55e00',
    selected: ['#0072b2', 0.55], mark: ['#000000', 0.6], crown: '#e69f00', shadow: ['#000000', 0.3],
    cursor: '#0072b2',
    checkers: {
      white: { face: '#f7f7f7', shine: '#ffffff', rim: '#5c5c5c', groove: '#c8c8c8', number: '#1a1a1a' },
      black: { face: '#3a2a1e', shine: '#5a4432', rim: '#0d0906', groove: '#241a12', number: '#ffffff' },
    },
  },
  high: {
    frame: '#000000', coordinate: '#ffffff', edge: '#ffffff', light: '#ffffff', dark: '#8c8c8c',
    last: ['#ffd500', 0.75], capture: ['#ff3b1f', 0.75], captureBorder: '#000000',
    selected: ['#00a2ff', 0.75], mark: ['#000000', 0.9], crown: '#ffd500', shadow: ['#000000', 0],
    cursor: '#ff00ff',
    checkers: {
      white: { face: '#ffffff', shine: '#ffffff', rim: '#000000', groove: '#000000', number: '#000000' },
      black: { face: '#000000', shine: '#000000', rim: '#ffffff', groove: '#ffffff', number: '#ffffff' },
    },
  },
};

function mix(a, b, t) {
  const ca = a.match(/\w\w/g).map((h) => parseInt(h, 16));
  const cb = b.match(/\w\w/g).map((h) => parseInt(h, 16));
  return '#' + ca.map((v, i) => Math.round(v * (1 - t) + cb[i] * t).toString(16).padStart(2, '0')).join('');
}

function gradient(id, shine, face) {
  // Light from the top left, as the PNG boards paint it.
  return svg('linearGradient', { id, x1: 0.25, y1: 0.25, x2: 0.75, y2: 0.75 }, [
    svg('stop', { offset: 0, 'stop-color': shine }),
    svg('stop', { offset: 1, 'stop-color': face }),
  ]);
}

/** One checker seen from above, centred on (0, cy). */
function checker(cy, r, colors, fillId, crown, theme) {
  const parts = [
    svg('circle', { cy, r, fill: colors.rim }),
    svg('circle', { cy, r: r - Math.max(0.07 * r, 1.2), fill: `url(#${fillId})` }),
    svg('circle', { cy, r: 0.62 * r, fill: 'none', stroke: colors.groove, 'stroke-width': 0.06 * r }),
  ];
  if (crown) {
    parts.push(svg('circle', { cy, r: 0.8 * r, fill: 'none', stroke: theme.crown, 'stroke-width': 0.12 * r }));
  }
  return parts;
}

function shadow(cy, r, theme) {
  return svg('circle', {
    cx: 0.06 * r, cy: cy + 0.12 * r, r: r * 1.03, fill: theme.shadow[0], 'fill-opacity': theme.shadow[1],
  });
}

/** The gradients and checkers of `theme`, their ids prefixed by `prefix`. */
function definitions(theme, prefix) {
  const defs = svg('defs');
  for (const [color, c] of Object.entries(theme.checkers)) {
    const shade = { ...c, face: mix(c.face, c.rim, 0.45), shine: mix(c.face, c.rim, 0.3) };
    defs.append(gradient(`${prefix}-shine-${color}`, c.shine, c.face), gradient(`${prefix}-shade-${color}`, shade.shine, shade.face));
    defs.append(svg('g', { id: `${prefix}-baby-${color}` },
      [shadow(0, 37, theme), ...checker(0, 37, c, `${prefix}-shine-${color}`, false, theme)]));
    const bottom = (QUEEN_STEP * (QUEEN_LAYERS - 1)) / 2;
    const layers = [shadow(bottom, 35.5, theme)];
    for (let i = 0; i < QUEEN_LAYERS; i += 1) {
      const top = i === QUEEN_LAYERS - 1;
      layers.push(...checker(bottom - QUEEN_STEP * i, 35.5, top ? c : shade,
        `${prefix}-${top ? 'shine' : 'shade'}-${color}`, top, theme));
    }
    defs.append(svg('g', { id: `${prefix}-queen-${color}` }, layers));
  }
  return defs;
}

/**
 * The shapes of a marker of `kind` (move, birth, capture, queen-capture), centred on (0, 0):
 * a dot, a ring with a dot, a ring, a ring within a ring; so shape, not only colour, tells them
 * apart.
 */
export function markerShapes(kind, theme) {
  const [mark, alpha] = theme.mark;
  const ring = (r, stroke, opacity, width) =>
    svg('circle', { r, fill: 'none', stroke, 'stroke-opacity': opacity, 'stroke-width': width });
  if (kind === 'queen-capture') return [ring(45.5, mark, alpha, 7), ring(37, theme.captureBorder, 0.9, 8)];
  if (kind === 'capture') return [ring(45.5, mark, alpha, 7)];
  // The queen leaves a baby behind: a hollow checker-like ring instead of a plain dot.
  if (kind === 'birth') return [ring(17, mark, alpha, 9), svg('circle', { r: 5, fill: mark, 'fill-opacity': alpha })];
  return [svg('circle', { r: 15, fill: mark, 'fill-opacity': alpha })];
}

/** A square of the board's colours with what the legend explains drawn on it, as a small picture. */
export function legendIcon(kind, theme) {
  const parts = [svg('rect', { x: -50, y: -50, width: 100, height: 100, fill: theme.dark })];
  const tint = ([color, alpha]) => svg('rect', { x: -50, y: -50, width: 100, height: 100, fill: color, 'fill-opacity': alpha });
  if (kind === 'last') parts.push(tint(theme.last));
  else if (kind === 'last-capture') {
    parts.push(tint(theme.capture), svg('rect', {
      x: -46.5, y: -46.5, width: 93, height: 93, fill: 'none', stroke: theme.captureBorder, 'stroke-width': 7,
    }));
  } else if (kind === 'selected') parts.push(tint(theme.selected));
  else if (kind === 'queen' || kind === 'baby') {
    parts.push(svg('use', { href: `#mq-${kind}-white` }));
    if (kind === 'queen') parts.push(queenNumber(3, theme.checkers.white.number));
  } else parts.push(...markerShapes(kind, theme));
  return svg('svg', { viewBox: '-50 -50 100 100', class: 'legend-icon', 'aria-hidden': 'true', focusable: 'false' }, parts);
}

/** The height written on a queen's top checker. */
function queenNumber(height, fill) {
  const digits = String(height);
  return svg('text', {
    y: -(QUEEN_STEP * (QUEEN_LAYERS - 1)) / 2, 'text-anchor': 'middle', 'dominant-baseline': 'central',
    'font-size': digits.length > 1 ? 38 : 44, 'font-weight': 700, fill, text: digits,
  });
}

/** A piece in words, for a square's label: "White queen of 3", "Black baby". */
function pieceWords(piece) {
  return piece.role === 'queen'
    ? t(`web-square-${piece.color}-queen`, { height: piece.height })
    : t(`web-square-${piece.color}-baby`);
}

/** The keys that move the keyboard's cursor, as steps on the screen (columns, rows). */
const STEPS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

export class Board {
  /**
   * `root` is the <svg> element; `onMove(from, to)` is called when the viewer plays a move by
   * tap, drag or key; `announce(text)`, when given, says what a key did (a piece picked).
   */
  constructor(root, onMove, announce = null) {
    this.root = root;
    this.onMove = onMove;
    this.announce = announce;
    this.size = 0;
    this.flipped = null;
    this.view = null;
    this.selected = null;
    this.cursor = null;
    this.focused = false;
    this.pointing = false;
    this.busy = false;
    this.press = null;
    this.drag = null;
    this.skipClick = false;
    this.theme = THEMES.standard;
    this.themeName = 'standard';
    root.setAttribute('role', 'group');
    this.defs = root.appendChild(definitions(this.theme, 'mq'));
    this.staticLayer = root.appendChild(svg('g'));
    this.highlights = root.appendChild(svg('g', { class: 'mq-highlights' }));
    this.pieces = root.appendChild(svg('g', { class: 'mq-pieces' }));
    this.marks = root.appendChild(svg('g', { class: 'mq-marks' }));
    this.dragLayer = root.appendChild(svg('g', { class: 'mq-drag' }));
    this.ring = root.appendChild(svg('rect', {
      class: 'mq-cursor', width: SQ - 8, height: SQ - 8, rx: 6, fill: 'none', 'stroke-width': 8, visibility: 'hidden',
    }));
    root.addEventListener('pointerdown', (e) => {
      this.pointing = true;
      this.pointerDown(e);
    });
    root.addEventListener('pointermove', (e) => this.pointerMove(e));
    root.addEventListener('pointerup', (e) => {
      this.pointing = false;
      this.pointerUp(e);
    });
    root.addEventListener('pointercancel', () => {
      this.pointing = false;
      this.endDrag();
    });
    root.addEventListener('click', (e) => this.click(e));
    root.addEventListener('keydown', (e) => this.key(e));
    root.addEventListener('focusin', (e) => {
      const name = e.target instanceof Element ? e.target.getAttribute('data-square') : null;
      // The cursor is the keyboard's: a tap leaves the focus where it was (so the arrows
      // still step through the game), and shows no outline.
      if (name && this.pointing) {
        e.target.blur();
        return;
      }
      this.focused = Boolean(name);
      if (name) this.cursor = name;
      this.placeRing();
    });
    root.addEventListener('focusout', () => {
      this.focused = false;
      this.placeRing();
    });
  }

  /** Draws with the colours of theme `name` (a key of THEMES) from now on. */
  setTheme(name) {
    if (!THEMES[name] || name === this.themeName) return;
    this.theme = THEMES[name];
    this.themeName = name;
    const defs = definitions(this.theme, 'mq');
    this.defs.replaceWith(defs);
    this.defs = defs;
    if (this.view) {
      this.drawStatic();
      this.draw();
    }
  }

  /** Centre of a square in viewBox units. */
  centre(name) {
    const file = name.charCodeAt(0) - 97;
    const rank = Number(name.slice(1)) - 1;
    const col = this.flipped ? this.size - 1 - file : file;
    const row = this.flipped ? rank : this.size - 1 - rank;
    return { x: LEFT + col * SQ + SQ / 2, y: TOP + row * SQ + SQ / 2 };
  }

  /** The square at column `col` and row `row` of the screen, or null off the board. */
  squareOnScreen(col, row) {
    if (col < 0 || row < 0 || col >= this.size || row >= this.size) return null;
    const file = this.flipped ? this.size - 1 - col : col;
    const rank = this.flipped ? row : this.size - 1 - row;
    return squareName(file, rank);
  }

  /** The frame, coordinates and squares, for one size and orientation. */
  drawStatic() {
    const n = this.size;
    const side = n * SQ;
    const layer = this.staticLayer;
    const colors = this.theme;
    const hadFocus = this.focused;
    layer.replaceChildren();
    this.root.setAttribute('viewBox', `0 0 ${LEFT + side + RIGHT} ${TOP + side + BOTTOM}`);
    layer.append(svg('rect', { width: LEFT + side + RIGHT, height: TOP + side + BOTTOM, rx: 10, fill: colors.frame }));
    layer.append(svg('rect', { x: LEFT - 4, y: TOP - 4, width: side + 8, height: side + 8, fill: colors.edge }));
    // Row by row from the top of the screen, so the tab order and a screen reader read the
    // board as it is seen.
    for (let row = 0; row < n; row += 1) {
      for (let col = 0; col < n; col += 1) {
        const name = this.squareOnScreen(col, row);
        const { x, y } = this.centre(name);
        const coords = name.charCodeAt(0) - 97 + Number(name.slice(1)) - 1;
        layer.append(svg('rect', {
          class: 'sq', 'data-square': name, x: x - SQ / 2, y: y - SQ / 2, width: SQ, height: SQ,
          fill: coords % 2 === 1 ? colors.light : colors.dark, role: 'button', tabindex: -1,
        }));
      }
    }
    const font = { fill: colors.coordinate, 'font-size': 40, 'font-weight': 700, 'text-anchor': 'middle', 'aria-hidden': 'true' };
    for (let i = 0; i < n; i += 1) {
      const file = this.centre(squareName(i, 0)).x;
      layer.append(svg('text', { ...font, x: file, y: TOP + side + BOTTOM / 2 + 13, text: String.fromCharCode(97 + i) }));
      const rank = this.centre(squareName(0, i)).y;
      layer.append(svg('text', { ...font, x: LEFT / 2, y: rank + 14, text: String(i + 1) }));
    }
    this.ring.setAttribute('stroke', colors.cursor);
    if (hadFocus && this.cursor) this.squareNode(this.cursor)?.focus();
  }

  /** The rect of square `name`. */
  squareNode(name) {
    return this.staticLayer.querySelector(`rect.sq[data-square="${name}"]`);
  }

  /**
   * Shows `view`: { key (names the position shown), size, pieces (Map), last: {from, to,
   * capture} | null, flipped, label, dests: object from the state, or null when the viewer
   * can't move here }.
   */
  render(view) {
    if (view.size !== this.size || view.flipped !== this.flipped) {
      this.size = view.size;
      this.flipped = view.flipped;
      if (this.cursor && !this.onBoard(this.cursor)) this.cursor = null;
      this.drawStatic();
    }
    // A selection lasts only as long as the position it was made in.
    if (this.view && view.key !== this.view.key) this.selected = null;
    this.view = view;
    this.root.setAttribute('aria-label', view.label);
    if (this.selected && !(view.dests && view.dests[this.selected])) this.selected = null;
    this.endDrag();
    this.draw();
  }

  onBoard(name) {
    const file = name.charCodeAt(0) - 97;
    const rank = Number(name.slice(1)) - 1;
    return file >= 0 && rank >= 0 && file < this.size && rank < this.size;
  }

  /** Highlights, pieces, markers and the squares' labels of the current view and selection. */
  draw() {
    const { pieces, last, dests } = this.view;
    const colors = this.theme;
    const interactive = Boolean(dests) && !this.busy;
    this.root.classList.toggle('is-playable', interactive);
    this.highlights.replaceChildren();
    this.pieces.replaceChildren();
    this.marks.replaceChildren();
    const tint = (name, [color, alpha], cls) => {
      const { x, y } = this.centre(name);
      this.highlights.append(svg('rect', {
        class: cls, x: x - SQ / 2, y: y - SQ / 2, width: SQ, height: SQ, fill: color, 'fill-opacity': alpha,
      }));
    };
    if (last) {
      tint(last.from, colors.last, 'mq-last');
      tint(last.to, last.capture ? colors.capture : colors.last, 'mq-last');
      if (last.capture) {
        const { x, y } = this.centre(last.to);
        this.highlights.append(svg('rect', {
          x: x - SQ / 2 + 3.5, y: y - SQ / 2 + 3.5, width: SQ - 7, height: SQ - 7, fill: 'none',
          stroke: colors.captureBorder, 'stroke-width': 7,
        }));
      }
    }
    if (this.selected) tint(this.selected, colors.selected, 'mq-selected');
    const targets = new Map();
    if (this.selected && interactive) {
      for (const dest of dests[this.selected]) {
        targets.set(dest.to, dest);
        this.marks.append(this.marker(dest));
      }
    }
    if (!this.cursor || !this.onBoard(this.cursor)) {
      this.cursor = (dests && Object.keys(dests)[0]) || this.squareOnScreen(0, this.size - 1);
    }
    for (const rect of this.staticLayer.querySelectorAll('rect.sq')) {
      const name = rect.dataset.square;
      const movable = interactive && Boolean(dests[name]);
      rect.classList.toggle('movable', movable);
      rect.setAttribute('tabindex', name === this.cursor ? 0 : -1);
      rect.setAttribute('aria-label', this.squareLabel(name, pieces.get(name), targets.get(name), last));
      rect.setAttribute('aria-pressed', String(name === this.selected));
    }
    for (const [name, piece] of pieces) {
      this.pieces.append(this.piece(name, piece));
    }
    this.placeRing();
  }

  /** What a square says to a screen reader: its name, its piece, and what a tap on it would do. */
  squareLabel(name, piece, target, last) {
    const parts = [name, piece ? pieceWords(piece) : t('web-square-empty')];
    if (last && (last.from === name || last.to === name)) parts.push(t('web-square-last'));
    if (target) parts.push(t(`web-square-to-${target.capture === 'queen' ? 'queen-capture' : target.capture ? 'capture' : target.birth ? 'birth' : 'move'}`));
    return parts.join(', ');
  }

  /** Puts the keyboard's outline on the cursor's square while the board has the focus. */
  placeRing() {
    if (!this.focused || !this.cursor || !this.size) {
      this.ring.setAttribute('visibility', 'hidden');
      return;
    }
    const { x, y } = this.centre(this.cursor);
    this.ring.setAttribute('x', x - SQ / 2 + 4);
    this.ring.setAttribute('y', y - SQ / 2 + 4);
    this.ring.setAttribute('visibility', 'visible');
  }

  piece(name, piece) {
    const { x, y } = this.centre(name);
    const g = svg('g', { transform: `translate(${x} ${y})`, 'data-piece': name, 'aria-hidden': 'true' });
    g.append(svg('use', { href: `#mq-${piece.role}-${piece.color}` }));
    if (piece.role === 'queen') g.append(queenNumber(piece.height, this.theme.checkers[piece.color].number));
    return g;
  }

  marker(dest) {
    const { x, y } = this.centre(dest.to);
    const kind = dest.capture === 'queen' ? 'queen-capture' : dest.capture ? 'capture' : dest.birth ? 'birth' : 'move';
    return svg('g', {
      class: 'mq-dest', 'data-dest': dest.to, 'data-kind': kind, transform: `translate(${x} ${y})`, 'aria-hidden': 'true',
    }, markerShapes(kind, this.theme));
  }

  /** The arrows move the cursor (as the board is seen), Enter and Space tap its square. */
  key(e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const name = e.target instanceof Element ? e.target.getAttribute('data-square') : null;
    if (!name) return;
    const step = STEPS[e.key];
    if (step) {
      e.preventDefault();
      const { x, y } = this.centre(name);
      const col = Math.round((x - LEFT - SQ / 2) / SQ) + step[0];
      const row = Math.round((y - TOP - SQ / 2) / SQ) + step[1];
      const next = this.squareOnScreen(col, row);
      if (!next) return;
      this.cursor = next;
      this.draw();
      this.squareNode(next)?.focus();
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      this.cursor = name;
      this.tapSquare(name);
    }
  }

  /** Whether the viewer may pick pieces now. */
  interactive() {
    return Boolean(this.view && this.view.dests) && !this.busy;
  }

  /** The square under a point of the screen, or null. */
  squareAt(clientX, clientY) {
    const matrix = this.root.getScreenCTM();
    if (!matrix || !this.size) return null;
    const p = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
    const col = Math.floor((p.x - LEFT) / SQ);
    const row = Math.floor((p.y - TOP) / SQ);
    if (col < 0 || row < 0 || col >= this.size || row >= this.size) return null;
    const file = this.flipped ? this.size - 1 - col : col;
    const rank = this.flipped ? row : this.size - 1 - row;
    return squareName(file, rank);
  }

  toViewBox(clientX, clientY) {
    return new DOMPoint(clientX, clientY).matrixTransform(this.root.getScreenCTM().inverse());
  }

  destination(from, to) {
    const list = (this.view.dests && this.view.dests[from]) || [];
    return list.find((d) => d.to === to) || null;
  }

  select(name) {
    this.selected = name;
    this.draw();
    if (this.announce) {
      this.announce(t('web-square-picked', { square: name, count: this.view.dests[name].length }));
    }
  }

  /** Drops the selection (Escape, a tap elsewhere). */
  deselect() {
    if (this.selected === null) return;
    this.selected = null;
    this.endDrag();
    this.draw();
  }

  play(from, to) {
    this.selected = null;
    this.onMove(from, to);
  }

  pointerDown(e) {
    if (!this.interactive() || (e.pointerType === 'mouse' && e.button !== 0)) return;
    const name = this.squareAt(e.clientX, e.clientY);
    this.press = { name, x: e.clientX, y: e.clientY, id: e.pointerId };
    if (name && this.view.dests[name]) e.preventDefault();
  }

  pointerMove(e) {
    const press = this.press;
    if (!press || press.id !== e.pointerId || !this.interactive()) return;
    if (!this.drag) {
      if (!press.name || !this.view.dests[press.name]) return;
      if (Math.hypot(e.clientX - press.x, e.clientY - press.y) < 6) return;
      this.select(press.name);
      const node = this.pieces.querySelector(`[data-piece="${press.name}"]`);
      if (!node) return;
      this.dragLayer.append(node);
      this.drag = { from: press.name, node };
      try {
        this.root.setPointerCapture(e.pointerId);
      } catch {
        // The pointer is already gone; the drag ends on its own.
      }
    }
    const p = this.toViewBox(e.clientX, e.clientY);
    this.drag.node.setAttribute('transform', `translate(${p.x} ${p.y})`);
  }

  pointerUp(e) {
    const drag = this.drag;
    this.press = null;
    if (!drag) return;
    this.skipClick = true;
    setTimeout(() => { this.skipClick = false; }, 0);
    const to = this.squareAt(e.clientX, e.clientY);
    this.endDrag();
    if (to && to !== drag.from && this.destination(drag.from, to)) this.play(drag.from, to);
    else this.draw();
  }

  endDrag() {
    this.press = null;
    if (this.drag) {
      this.drag = null;
      this.dragLayer.replaceChildren();
    }
  }

  click(e) {
    if (this.skipClick) return;
    const target = e.target instanceof Element ? e.target.closest('[data-square]') : null;
    const name = target ? target.dataset.square : this.squareAt(e.clientX, e.clientY);
    this.tapSquare(name);
  }

  /** A tap on square `name` (or beside the board, null): picks a piece, plays to a marker, or lets go. */
  tapSquare(name) {
    if (!this.interactive()) return;
    if (this.selected && name && this.destination(this.selected, name)) {
      this.play(this.selected, name);
    } else if (name && this.view.dests[name] && name !== this.selected) {
      this.select(name);
    } else {
      this.deselect();
    }
  }
}
