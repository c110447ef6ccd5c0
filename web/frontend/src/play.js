// The play view: a game against Ferz, its clocks, its moves and the
// engine's output, kept in step with the server by server-sent events.
import { Chessground } from 'chessground';
import { get, post } from './api.js';
import { $, h, say } from './dom.js';
import {
  clockText, needsPromotion, pickPromotion, pvText, resultText, scoreText, setEvalBar, squaresOf, toDests,
} from './board.js';

/** The state of the play view. */
const st = {
  ground: null,
  game: null, // the server's GameView
  ply: null, // the ply shown when browsing back, or null for the live position
  orientation: 'white',
  info: null, // the engine's latest output on this game
  hint: null, // a hinted move (UCI) for the current ply
  hintPly: -1,
  events: null, // EventSource
  receivedAt: 0, // when the clocks were received (performance.now())
  resignArmed: false,
  onShow: null,
};

/** Sets up the play view's board and controls. */
export function initPlay({ openAnalysis, newGame }) {
  st.ground = Chessground($('play-board'), {
    coordinates: true,
    animation: { enabled: true, duration: 180 },
    highlight: { lastMove: true, check: true },
    movable: { free: false, showDests: true, events: { after: onBoardMove } },
    premovable: { enabled: false },
    draggable: { showGhost: true },
    drawable: { enabled: true, visible: true },
  });
  $('show-engine').checked = localStorage.getItem('ferz.showEngine') === '1';
  $('show-engine').addEventListener('change', () => {
    localStorage.setItem('ferz.showEngine', $('show-engine').checked ? '1' : '0');
    render();
  });
  $('typed-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    const text = $('typed-move').value.trim();
    if (!text) return;
    if (await sendMove(text)) $('typed-move').value = '';
  });
  $('btn-flip').addEventListener('click', () => {
    st.orientation = st.orientation === 'white' ? 'black' : 'white';
    render();
  });
  $('btn-takeback').addEventListener('click', () => action('takeback', 'Move taken back.'));
  $('btn-resign').addEventListener('click', () => {
    if (!st.resignArmed) {
      st.resignArmed = true;
      $('btn-resign').textContent = 'Really resign?';
      setTimeout(() => { st.resignArmed = false; $('btn-resign').textContent = 'Resign'; }, 4000);
      return;
    }
    st.resignArmed = false;
    $('btn-resign').textContent = 'Resign';
    action('resign', '');
  });
  $('btn-draw').addEventListener('click', offerDraw);
  $('btn-hint').addEventListener('click', hint);
  $('btn-new').addEventListener('click', () => newGame());
  $('btn-analyse').addEventListener('click', () => st.game && openAnalysis(st.game.id, currentPly()));
  $('btn-pgn').addEventListener('click', showPGN);
  $('nav-first').addEventListener('click', () => browse(0));
  $('nav-prev').addEventListener('click', () => browse(currentPly() - 1));
  $('nav-next').addEventListener('click', () => browse(currentPly() + 1));
  $('nav-last').addEventListener('click', () => browse(null));
  document.addEventListener('keydown', (e) => {
    if ($('view-play').hidden || !st.game || e.target.closest('input, textarea, select, dialog')) return;
    if (e.key === 'ArrowLeft') browse(currentPly() - 1);
    else if (e.key === 'ArrowRight') browse(currentPly() + 1);
    else return;
    e.preventDefault();
  });
  $('pgn-close').addEventListener('click', () => $('pgn-dialog').close());
  $('pgn-copy').addEventListener('click', () => navigator.clipboard?.writeText($('pgn-text').value));
  setInterval(renderClocks, 100);
}

/** Opens game id in the play view and follows it. */
export async function openGame(id) {
  const game = await get(`/api/games/${id}`);
  if (st.events) st.events.close();
  st.events = null;
  st.info = null;
  st.hint = null;
  st.ply = null;
  st.orientation = game.imported ? 'white' : game.settings.human;
  applyState(game);
  st.ground.redrawAll();
  say($('play-message'), '');
  return game;
}

/** Follows game id's events (its state and the engine's output). */
function follow(id) {
  const es = new EventSource(`/api/games/${id}/events`);
  st.events = es;
  es.addEventListener('state', (e) => applyState(JSON.parse(e.data)));
  es.addEventListener('info', (e) => {
    const info = JSON.parse(e.data);
    if (st.game && st.game.id === Number(id)) {
      st.info = info;
      renderEngine();
    }
  });
}

/** Stops following the game (the view is left). */
export function leavePlay() {
  if (st.events) st.events.close();
  st.events = null;
}

/** The game shown, or null. */
export const currentGame = () => st.game;

/** The ply on the board. */
function currentPly() {
  return st.ply === null ? st.game.moves.length : st.ply;
}

/** Shows ply (null: the live position). */
function browse(ply) {
  if (!st.game) return;
  if (ply !== null) ply = Math.max(0, Math.min(ply, st.game.moves.length));
  st.ply = ply === st.game.moves.length ? null : ply;
  render();
}

/** Takes a new state from the server. */
function applyState(game) {
  // An answer can arrive after a newer event about the same game.
  if (st.game && st.game.id === game.id && game.rev < st.game.rev) return;
  const moved = !st.game || st.game.id !== game.id || st.game.moves.length !== game.moves.length;
  st.game = game;
  st.receivedAt = performance.now();
  if (st.ply !== null && st.ply > game.moves.length) st.ply = null;
  if (moved && st.ply !== null && !game.over) st.ply = null; // follow the game as it moves
  // Follow a game in progress; a finished one changes only on a
  // takeback, whose answer comes back here.
  if (game.over && st.events) {
    st.events.close();
    st.events = null;
  } else if (!game.over && !st.events && !$('view-play').hidden) {
    follow(game.id);
  }
  render();
}

/** The person's colour, or null in an imported game. */
function human() {
  return st.game.imported ? null : st.game.settings.human;
}

/** Draws everything from the state. */
function render() {
  const g = st.game;
  if (!g) return;
  $('view-play').dataset.game = g.id;
  const ply = currentPly();
  const live = ply === g.moves.length;
  const fen = ply === 0 ? g.startFen : g.moves[ply - 1].fen;
  const turn = fen.split(' ')[1] === 'b' ? 'black' : 'white';
  const check = ply === 0 ? g.startCheck : g.moves[ply - 1].check;
  const myTurn = live && !g.over && human() === turn && !g.thinking;
  st.ground.set({
    fen,
    orientation: st.orientation,
    turnColor: turn,
    lastMove: ply > 0 ? squaresOf(g.moves[ply - 1].uci) : undefined,
    check: check ? turn : false,
    movable: { color: myTurn ? turn : undefined, dests: myTurn ? toDests(g.position.dests) : new Map() },
  });
  if (!live || g.over) st.ground.cancelMove();

  // Players and clocks: the board's near side at the bottom.
  const bottom = st.orientation;
  const top = bottom === 'white' ? 'black' : 'white';
  $('player-top').querySelector('.name').textContent = `${top === 'white' ? '♔' : '♚'} ${g[top]}`;
  $('player-bottom').querySelector('.name').textContent = `${bottom === 'white' ? '♔' : '♚'} ${g[bottom]}`;
  $('player-top').dataset.color = top;
  $('player-bottom').dataset.color = bottom;
  renderClocks();

  // Status and result.
  const status = $('play-status');
  if (g.over) status.textContent = g.imported ? 'Imported game' : 'Game over';
  else if (g.thinking) status.replaceChildren(h('span.spinner'), 'Ferz is thinking…');
  else if (human() === g.position.turn) status.textContent = g.position.check ? 'Your move — you are in check!' : 'Your move';
  else status.textContent = 'Ferz to move';
  status.dataset.state = g.over ? 'over' : g.thinking ? 'thinking' : 'waiting';
  const result = $('play-result');
  result.hidden = !(g.over && g.result !== '*');
  result.textContent = g.over ? resultText(g.result, g.reason) : '';

  renderMoves();
  renderEngine();

  const playing = !g.over && !g.imported;
  $('btn-takeback').disabled = !g.canTakeBack;
  $('btn-hint').disabled = !(playing && human() === g.position.turn && !g.thinking);
  $('btn-draw').disabled = !playing;
  $('btn-resign').disabled = !playing;
  $('typed-move').disabled = !playing;
  $('nav-first').disabled = $('nav-prev').disabled = ply === 0;
  $('nav-next').disabled = $('nav-last').disabled = live;
}

/** Draws the move list. */
function renderMoves() {
  const g = st.game;
  const box = $('play-moves');
  const ply = currentPly();
  const blackFirst = g.startFen.split(' ')[1] === 'b';
  let num = parseInt(g.startFen.split(' ')[5] || '1', 10);
  const cells = [];
  let col = 0;
  if (blackFirst && g.moves.length) {
    cells.push(h('span.num', { text: `${num}.` }), h('span.mv.empty', { text: '…' }));
    col = 1;
  }
  g.moves.forEach((m, i) => {
    if (col === 0) cells.push(h('span.num', { text: `${num}.` }));
    const cell = h('span.mv', { text: m.san, 'data-ply': i + 1, title: m.book ? 'book move' : undefined, onclick: () => browse(i + 1) });
    if (i + 1 === ply) cell.classList.add('current');
    if (m.book) cell.classList.add('book');
    cells.push(cell);
    col ^= 1;
    if (col === 0) num++;
  });
  box.replaceChildren(...cells);
  const cur = box.querySelector('.current');
  if (cur) cur.scrollIntoView({ block: 'nearest' });
}

/** Draws the engine's output, the evaluation bar and the arrows. */
function renderEngine() {
  const g = st.game;
  if (!g) return;
  const show = $('show-engine').checked;
  const live = currentPly() === g.moves.length;
  const info = st.info && st.info.ply === g.moves.length ? st.info : null;
  const out = $('play-engine');
  out.hidden = !show;
  $('play-evalbar').hidden = !show;
  // Ferz's last move, when it came from the opening book and no search
  // has run since.
  const last = g.moves[g.moves.length - 1];
  const book = last && last.book && !info ? last : null;
  if (show) {
    setEvalBar($('play-evalbar'), st.info, st.orientation);
    if (book) {
      const before = g.moves.length > 1 ? g.moves[g.moves.length - 2].fen : g.startFen;
      out.replaceChildren(
        h('div.book', { text: `Ferz played ${pvText(before, [book.san])}: book move` }),
        h('div.muted', { text: 'from the opening book, without a search' }),
      );
    } else if (st.info) {
      const before = st.info.ply === 0 ? g.startFen : g.moves[st.info.ply - 1]?.fen || g.position.fen;
      const nps = st.info.nps ? ` · ${(st.info.nps / 1e6).toFixed(2)} Mnps` : '';
      out.replaceChildren(
        h('div', { text: `Depth ${st.info.depth} · ${scoreText(st.info)}${nps}${info ? '' : ' (last search)'}` }),
        h('div.pv', { text: pvText(before, st.info.pv) }),
      );
    } else {
      out.textContent = 'The engine has not searched yet.';
    }
  }
  const shapes = [];
  if (show && live && info && g.thinking && info.pvUci.length) {
    const u = info.pvUci[0];
    shapes.push({ orig: u.slice(0, 2), dest: u.slice(2, 4), brush: 'paleBlue' });
  }
  if (st.hint && st.hintPly === g.moves.length && live) {
    shapes.push({ orig: st.hint.slice(0, 2), dest: st.hint.slice(2, 4), brush: 'green' });
  }
  st.ground.setAutoShapes(shapes);
}

/** Updates the clocks, counting down the one that runs. */
function renderClocks() {
  const g = st.game;
  if (!g || $('view-play').hidden) return;
  for (const id of ['player-top', 'player-bottom']) {
    const el = $(id).querySelector('.clock');
    const color = $(id).dataset.color;
    if (!g.clocks) {
      el.textContent = '';
      continue;
    }
    let ms = g.clocks[color];
    const running = g.clocks.running === color;
    if (running) ms -= performance.now() - st.receivedAt;
    el.textContent = clockText(ms);
    el.classList.toggle('running', running);
    el.classList.toggle('low', ms < 10000);
  }
}

/** Handles a move made on the board. */
async function onBoardMove(orig, dest) {
  let uci = orig + dest;
  if (needsPromotion(st.ground, dest)) {
    const piece = await pickPromotion(st.game.position.turn);
    if (!piece) {
      render(); // put the pawn back
      return;
    }
    uci += piece;
  }
  await sendMove(uci);
}

/** Sends a move; reports whether the server played it. */
async function sendMove(text) {
  const g = st.game;
  try {
    const view = await post(`/api/games/${g.id}/move`, { move: text, ply: g.moves.length });
    say($('play-message'), '');
    st.ply = null;
    applyState(view);
    return true;
  } catch (e) {
    say($('play-message'), e.message);
    render();
    return false;
  }
}

/**
 * Posts a game action (POST /api/games/ID/name) and hands its answer to
 * done; an error goes to the message line.
 */
async function postAction(name, done) {
  try {
    done(await post(`/api/games/${st.game.id}/${name}`));
  } catch (e) {
    say($('play-message'), e.message);
  }
}

/** Runs a game action (takeback, resign) and shows its outcome. */
function action(name, okText) {
  return postAction(name, (view) => {
    say($('play-message'), okText, true);
    st.ply = null;
    applyState(view);
  });
}

/** Offers a draw. */
function offerDraw() {
  say($('play-message'), 'Ferz considers your offer…', true);
  return postAction('draw', (ans) => {
    say($('play-message'), ans.message, ans.accepted);
    applyState(ans.game);
  });
}

/** Asks for a hint and draws it as a green arrow. */
function hint() {
  say($('play-message'), 'Looking for a good move…', true);
  return postAction('hint', (ans) => {
    st.hint = ans.uci;
    st.hintPly = st.game.moves.length;
    say($('play-message'), `Hint: ${ans.san} (${ans.book ? 'book' : scoreText(ans.info)})`, true);
    renderEngine();
  });
}

/** Shows the game's PGN. */
async function showPGN() {
  try {
    const text = await get(`/api/games/${st.game.id}/pgn`);
    $('pgn-text').value = text;
    $('pgn-download').href = `/api/games/${st.game.id}/pgn?download=1`;
    $('pgn-dialog').showModal();
  } catch (e) {
    say($('play-message'), e.message);
  }
}

/** Redraws the board after the view is shown (its size may have changed). */
export function showPlay() {
  st.ground.redrawAll();
  render();
}
