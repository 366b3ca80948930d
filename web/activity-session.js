// Signing in to the Activity, for every page that runs inside it (the games, the lessons):
// Discord's Embedded App SDK (ready, authorize, the server's /api/token, authenticate), the
// session renewed while the Activity is open, and the person's Discord locale spoken. Outside
// Discord the SDK's own mock stands in when the address carries a code and the server allows
// it (ACTIVITY_MOCK_SDK: the browser tests, a local try-out), as Discord's sdk-playground does
// outside the iframe.

import { DiscordSDK, DiscordSDKMock } from './discord-sdk.js';
import { useStrings } from './i18n.js';
import { getJson, postJson } from './api.js';
import { config, inActivity, params } from './activity-address.js';

/** Discord's SDK and the instance it runs in; null outside the Activity. */
function connect() {
  if (params.get('frame_id')) {
    const sdk = new DiscordSDK(config.client_id);
    return { sdk, instanceId: sdk.instanceId };
  }
  if (!inActivity()) return null;
  const sdk = new DiscordSDKMock(config.client_id, params.get('guild_id'), params.get('channel_id'), null);
  const locale = params.get('mock_locale') || '';
  const code = params.get('mock_code');
  sdk._updateCommandMocks({
    authorize: () => Promise.resolve({ code }),
    userSettingsGetLocale: () => Promise.resolve({ locale }),
  });
  return { sdk, instanceId: params.get('instance_id') || sdk.instanceId };
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

/**
 * Signs the person in (a page opened again in the same Activity takes up the session made at
 * first, renewed, or signs in afresh if it lapsed) and keeps the session renewed. Resolves to
 * `{ signedIn, headers, forget }` (`forget` drops a session the server no longer takes, so the
 * next opening signs in afresh), or `{ error }`: the id of the words saying why not.
 */
export async function join() {
  const connected = connect();
  if (!connected) return { error: 'web-activity-outside' };
  const { sdk, instanceId } = connected;
  let signedIn;
  try {
    await sdk.ready();
    signedIn = await resumed(instanceId) || await signIn(sdk, instanceId);
    await sdk.commands.authenticate({ access_token: signedIn.access_token });
  } catch {
    return { error: 'web-activity-sign-in-failed' };
  }
  const headers = await speak(sdk, signedIn.session);
  setInterval(() => renew(instanceId, signedIn, headers), RENEW_EVERY_MS);
  const forget = () => sessionStorage.removeItem(`mq-activity:${instanceId}`);
  return { signedIn, headers, forget };
}
