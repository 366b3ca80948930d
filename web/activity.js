// The Activity: the game page inside Discord's client. Signs in (see activity-session.js), then
// opens the game the person launched it on, or lists their games in the channel; the lessons
// open inside it too (learn.js, through the link on the list and on every game).

import { t } from './i18n.js';
import { el, setText } from './dom.js';
import { getJson, postJson } from './api.js';
import { openGame } from './game.js';
import { join } from './activity-session.js';

const $ = (id) => document.getElementById(id);

function say(text) {
  $('mq-chooser').hidden = false;
  setText($('mq-chooser-status'), text);
}

/** Reloads the Activity on the game at `key` (or, with null, on the person's games). */
function reopen(key) {
  location.hash = key ? `g=${key}` : 'games';
  location.reload();
}

/**
 * The board colours of the signed-in person's pages: the ones they chose (in Discord with
 * `/colours`, or here), and a choice made here kept as theirs.
 */
function ownColors(chosen, headers) {
  return { chosen, keep: (name) => postJson('/api/activity/colors', { colors: name }, headers) };
}

/** Shows the game at `key` for the signed-in person, the board in `colors` (see ownColors). */
async function show(key, signedIn, headers, colors) {
  const answer = await getJson(`/api/games/${encodeURIComponent(key)}`);
  if (!answer.ok) {
    say(answer.error);
    return;
  }
  $('mq-chooser').hidden = true;
  $('mq-game').hidden = false;
  openGame(answer.data, {
    me: signedIn.user.id,
    api: '/api/activity/games',
    headers,
    home: { href: '#games', text: t('web-activity-your-games'), go: () => reopen(null) },
    open: reopen,
    colors,
  });
}

/** Lists `games` to pick from. */
function list(games, signedIn, headers, colors) {
  setText($('mq-chooser-title'), t('web-activity-your-games'));
  say(games.length ? '' : t('web-activity-no-games'));
  $('mq-chooser-games').replaceChildren(...games.map((game) => {
    const button = el('button', { type: 'button', class: 'button chooser-game' }, [
      el('span', { text: t('web-vs', { white: game.white, black: game.black }) }),
      el('span', { class: 'dim', text: game.your_turn ? t('web-your-turn') : t(`web-activity-${game.status}`) }),
    ]);
    button.addEventListener('click', () => show(game.key, signedIn, headers, colors));
    return el('li', {}, [button]);
  }));
  offerComputer(signedIn, headers);
}

/** The form that starts a game against the computer in this channel. */
function offerComputer(signedIn, headers) {
  const form = $('mq-computer');
  const level = $('mq-computer-level');
  setText($('mq-computer-label'), t('web-activity-computer-level'));
  setText($('mq-computer-start'), t('web-activity-computer'));
  level.replaceChildren(...['easy', 'medium', 'hard', 'max'].map((l) =>
    el('option', { value: l, text: t(`web-level-${l}`), selected: l === 'medium' })));
  form.hidden = false;
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const answer = await postJson('/api/activity/computer', { level: level.value }, headers);
    if (answer.ok) show(answer.data.key, signedIn, headers);
    else say(answer.error);
  });
}

async function start() {
  say(t('web-activity-signing-in'));
  const joined = await join();
  if (joined.error) {
    say(t(joined.error));
    return;
  }
  const { signedIn, headers, forget } = joined;
  const offered = await getJson('/api/activity/games', headers);
  if (!offered.ok) {
    // A session that lapsed: the next opening signs in afresh.
    forget();
    say(offered.error);
    return;
  }
  const { launched, games } = offered.data;
  const colors = ownColors(offered.data.colors, headers);
  const choosing = location.hash === '#games';
  const asked = /^#g=([0-9a-f]{32})$/.exec(location.hash);
  const active = games.filter((g) => g.status === 'active');
  if (asked) show(asked[1], signedIn, headers, colors);
  else if (launched && !choosing) show(launched.key, signedIn, headers, colors);
  else if (active.length === 1 && !choosing) show(active[0].key, signedIn, headers, colors);
  else list(games, signedIn, headers, colors);
}

start();
