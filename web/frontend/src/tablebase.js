// The tablebase panel of the analysis view: for a position of few pieces,
// the Syzygy tables' result and distance to zeroing, and every move's.
import { get } from './api.js';
import { h } from './dom.js';

const results = {
  win: 'win',
  'cursed win': 'win, drawn by the 50-move rule',
  draw: 'draw',
  'blessed loss': 'loss, drawn by the 50-move rule',
  loss: 'loss',
};

let asked = 0; // the latest request: older answers are dropped

/**
 * Shows in box what the tablebases say about fen, or hides box when the
 * position is not in them. A click on a move calls onMove with its UCI.
 * @param {HTMLElement} box
 * @param {string} fen
 * @param {(uci: string) => void} onMove
 */
export async function showTablebase(box, fen, onMove) {
  const n = ++asked;
  let tb;
  try {
    tb = await get(`/api/tablebase?fen=${encodeURIComponent(fen)}`);
  } catch (e) {
    tb = { found: false };
  }
  if (n !== asked) return;
  box.hidden = !tb.found;
  if (!tb.found) {
    box.replaceChildren();
    return;
  }
  const items = (tb.moves || []).map((m) => h(`li.${m.wdl.replace(' ', '-')}${m.best ? '.best' : ''}`,
    { onclick: () => onMove(m.uci), title: 'play this move' },
    h('span.san', { text: m.san }),
    h('span.tbres', { text: results[m.wdl] + (m.dtz ? ` · DTZ ${Math.abs(m.dtz)}` : '') })));
  box.replaceChildren(
    h('p.tbverdict', {
      text: `Tablebase: ${tb.text}`,
      title: 'Syzygy tablebases. DTZ: plies to the next capture, pawn move or mate on the way to the result.',
    }),
    h('ol.tbmoves', {}, ...items));
}

/** Hides the panel (no position shown). */
export function hideTablebase(box) {
  asked++;
  box.hidden = true;
  box.replaceChildren();
}
