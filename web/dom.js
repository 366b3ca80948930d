// Building DOM and SVG nodes without HTML strings: text always goes in as textContent.

const SVG_NS = 'http://www.w3.org/2000/svg';

function fill(node, attrs, children) {
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === 'text') node.textContent = String(value);
    else if (name === 'class') node.setAttribute('class', value);
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children || []) {
    if (child !== null && child !== undefined) {
      node.append(typeof child === 'string' ? document.createTextNode(child) : child);
    }
  }
  return node;
}

/** An HTML element `tag` with attributes (`text` sets its text) and children. */
export function el(tag, attrs, children) {
  return fill(document.createElement(tag), attrs, children);
}

/** An SVG element `tag` with attributes and children. */
export function svg(tag, attrs, children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** Reads the JSON block with id `id`, or `fallback` if it is missing or broken. */
export function readJson(id, fallback) {
  const block = document.getElementById(id);
  if (!block) return fallback;
  try {
    return JSON.parse(block.textContent);
  } catch {
    return fallback;
  }
}

/** Sets the text of the element with id `id`, only when it changed (spares live regions). */
export function setText(node, text) {
  if (node && node.textContent !== text) node.textContent = text;
}
