// The game page: reads the words and the state, shows the board at any ply, follows the game
// live, and lets the viewer play: at this screen when the server says they may, in the
// Activity when the signed-in person plays the side to move (the server checks either way).

import { loadStrings, t } from './i18n.js';
import { el, readJson, setText } from './dom.js';
import { afterMove, parseMove, parsePosition } from './position.js';
import { piecesText } from './label.js';
import { Board } from './board.js';
import { Chart } from './chart.js';
import { MoveList } from './moves.js';
import { Players } from './players.js';
import { PlayControls } from './play.js';
import { follow, followSocket } from './live.js';
import { postJson } from './api.js';

const $ = (id) => document.getElementById(id);
/** How long a move may wait for the server's word before the board takes it back. */
const MOVE_PATIENCE_MS = 6000;

loadStrings();
let state = readJson('mq-state', null);
let arrived = Date.now();
let shown = state ? state.moves.length : 0;
let flipped = false;
let userFlipped = false;
let busy = false;
let pending = null; // a move sent and not answered yet: {from, to}
let homeLink = false;
// In the Activity: the signed-in person's id, where moves go, and the session header.
let me = null;
let api = '/api/games';
let headers = {};
let activity = null; // the Activity's ways: home, open(key)

const board = new Board($('mq-board'), (from, to) => {
  const dest = (state.dests[from] || []).find((d) => d.to === to);
  if (dest) play(`${from}${dest.capture ? 'x' : '-'}${to}`, { from, to });
});
const players = new Players();
const moveList = new MoveList((ply) => show(ply));
const chart = new Chart($('mq-chart'), (ply) => show(ply));
const controls = new PlayControls({ send: (move) => play(move, null), resign });

function words() {
  for (const [id, key] of [['mq-first', 'web-first'], ['mq-prev', 'web-previous'], ['mq-next', 'web-next'],
    ['mq-last', 'web-last'], ['mq-flip', 'web-flip']]) {
    $(id).setAttribute('aria-label', t(key));
    $(id).title = t(key);
  }
  $('mq-nav').setAttribute('aria-label', t('web-navigation'));
  $('mq-board-area').setAttribute('aria-label', t('web-board'));
  $('mq-players').setAttribute('aria-label', t('web-players'));
  setText($('mq-moves-title'), t('web-moves'));
  setText($('mq-no-moves'), t('web-no-moves'));
  setText($('mq-analysis-title'), t('web-analysis'));
  setText($('mq-legend-turning'), t('web-legend-turning'));
  setText($('mq-legend-mistakes'), t('web-legend-mistakes'));
  $('mq-chart').setAttribute('aria-label', t('web-chances'));
  setText($('mq-puzzles-title'), t('web-game-puzzles'));
  setText($('mq-home'), t('web-home-link'));
}

/** The colours the signed-in person of the Activity plays in this game, over or not. */
function sides() {
  return ['white', 'black'].filter((color) => state[color] && state[color].id === me);
}

/** The colours the viewer moves: the signed-in person's in the Activity, else the server's word. */
function playable() {
  if (me === null) return state.playable || [];
  return state.status === 'active' ? sides() : [];
}

/** Whether the viewer moves now. */
function canMove() {
  return state.status === 'active' && Boolean(state.turn) && playable().includes(state.turn);
}

function boardLabel(pieces, ply) {
  const list = piecesText(pieces);
  return ply === 0 ? t('web-board-start', { pieces: list }) : t('web-board-after', { ply, pieces: list });
}

function render() {
  const total = state.moves.length;
  shown = Math.max(0, Math.min(total, shown));
  const atLast = shown === total;
  const position = parsePosition(state.positions[shown] || state.positions[state.positions.length - 1]);
  let pieces = position.pieces;
  let last = parseMove(state.moves[shown - 1]);
  if (pending && atLast) {
    last = { from: pending.from, to: pending.to, capture: pieces.has(pending.to) };
    pieces = afterMove(pieces, pending.from, pending.to);
  }
  setText($('mq-heading'), t('web-vs', { white: state.white.name, black: state.black.name }));
  players.render({ ...state, playable: me === null ? playable() : sides() }, flipped, arrived);
  board.busy = busy;
  board.render({
    key: `${shown}/${total}/${pending ? 'pending' : ''}`,
    size: state.size || position.size, pieces, last, flipped,
    dests: canMove() && atLast && !pending ? state.dests || {} : null,
    label: boardLabel(pieces, shown),
  });
  for (const [id, off] of [['mq-first', shown === 0], ['mq-prev', shown === 0], ['mq-next', atLast], ['mq-last', atLast]]) {
    $(id).setAttribute('aria-disabled', String(off));
  }
  setText($('mq-ply-label'), t('web-ply-of', { ply: shown, total }));
  moveList.render(state.moves, shown);
  controls.render({ ...state, playable: playable() }, canMove(), atLast);
  const analysis = state.analysis;
  $('mq-analysis').hidden = !(analysis && analysis.chances && analysis.chances.length > 1);
  if (!$('mq-analysis').hidden) chart.render(analysis, shown);
  if (playable().length > 0) homeLink = true;
  renderPuzzles();
  renderAfter();
  $('mq-home').hidden = !homeLink;
}

let puzzlesShown = '';

/** Links to the puzzles found in the game, each named by the ply of its position (not in the Activity, which shows games only). */
function renderPuzzles() {
  const puzzles = activity ? [] : state.puzzles || [];
  const key = puzzles.map((p) => `${p.ply}:${p.id}`).join(' ');
  if (key === puzzlesShown) return;
  puzzlesShown = key;
  $('mq-puzzle-links').replaceChildren(...puzzles.map((p) => el('li', {}, [
    el('a', { href: p.url, text: t('web-game-puzzle', { number: p.id, ply: p.ply }) }),
  ])));
  $('mq-puzzles').hidden = puzzles.length === 0;
}

/** The Activity's Rematch, under a finished game its person played. */
function renderAfter() {
  $('mq-after').hidden = !(activity && sides().length > 0 && state.status === 'finished');
}

async function rematch() {
  if (busy) return;
  busy = true;
  const answer = await postJson(`${api}/${encodeURIComponent(state.key)}/rematch`, {}, headers);
  busy = false;
  if (!answer.ok) {
    setText($('mq-after-note'), answer.error);
  } else if (answer.data.key) {
    activity.open(answer.data.key);
  } else {
    $('mq-rematch').hidden = true;
    setText($('mq-after-note'), t('web-activity-rematch-offered'));
  }
}

function show(ply) {
  shown = ply;
  render();
}

function step(where) {
  const total = state.moves.length;
  const to = { first: 0, prev: shown - 1, next: shown + 1, last: total }[where];
  if (to !== undefined) show(Math.max(0, Math.min(total, to)));
}

/** The orientation the game's players suggest: Black at the bottom for a viewer who plays only Black. */
function naturalFlip() {
  const colors = me === null ? playable() : sides();
  return colors.length === 1 && colors[0] === 'black';
}

/**
 * Takes a new state (live, or the answer to a move; `own` then follows it to its last ply),
 * unless it is older than the one shown: the live stream may bring the computer's answer
 * before the answer to the request that played the move.
 */
function accept(next, own = false) {
  if (!next || !Array.isArray(next.moves) || !Array.isArray(next.positions)) return;
  const older = next.moves.length < state.moves.length
    || (next.moves.length === state.moves.length && Number(next.now_ms) < Number(state.now_ms));
  if (older) {
    if (own) shown = state.moves.length;
    render();
    return;
  }
  const follows = shown === state.moves.length || own;
  const grew = next.moves.length > state.moves.length;
  state = next;
  arrived = Date.now();
  if (follows) shown = state.moves.length;
  if (grew || own) pending = null;
  if (!userFlipped) flipped = naturalFlip();
  render();
}

async function play(move, squares) {
  if (busy || !canMove()) return;
  busy = true;
  pending = squares;
  controls.clearError();
  render();
  const url = `${api}/${encodeURIComponent(state.key)}/moves`;
  const answer = await postJson(url, { ply: state.moves.length, move }, headers, MOVE_PATIENCE_MS);
  busy = false;
  pending = null;
  if (answer.ok) {
    controls.moved();
    accept(answer.data, true);
  } else {
    // Not confirmed: the board goes back. (Had the server played it after all, the live
    // stream brings it.)
    controls.showError(answer.timedOut ? t('web-move-unconfirmed') : answer.error);
    render();
  }
}

async function resign() {
  if (busy) return;
  busy = true;
  controls.clearError();
  const answer = await postJson(`${api}/${encodeURIComponent(state.key)}/resign`, { ply: state.moves.length }, headers);
  busy = false;
  if (answer.ok) accept(answer.data, true);
  else {
    controls.showError(answer.error);
    render();
  }
}

function typing(target) {
  return target instanceof Element && (target.closest('input, textarea, select, [contenteditable]') !== null);
}

function start() {
  words();
  flipped = naturalFlip();
  render();
  // For the benchmark of a page's load: the board is drawn from here.
  performance.mark('mq-board-drawn');
  $('mq-nav').addEventListener('click', (e) => {
    const button = e.target instanceof Element ? e.target.closest('button[data-step]') : null;
    if (!button) return;
    if (button.dataset.step === 'flip') {
      flipped = !flipped;
      userFlipped = true;
      render();
    } else if (button.getAttribute('aria-disabled') !== 'true') {
      step(button.dataset.step);
    }
  });
  document.addEventListener('keydown', (e) => {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    if (e.key === 'Escape') {
      board.deselect();
      controls.askResign(false, false);
      return;
    }
    if (typing(e.target)) return;
    const where = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last' }[e.key];
    if (!where) return;
    e.preventDefault();
    step(where);
  });
  setInterval(() => players.tick(), 250);
  const status = { live: 'web-live', connecting: 'web-connecting', reconnecting: 'web-reconnecting' };
  const path = `/api/games/${encodeURIComponent(state.key)}`;
  const onStatus = (s) => {
    $('mq-conn').dataset.state = s;
    setText($('mq-conn-text'), t(status[s]));
  };
  // In the Activity, through Discord's proxy: a WebSocket, which it is documented to carry.
  // Its session rides in the address (a browser can't set a WebSocket's headers), so the
  // server counts the socket as the person's, not as everyone's behind Discord's proxy.
  if (activity) {
    const session = (activity.headers.Authorization || '').replace(/^Bearer /, '');
    followSocket(`${path}/socket?session=${encodeURIComponent(session)}`, (next) => accept(next), onStatus);
  }
  else follow(`${path}/events`, (next) => accept(next), onStatus);
}

/**
 * Opens `next` in the Activity, for the signed-in person `options.me`, whose moves go to
 * `options.api` with `options.headers`; `options.home` names the way back to their games, and
 * `options.open(key)` opens another game (a rematch against the computer).
 */
export function openGame(next, options) {
  state = next;
  shown = state.moves.length;
  arrived = Date.now();
  me = options.me;
  api = options.api;
  headers = options.headers;
  activity = options;
  setText($('mq-rematch'), t('web-activity-rematch'));
  $('mq-rematch').addEventListener('click', rematch);
  homeLink = true;
  $('mq-home').href = options.home.href;
  $('mq-home').addEventListener('click', (e) => {
    e.preventDefault();
    options.home.go();
  });
  start();
  setText($('mq-home'), options.home.text);
}

if (state && Array.isArray(state.moves) && Array.isArray(state.positions)) start();
