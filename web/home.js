// The home page of `monkey-queen web`: start a local game, and the list of games so far.

import { loadStrings, t } from './i18n.js';
import { el, readJson, setText } from './dom.js';
import { postJson } from './api.js';

const $ = (id) => document.getElementById(id);

loadStrings();

const words = {
  'mq-home-intro': 'web-home-intro', 'mq-new-title': 'web-new-game', 'mq-opponent-legend': 'web-opponent',
  'mq-opponent-computer': 'web-opponent-computer', 'mq-opponent-human': 'web-opponent-human',
  'mq-level-legend': 'web-level', 'mq-color-legend': 'web-your-color', 'mq-size-label': 'web-size',
  'mq-pie-label': 'web-pie', 'mq-start': 'web-start', 'mq-games-title': 'web-games', 'mq-games-none': 'web-games-none',
  'mq-rules-link': 'web-rules-title', 'mq-rules-title': 'web-rules-title', 'mq-puzzles-link': 'web-puzzles-link',
};
for (const [id, key] of Object.entries(words)) setText($(id), t(key));
for (const span of document.querySelectorAll('[data-word]')) setText(span, t(span.dataset.word));
for (const option of $('mq-size').options) setText(option, t('web-size-option', { size: option.value }));

const form = $('mq-new-game');
const alert = $('mq-alert');
const start = $('mq-start');

/** The level is the computer's; with two people at this screen the colour is the first one's. */
function levelMatters() {
  const computer = form.elements.opponent.value === 'computer';
  $('mq-level-field').disabled = !computer;
  setText($('mq-color-legend'), t(computer ? 'web-your-color' : 'web-first-color'));
}
form.addEventListener('change', levelMatters);
levelMatters();

function showError(message) {
  alert.replaceChildren(el('p', { text: message }));
  alert.classList.add('shown');
}

form.addEventListener('submit', async (e) => {
  e.preventDefault();
  if (start.disabled) return;
  alert.replaceChildren();
  alert.classList.remove('shown');
  const body = {
    opponent: form.elements.opponent.value,
    level: form.elements.level.value,
    color: form.elements.color.value,
    size: Number(form.elements.size.value),
    pie: form.elements.pie.checked,
  };
  start.disabled = true;
  setText(start, t('web-starting'));
  const answer = await postJson('/api/games', body);
  if (answer.ok && answer.data && /^\/(?!\/)/.test(String(answer.data.url))) {
    window.location.assign(answer.data.url);
    return;
  }
  start.disabled = false;
  setText(start, t('web-start'));
  showError(answer.ok ? t('web-network-error') : answer.error);
});

/** A listed player's name: the people and the computer here in the reader's language. */
function named(player) {
  if (player && player.local === 'first') return t('web-name-player', { number: 1 });
  if (player && player.local === 'second') return t('web-name-player', { number: 2 });
  if (player && player.local === 'computer') return t('web-name-computer');
  return String((player && player.name) || '');
}

const games = readJson('mq-games', []);
const list = $('mq-games-list');
$('mq-games-none').hidden = games.length > 0;
for (const game of Array.isArray(games) ? games : []) {
  if (!/^\/(?!\/)/.test(String(game.url))) continue;
  const status = t(`web-status-${game.status}`);
  list.append(el('li', {}, [
    el('a', { href: game.url }, [
      el('span', { class: 'game-players', text: t('web-vs', { white: named(game.white), black: named(game.black) }) }),
      el('span', { class: 'game-meta', text: `${status} · ${t('web-game-ply', { ply: game.ply })}` }),
    ]),
  ]));
}
