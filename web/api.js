// Talking to the server: JSON requests that answer with a state, or an error sentence already
// in the viewer's language.

import { t } from './i18n.js';

/** POSTs `body` as JSON (with `headers`); resolves to { ok: true, data } or { ok: false, error }. */
export function postJson(url, body, headers = {}) {
  return send(url, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
}

/** GETs JSON (with `headers`); resolves as `postJson` does. */
export function getJson(url, headers = {}) {
  return send(url, { headers: { ...headers, Accept: 'application/json' } });
}

async function send(url, init) {
  let response;
  try {
    response = await fetch(url, { ...init, credentials: 'same-origin' });
  } catch {
    return { ok: false, error: t('web-network-error') };
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (response.ok && data) return { ok: true, data };
  const error = data && typeof data.error === 'string' && data.error ? data.error : t('web-network-error');
  return { ok: false, error };
}
