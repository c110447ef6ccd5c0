// The analysis view: the engine analyses any position, several lines at
// once, and for a game an evaluation graph over its moves.
import { Chessground } from 'chessground';
import { get, post } from './api.js';
import { $, h, say } from './dom.js';
import { needsPromotion, pickPromotion, pvText, scoreText, setEvalBar, squaresOf, toDests, turnOf } from './board.js';
import { evalGraph } from './graph.js';
import { showTablebase } from './tablebase.js';

const an = {
  ground: null,
  nodes: [], // {fen, san, uci, check, dests} from the start position
  gameNodes: 0, // how many of nodes follow the game (graph range)
  gameLine: [], // the game's own nodes
  idx: 0,
  gameId: null,
  evals: null,
  marks: [],
  lines: [],
  events: null,
  running: true,
  orientation: 'white',
};

/** Sets up the analysis board and its controls. */
export function initAnalysis() {
  an.ground = Chessground($('an-board'), {
    coordinates: true,
    highlight: { lastMove: true, check: true },
    movable: { free: false, color: 'both', showDests: true, events: { after: onBoardMove } },
    premovable: { enabled: false },
    drawable: { enabled: true, visible: true },
  });
  $('an-first').addEventListener('click', () => show(0));
  $('an-prev').addEventListener('click', () => show(an.idx - 1));
  $('an-next').addEventListener('click', () => show(an.idx + 1));
  $('an-last').addEventListener('click', () => show(an.nodes.length - 1));
  $('an-flip').addEventListener('click', () => {
    an.orientation = an.orientation === 'white' ? 'black' : 'white';
    render();
  });
  $('an-lines').addEventListener('change', () => restartEngine());
  $('an-toggle').addEventListener('click', () => {
    an.running = !an.running;
    restartEngine();
  });
  $('an-fen-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const fen = $('an-fen').value.trim();
    if (fen) location.hash = `#/analysis?fen=${encodeURIComponent(fen)}`;
  });
  document.addEventListener('keydown', (e) => {
    if ($('view-analysis').hidden || e.target.closest('input, textarea, select, dialog')) return;
    if (e.key === 'ArrowLeft') show(an.idx - 1);
    else if (e.key === 'ArrowRight') show(an.idx + 1);
    else return;
    e.preventDefault();
  });
}

/** Analyses a stored game from ply (default: its end). */
export async function analyseGame(id, ply) {
  const g = await get(`/api/games/${id}`);
  an.gameId = id;
  an.nodes = [{ fen: g.startFen, check: g.startCheck }];
  for (const m of g.moves) an.nodes.push({ fen: m.fen, san: m.san, uci: m.uci, check: m.check });
  an.gameNodes = an.nodes.length;
  an.gameLine = an.nodes.slice();
  an.orientation = g.imported ? 'white' : g.settings.human;
  an.evals = null;
  an.marks = [];
  $('an-title').textContent = `Analysis of game ${id}: ${g.white} – ${g.black} (${g.result})`;
  say($('an-message'), '');
  const last = an.nodes.length - 1;
  show(ply === undefined || ply === null ? last : Math.min(ply, last));
  loadGraph(id, g);
}

/** Analyses a position given by its FEN. */
export async function analyseFEN(fen) {
  const ans = await post('/api/position', { fen });
  an.gameId = null;
  an.nodes = [{ fen: ans.position.fen, check: ans.position.check, dests: ans.position.dests }];
  an.gameNodes = 0;
  an.evals = null;
  an.marks = [];
  an.orientation = turnOf(ans.position.fen);
  $('an-title').textContent = 'Analysis';
  $('an-graph').hidden = true;
  say($('an-message'), '');
  show(0);
}

/** Stops the engine (the view is left). */
export function leaveAnalysis() {
  if (an.events) an.events.close();
  an.events = null;
}

/** Redraws the board after the view is shown. */
export function showAnalysis() {
  an.ground.redrawAll();
  render();
}

/** Shows node i and analyses it. */
async function show(i) {
  if (!an.nodes.length) return;
  an.idx = Math.max(0, Math.min(i, an.nodes.length - 1));
  const node = an.nodes[an.idx];
  render();
  restartEngine();
  showTablebase($('an-tb'), node.fen, playUCI);
  if (!node.dests) {
    try {
      const ans = await post('/api/position', { fen: node.fen });
      node.dests = ans.position.dests;
      if (an.nodes[an.idx] === node) render();
    } catch (e) {
      say($('an-message'), e.message);
    }
  }
}

/** Draws the board, the moves, the lines and the graph's cursor. */
function render() {
  const node = an.nodes[an.idx];
  if (!node) return;
  const turn = turnOf(node.fen);
  an.ground.set({
    fen: node.fen,
    orientation: an.orientation,
    turnColor: turn,
    lastMove: squaresOf(node.uci),
    check: node.check ? turn : false,
    movable: { color: turn, dests: toDests(node.dests) },
  });
  $('an-fen').value = node.fen;
  renderMoves();
  renderLines();
  renderGraph();
  $('an-first').disabled = $('an-prev').disabled = an.idx === 0;
  $('an-next').disabled = $('an-last').disabled = an.idx === an.nodes.length - 1;
}

/** Draws the moves from the start position. */
function renderMoves() {
  const box = $('an-moves');
  const first = an.nodes[0].fen.split(' ');
  let num = parseInt(first[5] || '1', 10);
  let col = first[1] === 'b' ? 1 : 0;
  const cells = [];
  if (col === 1 && an.nodes.length > 1) cells.push(h('span.num', { text: `${num}.` }), h('span.mv', { text: '…' }));
  const kinds = new Map(an.marks.map((m) => [m.ply, m.kind]));
  an.nodes.slice(1).forEach((n, i) => {
    if (col === 0) cells.push(h('span.num', { text: `${num}.` }));
    const cell = h('span.mv', { text: n.san, 'data-ply': i + 1, onclick: () => show(i + 1) });
    if (i + 1 === an.idx) cell.classList.add('current');
    if (i + 1 < an.gameNodes && kinds.has(i + 1)) cell.classList.add(kinds.get(i + 1));
    cells.push(cell);
    col ^= 1;
    if (col === 0) num++;
  });
  box.replaceChildren(...cells);
  box.querySelector('.current')?.scrollIntoView({ block: 'nearest' });
}

/** Draws the engine's lines, the bar and the arrows of the lines. */
function renderLines() {
  const node = an.nodes[an.idx];
  const out = $('an-lines-out');
  const items = an.lines.filter(Boolean).map((l) => h('li', {},
    h('span.score', { text: scoreText(l) }), h('span.depth', { text: `depth ${l.depth}` }), pvText(node.fen, l.pv.slice(0, 12))));
  out.replaceChildren(...items);
  setEvalBar($('an-evalbar'), an.lines[0] || null, an.orientation);
  const shapes = [];
  an.lines.forEach((l, i) => {
    if (!l || !l.pvUci.length) return;
    const u = l.pvUci[0];
    shapes.push({ orig: u.slice(0, 2), dest: u.slice(2, 4), brush: i === 0 ? 'paleBlue' : 'paleGrey' });
  });
  an.ground.setAutoShapes(shapes);
}

/** (Re)starts the analysis of the node shown, or stops it. */
function restartEngine() {
  if (an.events) an.events.close();
  an.events = null;
  an.lines = [];
  $('an-toggle').textContent = an.running ? 'Stop' : 'Analyse';
  if (!an.running || $('view-analysis').hidden || !an.nodes.length) {
    $('an-state').textContent = an.running ? '' : 'stopped';
    renderLines();
    return;
  }
  const node = an.nodes[an.idx];
  const lines = $('an-lines').value;
  const es = new EventSource(`/api/analysis?fen=${encodeURIComponent(node.fen)}&lines=${lines}`);
  an.events = es;
  $('an-state').textContent = 'analysing…';
  es.addEventListener('line', (e) => {
    if (an.events !== es) return;
    const l = JSON.parse(e.data);
    an.lines[l.line - 1] = l;
    $('an-state').textContent = `depth ${l.depth}`;
    renderLines();
  });
  es.addEventListener('over', (e) => {
    const d = JSON.parse(e.data);
    $('an-state').textContent = `${d.reason} (${d.result})`;
    es.close();
  });
  es.onerror = () => {
    if (an.events !== es) return;
    es.close();
    an.events = null;
    $('an-state').textContent = 'the analysis stopped (too many running in other tabs?)';
  };
}

/** Plays a move on the analysis board. */
async function onBoardMove(orig, dest) {
  const node = an.nodes[an.idx];
  let uci = orig + dest;
  if (needsPromotion(an.ground, dest)) {
    const p = await pickPromotion(turnOf(node.fen));
    if (!p) return render();
    uci += p;
  }
  return playUCI(uci);
}

/** Plays the move uci from the node shown. */
async function playUCI(uci) {
  const node = an.nodes[an.idx];
  try {
    const ans = await post('/api/position', { fen: node.fen, move: uci });
    const next = an.nodes[an.idx + 1];
    if (next && next.uci === ans.uci) return show(an.idx + 1);
    an.nodes = an.nodes.slice(0, an.idx + 1);
    an.gameNodes = Math.min(an.gameNodes, an.nodes.length);
    an.nodes.push({ fen: ans.position.fen, san: ans.san, uci: ans.uci, check: ans.position.check, dests: ans.position.dests });
    show(an.idx + 1);
  } catch (e) {
    say($('an-message'), e.message);
    render();
  }
}

/** Loads the evaluation graph of a game. */
async function loadGraph(id, g) {
  const box = $('an-graph');
  if (!g.moves.length) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  box.replaceChildren(h('p.muted', { text: `Evaluating the game's ${g.moves.length + 1} positions…` }));
  try {
    const ans = await get(`/api/games/${id}/evals`);
    if (an.gameId !== id) return;
    an.evals = ans.evals;
    an.marks = ans.marks;
    render();
  } catch (e) {
    box.replaceChildren(h('p.message', { text: e.message }));
  }
}

/** Draws the graph with the current node marked. */
function renderGraph() {
  const box = $('an-graph');
  if (!an.evals || !an.gameId) return;
  const sans = an.gameLine.slice(1).map((n) => n.san);
  box.replaceChildren(evalGraph(an.evals, an.marks, sans, an.idx < an.gameNodes ? an.idx : -1, (ply) => {
    an.nodes = an.gameLine.slice();
    an.gameNodes = an.nodes.length;
    show(ply);
  }));
  const n = an.marks.length;
  box.append(h('p.muted', { text: 'White’s advantage is light, Black’s dark; orange dots mark mistakes, red dots blunders.' }));
  box.append(h('p.muted', { text: n ? `${n} move${n > 1 ? 's' : ''} lost a pawn or more: ${an.marks.map((m) => `${moveLabel(an.gameLine[0].fen, m.ply)} ${m.san}${m.kind === 'blunder' ? '??' : '?'}`).join(', ')}` : 'No move lost a pawn or more.' }));
}

/** The move number of ply (1 for the first move) as "12." or "12…". */
function moveLabel(startFen, ply) {
  const [, side, , , , full] = startFen.split(' ');
  const offset = side === 'b' ? 1 : 0;
  const num = parseInt(full || '1', 10) + Math.floor((ply - 1 + offset) / 2);
  return `${num}${(ply - 1 + offset) % 2 === 0 ? '.' : '…'}`;
}
