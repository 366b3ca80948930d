// The board as SVG: frame with coordinates, squares, highlights, checkers and, when the viewer
// may move, selection, destination markers, taps and drags. Colours: src/render/theme.rs.

import { svg } from './dom.js';
import { squareName } from './position.js';

const SQ = 100; // one square in viewBox units
const LEFT = 56; // frame with the ranks
const BOTTOM = 56; // frame with the files
const TOP = 18;
const RIGHT = 18;
const QUEEN_LAYERS = 4;
const QUEEN_STEP = 8.5;

const COLORS = {
  frame: '#4a5a45', coordinate: '#e4ead8', edge: '#2e3a2b', light: '#c2d0ae', dark: '#809971',
  last: ['#f5d83a', 0.55], capture: ['#e84a32', 0.6], captureBorder: '#c02312',
  selected: ['#3f9be8', 0.6], mark: ['#1d2b18', 0.45], crown: '#e0a82e', shadow: ['#10180c', 0.35],
};
const CHECKERS = {
  white: { face: '#eee4cc', shine: '#fdfaf0', rim: '#8c7a56', groove: '#cfc09c', number: '#4a2e16' },
  black: { face: '#7b4a26', shine: '#a06a3e', rim: '#3a1f0c', groove: '#5e3619', number: '#fbf3df' },
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
function checker(cy, r, colors, fillId, crown) {
  const parts = [
    svg('circle', { cy, r, fill: colors.rim }),
    svg('circle', { cy, r: r - Math.max(0.07 * r, 1.2), fill: `url(#${fillId})` }),
    svg('circle', { cy, r: 0.62 * r, fill: 'none', stroke: colors.groove, 'stroke-width': 0.06 * r }),
  ];
  if (crown) {
    parts.push(svg('circle', { cy, r: 0.8 * r, fill: 'none', stroke: COLORS.crown, 'stroke-width': 0.12 * r }));
  }
  return parts;
}

function shadow(cy, r) {
  return svg('circle', {
    cx: 0.06 * r, cy: cy + 0.12 * r, r: r * 1.03, fill: COLORS.shadow[0], 'fill-opacity': COLORS.shadow[1],
  });
}

function definitions() {
  const defs = svg('defs');
  for (const [color, c] of Object.entries(CHECKERS)) {
    const shade = { ...c, face: mix(c.face, c.rim, 0.45), shine: mix(c.face, c.rim, 0.3) };
    defs.append(gradient(`mq-shine-${color}`, c.shine, c.face), gradient(`mq-shade-${color}`, shade.shine, shade.face));
    defs.append(svg('g', { id: `mq-baby-${color}` }, [shadow(0, 37), ...checker(0, 37, c, `mq-shine-${color}`, false)]));
    const bottom = (QUEEN_STEP * (QUEEN_LAYERS - 1)) / 2;
    const layers = [shadow(bottom, 35.5)];
    for (let i = 0; i < QUEEN_LAYERS; i += 1) {
      const top = i === QUEEN_LAYERS - 1;
      layers.push(...checker(bottom - QUEEN_STEP * i, 35.5, top ? c : shade,
        `mq-${top ? 'shine' : 'shade'}-${color}`, top));
    }
    defs.append(svg('g', { id: `mq-queen-${color}` }, layers));
  }
  return defs;
}

export class Board {
  /**
   * `root` is the <svg> element; `onMove(from, to)` is called when the viewer plays a move by
   * tap or drag.
   */
  constructor(root, onMove) {
    this.root = root;
    this.onMove = onMove;
    this.size = 0;
    this.flipped = null;
    this.view = null;
    this.selected = null;
    this.busy = false;
    this.press = null;
    this.drag = null;
    this.skipClick = false;
    root.setAttribute('role', 'img');
    root.append(definitions());
    this.staticLayer = root.appendChild(svg('g'));
    this.highlights = root.appendChild(svg('g', { class: 'mq-highlights' }));
    this.pieces = root.appendChild(svg('g', { class: 'mq-pieces' }));
    this.marks = root.appendChild(svg('g', { class: 'mq-marks' }));
    this.dragLayer = root.appendChild(svg('g', { class: 'mq-drag' }));
    root.addEventListener('pointerdown', (e) => this.pointerDown(e));
    root.addEventListener('pointermove', (e) => this.pointerMove(e));
    root.addEventListener('pointerup', (e) => this.pointerUp(e));
    root.addEventListener('pointercancel', () => this.endDrag());
    root.addEventListener('click', (e) => this.click(e));
  }

  /** Centre of a square in viewBox units. */
  centre(name) {
    const file = name.charCodeAt(0) - 97;
    const rank = Number(name.slice(1)) - 1;
    const col = this.flipped ? this.size - 1 - file : file;
    const row = this.flipped ? rank : this.size - 1 - rank;
    return { x: LEFT + col * SQ + SQ / 2, y: TOP + row * SQ + SQ / 2 };
  }

  /** The frame, coordinates and squares, for one size and orientation. */
  drawStatic() {
    const n = this.size;
    const side = n * SQ;
    const layer = this.staticLayer;
    layer.replaceChildren();
    this.root.setAttribute('viewBox', `0 0 ${LEFT + side + RIGHT} ${TOP + side + BOTTOM}`);
    layer.append(svg('rect', { width: LEFT + side + RIGHT, height: TOP + side + BOTTOM, rx: 10, fill: COLORS.frame }));
    layer.append(svg('rect', { x: LEFT - 4, y: TOP - 4, width: side + 8, height: side + 8, fill: COLORS.edge }));
    for (let file = 0; file < n; file += 1) {
      for (let rank = 0; rank < n; rank += 1) {
        const name = squareName(file, rank);
        const { x, y } = this.centre(name);
        layer.append(svg('rect', {
          class: 'sq', 'data-square': name, x: x - SQ / 2, y: y - SQ / 2, width: SQ, height: SQ,
          fill: (file + rank) % 2 === 1 ? COLORS.light : COLORS.dark,
        }));
      }
    }
    const font = { fill: COLORS.coordinate, 'font-size': 40, 'font-weight': 700, 'text-anchor': 'middle' };
    for (let i = 0; i < n; i += 1) {
      const file = this.centre(squareName(i, 0)).x;
      layer.append(svg('text', { ...font, x: file, y: TOP + side + BOTTOM / 2 + 13, text: String.fromCharCode(97 + i) }));
      const rank = this.centre(squareName(0, i)).y;
      layer.append(svg('text', { ...font, x: LEFT / 2, y: rank + 14, text: String(i + 1) }));
    }
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

  /** Highlights, pieces and markers of the current view and selection. */
  draw() {
    const { pieces, last, dests } = this.view;
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
      tint(last.from, COLORS.last, 'mq-last');
      tint(last.to, last.capture ? COLORS.capture : COLORS.last, 'mq-last');
      if (last.capture) {
        const { x, y } = this.centre(last.to);
        this.highlights.append(svg('rect', {
          x: x - SQ / 2 + 3.5, y: y - SQ / 2 + 3.5, width: SQ - 7, height: SQ - 7, fill: 'none',
          stroke: COLORS.captureBorder, 'stroke-width': 7,
        }));
      }
    }
    if (this.selected) tint(this.selected, COLORS.selected, 'mq-selected');
    for (const rect of this.staticLayer.querySelectorAll('rect.sq')) {
      const name = rect.dataset.square;
      rect.classList.toggle('movable', interactive && Boolean(dests[name]));
    }
    for (const [name, piece] of pieces) {
      this.pieces.append(this.piece(name, piece));
    }
    if (this.selected && interactive) {
      for (const dest of dests[this.selected]) this.marks.append(this.marker(dest));
    }
  }

  piece(name, piece) {
    const { x, y } = this.centre(name);
    const g = svg('g', { transform: `translate(${x} ${y})`, 'data-piece': name });
    g.append(svg('use', { href: `#mq-${piece.role}-${piece.color}` }));
    if (piece.role === 'queen') {
      const digits = String(piece.height);
      g.append(svg('text', {
        y: -(QUEEN_STEP * (QUEEN_LAYERS - 1)) / 2, 'text-anchor': 'middle', 'dominant-baseline': 'central',
        'font-size': digits.length > 1 ? 38 : 44, 'font-weight': 700, fill: CHECKERS[piece.color].number,
        text: digits,
      }));
    }
    return g;
  }

  marker(dest) {
    const { x, y } = this.centre(dest.to);
    const [mark, alpha] = COLORS.mark;
    const attrs = { class: 'mq-dest', 'data-dest': dest.to, transform: `translate(${x} ${y})` };
    if (dest.capture === 'queen') {
      return svg('g', { ...attrs, 'data-kind': 'queen-capture' }, [
        svg('circle', { r: 45.5, fill: 'none', stroke: mark, 'stroke-opacity': alpha, 'stroke-width': 7 }),
        svg('circle', { r: 37, fill: 'none', stroke: COLORS.captureBorder, 'stroke-opacity': 0.9, 'stroke-width': 8 }),
      ]);
    }
    if (dest.capture) {
      return svg('g', { ...attrs, 'data-kind': 'capture' }, [
        svg('circle', { r: 45.5, fill: 'none', stroke: mark, 'stroke-opacity': alpha, 'stroke-width': 7 }),
      ]);
    }
    if (dest.birth) {
      // The queen leaves a baby behind: a hollow checker-like ring instead of a plain dot.
      return svg('g', { ...attrs, 'data-kind': 'birth' }, [
        svg('circle', { r: 17, fill: 'none', stroke: mark, 'stroke-opacity': alpha, 'stroke-width': 9 }),
        svg('circle', { r: 5, fill: mark, 'fill-opacity': alpha }),
      ]);
    }
    return svg('g', { ...attrs, 'data-kind': 'move' }, [svg('circle', { r: 15, fill: mark, 'fill-opacity': alpha })]);
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
    if (this.skipClick || !this.interactive()) return;
    const target = e.target instanceof Element ? e.target.closest('[data-square]') : null;
    const name = target ? target.dataset.square : this.squareAt(e.clientX, e.clientY);
    if (this.selected && name && this.destination(this.selected, name)) {
      this.play(this.selected, name);
    } else if (name && this.view.dests[name] && name !== this.selected) {
      this.select(name);
    } else {
      this.deselect();
    }
  }
}
