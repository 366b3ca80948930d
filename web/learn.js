// The lessons' page: one rule a stage, a few exercises each, played by taps or drags on the
// board. Every try goes to the server, which judges it with the rules engine and answers with
// words and the squares to mark; the page only shows them. On the open web the stars and where
// the visitor stands are kept in this browser (localStorage); inside the Activity the page
// signs in and the server keeps the person's (the same progress as `/learn` in Discord). A
// coach (`browserCoach`, `activityCoach`) says where the learner stands and has tries judged;
// the rest of the page is the same for both.

import { loadStrings, t } from './i18n.js';
import { el, readJson, setText, svg } from './dom.js';
import { parseMove, parsePosition, squareCoords, squareName } from './position.js';
import { piecesText } from './label.js';
import { Board } from './board.js';
import { getJson, postJson } from './api.js';
import { activityAddress, inActivity } from './activity-address.js';

const $ = (id) => document.getElementById(id);
const STORE = 'mq-learn';
const SQ = 100;

loadStrings();
let lessons = readJson('mq-state', { stages: [] });
let stages = Array.isArray(lessons.stages) ? lessons.stages : [];
let coach = null;
let at = { stage: 0, exercise: 0 }; // what is shown
let after = null; // where the learner stands after a right answer, shown by Next
let phase = 'play'; // play | right | done (the stage) | all (every stage)
let shown = null; // { position, last } after a right answer
let marks = [];
let feedback = '';
let busy = false;

/** The board, whose markers leave out the squares a piece is only offered to be tried on. */
class LessonBoard extends Board {
  marker(dest) {
    const node = super.marker(dest);
    if (dest.try) node.setAttribute('data-try', '');
    return node;
  }
}

let dests = {}; // what each piece may be tried on now: its legal moves, and the rest shown

const board = new LessonBoard($('mq-board'), (from, to) => {
  const dest = (dests[from] || []).find((d) => d.to === to);
  if (dest) attempt(`${from}${dest.capture || board.view.pieces.has(to) ? 'x' : '-'}${to}`);
});
const overlay = $('mq-board').appendChild(svg('g', { class: 'learn-marks', 'aria-hidden': 'true' }));

function stage() {
  return stages[at.stage];
}

function exercise() {
  return stage().exercises[at.exercise];
}

function starText(count) {
  return '★'.repeat(count) + '☆'.repeat(3 - count);
}

/** The marks over the board: a frame on each square, and a distance where the rule counts it. */
function drawMarks(size) {
  overlay.replaceChildren();
  for (const mark of marks) {
    const coords = squareCoords(mark.square);
    if (!coords || coords.file >= size || coords.rank >= size) continue;
    const { x, y } = board.centre(mark.square);
    const parts = [svg('rect', { x: x - SQ / 2 + 6, y: y - SQ / 2 + 6, width: SQ - 12, height: SQ - 12, rx: 8 })];
    if (typeof mark.distance === 'number') {
      parts.push(svg('text', { x, y: y - SQ / 2 + 30, 'text-anchor': 'middle', text: `√${mark.distance}` }));
    }
    overlay.append(svg('g', { 'data-kind': mark.kind, 'data-square': mark.square }, parts));
  }
}

function renderStages() {
  const list = $('mq-stages');
  list.replaceChildren();
  stages.forEach((s, i) => {
    const stars = coach.stars()[s.id] || 0;
    const button = el('button', { type: 'button', text: s.title });
    button.addEventListener('click', () => begin(i));
    const starsLabel = stars ? t('web-learn-stars', { stars }) : t('web-learn-not-done');
    const item = el('li', { 'data-stage': s.id, 'aria-current': i === at.stage ? 'step' : null }, [
      button,
      el('span', { class: 'learn-stars', 'aria-label': starsLabel, title: starsLabel, text: starText(stars) }),
    ]);
    list.append(item);
  });
}

function render() {
  if (!stages.length) return;
  const s = stage();
  const ex = exercise();
  const position = parsePosition(shown ? shown.position : ex.position);
  board.busy = busy;
  board.render({
    key: `${at.stage}/${at.exercise}/${shown ? 'after' : 'start'}`,
    size: ex.size,
    pieces: position.pieces,
    last: shown ? shown.last : null,
    flipped: Boolean(ex.flipped),
    dests: phase === 'play' ? dests : null,
    label: `${t('web-board')}: ${piecesText(position.pieces)}`,
  });
  drawMarks(ex.size);
  setText($('mq-stage-of'), t('web-learn-stage-of', { stage: at.stage + 1, stages: stages.length }));
  setText($('mq-stage-title'), s.title);
  setText($('mq-rule'), s.rule);
  setText($('mq-exercise-of'), t('web-learn-exercise-of', { exercise: at.exercise + 1, exercises: s.exercises.length }));
  setText($('mq-task'), ex.task);
  setText($('mq-feedback'), feedback);
  $('mq-feedback').parentElement.dataset.state = phase === 'play' ? (feedback ? 'wrong' : 'play') : 'right';
  $('mq-swap').hidden = !(phase === 'play' && ex.swap);
  $('mq-swap').disabled = busy;
  $('mq-next').hidden = !(phase === 'right' || phase === 'done');
  $('mq-again').hidden = phase !== 'done' && phase !== 'all';
  $('mq-play').hidden = !(phase === 'all' && lessons.first_game);
  renderStages();
}

/** Starts stage `index` from its first exercise (with null: the first stage not finished). */
async function begin(index) {
  if (busy) return;
  busy = true;
  const answer = await coach.begin(index === null ? null : Math.max(0, Math.min(stages.length - 1, index)));
  busy = false;
  if (!answer.ok) {
    showError(answer.error);
    return;
  }
  at = answer.data;
  open();
}

/**
 * The squares each piece of the exercise may be tried on: its legal moves and, where the
 * exercise allows, every other square shown but its own side's, for the server to explain.
 */
function triesOf(ex) {
  const legal = ex.dests || {};
  if (!ex.tries) return legal;
  const position = parsePosition(ex.position);
  const all = {};
  for (const [from, piece] of position.pieces) {
    const coords = squareCoords(from);
    if (piece.color !== position.turn || coords.file >= ex.size || coords.rank >= ex.size) continue;
    const list = [...(legal[from] || [])];
    for (let file = 0; file < ex.size; file += 1) {
      for (let rank = 0; rank < ex.size; rank += 1) {
        const to = squareName(file, rank);
        const there = position.pieces.get(to);
        if ((there && there.color === piece.color) || list.some((d) => d.to === to)) continue;
        list.push({ to, capture: null, birth: false, try: true });
      }
    }
    all[from] = list;
  }
  return all;
}

/** Shows the exercise `at` points to, untried. */
function open() {
  dests = triesOf(exercise());
  phase = 'play';
  shown = null;
  feedback = '';
  marks = exercise().marks || [];
  clearError();
  render();
}

function next() {
  if ((phase === 'right' || phase === 'done') && after) {
    at = after;
    open();
  }
}

/** Sends the try `move` to be judged, and shows the answer. */
async function attempt(move) {
  if (busy || phase !== 'play') return;
  busy = true;
  clearError();
  render();
  const answer = await coach.attempt(stage().id, at.exercise, move);
  busy = false;
  if (!answer.ok) {
    showError(answer.error);
  } else if (answer.data.result === 'right') {
    const data = answer.data;
    shown = { position: data.position, last: parseMove(data.move) };
    feedback = data.text;
    marks = [];
    after = data.at;
    if (typeof data.stars === 'number') {
      phase = at.stage + 1 < stages.length ? 'done' : 'all';
      if (phase === 'all') feedback = `${data.text} ${t('web-learn-all-done')}`;
    } else {
      phase = 'right';
    }
  } else {
    feedback = answer.data.text;
    marks = Array.isArray(answer.data.marks) ? answer.data.marks : [];
  }
  render();
  if (phase !== 'play') $(phase === 'all' ? (lessons.first_game ? 'mq-play' : 'mq-again') : 'mq-next').focus();
}

async function playFirstGame() {
  $('mq-play').disabled = true;
  const answer = await coach.firstGame(lessons.first_game);
  if (answer.ok && /^\/(?!\/)/.test(String(answer.url))) {
    window.location.assign(answer.url);
    return;
  }
  $('mq-play').disabled = false;
  showError(answer.ok ? t('web-network-error') : answer.error);
}

/**
 * The visitor's coach on the open web: stars and the stage kept in this browser, each try
 * judged by `check` (which is told the wrong tries made in the stage, for its stars), the
 * first game played at this screen.
 */
function browserCoach(check) {
  let kept;
  try {
    kept = JSON.parse(window.localStorage.getItem(STORE) || '{}');
  } catch {
    kept = null;
  }
  const progress = kept && typeof kept.stars === 'object' && kept.stars ? kept : { stars: {} };
  let standing = { stage: 0, exercise: 0 };
  let wrong = 0; // wrong tries in the stage so far
  const save = () => {
    try {
      window.localStorage.setItem(STORE, JSON.stringify(progress));
    } catch {
      // Private browsing without storage: progress lasts as long as the page.
    }
  };
  return {
    stars: () => progress.stars,
    async begin(index) {
      const undone = stages.findIndex((s) => !progress.stars[s.id]);
      standing = { stage: index === null ? Math.max(0, undone) : index, exercise: 0 };
      wrong = 0;
      return { ok: true, data: { ...standing } };
    },
    async attempt(stageId, exercise, move) {
      const answer = await postJson(check, { stage: stageId, exercise, move, wrong });
      if (!answer.ok) return answer;
      const data = answer.data;
      if (data.result !== 'right') {
        wrong += 1;
      } else if (typeof data.stars === 'number') {
        progress.stars[stageId] = Math.max(progress.stars[stageId] || 0, data.stars);
        save();
        wrong = 0;
        const last = standing.stage + 1 >= stages.length;
        standing = last ? standing : { stage: standing.stage + 1, exercise: 0 };
      } else {
        standing = { stage: standing.stage, exercise: exercise + 1 };
      }
      return { ok: true, data: { ...data, at: { ...standing } } };
    },
    async firstGame(level) {
      const answer = await postJson('/api/games', { opponent: 'computer', level, color: 'white' });
      return answer.ok ? { ok: true, url: answer.data && answer.data.url } : answer;
    },
  };
}

/**
 * The signed-in person's coach inside the Activity: the server keeps where they stand and
 * their stars (each try names the step it was made at), and the first game is played in the
 * Activity's channel.
 */
function activityCoach(headers, stars) {
  let step = 0;
  const standing = (answer) => {
    if (answer.ok) step = answer.data.step;
    return answer;
  };
  return {
    stars: () => stars,
    async begin(index) {
      const stage = index === null ? null : stages[index].id;
      return standing(await postJson('/api/activity/learn/start', { stage }, headers));
    },
    async attempt(stageId, exercise, move) {
      const answer = await postJson('/api/activity/learn/try', { step, move }, headers);
      if (!answer.ok) return answer;
      step = answer.data.at.step;
      if (typeof answer.data.stars === 'number') {
        stars[stageId] = Math.max(stars[stageId] || 0, answer.data.stars);
      }
      return answer;
    },
    async firstGame(level) {
      const answer = await postJson('/api/activity/computer', { level }, headers);
      if (!answer.ok) return answer;
      return { ok: true, url: activityAddress(null, `g=${answer.data.key}`) };
    },
  };
}

/** Signs in inside the Activity and takes the person's lessons and progress from the server. */
async function joinActivity() {
  const { join } = await import('./activity-session.js');
  const joined = await join();
  if (joined.error) {
    showError(t(joined.error));
    return null;
  }
  const answer = await getJson('/api/activity/learn', joined.headers);
  if (!answer.ok) {
    showError(answer.error);
    return null;
  }
  lessons = { ...answer.data, check: null };
  stages = Array.isArray(lessons.stages) ? lessons.stages : [];
  setText($('mq-heading'), t('web-learn-title'));
  setText($('mq-intro'), t('web-learn-intro'));
  document.title = `${t('web-learn-title')} · Monkey Queen`;
  const home = $('mq-home');
  home.href = activityAddress(null, 'games');
  setText(home, t('web-activity-your-games'));
  home.hidden = false;
  return activityCoach(joined.headers, lessons.stars || {});
}

function showError(message) {
  setText($('mq-alert'), message);
  $('mq-alert').classList.add('shown');
}

function clearError() {
  setText($('mq-alert'), '');
  $('mq-alert').classList.remove('shown');
}

function label() {
  setText($('mq-stages-title'), t('web-learn-stages'));
  setText($('mq-swap'), t('web-swap'));
  setText($('mq-next'), t('web-learn-next'));
  setText($('mq-again'), t('web-learn-again'));
  setText($('mq-play'), t('web-learn-play'));
  $('mq-board-area').setAttribute('aria-label', t('web-board'));
}

$('mq-swap').addEventListener('click', () => attempt('swap'));
$('mq-next').addEventListener('click', next);
$('mq-again').addEventListener('click', () => begin(at.stage));
$('mq-play').addEventListener('click', playFirstGame);
document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape') board.deselect();
});

async function start() {
  label();
  coach = inActivity() ? await joinActivity() : browserCoach(lessons.check);
  if (!coach) return;
  label();
  if (stages.length) await begin(null);
}

start();
