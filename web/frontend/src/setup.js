// The set-up view: place pieces on a board, or type a FEN, then play or
// analyse from there.
import { Chessground } from 'chessground';
import { post } from './api.js';
import { $, h, say } from './dom.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR';
const roles = ['king', 'queen', 'rook', 'bishop', 'knight', 'pawn'];

const su = {
  ground: null,
  tool: null, // {role, color} to place on clicked squares, 'trash', or null
};

/** Sets up the editor. */
export function initSetup({ play, analyse }) {
  su.ground = Chessground($('setup-board'), {
    fen: START,
    coordinates: true,
    movable: { free: true, color: 'both', showDests: false },
    premovable: { enabled: false },
    draggable: { deleteOnDropOff: true, showGhost: true },
    highlight: { lastMove: false, check: false },
    drawable: { enabled: false },
    events: { change: onBoardChange, select: onSelect },
  });
  for (const color of ['white', 'black']) {
    const box = $(`palette-${color}`);
    box.classList.add('cg-wrap');
    for (const role of roles) {
      const item = h('div.spare', { 'data-role': role, 'data-color': color, title: `${color} ${role}` }, h(`piece.${role}.${color}`));
      item.addEventListener('mousedown', (e) => startDrag(e, { role, color }, item));
      item.addEventListener('touchstart', (e) => startDrag(e, { role, color }, item), { passive: false });
      box.append(item);
    }
    if (color === 'white') {
      const trash = h('div.spare.trash', { title: 'remove pieces', 'data-role': 'trash', text: '✕' });
      trash.addEventListener('click', () => pickTool('trash', trash));
      box.append(trash);
    }
  }
  $('setup-turn').addEventListener('change', writeFEN);
  for (const c of 'KQkq') $(`castle-${c}`).addEventListener('change', writeFEN);
  $('setup-start').addEventListener('click', () => load(`${START} w KQkq - 0 1`));
  $('setup-clear').addEventListener('click', () => load('8/8/8/8/8/8/8/8 w - - 0 1'));
  $('setup-flip').addEventListener('click', () => su.ground.toggleOrientation());
  $('setup-fen-form').addEventListener('submit', (e) => {
    e.preventDefault();
    load($('setup-fen').value.trim());
  });
  $('setup-play').addEventListener('click', async () => {
    const fen = await checked();
    if (fen) play(fen);
  });
  $('setup-analyse').addEventListener('click', async () => {
    const fen = await checked();
    if (fen) analyse(fen);
  });
}

/** Opens the editor on a position (default: the start position). */
export function showSetup(fen) {
  su.ground.redrawAll();
  if (fen) load(fen);
  else if (!$('setup-fen').value) load(`${START} w KQkq - 0 1`);
}

/** Puts a FEN's position on the editor board. */
function load(fen) {
  const parts = fen.split(/\s+/);
  su.ground.set({ fen: parts[0], lastMove: undefined });
  $('setup-turn').value = parts[1] === 'b' ? 'b' : 'w';
  const castling = parts[2] || '-';
  for (const c of 'KQkq') $(`castle-${c}`).checked = castling.includes(c);
  say($('setup-message'), '');
  onBoardChange();
}

/** A piece dragged (or picked) from a box. */
function startDrag(e, piece, item) {
  if (e.button !== undefined && e.button !== 0) return;
  e.preventDefault();
  pickTool(piece, item);
  su.ground.dragNewPiece({ role: piece.role, color: piece.color }, e, true);
}

/** Chooses what a click on the board does (the same tool again: nothing). */
function pickTool(tool, item) {
  const same = su.tool && item.classList.contains('selected');
  document.querySelectorAll('.palette .spare').forEach((el) => el.classList.remove('selected'));
  su.tool = same ? null : tool;
  if (su.tool) item.classList.add('selected');
  su.ground.set({ movable: { color: su.tool ? undefined : 'both' } });
}

/** A click on a square with a tool places or removes a piece. */
function onSelect(key) {
  if (!su.tool) return;
  const piece = su.tool === 'trash' ? undefined : { role: su.tool.role, color: su.tool.color };
  su.ground.setPieces(new Map([[key, piece]]));
  su.ground.selectSquare(null);
  onBoardChange();
}

/** The board changed: castling rights that no longer fit are dropped. */
function onBoardChange() {
  const p = su.ground.state.pieces;
  const is = (k, role, color) => p.get(k)?.role === role && p.get(k)?.color === color;
  const fits = {
    K: is('e1', 'king', 'white') && is('h1', 'rook', 'white'),
    Q: is('e1', 'king', 'white') && is('a1', 'rook', 'white'),
    k: is('e8', 'king', 'black') && is('h8', 'rook', 'black'),
    q: is('e8', 'king', 'black') && is('a8', 'rook', 'black'),
  };
  for (const c of 'KQkq') {
    $(`castle-${c}`).disabled = !fits[c];
    if (!fits[c]) $(`castle-${c}`).checked = false;
  }
  writeFEN();
}

/** The full FEN of the editor. */
function fen() {
  let castling = '';
  for (const c of 'KQkq') if ($(`castle-${c}`).checked) castling += c;
  return `${su.ground.getFen()} ${$('setup-turn').value} ${castling || '-'} - 0 1`;
}

/** Writes the editor's FEN into the FEN field. */
function writeFEN() {
  $('setup-fen').value = fen();
}

/** Asks the server whether the position is legal; returns its FEN or null. */
async function checked() {
  const f = $('setup-fen').value.trim() || fen();
  try {
    const ans = await post('/api/position', { fen: f });
    if (ans.position.status) {
      say($('setup-message'), `This position is already over (${ans.position.status}).`);
      return null;
    }
    return ans.position.fen;
  } catch (e) {
    say($('setup-message'), e.message);
    return null;
  }
}
