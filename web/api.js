// Talking to the server: JSON posts that answer with a state, or an error sentence already in
// the viewer's language.

import { t } from './i18n.js';

/** POSTs `body` as JSON; resolves to { ok: true, data } or { ok: false, error }. */
export async function postJson(url, body) {
  let response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
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
