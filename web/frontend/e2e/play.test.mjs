// The browser test of "ferz play": Playwright (playwright-core) drives
// Debian's Chromium, headless, against a running server whose address is
// in FERZ_URL (make web-test starts one on an empty data directory).
// It plays through what a person does: start a game, move by typing, by
// drag and by click, take back, ask for a hint, flip the board, export
// the PGN, reload, turn the opening book off and on, set up positions,
// promote, mate, import a PGN, look at the analysis graph, resign, and
// with FERZ_TB=1 (the server has the 3-4 piece Syzygy tables, ferz play
// -tb) read the analysis view's tablebase panel and play a move from it.
// Screenshots go to test-results/.
import { chromium } from 'playwright-core';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

// The Opera game (Morphy, Paris 1858).
const OPERA = `[Event "A Night at the Opera"]
[Site "Paris FRA"]
[Date "1858.??.??"]
[Round "?"]
[White "Morphy, Paul"]
[Black "Duke Karl of Brunswick and Count Isouard"]
[Result "1-0"]

1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7
8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7
14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0
`;

const base = process.env.FERZ_URL || 'http://127.0.0.1:8080/';
const here = dirname(fileURLToPath(import.meta.url));
const results = join(here, '..', 'test-results');
mkdirSync(results, { recursive: true });
rmSync(join(results, 'failure.png'), { force: true });
const t0 = Date.now();
const log = (msg) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1)}s] ${msg}`);

const profile = mkdtempSync(join(tmpdir(), 'ferz-chromium-'));
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  viewport: { width: 1280, height: 860 },
});
const page = browser.pages()[0] || (await browser.newPage());
page.setDefaultTimeout(15000);
const pageErrors = [];
page.on('pageerror', (e) => pageErrors.push(e.message));
page.on('console', (m) => {
  // The refused moves the test makes on purpose log their 4xx answers.
  if (m.type() === 'error' && !/status of 422/.test(m.text())) pageErrors.push(`console: ${m.text()}`);
});

/** The centre of a square of a board, in page coordinates. */
async function square(board, key) {
  const el = page.locator(board);
  const box = await el.boundingBox();
  const black = await el.evaluate((e) => e.classList.contains('orientation-black'));
  let file = key.charCodeAt(0) - 97;
  let rank = parseInt(key[1], 10) - 1;
  if (black) { file = 7 - file; rank = 7 - rank; }
  return { x: box.x + ((file + 0.5) * box.width) / 8, y: box.y + ((7 - rank + 0.5) * box.height) / 8 };
}

/** Drags a piece from one square to another. */
async function drag(board, from, to) {
  const a = await square(board, from);
  const b = await square(board, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
  await page.mouse.move(b.x, b.y, { steps: 5 });
  await page.mouse.up();
}

/** Moves a piece by clicking its square, then the destination. */
async function clickMove(board, from, to) {
  const a = await square(board, from);
  const b = await square(board, to);
  await page.mouse.click(a.x, a.y);
  await page.mouse.click(b.x, b.y);
}

/** The SAN moves of the play view's move list. */
const moves = () => page.$$eval('#play-moves .mv[data-ply]', (els) => els.map((e) => e.textContent));

/** Waits until the move list has n moves. */
async function waitPlies(n) {
  await page.waitForFunction((n) => document.querySelectorAll('#play-moves .mv[data-ply]').length === n, n);
}

/** Waits until it is the person's move (the engine has replied). */
async function waitMyTurn() {
  await page.waitForFunction(() => document.querySelector('#play-status').textContent.startsWith('Your move'));
}

/** Starts a game from the new-game dialog (book: the opening book's box). */
async function startGame({ color = 'white', elo = '800', time = '0+0', fen, book, variant = 'standard', number = '' } = {}) {
  if (!(await page.locator('#new-dialog').evaluate((d) => d.open))) await page.click('#nav-new');
  await page.check(`input[name=color][value=${color}]`);
  await page.selectOption('#new-level', elo);
  await page.selectOption('#new-time', time);
  await page.selectOption('#new-variant', variant);
  assert.equal(await page.isHidden('#new-960-box'), variant !== 'chess960', 'the start position box shows for Chess960 only');
  if (variant === 'chess960') await page.fill('#new-960', number);
  if (book !== undefined) await page.setChecked('#new-book', book);
  if (fen !== undefined) await page.fill('#new-fen', fen);
  const before = page.url();
  await page.click('#new-start');
  await page.waitForFunction((u) => location.href !== u && location.hash.startsWith('#/game/'), before);
  await page.waitForFunction(() => !document.querySelector('#new-dialog').open);
  const id = parseInt(page.url().split('#/game/')[1], 10);
  await page.waitForFunction((id) => document.querySelector('#view-play').dataset.game === String(id), id);
  if (color === 'white') await waitMyTurn();
  return id;
}

/** The movetext of a PGN: no tags, no comments, one line. */
function movetext(pgn) {
  return pgn.split('\n').filter((l) => !l.startsWith('[')).join(' ').replace(/\{[^}]*\}/g, ' ').replace(/\s+/g, ' ').trim();
}

/** The movetext the SAN moves of a game from the start should give. */
function expectedMovetext(sans, result) {
  const out = [];
  sans.forEach((s, i) => { out.push(i % 2 === 0 ? `${i / 2 + 1}. ${s}` : s); });
  out.push(result);
  return out.join(' ');
}

try {
  // 1. A new game: the dialog opens on a fresh data directory.
  await page.goto(base);
  await page.waitForSelector('#new-dialog[open]');
  // The opening book is on by default; this game searches every move.
  assert.ok(await page.isChecked('#new-book'), 'the opening book is on by default');
  const game1 = await startGame({ color: 'white', elo: '800', book: false });
  await page.waitForSelector('#play-board cg-board piece');
  assert.equal(await page.textContent('#player-bottom .name'), '♔ You');
  await page.screenshot({ path: join(results, '01-start.png') });
  log(`game ${game1} started`);

  // 2. A typed move in the human notation, then the engine's reply.
  await page.fill('#typed-move', 'E2-E4');
  await page.press('#typed-move', 'Enter');
  await waitPlies(2);
  await waitMyTurn();
  assert.equal((await moves())[0], 'e4');
  // An illegal typed move is refused with the server's message.
  await page.fill('#typed-move', 'Ke3');
  await page.press('#typed-move', 'Enter');
  await page.waitForFunction(() => document.querySelector('#play-message').textContent.length > 0);
  assert.match(await page.textContent('#play-message'), /Ke3/);
  assert.equal((await moves()).length, 2);
  log('typed move played, illegal move refused');

  // 3. A move by drag and drop: legal destinations show while dragging.
  const g1 = await square('#play-board', 'g1');
  await page.mouse.move(g1.x, g1.y);
  await page.mouse.down();
  await page.mouse.move(g1.x + 20, g1.y - 20, { steps: 3 });
  const dests = await page.$$eval('#play-board square.move-dest', (els) => els.length);
  assert.ok(dests >= 2, `legal destinations shown (${dests})`);
  const f3 = await square('#play-board', 'f3');
  await page.mouse.move(f3.x, f3.y, { steps: 5 });
  await page.mouse.up();
  await waitPlies(4);
  await waitMyTurn();
  assert.equal((await moves())[2], 'Nf3');
  assert.ok(await page.$('#play-board square.last-move'), 'last move highlighted');
  log('drag move played');

  // 4. A move by click, click, with the engine's thinking shown.
  await page.check('#show-engine');
  await clickMove('#play-board', 'b1', 'c3');
  await waitPlies(6);
  await waitMyTurn();
  assert.equal((await moves())[4], 'Nc3');
  await page.waitForFunction(() => /Depth \d+/.test(document.querySelector('#play-engine').textContent));
  assert.ok(await page.isVisible('#play-evalbar'), 'evaluation bar shown');
  log('click move played, engine output shown');

  // 5. A hint: a green arrow and its move.
  await page.click('#btn-hint');
  await page.waitForFunction(() => document.querySelector('#play-message').textContent.startsWith('Hint:'));
  assert.ok(await page.$('#play-board svg.cg-shapes g, #play-board .cg-shapes line, #play-board svg line'), 'hint arrow drawn');
  await page.screenshot({ path: join(results, '02-game-in-progress.png') });

  // 6. Take back: the person's last move and the engine's reply go.
  await page.click('#btn-takeback');
  await waitPlies(4);
  assert.deepEqual((await moves()).slice(2), ['Nf3', (await moves())[3]]);
  log('hint shown, move taken back');

  // 7. A draw offer this early is declined; flip the board.
  await page.click('#btn-draw');
  await page.waitForFunction(() => /declines/.test(document.querySelector('#play-message').textContent));
  await page.click('#btn-flip');
  assert.ok(await page.locator('#play-board').evaluate((e) => e.classList.contains('orientation-black')), 'board flipped');
  assert.equal(await page.textContent('#player-top .name'), '♔ You');
  await page.click('#btn-flip');

  // 8. Browse the moves: the first position, then back to the game.
  await page.click('#nav-first');
  await page.waitForFunction(() => document.querySelectorAll('#play-board cg-board piece:not(.ghost):not(.fading)').length === 32);
  await page.click('#play-moves .mv[data-ply="1"]');
  assert.ok(await page.$('#play-moves .mv.current[data-ply="1"]'));
  await page.click('#nav-last');

  // 9. The PGN export, compared with the moves on the page and the API.
  const sans = await moves();
  await page.click('#btn-pgn');
  await page.waitForSelector('#pgn-dialog[open]');
  const pgn = await page.inputValue('#pgn-text');
  assert.match(pgn, /\[White "You"\]/);
  assert.match(pgn, /\[Black "Ferz \(Beginner, Elo 800\)"\]/);
  assert.match(pgn, /\[Result "\*"\]/);
  assert.equal(movetext(pgn), expectedMovetext(sans, '*'));
  const apiPGN = await (await page.request.get(new URL(`/api/games/${game1}/pgn`, base).href)).text();
  assert.equal(apiPGN, pgn);
  await page.click('#pgn-close');
  log(`PGN exported: ${movetext(pgn)}`);

  // 10. A reload finds the game as it was.
  await page.reload();
  await waitPlies(sans.length);
  assert.deepEqual(await moves(), sans);
  assert.ok(page.url().endsWith(`#/game/${game1}`));
  // And so does the bare address (the game in progress is resumed).
  await page.goto(base);
  await page.waitForFunction((id) => location.hash === `#/game/${id}`, game1);
  await waitPlies(sans.length);
  assert.deepEqual(await moves(), sans);
  log('reload resumed the game');

  // 11. Resign: the game ends with the reason.
  await page.click('#btn-resign');
  await page.click('#btn-resign'); // confirm
  await page.waitForSelector('#play-result:not([hidden])');
  assert.match(await page.textContent('#play-result'), /Black wins by resignation — 0-1/);

  // 11b. The opening book setting: the dialog remembers it was off, the
  // server stored it, and with it on Ferz answers 1.e4 from the book.
  const api = async (path) => (await page.request.get(new URL(path, base).href)).json();
  assert.equal((await api(`/api/games/${game1}`)).settings.book, false);
  await page.click('#nav-new');
  await page.waitForSelector('#new-dialog[open]');
  assert.equal(await page.isChecked('#new-book'), false, 'the dialog remembers the book was off');
  await page.screenshot({ path: join(results, '02a-new-game-dialog.png') });
  const bookGame = await startGame({ color: 'white', elo: '2000', book: true });
  assert.equal((await api(`/api/games/${bookGame}`)).settings.book, true);
  await page.fill('#typed-move', 'e4');
  await page.press('#typed-move', 'Enter');
  await waitPlies(2);
  await page.waitForFunction(() => /book move/.test(document.querySelector('#play-engine').textContent));
  assert.equal(await page.getAttribute('#play-moves .mv[data-ply="2"]', 'title'), 'book move');
  assert.equal((await api(`/api/games/${bookGame}`)).moves[1].book, true);
  await page.screenshot({ path: join(results, '02b-book-move.png') });
  log(`game ${bookGame}: book setting round-trips, Ferz answered 1.e4 with ${(await moves())[1]} from the book`);

  // 12. Set up a position: by placing a piece, then by FEN.
  await page.click('#nav-setup');
  await page.waitForSelector('#view-setup:not([hidden])');
  await page.click('#setup-clear');
  await page.click('#palette-white .spare[data-role=king]');
  const e1 = await square('#setup-board', 'e1');
  await page.mouse.click(e1.x, e1.y);
  await page.waitForFunction(() => document.querySelector('#setup-fen').value === '8/8/8/8/8/8/8/4K3 w - - 0 1');
  await page.click('#palette-white .spare[data-role=king]'); // put the tool down
  const promoFEN = '8/P6p/8/8/8/8/6k1/K7 w - - 0 1';
  await page.fill('#setup-fen', promoFEN);
  await page.click('#setup-fen-form button');
  await page.waitForFunction(() => document.querySelectorAll('#setup-board cg-board piece:not(.ghost):not(.fading)').length === 4);
  await page.click('#setup-play');
  await page.waitForSelector('#new-dialog[open]');
  assert.equal(await page.inputValue('#new-fen'), promoFEN);
  const game2 = await startGame({ color: 'white', elo: '1000' });
  log(`game ${game2} set up from a FEN`);

  // 13. Promotion: drag the pawn to the last rank, pick a knight.
  await drag('#play-board', 'a7', 'a8');
  await page.waitForSelector('#promotion:not([hidden])');
  await page.click('#promotion button[data-role=knight]');
  await waitPlies(2);
  assert.equal((await moves())[0], 'a8=N');
  log('promoted to a knight');

  // 13b. Chess960: a numbered start position, and castling by dragging
  // the king onto its rook.
  /** The piece on a square of a board ("white king"), or "". */
  const pieceAt = (board, key) => page.$$eval(`${board} cg-board piece`, (els, key) => {
    const e = els.find((e) => e.cgKey === key && !/ghost|fading/.test(e.className));
    return e ? e.className.replace(/\b(anim|dragging)\b/g, '').trim() : '';
  }, key);
  const game960 = await startGame({ variant: 'chess960', number: '0' });
  assert.equal((await api(`/api/games/${game960}`)).startFen, 'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1');
  assert.deepEqual(await Promise.all(['a1', 'c1', 'f1', 'g1', 'h1'].map((k) => pieceAt('#play-board', k))),
    ['white bishop', 'white queen', 'white rook', 'white king', 'white rook']);
  const castle960 = await startGame({ variant: 'chess960', fen: 'r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1' });
  await drag('#play-board', 'e1', 'h1');
  await waitPlies(2);
  assert.equal((await moves())[0], 'O-O');
  assert.deepEqual([await pieceAt('#play-board', 'g1'), await pieceAt('#play-board', 'f1'), await pieceAt('#play-board', 'h1')], ['white king', 'white rook', '']);
  assert.match(await (await page.request.get(new URL(`/api/games/${castle960}/pgn`, base).href)).text(), /\[Variant "Chess960"\]/);
  await page.waitForFunction(() => ![...document.querySelectorAll('#play-board cg-board piece')].some((e) => /anim|fading/.test(e.className)));
  await page.screenshot({ path: join(results, '03b-chess960-castled.png') });
  log(`game ${game960}: Chess960 position 0; game ${castle960}: castled by dragging the king onto its rook`);

  // 14. A timed game from a FEN with a mate in one, finished on the board.
  const game3 = await startGame({ color: 'white', elo: '1400', time: '180+2', fen: '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1' });
  assert.match(await page.textContent('#player-bottom .clock'), /^[23]:\d\d$/);
  await page.waitForSelector('#player-bottom .clock.running');
  await clickMove('#play-board', 'a1', 'a8');
  await page.waitForSelector('#play-result:not([hidden])');
  assert.match(await page.textContent('#play-result'), /White wins by checkmate — 1-0/);
  assert.equal((await moves())[0], 'Ra8#');
  assert.ok(await page.$('#play-board square.check'), 'check highlighted');
  // A mate can be taken back (the game goes on), and played again.
  await page.click('#btn-takeback');
  await waitPlies(0);
  await waitMyTurn();
  assert.ok(await page.isHidden('#play-result'));
  await drag('#play-board', 'a1', 'a8');
  await page.waitForSelector('#play-result:not([hidden])');
  assert.match(await page.textContent('#play-result'), /White wins by checkmate — 1-0/);
  log(`game ${game3} won by mate`);

  // 15. PGN import of a finished game, then its analysis graph.
  await page.click('#nav-games');
  await page.waitForSelector('#games-table tbody tr[data-id]');
  await page.fill('#import-text', OPERA);
  await page.click('#import-form button[type=submit]');
  await page.waitForFunction(() => /Imported 1 game/.test(document.querySelector('#import-message').textContent));
  await page.waitForFunction(() => /Morphy/.test(document.querySelector('#games-table tbody tr:first-child').textContent));
  const opera = await page.getAttribute('#games-table tbody tr:first-child', 'data-id');
  await page.click(`#games-table tr[data-id="${opera}"] a:text("Analyse")`);
  await page.waitForSelector('#eval-graph', { timeout: 30000 });
  await page.waitForFunction(() => /checkmate/.test(document.querySelector('#an-state').textContent));
  const marks = await page.locator('#eval-graph circle.mark').count();
  assert.ok(marks >= 1, `moves with a drop are marked (${marks})`);
  await page.click('#an-first');
  await page.waitForFunction(() => /^rnbqkbnr\/pppppppp/.test(document.querySelector('#an-fen').value));
  await page.waitForSelector('#an-lines-out li');
  // Several lines in a middle position.
  await page.click('#an-moves .mv[data-ply="10"]');
  await page.waitForFunction(() => document.querySelectorAll('#an-lines-out li').length >= 3);
  await page.screenshot({ path: join(results, '03-analysis.png') });
  log(`analysis graph drawn with ${marks} marked moves; 3 lines shown`);

  // 16. The imported game's PGN keeps its moves.
  const operaPGN = await (await page.request.get(new URL(`/api/games/${opera}/pgn`, base).href)).text();
  assert.match(operaPGN, /16\. Qb8\+ Nxb8 17\. Rd8# 1-0/);

  // 17. The tablebase panel: hidden for a position of many pieces; for
  // KQ v K the result, DTZ and every move's, and a click plays a move.
  assert.ok(await page.isHidden('#an-tb'), 'no tablebase panel with 32 pieces');
  if (process.env.FERZ_TB === '1') {
    const verdict = () => page.textContent('#an-tb .tbverdict');
    const tbMoves = () => page.$$eval('#an-tb .tbmoves li', (els) => els.map((e) => ({
      san: e.querySelector('.san').textContent, res: e.querySelector('.tbres').textContent,
      wdl: e.className.split(' ')[0], best: e.classList.contains('best') })));
    /** Waits until the analysis board shows exactly these pieces (square: class), still. */
    const boardIs = (want) => page.waitForFunction((want) => {
      const els = [...document.querySelectorAll('#an-board cg-board piece')];
      if (els.some((e) => /anim|fading|ghost|dragging/.test(e.className))) return false;
      const got = Object.fromEntries(els.map((e) => [e.cgKey, e.className]));
      return JSON.stringify(Object.keys(got).sort()) === JSON.stringify(Object.keys(want).sort()) &&
        Object.entries(want).every(([k, v]) => got[k] === v);
    }, want);
    /** Loads fen in the analysis and waits until the panel shows verdict. */
    const loadTB = async (fen, verdict) => {
      await page.fill('#an-fen', fen);
      await page.click('#an-fen-form button[type=submit]');
      await page.waitForFunction((fen) => document.querySelector('#an-fen').value === fen, fen);
      await page.waitForFunction((re) => {
        const v = document.querySelector('#an-tb:not([hidden]) .tbverdict');
        return v && new RegExp(re).test(v.textContent);
      }, verdict.source);
    };
    // White to move wins: the best moves keep the win at the same DTZ.
    const kqk = '8/8/8/4k3/8/8/8/KQ6 w - - 0 1';
    await loadTB(kqk, /^Tablebase: White wins · DTZ \d+$/);
    const dtz = parseInt((await verdict()).match(/DTZ (\d+)/)[1], 10);
    assert.ok(dtz > 1, `DTZ ${dtz}`);
    let list = await tbMoves();
    assert.equal(list.length, 22, 'every legal move listed (2 king moves, 20 queen moves)');
    assert.ok(list[0].best, 'the best moves come first');
    for (const m of list.filter((m) => m.best)) assert.deepEqual([m.wdl, m.res], ['win', `win · DTZ ${dtz}`], m.san);
    for (const m of list.filter((m) => !m.best)) assert.ok(m.wdl === 'draw' || parseInt(m.res.split('DTZ ')[1], 10) > dtz, `${m.san}: ${m.res}`);
    // Qe4+ and Qf5+ give the queen away.
    assert.deepEqual(list.filter((m) => m.wdl === 'draw').map((m) => [m.san, m.res]).sort(), [['Qe4+', 'draw'], ['Qf5+', 'draw']]);
    await boardIs({ a1: 'white king', b1: 'white queen', e5: 'black king' });
    await page.screenshot({ path: join(results, '04-tablebase.png') });
    // A click on a best move plays it: Black to move loses, one ply nearer.
    const best = 'Kb2';
    assert.ok(list.some((m) => m.san === best && m.best), `${best} is one of the best moves`);
    await page.click(`#an-tb .tbmoves li:has(.san:text-is("${best}"))`);
    await page.waitForFunction((san) => document.querySelector('#an-moves .mv[data-ply="1"]')?.textContent === san, best);
    assert.ok(await page.$('#an-moves .mv.current[data-ply="1"]'), 'the move played is the one shown');
    assert.match(await page.inputValue('#an-fen'), / b - - 1 1$/);
    await boardIs({ b2: 'white king', b1: 'white queen', e5: 'black king' });
    await page.waitForFunction(() => document.querySelector('#an-tb .tbmoves li.loss') && !document.querySelector('#an-tb .tbmoves li.win'));
    assert.equal(await verdict(), `Tablebase: White wins · DTZ ${dtz - 1}`);
    list = await tbMoves();
    assert.ok(list.length >= 1 && list.every((m) => m.wdl === 'loss' && /^loss · DTZ \d+$/.test(m.res)), JSON.stringify(list));
    assert.equal(list[0].res, `loss · DTZ ${dtz - 1}`, 'the longest resistance first');
    await page.screenshot({ path: join(results, '05-tablebase-move.png') });
    log(`tablebase: KQ v K, White wins, DTZ ${dtz}; ${best} played from the panel, then DTZ ${dtz - 1}`);
    // A draw (the black king in front of the pawn), and Black wins with White to move.
    await loadTB('8/8/8/8/8/4k3/4P3/4K3 w - - 0 1', /^Tablebase: Draw$/);
    assert.deepEqual((await tbMoves()).sort((a, b) => a.san.localeCompare(b.san)),
      ['Kd1', 'Kf1'].map((san) => ({ san, res: 'draw', wdl: 'draw', best: true })));
    await loadTB('kq6/8/8/8/8/8/8/7K w - - 0 1', /^Tablebase: Black wins · DTZ \d+$/);
    assert.ok((await tbMoves()).every((m) => m.wdl === 'loss'), 'White loses with every move');
    log('tablebase: KP v K drawn, Black wins KQ v K');
  } else {
    log('tablebase panel: skipped (FERZ_TB is not 1: the server has no tablebases)');
  }

  assert.deepEqual(pageErrors, [], 'no errors in the page');
  log('browser test passed');
} catch (e) {
  await page.screenshot({ path: join(results, 'failure.png') }).catch(() => {});
  console.error(`browser test FAILED after ${((Date.now() - t0) / 1000).toFixed(1)}s:`, e);
  if (pageErrors.length) console.error('page errors:', pageErrors);
  process.exitCode = 1;
} finally {
  await browser.close();
  rmSync(profile, { recursive: true, force: true });
}

