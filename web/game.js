// The game page: reads the words and the state, shows the board at any ply, follows the game
// live, and lets the viewer play: at this screen when the server says they may, in the
// Activity when the signed-in person plays the side to move (the server checks either way).

import { loadStrings, t } from './i18n.js';
import { el, readJson, setText } from './dom.js';
import { afterMove, census, parseMove, parsePosition } from './position.js';
import { piecesText } from './label.js';
import { Board } from './board.js';
import { MoveList } from './moves.js';
import { Players, playerName } from './players.js';
import { boardExtras } from './legend.js';
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
let connection = 'connecting'; // the live stream's state
let turnBoard = true; // at one screen, the board turns to the player to move
// In the Activity: the signed-in person's id, where moves go, and the session header.
let me = null;
let api = '/api/games';
let headers = {};
let activity = null; // the Activity's ways: home, open(key)

const board = new Board($('mq-board'), (from, to) => {
  const dest = (state.dests[from] || []).find((d) => d.to === to);
  if (dest) play(`${from}${dest.capture ? 'x' : '-'}${to}`, { from, to });
}, (text) => announce(text));
const players = new Players();
const moveList = new MoveList((ply) => show(ply));
/** The analysis chart, its module loaded when a game first has one to show. */
let chart = null;

function drawChart(analysis, ply) {
  chart = chart || import('./chart.js').then(({ Chart }) => new Chart($('mq-chart'), (at) => show(at)));
  chart.then((drawn) => drawn.render(analysis, ply));
}
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
  setText($('mq-turn-board-label'), t('web-turn-board'));
  setText($('mq-new-game'), t('web-new-game-link'));
}

/** Says `text` to a screen reader (the page's live region). */
function announce(text) {
  const region = $('mq-announce');
  // The same words again (two moves alike) are still said.
  if (region.textContent === text) region.textContent = '';
  setText(region, text);
}

/** Whether the game is played at this screen (`monkey-queen web`): its people are named by the page. */
function atScreen() {
  return !activity && ['white', 'black'].some((c) => state[c] && (state[c].local === 'first' || state[c].local === 'second'));
}

/** Each colour's queen height, babies and captures made, at ply `ply`. */
function material(pieces, ply) {
  const sides = census(pieces);
  const captures = { white: 0, black: 0 };
  for (let i = 0; i < ply && i < state.moves.length; i += 1) {
    if (!String(state.moves[i]).includes('x')) continue;
    const mover = String(state.positions[i] || '').split(/\s+/)[1] === 'b' ? 'black' : 'white';
    captures[mover] += 1;
  }
  const side = (c) => ({ queen: Boolean(sides[c].queen), height: sides[c].height, babies: sides[c].babies, captures: captures[c] });
  return { white: side('white'), black: side('black') };
}

/** What the game's status is, in words, for the live region after a move. */
function statusWords() {
  if (state.status === 'active' && state.turn) {
    const mine = playable().length === 1 && playable()[0] === state.turn;
    return mine ? t('web-your-turn') : t('web-status-to-move', { player: playerName(state[state.turn]) });
  }
  if (state.status === 'finished' && state.result) {
    return `${t('web-won', { player: playerName(state[state.result.winner]) })}, ${t(`web-reason-${state.result.reason}`)}`;
  }
  return state.status === 'aborted' ? t('web-aborted') : '';
}

/** The live stream's state, and the game's end: a finished game is no longer live. */
function renderConnection() {
  const over = state.status !== 'active';
  const words = { live: 'web-live', connecting: 'web-connecting', reconnecting: 'web-reconnecting' };
  $('mq-conn').dataset.state = connection;
  $('mq-conn').dataset.over = String(over);
  setText($('mq-conn-text'), over ? t('web-game-over') : t(words[connection]));
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
  setText($('mq-heading'), t('web-vs', { white: playerName(state.white), black: playerName(state.black) }));
  players.render({ ...state, playable: me === null ? playable() : sides() }, flipped, arrived, material(pieces, shown));
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
  if (!$('mq-analysis').hidden) drawChart(analysis, shown);
  if (playable().length > 0) homeLink = true;
  renderPuzzles();
  renderAfter();
  renderConnection();
  $('mq-home').hidden = !homeLink;
  $('mq-turn-board-choice').hidden = !(state.status === 'active' && playable().length === 2);
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

/**
 * Under a finished game: the Activity's Rematch for a game its person played; at this screen
 * Rematch and a new game.
 */
function renderAfter() {
  const over = state.status === 'finished' || state.status === 'aborted';
  const local = atScreen();
  $('mq-after').hidden = !over || !((activity && sides().length > 0) || local);
  $('mq-new-game').hidden = !local;
  if (local) $('mq-rematch').hidden = state.status !== 'finished';
  $('mq-analyse').hidden = !(local && state.status === 'finished' && !state.analysis);
}

/** Asks this screen's server for the finished game's analysis; its chart shows once it comes. */
async function analyse() {
  if (busy) return;
  busy = true;
  $('mq-analyse').disabled = true;
  setText($('mq-analyse'), t('web-analysing'));
  const answer = await postJson(`${api}/${encodeURIComponent(state.key)}/analysis`, {}, headers);
  busy = false;
  $('mq-analyse').disabled = false;
  setText($('mq-analyse'), t('web-analyse'));
  if (answer.ok) accept(answer.data);
  else setText($('mq-after-note'), answer.error);
}

async function rematch() {
  if (busy) return;
  busy = true;
  const answer = await postJson(`${api}/${encodeURIComponent(state.key)}/rematch`, {}, headers);
  busy = false;
  if (!answer.ok) {
    setText($('mq-after-note'), answer.error);
  } else if (!activity && /^\/(?!\/)/.test(String(answer.data.url))) {
    window.location.assign(answer.data.url);
  } else if (activity && answer.data.key) {
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

/**
 * The orientation the game's players suggest: Black at the bottom for a viewer who plays only
 * Black; at one screen, the player to move at the bottom (unless they turned that off).
 */
function naturalFlip() {
  const colors = me === null ? playable() : sides();
  if (colors.length === 2 && turnBoard) return state.turn === 'black';
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
  const ended = next.status !== state.status;
  state = next;
  arrived = Date.now();
  if (follows) shown = state.moves.length;
  if (grew || own) pending = null;
  if (!userFlipped) flipped = naturalFlip();
  render();
  if (grew) announce(`${t('web-announce-move', { move: state.moves[state.moves.length - 1] })} ${statusWords()}`);
  else if (ended) announce(statusWords());
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
  boardExtras(board, activity && activity.colors);
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
  $('mq-turn-board').addEventListener('change', (e) => {
    turnBoard = e.target.checked;
    userFlipped = false;
    flipped = naturalFlip();
    render();
  });
  if (!activity) {
    setText($('mq-rematch'), t('web-rematch'));
    $('mq-rematch').addEventListener('click', rematch);
    setText($('mq-analyse'), t('web-analyse'));
    $('mq-analyse').addEventListener('click', analyse);
  }
  setInterval(() => players.tick(), 250);
  const path = `/api/games/${encodeURIComponent(state.key)}`;
  const onStatus = (s) => {
    connection = s;
    renderConnection();
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
 * `options.api` with `options.headers`; `options.home` names the way back to their games,
 * `options.open(key)` opens another game (a rematch against the computer), and
 * `options.colors` holds the board colours they chose and keeps a new choice.
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
