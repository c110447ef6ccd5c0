// The evaluation graph of a game, drawn as SVG.

const NS = 'http://www.w3.org/2000/svg';

/** Makes an SVG element. */
function svg(tag, attrs = {}) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

/** White's share (0 to 1) of a score in centipawns. */
const share = (cp) => 1 / (1 + Math.exp(-cp / 250));

/**
 * Draws evals (one score for White per position) as a plot, with the
 * moves of marks ({ply, kind, drop}) marked and position cursor (or -1)
 * shown; a click calls onPick with the ply nearest to it.
 * @returns {SVGSVGElement}
 */
export function evalGraph(evals, marks, sans, cursor, onPick) {
  const W = 600, H = 160;
  const n = Math.max(evals.length - 1, 1);
  const x = (i) => (i / n) * W;
  const y = (cp) => H * (1 - share(cp));
  const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': 'evaluation graph', id: 'eval-graph' });
  root.append(svg('rect', { x: 0, y: 0, width: W, height: H, fill: '#555' }));
  const pts = evals.map((e, i) => `${x(i).toFixed(1)},${y(e).toFixed(1)}`);
  root.append(svg('polygon', { class: 'area', points: `0,${H} ${pts.join(' ')} ${W},${H}`, fill: '#eee' }));
  root.append(svg('line', { class: 'mid', x1: 0, y1: H / 2, x2: W, y2: H / 2 }));
  root.append(svg('polyline', { class: 'line', points: pts.join(' ') }));
  for (const m of marks) {
    const c = svg('circle', { class: `mark ${m.kind}`, cx: x(m.ply), cy: y(evals[m.ply]), r: m.kind === 'blunder' ? 5 : 4 });
    const t = svg('title');
    t.textContent = `${sans[m.ply - 1] || ''}: ${m.kind}, lost ${(m.drop / 100).toFixed(1)}`;
    c.append(t);
    root.append(c);
  }
  if (cursor >= 0 && cursor < evals.length) {
    root.append(svg('line', { class: 'cursor', x1: x(cursor), y1: 0, x2: x(cursor), y2: H }));
  }
  root.addEventListener('click', (e) => {
    const r = root.getBoundingClientRect();
    const ply = Math.round(((e.clientX - r.left) / r.width) * n);
    onPick(Math.max(0, Math.min(ply, evals.length - 1)));
  });
  return root;
}
