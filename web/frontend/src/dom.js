// Small DOM helpers.

/** @returns {HTMLElement} the element with the given id. */
export const $ = (id) => document.getElementById(id);

/**
 * Makes an element.
 * @param {string} tag tag name, with optional .classes
 * @param {object} [attrs] attributes and properties (on* are listeners)
 * @param {...(Node|string)} children
 */
export function h(tag, attrs = {}, ...children) {
  const [name, ...classes] = tag.split('.');
  const el = document.createElement(name);
  if (classes.length) el.className = classes.join(' ');
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (k === 'text') el.textContent = v;
    else el.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children) el.append(c);
  return el;
}

/** Shows a message in el (an error unless ok). */
export function say(el, text, ok = false) {
  el.textContent = text || '';
  el.classList.toggle('ok', !!ok);
}
