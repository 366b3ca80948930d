// A tournament's page: the server writes its live part (standings, crosstable, rounds) in the
// viewer's language; this follows the tournament's stream and puts each new version in place.
// The server escapes every name it writes; nothing here builds HTML from text.

import { loadStrings, t } from './i18n.js';
import { setText } from './dom.js';
import { follow } from './live.js';

const status = { live: 'web-live', connecting: 'web-connecting', reconnecting: 'web-reconnecting' };

/** Puts the server's new live part `html` in place of the old one. */
function show(root, html) {
  const parsed = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  root.replaceChildren(...parsed.body.childNodes);
}

function start() {
  loadStrings();
  const root = document.getElementById('mq-tournament');
  const conn = document.getElementById('mq-conn');
  const onStatus = (s) => {
    conn.dataset.state = s;
    setText(document.getElementById('mq-conn-text'), t(status[s]));
  };
  const path = `/api/tournaments/${encodeURIComponent(root.dataset.key)}/events`;
  follow(path, (next) => {
    if (next && typeof next.html === 'string') show(root, next.html);
  }, onStatus);
}

start();
