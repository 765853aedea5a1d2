/** The demo’s help in Chromium: how to play, explanations of illegal clicks, the legend. */
import { describe, expect, it } from 'vitest';
import { open, viewOf, history, movesPlayed, clickSite, photograph, waitForGame, BOARD, shots, type View, useBrowser } from './harness.js';

useBrowser();

describe('the demo’s help and rough edges in Chromium', () => {
  /** The diagram board of the How-to-play panel, once it shows its position. */
  const EXAMPLE = '#howto game-board';

  it('a How to play panel opens from the header, follows the game, and draws a worked example with the board element', async () => {
    const { page, errors } = await open('demo/');
    expect(await page.locator('#howto').isHidden()).toBe(true);
    await page.click('#howto-button');
    expect(await page.locator('#howto-button').getAttribute('aria-expanded')).toBe('true');
    const expected: Record<string, { title: string; words: RegExp[]; pieces: number; board: string }> = {
      throngs: { title: 'How to play Throngs', words: [/action potential/, /double move/, /add-or-capture/, /pie/], pieces: 4, board: 'hexhex(4)' },
      refugia: { title: 'How to play Refugia', words: [/fewer enemy neighbours/, /hop/, /adjacencies/], pieces: 5, board: 'althex(3,4)' },
      populace: { title: 'How to play Populace', words: [/control/, /threatened/, /potential value/, /swap/, /button/], pieces: 5, board: 'hexhex(4)' },
    };
    for (const game of ['throngs', 'refugia', 'populace']) {
      if (game !== 'throngs') {
        await page.evaluate((g) => (document.querySelector('#board') as unknown as { newGame(c: object): Promise<unknown> }).newGame({ game: g }), game);
      }
      const want = expected[game]!;
      await expect.poll(() => page.locator('#howto-title').textContent()).toBe(want.title);
      const text = await page.locator('#howto-text').textContent();
      for (const w of want.words) expect(text).toMatch(w);
      expect((await page.locator('#howto-caption').textContent())!.length).toBeGreaterThan(40);
      // The example is a small <game-board> of this game showing the guide's position, not interactive.
      await waitForGame(page, EXAMPLE);
      const example = await viewOf(page, EXAMPLE);
      expect(example.game).toBe(game);
      expect(Object.values(example.cells).filter((c) => c !== 0).length).toBe(want.pieces);
      expect(example.board.spec).toBe(want.board);
      await expect.poll(() => page.locator(EXAMPLE).getAttribute('interactive')).toBeNull();
      await expect.poll(() => page.locator(EXAMPLE).locator('svg polygon, svg circle').count()).toBeGreaterThan(20);
      const box = await page.locator(EXAMPLE).boundingBox();
      expect(box!.width).toBeGreaterThan(150);
      expect(box!.width).toBeLessThan(420);
      await page.locator('#howto').scrollIntoViewIfNeeded();
      await page.locator('#howto').screenshot({ path: `${shots}howto-${game}.png` });
      await photograph(page, `howto-${game}-page`);
    }
    // Only one example board at a time; the panel closes with its button and with h.
    await expect.poll(() => page.locator(EXAMPLE).count()).toBe(1);
    await page.click('#howto-close');
    expect(await page.locator('#howto').isHidden()).toBe(true);
    await page.keyboard.press('h');
    expect(await page.locator('#howto').isHidden()).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a click that makes no legal move is explained in the status line by the rules; the next legal action clears it', async () => {
    const { page, errors } = await open('demo/');
    const why = page.locator(BOARD).locator('[part~=explanation]');
    await expect.poll(() => why.isHidden()).toBe(true);
    // Standard start: Black e3, White d6 h7. Black cannot capture d6.
    await clickSite(page, 'd6');
    await expect.poll(() => why.textContent()).toMatch(/^The action potential of d6 is -?\d+; a capture needs at least 2\.$/);
    await expect.poll(() => why.isVisible()).toBe(true);
    await photograph(page, 'demo-illegal-click');
    await clickSite(page, 'd3');
    await expect.poll(() => history(page)).toEqual(['d3']);
    await expect.poll(() => why.textContent()).toBe('');
    await expect.poll(() => why.isHidden()).toBe(true);

    // Refugia: a placement next to one's own stone.
    await page.evaluate(() =>
      (document.querySelector('#board') as unknown as { newGame(c: object): Promise<unknown> }).newGame({ game: 'refugia', position: 'refugia hex3-4 1:c3,e4 2:b3,c4 n:d3 1 p0' }),
    );
    await expect.poll(async () => (await viewOf(page)).game).toBe('refugia');
    await clickSite(page, 'b2');
    await expect.poll(() => why.textContent()).toBe('b2 touches your stone at c3.');
    // Selecting a stone clears it.
    await clickSite(page, 'c3');
    await expect.poll(() => why.textContent()).toBe('');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('rough edges: a long move list grows and scrolls inside its panel with three-digit numbers; long notices wrap; import errors are brief', async () => {
    const { page, errors } = await open('demo/#game=populace&black=human&white=human');
    await expect.poll(async () => (await viewOf(page)).game).toBe('populace');
    // 110 placements, one line each.
    await page.evaluate(async () => {
      const board = document.querySelector('#board') as unknown as { game: View; play(m: object): Promise<unknown> };
      for (let i = 0; i < 110; i++) {
        const moves = board.game.legal.filter((m) => m.kind === 'place');
        if (moves.length === 0) break;
        await board.play(moves[(i * 37) % moves.length]!);
      }
    });
    await expect.poll(() => page.locator('#moves li').count()).toBeGreaterThanOrEqual(100);
    const list = await page.evaluate(() => {
      const ol = document.getElementById('moves')!;
      const style = getComputedStyle(ol);
      // The widest marker ("110.") in the list's font must fit in its left padding.
      const probe = document.createElement('span');
      probe.style.font = style.font;
      probe.style.position = 'absolute';
      probe.textContent = `${ol.children.length}.`;
      document.body.append(probe);
      const marker = probe.getBoundingClientRect().width;
      probe.remove();
      const aside = ol.closest('aside')!.getBoundingClientRect();
      return {
        marker,
        padding: parseFloat(style.paddingLeft),
        maxHeight: style.maxHeight,
        height: ol.clientHeight,
        scrollHeight: ol.scrollHeight,
        em: parseFloat(getComputedStyle(document.documentElement).fontSize),
        asideBottom: aside.bottom,
        viewport: innerHeight,
        lastVisible: ol.lastElementChild!.getBoundingClientRect().bottom <= ol.getBoundingClientRect().bottom + 1,
      };
    });
    expect(list.padding).toBeGreaterThan(list.marker + 2);
    expect(list.maxHeight).toBe('none');
    expect(list.height).toBeGreaterThan(18 * list.em);
    expect(list.scrollHeight).toBeGreaterThan(list.height);
    expect(list.asideBottom).toBeLessThanOrEqual(list.viewport);
    expect(list.lastVisible).toBe(true);
    await photograph(page, 'demo-long-move-list');

    // A long notice (an unbroken one too) wraps inside its panel.
    const wraps = await page.evaluate(() => {
      const notice = document.getElementById('notice')!;
      notice.textContent = `A notice ${'without-any-space-'.repeat(30)} and words ${'after it '.repeat(20)}`;
      const aside = notice.closest('aside')!.getBoundingClientRect();
      const box = notice.getBoundingClientRect();
      return { fits: notice.scrollWidth <= notice.clientWidth, inside: box.right <= aside.right + 0.5, lines: box.height / parseFloat(getComputedStyle(notice).lineHeight || '16') };
    });
    expect(wraps.fits).toBe(true);
    expect(wraps.inside).toBe(true);

    // Importing a big bad record shows a short error, not the record.
    await page.click('#record');
    const junk = `${'x'.repeat(3000)}\n(${'zz9 '.repeat(500)})`;
    await page.fill('#record-text', junk);
    await page.click('#record-load');
    await expect.poll(() => page.locator('#record-error').textContent()).not.toBe('');
    const error = (await page.locator('#record-error').textContent())!;
    expect(error.length).toBeLessThanOrEqual(240);
    expect(error).not.toContain('x'.repeat(60));
    const dialog = (await page.locator('#record-dialog').boundingBox())!;
    expect(dialog.x + dialog.width).toBeLessThanOrEqual(1200);
    // A Game tag naming a long unknown game is quoted short too.
    await page.fill('#record-text', `[Game "${'q'.repeat(3000)}"]\n(d4)`);
    await page.click('#record-load');
    await expect.poll(() => page.locator('#record-error').textContent()).toMatch(/^this engine does not play "q{40}"…/);
    expect((await page.locator('#record-error').textContent())!.length).toBeLessThanOrEqual(240);
    await photograph(page, 'demo-import-error');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('an undo at game over clears the stale "Game over." notice, and AI against AI plays on', async () => {
    // A finished Populace game: Black g7, White a1, then both pass (Black, ahead, took the button).
    const first = await open('demo/#game=populace&black=human&white=human');
    await expect.poll(async () => (await viewOf(first.page)).game).toBe('populace');
    const record = await first.page.evaluate(async () => {
      const board = document.querySelector('#board') as unknown as { game: { record: string }; play(m: string): Promise<unknown> };
      for (const m of ['g7', 'a1', 'pass', 'pass']) await board.play(m);
      return board.game.record;
    });
    await first.page.close();
    const link = `game=populace&black=1&white=1&record=${Buffer.from(record).toString('base64url')}`;
    const { page, errors } = await open(`demo/#${link}`);
    await expect.poll(async () => (await viewOf(page)).outcome).not.toBeNull();
    await expect.poll(() => page.locator('#notice').textContent()).toBe('Game over.');
    await page.evaluate(() => {
      const notice = document.getElementById('notice')!;
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => seen.push(notice.textContent ?? '')).observe(notice, { childList: true, characterData: true, subtree: true });
    });
    await page.click('#undo');
    // The notice went away, and the AI (White, behind) moved again.
    await expect.poll(() => page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toContain('');
    await movesPlayed(page, 4);
    const moves = await history(page);
    expect(moves.slice(0, 3)).toEqual(['g7', 'a1', 'pass']);
    expect(errors).toEqual([]);
    await page.close();
  });
});
