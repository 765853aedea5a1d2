/** More of the demo's rough edges in Chromium: analysis of a forced move, the status line's words, hints without a cell, names a player can find, the evaluation graph's scale, How to play on a phone, the embed page. */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { open, viewOf, photograph, afterFrame, waitForGame, BOARD, browser, server, useBrowser } from './harness.js';

useBrowser();

type Board = {
  newGame(c: object): Promise<unknown>;
  analyse(): Promise<{ winProbability: number; solved?: { result: string; margin: number; best: string[] } }>;
};

describe('the demo’s rough edges in Chromium', () => {
  it('Analyse on a position whose only move ends the game says the proven value, not 50% of no playouts', async () => {
    const { page, errors } = await open('demo/#game=throngs&black=human&white=human');
    await page.evaluate(() => (document.querySelector('#board') as unknown as Board).newGame({ game: 'throngs', board: 'hexhex(2)' }));
    await expect.poll(async () => (await viewOf(page)).board.spec).toBe('hexhex(2)');
    expect((await viewOf(page)).legal).toHaveLength(1);
    await page.click('#study summary');
    await page.click('#analyse');
    const text = page.locator('#analysis');
    await expect.poll(() => text.getAttribute('data-solved'), { timeout: 10_000 }).toBe('draw');
    expect(await text.textContent()).toBe('Solved: a draw with perfect play. Moves that keep it: pass');
    const analysis = await page.evaluate(() => (document.querySelector('#board') as unknown as Board).analyse());
    expect([analysis.solved, analysis.winProbability]).toEqual([{ result: 'draw', margin: 0, best: ['pass'] }, 0.5]);
    await photograph(page, 'edges-forced-analysis');
    expect(errors).toEqual([]);
    await page.close();
  });

  /** Replaces the library page's boards by one <game-board> with these attributes; returns its locator. */
  async function oneBoard(page: Page, attributes: Record<string, string>) {
    await page.evaluate((attrs) => {
      document.body.replaceChildren();
      const el = document.createElement('game-board');
      for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
      el.style.maxWidth = '560px';
      document.body.append(el);
    }, attributes);
    await waitForGame(page, 'game-board');
    return page.locator('game-board');
  }

  it('AI against AI: the game-over line names no "AI" (the winning level where the levels differ); paused, the line no longer says thinking', async () => {
    const { page, errors } = await open('lib/');
    // Refugia on althex(2,3): a few moves, and no draws.
    for (const [ai, note] of [['both:1', /^$/], ['dark:1,light:2', /^\(AI level [12]\)$/]] as const) {
      const board = await oneBoard(page, { game: 'refugia', board: 'althex(2,3)', interactive: '', ai });
      await expect.poll(() => board.locator('[part~=turn]').textContent(), { timeout: 30_000 }).toMatch(/^Game over: (Dark|Light) wins$/);
      const seat = (await board.locator('[part~=seat]').textContent()) ?? '';
      expect(seat, ai).toMatch(note);
      expect(seat).not.toContain('the AI');
    }
    // AI against AI at a slow pace: paused while the AI waits to move, the thinking line goes at once.
    const slow = await oneBoard(page, { game: 'refugia', board: 'hex3-4', interactive: '', ai: 'both:1', 'ai-delay': '4000' });
    const thinking = slow.locator('[part~=thinking]');
    await expect.poll(() => thinking.textContent(), { timeout: 10_000 }).toMatch(/is thinking/);
    await page.evaluate(() => document.querySelector('game-board')!.setAttribute('ai-paused', ''));
    await afterFrame(page);
    expect(await slow.locator('[part~=seat]').textContent()).toMatch(/the AI is paused/);
    expect(await thinking.textContent()).not.toMatch(/thinking/);
    await photograph(page, 'edges-paused');
    // Nor does the AI hold the board while its dropped move would have waited for the pace.
    await expect.poll(() => slow.locator('[part~=board]').getAttribute('aria-busy'), { timeout: 1000 }).toBe('false');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('Populace says "potential value" on its toggle, legend, hover tip and guide; Throngs keeps "action potential"', async () => {
    const { page, errors } = await open('demo/#game=throngs&black=human&white=human');
    const toggle = page.locator('label:has(#show-potential)');
    await expect.poll(() => toggle.textContent()).toBe(' Show action potential');
    await page.evaluate(() => (document.querySelector('#board') as unknown as Board).newGame({ game: 'populace', position: 'populace hexhex(4) b:d3,d4,e4 w:c4,e5 b p0 btn:- ply:6' }));
    await expect.poll(async () => (await viewOf(page)).game).toBe('populace');
    await expect.poll(() => toggle.textContent()).toBe(' Show potential value');
    await page.check('#show-potential');
    const legend = page.locator(BOARD).locator('[part=legend]');
    await legend.locator('summary').click();
    await expect.poll(() => legend.textContent()).toMatch(/numbers: potential value/);
    // The hover tip over a piece names its number alike.
    const d3 = (await viewOf(page)).board.sites.findIndex((s) => s.label === 'd3');
    await afterFrame(page);
    await page.locator(BOARD).locator(`.hit[data-site="${d3}"]`).hover();
    await expect.poll(() => page.locator(BOARD).locator('[part~=tooltip]').textContent()).toMatch(/^d3 .*potential value \+\d/);
    await page.click('#howto-button');
    await expect.poll(() => page.locator('#howto-title').textContent()).toBe('How to play Populace');
    const guide = (await page.locator('#howto').textContent())!;
    expect(guide).toContain('“Show potential value”');
    expect(guide).not.toMatch(/action potential/i);
    expect(await page.locator(BOARD).locator('[part~=board]').textContent()).not.toMatch(/action potential|AP /);
    expect(errors).toEqual([]);
    await page.close();
  });

  /** Boxes of the site names on a board, and of its pieces and ring marks, in page pixels. */
  async function labelsAndPieces(page: Page, board: string) {
    return page.locator(board).evaluate((el) => {
      const root = el.shadowRoot!;
      const box = (e: Element) => {
        const r = e.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      };
      return {
        labels: [...root.querySelectorAll('text[part~=site-label]')].map((e) => ({ text: e.textContent!, explained: e.classList.contains('explained'), ...box(e) })),
        discs: [...root.querySelectorAll('circle.stone, circle.mark-ring')].map(box),
      };
    });
  }

  type Box = { x: number; y: number; width: number; height: number };
  /** Whether a text box and a disc (given by its bounding box) overlap by more than a pixel. */
  const overlaps = (t: Box, d: Box): boolean => {
    const [cx, cy, r] = [d.x + d.width / 2, d.y + d.height / 2, d.width / 2 - 1];
    const dx = Math.max(Math.abs(cx - (t.x + t.width / 2)) - t.width / 2, 0);
    const dy = Math.max(Math.abs(cy - (t.y + t.height / 2)) - t.height / 2, 0);
    return dx * dx + dy * dy < r * r;
  };
  const boxesMeet = (a: Box, b: Box): boolean => a.x < b.x + b.width - 1 && b.x < a.x + a.width - 1 && a.y < b.y + b.height - 1 && b.y < a.y + a.height - 1;

  it('Tholian Go: the end-of-turn hint says "end the turn" and marks the End turn button; an illegal click names nodes the board then labels', async () => {
    const { page, errors } = await open('demo/#game=tholian&black=human&white=human', undefined, BOARD, { width: 1280, height: 800 });
    await page.waitForFunction(() => (document.querySelector('#board') as unknown as { game?: { game: string } }).game?.game === 'tholian');
    const start = (await viewOf(page)).position;
    // Red's moves of the turn are all used: the only move left ends the turn.
    await page.evaluate((p) => (document.querySelector('#board') as unknown as Board).newGame({ game: 'tholian', position: p }), start.replace(/ d1l2 /, ' d0l0 '));
    await expect.poll(async () => (await viewOf(page)).legal).toEqual([{ kind: 'end' }]);
    const end = page.locator(BOARD).locator('button[part~=end]');
    expect(await end.getAttribute('part')).toBe('end');
    await page.locator(BOARD).locator('[part~=hint-button]').click();
    await expect.poll(() => page.locator(BOARD).locator('[part~=thinking]').textContent()).toBe('Hint: end the turn');
    await expect.poll(() => end.getAttribute('part')).toBe('end hinted-move');
    expect(await end.textContent()).toBe('End turn');
    await page.locator(BOARD).locator('[part~=status]').screenshot({ path: 'test-results/edges-hint-end.png' });
    // Ending the turn takes the hint off the button.
    await end.click();
    await expect.poll(() => end.getAttribute('part')).toBe('end');

    // Blue (to move now) clicks its own D1.6, then D3.3, a node no path joins to it.
    const v = await viewOf(page);
    const index = (label: string) => v.board.sites.findIndex((s) => s.label === label);
    await afterFrame(page);
    await page.locator(BOARD).locator(`.hit[data-site="${index('D1.6')}"]`).click();
    await page.locator(BOARD).locator(`.hit[data-site="${index('D3.3')}"]`).click();
    const why = page.locator(BOARD).locator('[part~=explanation]');
    await expect.poll(() => why.textContent()).toBe('D1.6 and D3.3 are not joined by a path of one web.');
    // Both nodes are named on the board beside them (the board letters no rows), clear of the tokens.
    await afterFrame(page);
    const { labels, discs } = await labelsAndPieces(page, BOARD);
    expect(labels.map((l) => [l.text, l.explained])).toEqual([['D1.6', true], ['D3.3', true]]);
    for (const label of labels) for (const d of discs) expect(overlaps(label, d), `${label.text} over a piece`).toBe(false);
    await page.mouse.move(0, 0);
    await photograph(page, 'edges-explained-nodes');
    // The next position clears the line and its names.
    await page.locator(BOARD).locator(`.hit[data-site="${index('D1.6')}"]`).click();
    await page.locator(BOARD).locator(`.hit[data-site="${index('D1.5')}"]`).click();
    await expect.poll(async () => (await viewOf(page)).history.length).toBe(2);
    await expect.poll(() => page.locator(BOARD).locator('text[part~=site-label]').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('How to play Tholian Go at 1280x800: the example’s node names are readable and cover no token, ring or other name', async () => {
    const { page, errors } = await open('demo/#game=tholian&black=human&white=human', undefined, BOARD, { width: 1280, height: 800 });
    await page.waitForFunction(() => (document.querySelector('#board') as unknown as { game?: { game: string } }).game?.game === 'tholian');
    await page.click('#howto-button');
    await waitForGame(page, '.howto-board');
    const example = page.locator('.howto-board');
    const wanted = (await example.getAttribute('site-labels'))!.split(' ');
    await expect.poll(() => example.locator('text[part~=site-label]').count()).toBe(wanted.length);
    await example.scrollIntoViewIfNeeded();
    const { labels, discs } = await labelsAndPieces(page, '.howto-board');
    expect(labels.map((l) => l.text).sort()).toEqual([...wanted].sort());
    for (const label of labels) {
      // Readable: letters at least 11 px high on the page.
      expect(label.height, label.text).toBeGreaterThanOrEqual(11);
      for (const d of discs) expect(overlaps(label, d), `${label.text} over a token or ring`).toBe(false);
      for (const other of labels) if (other !== label) expect(boxesMeet(label, other), `${label.text} over ${other.text}`).toBe(false);
    }
    await photograph(page, 'edges-howto-tholian');
    await example.screenshot({ path: 'test-results/edges-howto-tholian-board.png' });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the evaluation graph has axes with a scale (0%, 50%, 100%; move numbers) and a caption saying whose chance it plots', async () => {
    const { page, errors } = await open('demo/#game=refugia&black=human&white=human');
    await expect.poll(async () => (await viewOf(page)).game).toBe('refugia');
    await page.evaluate(async () => {
      const board = document.querySelector('#board') as unknown as { game: { legal: Array<{ at?: number }> }; play(m: object): Promise<unknown> };
      for (let i = 0; i < 6; i++) await board.play(board.game.legal.filter((m) => m.at !== undefined)[(i * 5 + 2) % 7]!);
    });
    await page.click('#study summary');
    await page.click('#evaluate');
    const graph = page.locator('#graph');
    await expect.poll(() => graph.getAttribute('data-values'), { timeout: 20_000 }).not.toBeNull();
    expect((await graph.getAttribute('data-values'))!.split(' ')).toHaveLength(7);
    await expect.poll(() => graph.locator('.graph-caption').textContent()).toBe("Dark's chance to win after each move, by a short search; click a move to go there.");
    expect(await graph.locator('svg').getAttribute('aria-label')).toBe("Dark's chance to win after each move");
    expect(await graph.locator('.y-tick').allTextContents()).toEqual(['0%', '50%', '100%']);
    expect(await graph.locator('.x-tick').allTextContents()).toEqual(['0', '1', '2', '3', '4', '5', '6']);
    expect(await graph.locator('.axis-title').textContent()).toBe('moves played');
    // The scale reads in order on the page: 100% above 0%, move 0 left of move 6, all inside the panel.
    const at = (loc: ReturnType<typeof graph.locator>) => loc.boundingBox().then((b) => b!);
    const [top, bottom] = [await at(graph.locator('.y-tick').nth(2)), await at(graph.locator('.y-tick').nth(0))];
    expect(top.y).toBeLessThan(bottom.y);
    const [m0, m6, panel] = [await at(graph.locator('.x-tick').first()), await at(graph.locator('.x-tick').last()), await at(graph)];
    expect(m0.x).toBeLessThan(m6.x);
    expect(m6.x + m6.width).toBeLessThanOrEqual(panel.x + panel.width);
    expect(top.height).toBeGreaterThanOrEqual(11);
    // A click on a move still goes there.
    await graph.locator('rect[data-move="3"]').click();
    await expect.poll(async () => (await viewOf(page)).history.length).toBe(3);
    await graph.screenshot({ path: 'test-results/edges-graph.png' });
    await photograph(page, 'edges-graph-page');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('on a phone (390x844) How to play opens below the board and the page scrolls to it', async () => {
    const { page, errors } = await open('demo/#game=refugia&black=human&white=human', undefined, BOARD, { width: 390, height: 844 });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.click('#howto-button');
    await expect.poll(() => page.locator('#howto-title').textContent()).toBe('How to play Refugia');
    const [panel, board] = [(await page.locator('#howto').boundingBox())!, (await page.locator(BOARD).boundingBox())!];
    // Below the board in the page (the positions are the viewport's: add the scroll).
    const scroll = await page.evaluate(() => window.scrollY);
    expect(panel.y + scroll).toBeGreaterThan(board.y + scroll + board.height / 2);
    // Its top on screen: scrolled to the start, within the page's rounding of a fractional top to whole pixels.
    await expect.poll(async () => (await page.locator('#howto').boundingBox())!.y).toBeGreaterThan(-1);
    await expect.poll(async () => (await page.locator('#howto').boundingBox())!.y).toBeLessThan(844 / 2);
    await page.waitForTimeout(600);
    await photograph(page, 'edges-phone-howto');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the plain page (embed/index.html, built into lib/) shows a board of each of the four games, and says what to do when opened without the library', async () => {
    const { page, errors } = await open('lib/', undefined, 'game-board[game=tholian]');
    const headings = await page.locator('h1').allTextContents();
    expect(headings).toEqual(['Throngs', 'Refugia', 'Populace', 'Tholian Go']);
    expect(await page.title()).toBe('Throngs, Refugia, Populace and Tholian Go on a plain page');
    await expect
      .poll(() => page.evaluate(() => [...document.querySelectorAll('throngs-board, game-board')].map((b) => (b as unknown as { game?: { game: string } }).game?.game ?? null)), { timeout: 20_000 })
      .toEqual(['throngs', 'refugia', 'populace', 'tholian']);
    expect(await page.locator('#unbuilt').isHidden()).toBe(true);
    await page.locator('game-board[game=tholian]').scrollIntoViewIfNeeded();
    await photograph(page, 'edges-embed-tholian');
    expect(errors).toEqual([]);
    await page.close();

    // The same page without the library beside it (opened from embed/): it says how to open it.
    const bare = await browser.newContext();
    const unbuilt = await bare.newPage();
    await unbuilt.route('**/throngs-board.js', (route) => route.fulfill({ status: 404, body: 'not here' }));
    await unbuilt.goto(server.url + 'lib/');
    await expect.poll(() => unbuilt.locator('#unbuilt').isVisible()).toBe(true);
    expect(await unbuilt.locator('#unbuilt').textContent()).toMatch(/npm run build:demo[\s\S]*npx vite preview --config vite.lib.config.ts/);
    await bare.close();
  });
});
