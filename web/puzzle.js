// A puzzle's page: its board, solved by taps or drags as the game page plays. Each move goes to
// the server, which replays the line against the solution and answers right (with the
// defender's reply), solved or wrong (with the solution); the page never holds the solution
// before that, or before "Show solution". The line so far can be stepped through. While the
// puzzle counts on Discord (today's daily puzzle, someone's rated one) it is only shown.

import { loadStrings, t } from './i18n.js';
import { readJson, setText } from './dom.js';
import { afterMove, parseMove, parsePosition } from './position.js';
import { piecesText } from './label.js';
import { Board } from './board.js';
import { boardExtras } from './legend.js';
import { MoveList } from './moves.js';
import { postJson } from './api.js';

const $ = (id) => document.getElementById(id);

loadStrings();
const puzzle = readJson('mq-state', null);
let line = []; // the plies played and shown: { move, position }
let solverMoves = []; // the solver's moves the server took as right
let dests = null; // the solver's legal moves now, while solving
let outcome = 'solving'; // solving | solved | failed | counts (played on Discord now)
let feedback = '';
let shown = 0;
let flipped = false;
let busy = false;
let pending = null; // a move sent and not answered yet: { from, to }

const board = new Board($('mq-board'), (from, to) => {
  const dest = ((dests || {})[from] || []).find((d) => d.to === to);
  if (dest) check(`${from}${dest.capture ? 'x' : '-'}${to}`, { from, to });
}, (text) => setText($('mq-announce'), text));
const moveList = new MoveList((ply) => show(ply));

function words() {
  for (const [id, key] of [['mq-first', 'web-puzzle-first'], ['mq-prev', 'web-previous'], ['mq-next', 'web-next'],
    ['mq-last', 'web-last'], ['mq-flip', 'web-flip']]) {
    $(id).setAttribute('aria-label', t(key));
    $(id).title = t(key);
  }
  $('mq-nav').setAttribute('aria-label', t('web-puzzle-navigation'));
  $('mq-board-area').setAttribute('aria-label', t('web-board'));
  const themes = puzzle.themes.map((name) => t(`web-theme-${name}`)).join(', ');
  setText($('mq-meta'), [t('web-puzzle-rating', { rating: puzzle.rating }), themes].filter(Boolean).join(' · '));
  setText($('mq-moves-title'), t('web-moves'));
  setText($('mq-no-moves'), t('web-no-moves'));
  setText($('mq-show-solution'), t('web-puzzle-show-solution'));
  setText($('mq-again'), t('web-puzzle-again'));
  setText($('mq-unrated'), t('web-puzzle-unrated'));
  setText($('mq-puzzle-home'), t('web-puzzle-home'));
  setText($('mq-puzzle-next'), t('web-puzzle-next'));
  // The next puzzle, where the server found one (a path on this site only).
  const next = /^\/(?!\/)/.test(String(puzzle.next || '')) ? puzzle.next : null;
  if (next) $('mq-puzzle-next').href = next;
  $('mq-puzzle-next').hidden = !next;
}

/** The position shown: the puzzle's, or after a ply of the line. */
function positionAt(ply) {
  return parsePosition(ply === 0 ? puzzle.position : line[ply - 1].position);
}

function render() {
  const total = line.length;
  shown = Math.max(0, Math.min(total, shown));
  const atLast = shown === total;
  let pieces = positionAt(shown).pieces;
  let last = shown > 0 ? parseMove(line[shown - 1].move) : null;
  if (pending && atLast) {
    last = { from: pending.from, to: pending.to, capture: pieces.has(pending.to) };
    pieces = afterMove(pieces, pending.from, pending.to);
  }
  const list = piecesText(pieces);
  board.busy = busy;
  board.render({
    key: `${shown}/${total}/${pending ? 'pending' : ''}`,
    size: positionAt(0).size, pieces, last, flipped,
    dests: outcome === 'solving' && atLast && !pending ? dests : null,
    label: shown === 0 ? t('web-puzzle-board', { pieces: list }) : t('web-board-after', { ply: shown, pieces: list }),
  });
  for (const [id, off] of [['mq-first', shown === 0], ['mq-prev', shown === 0], ['mq-next', atLast], ['mq-last', atLast]]) {
    $(id).setAttribute('aria-disabled', String(off));
  }
  setText($('mq-ply-label'), t('web-ply-of', { ply: shown, total }));
  moveList.render(line.map((step) => step.move), shown);
  let hint = feedback;
  if (outcome === 'solving' && !atLast) hint = t('web-go-to-last');
  else if (!hint) hint = t('web-puzzle-your-move');
  setText($('mq-feedback'), hint);
  $('mq-play').dataset.state = outcome;
  $('mq-show-solution').hidden = outcome !== 'solving';
  $('mq-show-solution').disabled = busy;
  $('mq-again').hidden = outcome === 'solving' || outcome === 'counts';
}

function show(ply) {
  shown = ply;
  render();
}

function step(where) {
  const to = { first: 0, prev: shown - 1, next: shown + 1, last: line.length }[where];
  if (to !== undefined) show(Math.max(0, Math.min(line.length, to)));
}

/** Appends the solution (from where the line stands) and shows its first move. */
function reveal(solution, message) {
  const from = line.length;
  line = line.concat(solution);
  outcome = 'failed';
  feedback = message;
  shown = Math.min(line.length, from + 1);
}

/** Sends the solver's move `move` (made on `squares`) to be checked, and takes the answer. */
async function check(move, squares) {
  if (busy || outcome !== 'solving') return;
  busy = true;
  pending = squares;
  clearError();
  render();
  const answer = await postJson(puzzle.check, { moves: [...solverMoves, move] });
  busy = false;
  pending = null;
  if (!answer.ok) {
    showError(answer.error);
  } else if (answer.data.result === 'right') {
    solverMoves.push(move);
    line = line.concat(answer.data.line);
    dests = answer.data.dests;
    feedback = t('web-puzzle-right', { move: answer.data.line[1].move });
    shown = line.length;
  } else if (answer.data.result === 'solved') {
    line = line.concat(answer.data.line);
    outcome = 'solved';
    feedback = t('web-puzzle-solved');
    shown = line.length;
  } else {
    reveal(answer.data.solution, t('web-puzzle-wrong', { move }));
  }
  render();
}

/** Asks for the solution from where the line stands. */
async function showSolution() {
  if (busy || outcome !== 'solving') return;
  busy = true;
  clearError();
  render();
  const answer = await postJson(puzzle.solution, { moves: solverMoves });
  busy = false;
  if (answer.ok) reveal(answer.data.solution, t('web-puzzle-shown'));
  else showError(answer.error);
  render();
}

/** Starts the puzzle again from its position. */
function again() {
  line = [];
  solverMoves = [];
  dests = puzzle.dests;
  outcome = 'solving';
  feedback = '';
  shown = 0;
  clearError();
  render();
  $('mq-show-solution').focus();
}

function showError(message) {
  setText($('mq-alert'), message);
  $('mq-alert').classList.add('shown');
}

function clearError() {
  setText($('mq-alert'), '');
  $('mq-alert').classList.remove('shown');
}

function start() {
  words();
  boardExtras(board);
  dests = puzzle.dests;
  flipped = puzzle.solver === 'black';
  if (puzzle.counts) {
    // While it counts on Discord, the server judges nothing here: the puzzle is only shown.
    outcome = 'counts';
    feedback = t('web-puzzle-counts');
  }
  render();
  $('mq-show-solution').addEventListener('click', showSolution);
  $('mq-again').addEventListener('click', again);
  $('mq-nav').addEventListener('click', (e) => {
    const button = e.target instanceof Element ? e.target.closest('button[data-step]') : null;
    if (!button) return;
    if (button.dataset.step === 'flip') {
      flipped = !flipped;
      render();
    } else if (button.getAttribute('aria-disabled') !== 'true') {
      step(button.dataset.step);
    }
  });
  document.addEventListener('keydown', (e) => {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    if (e.key === 'Escape') {
      board.deselect();
      return;
    }
    const where = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last' }[e.key];
    if (!where) return;
    e.preventDefault();
    step(where);
  });
}

if (puzzle && typeof puzzle.position === 'string') start();
