// The page's words: messages of locales/<lang>/web.ftl, delivered by the server in #mq-strings
// as an object id → text, where each variable appears as the literal text {name}.

let strings = {};

/** Reads the words from the JSON block `#mq-strings`. */
export function loadStrings() {
  const block = document.getElementById('mq-strings');
  try {
    strings = JSON.parse(block ? block.textContent : '{}') || {};
  } catch {
    strings = {};
  }
}

/** Takes `words` (an object id → text) as the page's words from now on. */
export function useStrings(words) {
  strings = words && typeof words === 'object' ? words : {};
}

/** The message `id` with each `{name}` replaced by `vars[name]` (plain text, never HTML). */
export function t(id, vars = {}) {
  const text = Object.prototype.hasOwnProperty.call(strings, id) ? String(strings[id]) : id;
  return text.replace(/\{([A-Za-z][\w-]*)\}/g, (whole, name) =>
    Object.prototype.hasOwnProperty.call(vars, name) ? String(vars[name]) : whole);
}
