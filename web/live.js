// Live updates: the server's stream of states for one game, as server-sent events (`follow`)
// or, in the Activity, over a WebSocket (`followSocket`: Discord's proxy carries those),
// reconnecting when it drops, with a short status in words for the page.
//
// A browser keeps at most six HTTP/1.1 connections to a host, shared by all its tabs, and an
// open stream holds one. So a page nobody sees (a hidden tab, a page left for another and kept
// in the back-forward cache) closes its stream, and opens it again when it is seen: the first
// state the server sends then brings it up to date. Pages never starve the one in front.

/**
 * Runs `connection.open()` while the page is seen and `connection.close()` while it is not
 * (hidden, or left), starting now.
 */
function whileSeen(connection) {
  let open = false;
  const update = () => {
    const seen = document.visibilityState === 'visible';
    if (seen && !open) connection.open();
    if (!seen && open) connection.close();
    open = seen;
  };
  document.addEventListener('visibilitychange', update);
  window.addEventListener('pageshow', update);
  window.addEventListener('pagehide', () => {
    if (open) connection.close();
    open = false;
  });
  update();
}

/**
 * Listens to `url`; calls `onState(state)` for every state and `onStatus('live' |
 * 'connecting' | 'reconnecting')` when the connection changes.
 */
export function follow(url, onState, onStatus) {
  let source = null;
  let retry = null;
  let delay = 2000;

  const open = () => {
    retry = null;
    source = new EventSource(url);
    onStatus('connecting');
    source.addEventListener('open', () => {
      delay = 2000;
      onStatus('live');
    });
    source.addEventListener('state', (event) => {
      let state = null;
      try {
        state = JSON.parse(event.data);
      } catch {
        return;
      }
      onStatus('live');
      onState(state);
    });
    source.addEventListener('error', () => {
      if (source.readyState === EventSource.CLOSED) {
        // The browser gave up (the server answered with an error): try again later.
        source.close();
        if (!retry) retry = setTimeout(open, delay);
        delay = Math.min(delay * 2, 30000);
      }
      onStatus('reconnecting');
    });
  };
  const close = () => {
    clearTimeout(retry);
    retry = null;
    if (source) source.close();
    source = null;
  };
  whileSeen({ open, close });
}

/**
 * Like `follow`, over a WebSocket at `path` (on this page's host): each message is a state.
 */
export function followSocket(path, onState, onStatus) {
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`;
  let socket = null;
  let retry = null;
  let delay = 2000;

  const open = () => {
    retry = null;
    const opened = new WebSocket(url);
    socket = opened;
    onStatus('connecting');
    opened.addEventListener('open', () => {
      delay = 2000;
      onStatus('live');
    });
    opened.addEventListener('message', (event) => {
      let state = null;
      try {
        state = JSON.parse(event.data);
      } catch {
        return;
      }
      onState(state);
    });
    opened.addEventListener('close', () => {
      // Closed here because the page is not seen: it opens again when it is.
      if (socket !== opened) return;
      onStatus('reconnecting');
      retry = setTimeout(open, delay);
      delay = Math.min(delay * 2, 30000);
    });
  };
  const close = () => {
    clearTimeout(retry);
    retry = null;
    const closing = socket;
    socket = null;
    if (closing) closing.close();
  };
  whileSeen({ open, close });
}
