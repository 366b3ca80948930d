// Live updates: the server's stream of states for one game, as server-sent events (`follow`)
// or, in the Activity, over a WebSocket (`followSocket`: Discord's proxy carries those),
// reconnecting when it drops, with a short status in words for the page.

/**
 * Listens to `url`; calls `onState(state)` for every state and `onStatus('live' |
 * 'connecting' | 'reconnecting')` when the connection changes.
 */
export function follow(url, onState, onStatus) {
  let source = null;
  let retry = null;
  let delay = 2000;
  let connected = false;

  const open = () => {
    retry = null;
    source = new EventSource(url);
    if (!connected) onStatus('connecting');
    source.addEventListener('open', () => {
      connected = true;
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
  open();
}

/**
 * Like `follow`, over a WebSocket at `path` (on this page's host): each message is a state.
 */
export function followSocket(path, onState, onStatus) {
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`;
  let delay = 2000;
  let connected = false;

  const open = () => {
    const socket = new WebSocket(url);
    if (!connected) onStatus('connecting');
    socket.addEventListener('open', () => {
      connected = true;
      delay = 2000;
      onStatus('live');
    });
    socket.addEventListener('message', (event) => {
      let state = null;
      try {
        state = JSON.parse(event.data);
      } catch {
        return;
      }
      onState(state);
    });
    socket.addEventListener('close', () => {
      onStatus('reconnecting');
      setTimeout(open, delay);
      delay = Math.min(delay * 2, 30000);
    });
  };
  open();
}
