// The analysis chart: White's winning chance after every ply, ivory above the middle and
// tobacco below (as the bot's analysis picture), turning points as dashed gold lines, the
// biggest mistakes as numbered red dots, and the shown ply as a marker. The chart is a
// slider: a click or the arrow keys pick a ply.

import { svg } from './dom.js';
import { t } from './i18n.js';

const W = 600;
const H = 236;
const X0 = 64;
const X1 = 588;
const Y0 = 10;
const Y1 = 196;
const MID = (Y0 + Y1) / 2;
const C = {
  area: '#4a5a45', grid: '#5a6b55', line: '#2e3a2b', ivory: '#eee4cc', tobacco: '#7b4a26',
  turning: '#f0c43c', mistake: '#c02312', marker: '#3f9be8', label: '#b5bac1',
};

function tickStep(n) {
  for (const step of [1, 2, 5, 10, 20, 25, 50, 100, 200, 500]) if (n / step <= 8) return step;
  return 1000;
}

export class Chart {
  /** `root` is the focusable slider element; `onPick(ply)` is called with the ply chosen. */
  constructor(root, onPick) {
    this.root = root;
    this.onPick = onPick;
    this.chances = [];
    this.ply = 0;
    this.key = '';
    this.svg = root.appendChild(svg('svg', {
      viewBox: `0 0 ${W} ${H}`, class: 'mq-chart-svg', 'aria-hidden': 'true', focusable: 'false',
    }));
    root.setAttribute('role', 'slider');
    root.tabIndex = 0;
    root.setAttribute('aria-valuemin', '0');
    root.addEventListener('pointerdown', (e) => {
      this.scrubbing = e.pointerId;
      try { root.setPointerCapture(e.pointerId); } catch { /* gone already */ }
      this.pick(e);
    });
    root.addEventListener('pointermove', (e) => { if (this.scrubbing === e.pointerId) this.pick(e); });
    const stop = () => { this.scrubbing = null; };
    root.addEventListener('pointerup', stop);
    root.addEventListener('pointercancel', stop);
    root.addEventListener('keydown', (e) => this.key_(e));
  }

  x(ply) {
    const n = Math.max(1, this.chances.length - 1);
    return X0 + ((X1 - X0) * ply) / n;
  }

  y(chance) {
    return Y0 + (1 - chance) * (Y1 - Y0);
  }

  pick(e) {
    const matrix = this.svg.getScreenCTM();
    if (!matrix || this.chances.length === 0) return;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(matrix.inverse());
    const n = this.chances.length - 1;
    const ply = Math.round(((p.x - X0) / (X1 - X0)) * n);
    this.onPick(Math.max(0, Math.min(n, ply)));
  }

  key_(e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const n = this.chances.length - 1;
    const moves = {
      ArrowLeft: this.ply - 1, ArrowDown: this.ply - 1, ArrowRight: this.ply + 1, ArrowUp: this.ply + 1,
      PageDown: this.ply - 10, PageUp: this.ply + 10, Home: 0, End: n,
    };
    if (!(e.key in moves)) return;
    e.preventDefault();
    this.onPick(Math.max(0, Math.min(n, moves[e.key])));
  }

  /** Draws `analysis` ({chances, turning, mistakes}) with `ply` marked. */
  render(analysis, ply) {
    const key = JSON.stringify(analysis);
    if (key !== this.key) {
      this.key = key;
      this.chances = analysis.chances.map((c) => Math.max(0, Math.min(1, Number(c) || 0)));
      this.draw(analysis);
    }
    this.mark(ply);
  }

  draw(analysis) {
    const n = this.chances.length - 1;
    const s = this.svg;
    s.replaceChildren();
    const defs = s.appendChild(svg('defs'));
    defs.append(
      svg('clipPath', { id: 'mq-chart-top' }, [svg('rect', { x: X0, y: Y0, width: X1 - X0, height: MID - Y0 })]),
      svg('clipPath', { id: 'mq-chart-bottom' }, [svg('rect', { x: X0, y: MID, width: X1 - X0, height: Y1 - MID })]),
    );
    s.append(svg('rect', { x: X0, y: Y0, width: X1 - X0, height: Y1 - Y0, fill: C.area }));
    const label = { fill: C.label, 'font-size': 21 };
    for (const [chance, text] of [[1, '100%'], [0.75, '75%'], [0.5, '50%'], [0.25, '25%'], [0, '0%']]) {
      const y = this.y(chance);
      s.append(svg('line', { x1: X0, x2: X1, y1: y, y2: y, stroke: C.grid, 'stroke-width': chance === 0.5 ? 2 : 1 }));
      s.append(svg('text', { ...label, x: X0 - 6, y: y + 7, 'text-anchor': 'end', text }));
    }
    const step = tickStep(n);
    for (let p = 0; p <= n; p += step) {
      s.append(svg('text', { ...label, x: this.x(p), y: H - 8, 'text-anchor': 'middle', text: String(p) }));
    }
    if (n > 0) {
      const points = this.chances.map((c, p) => `${this.x(p).toFixed(1)},${this.y(c).toFixed(1)}`);
      const area = `M${this.x(0)},${MID} L${points.join(' L')} L${this.x(n)},${MID} Z`;
      s.append(
        svg('path', { d: area, fill: C.ivory, 'clip-path': 'url(#mq-chart-top)' }),
        svg('path', { d: area, fill: C.tobacco, 'clip-path': 'url(#mq-chart-bottom)' }),
        svg('path', { d: `M${points.join(' L')}`, fill: 'none', stroke: C.line, 'stroke-width': 2.5, 'stroke-linejoin': 'round' }),
      );
    }
    for (const p of analysis.turning || []) {
      if (p < 0 || p > n) continue;
      s.append(svg('line', {
        class: 'mq-turning', x1: this.x(p), x2: this.x(p), y1: Y0, y2: Y1, stroke: C.turning,
        'stroke-width': 2, 'stroke-dasharray': '7 5',
      }));
    }
    this.marker = s.appendChild(svg('g', { class: 'mq-chart-marker' }, [
      svg('line', { y1: Y0, y2: Y1, stroke: C.marker, 'stroke-width': 3 }),
      svg('circle', { r: 6, fill: C.marker, stroke: '#f2f3f5', 'stroke-width': 2 }),
    ]));
    (analysis.mistakes || []).forEach((p, i) => {
      if (p < 0 || p > n) return;
      s.append(svg('g', { class: 'mq-mistake', 'data-ply': p, transform: `translate(${this.x(p)} ${this.y(this.chances[p])})` }, [
        svg('circle', { r: 12, fill: C.mistake, stroke: '#f2f3f5', 'stroke-width': 2 }),
        svg('text', {
          y: 5.5, 'text-anchor': 'middle', 'font-size': 15, 'font-weight': 700, fill: '#ffffff', text: String(i + 1),
        }),
      ]));
    });
    this.root.setAttribute('aria-valuemax', String(Math.max(0, n)));
  }

  /** Moves the marker to `ply` and says where it is. */
  mark(ply) {
    const n = this.chances.length - 1;
    this.ply = Math.max(0, Math.min(n, ply));
    if (n < 0) return;
    const x = this.x(this.ply);
    const y = this.y(this.chances[this.ply]);
    const [line, dot] = this.marker.children;
    line.setAttribute('x1', x);
    line.setAttribute('x2', x);
    dot.setAttribute('cx', x);
    dot.setAttribute('cy', y);
    this.root.setAttribute('aria-valuenow', String(this.ply));
    this.root.setAttribute('aria-valuetext',
      t('web-chance-at', { ply: this.ply, percent: Math.round(this.chances[this.ply] * 100) }));
  }
}
