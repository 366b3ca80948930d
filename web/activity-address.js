// Where a page runs: inside the Activity (Discord's iframe, or the SDK's mock where the server
// allows it) or on the open web, and the addresses of the Activity's pages, which keep the
// parameters Discord puts in the address. Small, without the SDK: every game page asks.

import { readJson } from './dom.js';

/** What the server says about its Activity (`null` where it runs none). */
export const config = readJson('mq-activity', null) || {};

/** The page's address parameters. */
export const params = new URLSearchParams(location.search);

/** Whether this page runs inside the Activity, or in the SDK's mock where the server allows it. */
export function inActivity() {
  return Boolean(params.get('frame_id')) || Boolean(params.get('mock_code') && config.mock === true);
}

/**
 * The address of a page of the Activity (`/` as Discord opens it, `/activity` under the mock,
 * or `path`), with Discord's parameters kept and `hash`.
 */
export function activityAddress(path = null, hash = '') {
  const page = path || (params.get('frame_id') ? '/' : '/activity');
  return `${page}${location.search}${hash ? `#${hash}` : ''}`;
}
