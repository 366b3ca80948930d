// Talking to the server: JSON requests that answer with a state, or an error sentence already
// in the viewer's language.

import { t } from './i18n.js';

/**
 * POSTs `body` as JSON (with `headers`); resolves to { ok: true, data } or { ok: false, error },
 * with `timedOut: true` when `patienceMs` is given and the whole answer has not come by then
 * (the request is given up; the server may still have acted on it).
 */
export function postJson(url, body, headers = {}, patienceMs = null) {
  const init = {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  };
  if (patienceMs !== null) init.signal = AbortSignal.timeout(patienceMs);
  return send(url, init);
}

/** GETs JSON (with `headers`); resolves as `postJson` does. */
export function getJson(url, headers = {}) {
  return send(url, { headers: { ...headers, Accept: 'application/json' } });
}

/** The failure of a request that threw `error`. */
function failure(error) {
  return { ok: false, timedOut: error && error.name === 'TimeoutError', error: t('web-network-error') };
}

async function send(url, init) {
  let response;
  try {
    response = await fetch(url, { ...init, credentials: 'same-origin' });
  } catch (error) {
    return failure(error);
  }
  let data = null;
  try {
    data = await response.json();
  } catch (error) {
    if (error && error.name === 'TimeoutError') return failure(error);
    data = null;
  }
  if (response.ok && data) return { ok: true, data };
  const error = data && typeof data.error === 'string' && data.error ? data.error : t('web-network-error');
  return { ok: false, error };
}
