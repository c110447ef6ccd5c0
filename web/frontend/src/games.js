// The list of stored games, and PGN import.
import { get, post } from './api.js';
import { $, h, say } from './dom.js';

/** Sets up the import form. */
export function initGames({ refresh }) {
  $('import-file').addEventListener('change', async () => {
    const f = $('import-file').files[0];
    if (f) $('import-text').value = await f.text();
  });
  $('import-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    const pgn = $('import-text').value;
    try {
      const ans = await post('/api/games/import', { pgn });
      const skipped = ans.errors.length ? `; ${ans.errors.length} skipped: ${ans.errors[0]}` : '';
      say($('import-message'), `Imported ${ans.ids.length} game${ans.ids.length === 1 ? '' : 's'}${skipped}.`, true);
      $('import-text').value = '';
      refresh();
    } catch (err) {
      say($('import-message'), err.message);
    }
  });
}

/** Fills the table of games. */
export async function showGames() {
  const body = $('games-table').querySelector('tbody');
  let list;
  try {
    list = await get('/api/games');
  } catch (e) {
    body.replaceChildren(h('tr', {}, h('td', { colspan: 8, text: e.message })));
    return;
  }
  if (!list.length) {
    body.replaceChildren(h('tr', {}, h('td', { colspan: 8, text: 'No games yet.' })));
    return;
  }
  body.replaceChildren(...list.map((g) => {
    const tr = h('tr', { 'data-id': g.id },
      h('td', { text: g.id }),
      h('td', { text: new Date(g.created).toLocaleString() }),
      h('td', { text: g.white }),
      h('td', { text: g.black }),
      h('td', { text: g.over ? `${g.result}${g.reason ? ` (${g.reason})` : ''}` : 'in progress' }),
      h('td', { text: Math.ceil(g.plies / 2) }),
      h('td.opening', { text: g.chess960 ? `Chess960${g.opening ? ': ' + g.opening : ''}` : g.opening }),
      h('td', {},
        h('a', { href: `#/game/${g.id}`, text: g.over ? 'Replay' : 'Resume' }), ' · ',
        h('a', { href: `#/analysis/${g.id}`, text: 'Analyse' }), ' · ',
        h('a', { href: `/api/games/${g.id}/pgn?download=1`, text: 'PGN' })));
    if (!g.over) tr.classList.add('active');
    return tr;
  }));
}
