// The Activity: the game page inside Discord's client. Signs in through Discord's Embedded App
// SDK (ready, authorize, the server's /api/token, authenticate), then opens the game the
// person launched it on, or lists their games in the channel. Outside Discord the SDK's own
// mock stands in when the address carries a code and the server allows it (ACTIVITY_MOCK_SDK:
// the browser tests, a local try-out), as Discord's sdk-playground does outside the iframe.

import { DiscordSDK, DiscordSDKMock } from './discord-sdk.js';
import { t, useStrings } from './i18n.js';
import { el, readJson, setText } from './dom.js';
import { getJson, postJson } from './api.js';
import { openGame } from './game.js';

const $ = (id) => document.getElementById(id);
const config = readJson('mq-activity', {});
const params = new URLSearchParams(location.search);

/** Discord's SDK and the instance it runs in; null outside Discord without a mock (see above). */
function connect() {
  if (params.get('frame_id')) {
    const sdk = new DiscordSDK(config.client_id);
    return { sdk, instanceId: sdk.instanceId };
  }
  const code = params.get('mock_code');
  if (!code || config.mock !== true) return null;
  const sdk = new DiscordSDKMock(config.client_id, params.get('guild_id'), params.get('channel_id'), null);
  const locale = params.get('mock_locale') || '';
  sdk._updateCommandMocks({
    authorize: () => Promise.resolve({ code }),
    userSettingsGetLocale: () => Promise.resolve({ locale }),
  });
  return { sdk, instanceId: params.get('instance_id') || sdk.instanceId };
}

function say(text) {
  $('mq-chooser').hidden = false;
  setText($('mq-chooser-status'), text);
}

/**
 * The language of the person's Discord client (their locale, e.g. `fr`, `pt-BR`), which the
 * page then speaks: its words, and the server's answers (`Accept-Language` on every request).
 * Headers for the API, with `session`.
 */
async function speak(sdk, session) {
  const headers = { Authorization: `Bearer ${session}` };
  let locale = '';
  try {
    ({ locale } = await sdk.commands.userSettingsGetLocale());
  } catch {
    locale = '';
  }
  if (!locale) return headers;
  headers['Accept-Language'] = locale;
  const words = await getJson('/api/strings', { 'Accept-Language': locale });
  if (words.ok) {
    useStrings(words.data.words);
    document.documentElement.lang = words.data.lang;
  }
  return headers;
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

/** The sign-in this tab already made in `instanceId` (kept while the Activity is open), if any. */
function saved(instanceId) {
  try {
    return JSON.parse(sessionStorage.getItem(`mq-activity:${instanceId}`));
  } catch {
    return null;
  }
}

/** How often the session (which lasts 15 minutes) is renewed while the Activity is open. */
const RENEW_EVERY_MS = 10 * 60 * 1000;

/**
 * Renews `signedIn`'s session (the server asks Discord whether the person is still in the
 * Activity), updating `headers` for the requests after; whether it was renewed.
 */
async function renew(instanceId, signedIn, headers = {}) {
  headers.Authorization = `Bearer ${signedIn.session}`;
  const answer = await postJson('/api/session', {}, headers);
  if (!answer.ok) return false;
  signedIn.session = answer.data.session;
  headers.Authorization = `Bearer ${signedIn.session}`;
  sessionStorage.setItem(`mq-activity:${instanceId}`, JSON.stringify(signedIn));
  return true;
}

/** The sign-in this tab made before, renewed, if it still holds. */
async function resumed(instanceId) {
  const before = saved(instanceId);
  if (!before || !before.session) return null;
  return (await renew(instanceId, before)) ? before : null;
}

/** Signs in through Discord: a code from `authorize`, exchanged by the server. */
async function signIn(sdk, instanceId) {
  const { code } = await sdk.commands.authorize({
    client_id: config.client_id,
    response_type: 'code',
    state: '',
    prompt: 'none',
    scope: ['identify'],
  });
  const answer = await postJson('/api/token', { code, instance_id: instanceId });
  if (!answer.ok) throw new Error(answer.error);
  sessionStorage.setItem(`mq-activity:${instanceId}`, JSON.stringify(answer.data));
  return answer.data;
}

async function start() {
  const connected = connect();
  if (!connected) {
    say(t('web-activity-outside'));
    return;
  }
  say(t('web-activity-signing-in'));
  const { sdk, instanceId } = connected;
  let signedIn;
  try {
    await sdk.ready();
    // Going back to the list reloads the page: the session made at first serves again,
    // renewed, or a new sign-in if it lapsed.
    signedIn = await resumed(instanceId) || await signIn(sdk, instanceId);
    await sdk.commands.authenticate({ access_token: signedIn.access_token });
  } catch {
    say(t('web-activity-sign-in-failed'));
    return;
  }
  const headers = await speak(sdk, signedIn.session);
  setInterval(() => renew(instanceId, signedIn, headers), RENEW_EVERY_MS);
  const offered = await getJson('/api/activity/games', headers);
  if (!offered.ok) {
    // A session that lapsed: the next opening signs in afresh.
    sessionStorage.removeItem(`mq-activity:${instanceId}`);
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
