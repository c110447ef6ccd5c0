// Helpers shared by the boards: moves, promotion, scores and the
// evaluation bar.
import { $, h } from './dom.js';

/** Converts the server's {from: [to...]} into chessground's dests Map. */
export function toDests(obj) {
  const m = new Map();
  for (const [from, tos] of Object.entries(obj || {})) m.set(from, tos);
  return m;
}

/** The squares of a UCI move, for chessground's lastMove. */
export function squaresOf(uci) {
  return uci ? [uci.slice(0, 2), uci.slice(2, 4)] : undefined;
}

/** The colour whose turn it is in a FEN. */
export function turnOf(fen) {
  return fen.split(' ')[1] === 'b' ? 'black' : 'white';
}

/**
 * Whether the move just made on the board (orig to dest) is a pawn
 * reaching the last rank, which needs a promotion piece.
 */
export function needsPromotion(ground, dest) {
  const piece = ground.state.pieces.get(dest);
  return !!piece && piece.role === 'pawn' && (dest[1] === '8' || dest[1] === '1');
}

const roles = [['queen', 'q'], ['rook', 'r'], ['bishop', 'b'], ['knight', 'n']];

/**
 * Asks which piece a pawn promotes to.
 * @param {'white'|'black'} color
 * @returns {Promise<string|null>} 'q', 'r', 'b', 'n', or null if cancelled
 */
export function pickPromotion(color) {
  const overlay = $('promotion');
  return new Promise((resolve) => {
    const done = (v) => {
      overlay.hidden = true;
      overlay.replaceChildren();
      document.removeEventListener('keydown', onKey);
      resolve(v);
    };
    const onKey = (e) => { if (e.key === 'Escape') done(null); };
    const choices = h('div.choices.cg-wrap');
    for (const [role, letter] of roles) {
      choices.append(h('button', {
        type: 'button', title: role, 'data-role': role, 'aria-label': `promote to ${role}`,
        onclick: (e) => { e.stopPropagation(); done(letter); },
      }, h(`piece.${role}.${color}`)));
    }
    overlay.replaceChildren(choices);
    overlay.onclick = () => done(null);
    document.addEventListener('keydown', onKey);
    overlay.hidden = false;
  });
}

/** A score for White as text: "+0.35", "-1.20", "#3", "#-2". */
export function scoreText(info) {
  if (info.mate) return `#${info.mate}`;
  const s = info.scoreCp / 100;
  return (s > 0 ? '+' : '') + s.toFixed(2);
}

/** White's share of the evaluation bar, 0 to 1. */
function whiteShare(info) {
  if (info.mate) return info.mate > 0 ? 1 : 0;
  // A logistic curve: ±4 pawns fill most of the bar.
  return 1 / (1 + Math.exp(-info.scoreCp / 250));
}

/** Sets an evaluation bar from engine output (null: even). */
export function setEvalBar(el, info, orientation) {
  const share = info ? whiteShare(info) : 0.5;
  el.classList.toggle('flipped', orientation === 'black');
  el.querySelector('.fill').style.height = `${(share * 100).toFixed(1)}%`;
  el.querySelector('.label').textContent = info ? scoreText(info) : '';
  el.title = info ? `evaluation ${scoreText(info)} (depth ${info.depth})` : '';
}

/** The engine's line as numbered SAN text, from a position's FEN. */
export function pvText(fen, pv) {
  const parts = fen.split(' ');
  let white = parts[1] !== 'b';
  let num = parseInt(parts[5] || '1', 10);
  const out = [];
  pv.forEach((san, i) => {
    if (white) out.push(`${num}. ${san}`);
    else out.push(i === 0 ? `${num}… ${san}` : san);
    if (!white) num++;
    white = !white;
  });
  return out.join(' ');
}

/** Formats milliseconds as m:ss (h:mm:ss from an hour; tenths under 10 s). */
export function clockText(ms) {
  ms = Math.max(0, ms);
  const total = Math.floor(ms / 1000);
  const hh = Math.floor(total / 3600);
  const mm = Math.floor((total % 3600) / 60);
  const ss = total % 60;
  const p2 = (n) => String(n).padStart(2, '0');
  if (hh > 0) return `${hh}:${p2(mm)}:${p2(ss)}`;
  if (ms < 10000) return `${mm}:${p2(ss)}.${Math.floor((ms % 1000) / 100)}`;
  return `${mm}:${p2(ss)}`;
}

/** The sentence that announces a result. */
export function resultText(result, reason) {
  const who = result === '1-0' ? 'White wins' : result === '0-1' ? 'Black wins' : result === '1/2-1/2' ? 'Draw' : 'Game over';
  const why = {
    checkmate: 'by checkmate',
    stalemate: 'by stalemate',
    'threefold repetition': 'by threefold repetition',
    'fivefold repetition': 'by fivefold repetition',
    'fifty-move rule': 'by the fifty-move rule',
    '75-move rule': 'by the 75-move rule',
    'insufficient material': 'by insufficient material',
    time: 'on time',
    'time (insufficient material to win)': 'on time, with too little material to win',
    resignation: 'by resignation',
    agreement: 'by agreement',
  }[reason];
  const tail = why || (reason ? `(${reason})` : '');
  return `${who} ${tail} — ${result}`.replace('  ', ' ');
}
