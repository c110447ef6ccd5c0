// Ferz's browser board: the views (play, analysis, games, set-up), the
// new-game dialog and the routes (#/game/ID, #/analysis/ID,
// #/analysis?fen=FEN, #/games, #/setup).
import { get, post } from './api.js';
import { $, h, say } from './dom.js';
import { initPlay, openGame, leavePlay, showPlay, currentGame } from './play.js';
import { initAnalysis, analyseGame, analyseFEN, leaveAnalysis, showAnalysis } from './analysis.js';
import { initSetup, showSetup } from './setup.js';
import { initGames, showGames } from './games.js';

const views = ['play', 'analysis', 'games', 'setup'];

/** Shows one view and stops what the others run. */
function showView(name) {
  for (const v of views) $(`view-${v}`).hidden = v !== name;
  if (name !== 'play') leavePlay();
  if (name !== 'analysis') leaveAnalysis();
  document.body.dataset.view = name;
}

/** Shows an error at the top of the page (empty: hides it). */
function flash(text) {
  $('flash').textContent = text || '';
  $('flash').hidden = !text;
}

/** Follows the address's #route. */
async function route() {
  flash('');
  const hash = location.hash.replace(/^#\/?/, '');
  const [path, query] = hash.split('?');
  const parts = path.split('/').filter(Boolean);
  const params = new URLSearchParams(query || '');
  try {
    if (parts[0] === 'game' && parts[1]) {
      showView('play');
      await openGame(parts[1]);
      showPlay();
      localStorage.setItem('ferz.lastGame', parts[1]);
    } else if (parts[0] === 'analysis') {
      showView('analysis');
      showAnalysis();
      if (parts[1]) await analyseGame(parts[1], params.has('ply') ? parseInt(params.get('ply'), 10) : undefined);
      else await analyseFEN(params.get('fen') || 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    } else if (parts[0] === 'games') {
      showView('games');
      await showGames();
    } else if (parts[0] === 'setup') {
      showView('setup');
      showSetup(params.get('fen'));
    } else {
      await resume();
    }
  } catch (e) {
    flash(e.message);
  }
}

/** With no route: the game in progress if there is one, else a new game. */
async function resume() {
  const active = await get('/api/games?active=1');
  const last = localStorage.getItem('ferz.lastGame');
  const pick = active.find((g) => String(g.id) === last) || active[0];
  if (pick) {
    location.replace(`#/game/${pick.id}`);
    return;
  }
  showView('play');
  if (last) {
    try {
      await openGame(last); // the last game, finished, under the dialog
      showPlay();
    } catch { /* deleted */ }
  }
  openNewDialog();
}

/** The new-game dialog; fen, if given, is the starting position. */
function openNewDialog(fen) {
  $('new-fen').value = fen || '';
  say($('new-message'), '');
  $('new-dialog').showModal();
}

/** Fills the dialog's levels and remembers the last choices. */
async function initNewDialog() {
  const cfg = await get('/api/config');
  const sel = $('new-level');
  sel.replaceChildren(...cfg.levels.map((l) => h('option', { value: l.elo, text: l.elo ? `${l.name} (Elo ${l.elo})` : l.name })));
  const saved = JSON.parse(localStorage.getItem('ferz.newGame') || '{}');
  sel.value = saved.elo !== undefined ? String(saved.elo) : '1200';
  if (sel.selectedIndex < 0) sel.selectedIndex = 0;
  if (saved.time) $('new-time').value = saved.time;
  if (saved.color) document.querySelector(`input[name=color][value=${saved.color}]`).checked = true;
  // The opening book: the last choice, else the server's default.
  $('new-book').checked = typeof saved.book === 'boolean' ? saved.book : cfg.book !== false;
  if (saved.variant) $('new-variant').value = saved.variant;
  const showVariant = () => { $('new-960-box').hidden = $('new-variant').value !== 'chess960'; };
  showVariant();
  $('new-variant').addEventListener('change', showVariant);
  $('new-custom').hidden = $('new-time').value !== 'custom';
  $('new-time').addEventListener('change', () => { $('new-custom').hidden = $('new-time').value !== 'custom'; });
  $('new-cancel').addEventListener('click', () => $('new-dialog').close());
  $('new-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    const color = document.querySelector('input[name=color]:checked').value;
    const time = $('new-time').value;
    let base = 0, increment = 0;
    if (time === 'custom') {
      base = Math.round(parseFloat($('new-base').value) * 60);
      increment = parseInt($('new-inc').value, 10) || 0;
    } else {
      [base, increment] = time.split('+').map(Number);
    }
    const elo = parseInt(sel.value, 10);
    const book = $('new-book').checked;
    const variant = $('new-variant').value;
    const chess960 = variant === 'chess960';
    const number = $('new-960').value.trim();
    localStorage.setItem('ferz.newGame', JSON.stringify({ color, elo, time, book, variant }));
    try {
      const fen = $('new-fen').value.trim();
      const g = await post('/api/games', {
        color, elo, base, increment, book, fen, chess960,
        chess960Position: chess960 && number !== '' && !fen ? Number(number) : null,
      });
      $('new-dialog').close();
      location.hash = `#/game/${g.id}`;
    } catch (err) {
      say($('new-message'), err.message);
    }
  });
}

async function main() {
  initPlay({
    openAnalysis: (id, ply) => { location.hash = `#/analysis/${id}?ply=${ply}`; },
    newGame: () => openNewDialog(),
  });
  initAnalysis();
  initSetup({
    play: (fen) => openNewDialog(fen),
    analyse: (fen) => { location.hash = `#/analysis?fen=${encodeURIComponent(fen)}`; },
  });
  initGames({ refresh: showGames });
  $('nav-new').addEventListener('click', () => openNewDialog());
  $('nav-games').addEventListener('click', () => { location.hash = '#/games'; });
  $('nav-analysis').addEventListener('click', () => {
    const g = currentGame();
    location.hash = g && !$('view-play').hidden ? `#/analysis/${g.id}` : '#/analysis';
  });
  $('nav-setup').addEventListener('click', () => { location.hash = '#/setup'; });
  window.addEventListener('hashchange', route);
  try {
    await initNewDialog();
  } catch (e) {
    flash(e.message);
  }
  await route();
  document.body.dataset.ready = '1';
}

main();
