/** Hints and analysis in Chromium: the hint arrow, the heat map, the evaluation graph, root-parallel search on several workers. */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../bindings/index.js';
import { solvePosition } from '../../bindings/solver/solver.js';
import { marginOf, resultOfBounds, solvedInWords } from '../../bindings/solver/value.js';
import { open, viewOf, history, movesPlayed, photograph, afterFrame, BOARD, type View, useBrowser } from './harness.js';

useBrowser();

describe('hints and analysis in Chromium', () => {
  it('the Hint button draws the engine’s move as an arrow or a ring on a legal move; the next move takes it away', async () => {
    const { page, errors } = await open('demo/#game=refugia&black=human&white=human');
    await expect.poll(async () => (await viewOf(page)).game).toBe('refugia');
    const hintButton = page.locator(BOARD).locator('[part~=hint-button]');
    await expect.poll(() => hintButton.isVisible()).toBe(true);
    await page.evaluate(() => {
      const w = window as unknown as { hints_: string[] };
      w.hints_ = [];
      document.querySelector('#board')!.addEventListener('hint', (e) => w.hints_.push((e as CustomEvent<{ notation: string }>).detail.notation));
    });
    // Refugia from the set-up: every first move is a placement, drawn as a ring.
    await hintButton.click();
    const ring = page.locator(BOARD).locator('[part~=hint] .hint-ring');
    await expect.poll(() => ring.count(), { timeout: 10_000 }).toBe(1);
    const at = Number(await ring.getAttribute('data-at'));
    const v = await viewOf(page);
    expect(v.legal.some((m) => m.at === at)).toBe(true);
    const said = await page.evaluate(() => (window as unknown as { hints_: string[] }).hints_);
    expect(said).toEqual([v.board.sites[at]!.label]);
    await expect.poll(() => page.locator(BOARD).locator('[part~=thinking]').textContent()).toBe(`Hint: ${said[0]}`);
    // A position where the hint is a travel: an arrow from a stone to a legal destination.
    await page.evaluate(() =>
      (document.querySelector('#board') as unknown as { newGame(c: object): Promise<unknown> }).newGame({ game: 'refugia', position: 'refugia hex3-4 1:c3,e4 2:b3,c4 n:d3 1 p0' }),
    );
    const arrowOrRing = page.locator(BOARD).locator('[part~=hint] > *');
    await expect.poll(() => arrowOrRing.count()).toBe(0);
    const hint = await page.evaluate(() => (document.querySelector('#board') as unknown as { hint(): Promise<{ move: { at?: number; to?: number } }> }).hint());
    const after = await viewOf(page);
    expect(after.legal.some((m) => m.at === hint.move.at && m.to === hint.move.to)).toBe(true);
    if (hint.move.to !== undefined && hint.move.to !== hint.move.at) {
      const arrow = page.locator(BOARD).locator('[part~=hint] .hint-arrow');
      await expect.poll(() => arrow.count()).toBe(1);
      expect(Number(await arrow.getAttribute('data-to'))).toBe(hint.move.to);
    } else {
      await expect.poll(() => ring.count()).toBe(1);
    }
    await photograph(page, 'demo-hint');
    // Playing a move clears the hint.
    await page.evaluate((m) => (document.querySelector('#board') as unknown as { play(m: object): Promise<unknown> }).play(m), hint.move);
    await expect.poll(() => arrowOrRing.count()).toBe(0);
    await expect.poll(() => page.locator(BOARD).locator('[part~=thinking]').textContent()).toBe('');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('root-parallel search on several workers: the roots add up, the helpers follow the game, and the workers attribute plays with them', async () => {
    const { page, errors } = await open('demo/#game=refugia&black=human&white=human');
    await expect.poll(async () => (await viewOf(page)).game).toBe('refugia');
    type Client = { search(o: object): Promise<{ iterations: number; move: { at?: number }; children: Array<{ visits: number }> }> };
    const search = (options: object): Promise<{ iterations: number; visits: number; at: number | undefined; moves: number }> =>
      page.evaluate(async (o) => {
        const client = (document.querySelector('#board') as unknown as { client: Client }).client;
        const r = await client.search(o);
        return { iterations: r.iterations, visits: r.children.reduce((n, c) => n + c.visits, 0), at: r.move.at, moves: r.children.length };
      }, options);
    const two = await search({ iterations: 1500, seed: 5, workers: 2 });
    expect(two.iterations).toBe(3000);
    expect(two.visits).toBe(3000);
    const start = await viewOf(page);
    expect(two.moves).toBe(start.legal.length);
    // After a move the helper searches the new position too: every child is a legal move there.
    await page.evaluate(() => (document.querySelector('#board') as unknown as { play(m: string): Promise<unknown> }).play('c3'));
    const after = await viewOf(page);
    const three = await search({ iterations: 800, seed: 6, workers: 3 });
    expect(three.iterations).toBe(2400);
    expect(three.moves).toBe(after.legal.length);
    expect(after.legal.some((m) => m.at === three.at)).toBe(true);
    expect(await page.evaluate(() => (document.querySelector('#board') as unknown as { client: Client }).client.search({ iterations: 10, workers: 9 }).then(() => 'ok', (e: Error) => e.message))).toMatch(/workers must be a whole number from 1 to 8/);
    // The AI at level 6 (timed) on two workers answers with a legal move.
    await page.evaluate(() => {
      const board = document.querySelector('#board')!;
      board.setAttribute('workers', '2');
      board.setAttribute('ai', 'white:6');
    });
    await movesPlayed(page, 2);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('alpha-beta on several workers: the one-worker value at a fixed depth, a time budget kept, and level 7 played with the workers attribute', async () => {
    const { page, errors } = await open('demo/#game=refugia&black=human&white=human');
    await expect.poll(async () => (await viewOf(page)).game).toBe('refugia');
    type Client = { search(o: object): Promise<{ score?: number; depth?: number; stopped: string; elapsedMs: number; move: object; principalVariation: readonly object[] }> };
    const search = (options: object) =>
      page.evaluate(async (o) => {
        const r = await (document.querySelector('#board') as unknown as { client: Client }).client.search(o);
        return { score: r.score, depth: r.depth, stopped: r.stopped, elapsedMs: r.elapsedMs, line: r.principalVariation.length, first: JSON.stringify(r.principalVariation[0]) === JSON.stringify(r.move) };
      }, options);
    await page.evaluate(() => (document.querySelector('#board') as unknown as { play(m: string): Promise<unknown> }).play('c3'));
    const one = await search({ algorithm: 'alphabeta', depth: 5 });
    for (const workers of [2, 3]) {
      const split = await search({ algorithm: 'alphabeta', depth: 5, workers });
      expect([split.score, split.depth, split.stopped, split.first]).toEqual([one.score, 5, 'depth', true]);
    }
    const timed = await search({ algorithm: 'alphabeta', timeMs: 300, workers: 2 });
    expect(timed.depth).toBeGreaterThanOrEqual(1);
    expect(timed.elapsedMs).toBeLessThan(2000);
    await page.evaluate(() => {
      const board = document.querySelector('#board')!;
      board.setAttribute('workers', '2');
      board.setAttribute('ai', 'white:7');
    });
    await movesPlayed(page, 2);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('root-parallel helpers keep their trees only as the page\'s worker does: a repeated search goes on, an undo or fresh: true starts every worker afresh', async () => {
    const { page, errors } = await open('demo/#game=throngs&black=human&white=human');
    type Client = {
      search(o: object): Promise<{ iterations: number; children: Array<{ visits: number }> }>;
      view(): Promise<{ legal: readonly object[] }>;
      play(m: object): Promise<unknown>;
      undo(): Promise<unknown>;
    };
    // Root visits summed over the moves: this search's iterations plus those of the trees kept.
    const search = (options: object, playAndUndo = false): Promise<{ iterations: number; visits: number }> =>
      page.evaluate(
        async ({ o, playAndUndo }) => {
          const client = (document.querySelector('#board') as unknown as { client: Client }).client;
          if (playAndUndo) {
            await client.play((await client.view()).legal[0]!);
            await client.undo();
          }
          const r = await client.search(o);
          return { iterations: r.iterations, visits: r.children.reduce((n, c) => n + c.visits, 0) };
        },
        { o: options, playAndUndo },
      );
    const budget = { iterations: 1000, workers: 2, settings: { cutoff: 2 } };
    expect(await search({ ...budget, seed: 1 })).toEqual({ iterations: 2000, visits: 2000 });
    // The same position again: both workers go on with their trees.
    expect(await search({ ...budget, seed: 3 })).toEqual({ iterations: 2000, visits: 4000 });
    // A move and its undo leave the record as the helper holds it; the helper drops its tree all the same.
    expect(await search({ ...budget, seed: 5 }, true)).toEqual({ iterations: 2000, visits: 2000 });
    expect(await search({ ...budget, seed: 7, fresh: true })).toEqual({ iterations: 2000, visits: 2000 });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('analysis of a position the solver proves says "Solved:" with the value and the moves that keep it, as the node solver finds them', async () => {
    const position = 'refugia althex(2,3) 1:c1,b2 2:c3 n: 2 p0';
    const engine = await createEngine({ game: 'refugia', position, arenaMB: 16 });
    const exact = await solvePosition(engine);
    const { page, errors } = await open('demo/#game=refugia&black=human&white=human');
    await expect.poll(async () => (await viewOf(page)).game).toBe('refugia');
    await page.evaluate((p) => (document.querySelector('#board') as unknown as { newGame(c: object): Promise<unknown> }).newGame({ game: 'refugia', position: p }), position);
    await expect.poll(async () => (await viewOf(page)).board.sites.length).toBe(12);
    const before = await viewOf(page);
    const words = solvedInWords({ result: resultOfBounds(exact.value)!, margin: marginOf(exact.value.lower) }, before.players[before.toMove - 1]!);
    await page.click('#study summary');
    await page.click('#analyse');
    const text = page.locator('#analysis');
    await expect.poll(() => text.getAttribute('data-solved'), { timeout: 10_000 }).toBe(resultOfBounds(exact.value));
    expect(await text.textContent()).toBe(`Solved: ${words} with perfect play. Moves that keep it: ${exact.best.join(' ')}`);
    // The heat map marks the moves that keep the value, alike.
    await afterFrame(page);
    const v = await viewOf(page);
    const cells = await page.locator(BOARD).locator('[part~=heat] .heat').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-cell'))));
    const ends = exact.best.map((m) => m.split('-').pop()!);
    expect(cells.map((c) => v.board.sites[c]!.label).sort()).toEqual([...new Set(ends)].sort());
    // The element's analyse() gives the same value to a page.
    const analysis = await page.evaluate(() =>
      (document.querySelector('#board') as unknown as { analyse(): Promise<{ solved?: { result: string; margin: number; best: string[] } }> }).analyse(),
    );
    expect(analysis.solved).toEqual({ result: resultOfBounds(exact.value), margin: marginOf(exact.value.lower), best: exact.best });
    // Alpha-beta split over workers (levels 7 and 8 with the workers attribute) asks the solver first too.
    const split = await page.evaluate(async () => {
      type Client = { search(o: object): Promise<{ stopped: string; solved?: { best: string[] } }> };
      const client = (document.querySelector('#board') as unknown as { client: Client }).client;
      return client.search({ algorithm: 'alphabeta', timeMs: 4000, solveFirst: 0.5, workers: 2 });
    });
    expect([split.stopped, split.solved?.best]).toEqual(['solved', exact.best]);
    await photograph(page, 'demo-solved');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('analysis shows a heat map, the win probability and the best line; steps through the game; the evaluation graph; AI against AI at a pace, paused and resumed', async () => {
    const { page, errors } = await open('demo/#game=populace&black=human&white=human');
    await expect.poll(async () => (await viewOf(page)).game).toBe('populace');
    await page.evaluate(async () => {
      const board = document.querySelector('#board') as unknown as { game: View; play(m: object): Promise<unknown> };
      for (let i = 0; i < 6; i++) {
        const moves = board.game.legal.filter((m) => m.kind === 'place');
        await board.play(moves[(i * 11 + 5) % moves.length]!);
      }
    });
    await page.click('#study summary');
    await page.click('#analyse');
    const text = page.locator('#analysis');
    await expect.poll(() => text.textContent(), { timeout: 10_000 }).toMatch(/^Black to move: \d+% to win \([\d,]+ playouts\)\. Best line: \S+/);
    const win = Number(await text.getAttribute('data-win'));
    // The heat map is drawn in the frame after the analysis resolves.
    await afterFrame(page);
    expect(win).toBeGreaterThanOrEqual(0);
    expect(win).toBeLessThanOrEqual(1);
    const shares = await page.locator(BOARD).locator('[part~=heat] .heat').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-share'))));
    expect(shares.length).toBeGreaterThanOrEqual(1);
    // Each share is written to 4 decimals: the sum may exceed 1 by half a unit of the last place a cell.
    expect(shares.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1 + shares.length * 0.00005 + 1e-9);
    // The best line starts with the best move, whose cell has the most heat.
    const best = (await text.locator('.line').textContent())!.split(' ')[0]!;
    const v = await viewOf(page);
    const bestCell = v.board.sites.findIndex((s) => s.label === best);
    expect(bestCell).toBeGreaterThanOrEqual(0);
    const hottest = await page
      .locator(BOARD)
      .locator('[part~=heat] .heat')
      .evaluateAll((els) => els.map((e) => ({ cell: Number(e.getAttribute('data-cell')), share: Number(e.getAttribute('data-share')) })).sort((a, b) => b.share - a.share)[0]!.cell);
    expect(hottest).toBe(bestCell);
    await photograph(page, 'demo-analysis');

    // Stepping: first, next, previous, last.
    const line = await history(page);
    await page.click('#step-first');
    await expect.poll(() => history(page)).toEqual([]);
    await expect.poll(() => page.locator(BOARD).locator('[part~=heat] .heat').count()).toBe(0);
    expect(await text.textContent()).toBe('');
    await page.click('#step-next');
    await expect.poll(() => history(page)).toEqual(line.slice(0, 1));
    await page.click('#step-next');
    await page.click('#step-prev');
    await expect.poll(() => history(page)).toEqual(line.slice(0, 1));
    await page.click('#step-last');
    await expect.poll(() => history(page)).toEqual(line);

    // The evaluation graph: a value for the start and after each move, the move on show marked.
    await page.click('#evaluate');
    await expect.poll(() => page.locator('#graph').getAttribute('data-values'), { timeout: 20_000 }).not.toBeNull();
    const values = (await page.locator('#graph').getAttribute('data-values'))!.split(' ').map(Number);
    expect(values).toHaveLength(line.length + 1);
    for (const p of values) expect(p >= 0 && p <= 1).toBe(true);
    expect(await page.locator('#graph svg polyline').count()).toBe(1);
    // A click on the graph goes to that move.
    await page.locator('#graph rect[data-move="2"]').click();
    await expect.poll(() => history(page)).toEqual(line.slice(0, 2));
    await photograph(page, 'demo-evaluation');

    // AI against AI, a move a second at most: moves come no faster than the pace; Pause stops them.
    await page.click('#step-last');
    await expect.poll(() => history(page)).toEqual(line);
    await page.selectOption('#ai-pace', '1000');
    await page.evaluate(() => {
      const w = window as unknown as { times_: number[] };
      w.times_ = [];
      document.querySelector('#board')!.addEventListener('move', () => w.times_.push(performance.now()));
    });
    // Both seats to level 1 by a link followed in this tab: the AI plays on from the move on show.
    await page.evaluate(() => (location.hash = 'black=1&white=1'));
    await movesPlayed(page, line.length + 3, BOARD, 20_000);
    const times = await page.evaluate(() => (window as unknown as { times_: number[] }).times_);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    for (const gap of gaps) expect(gap).toBeGreaterThan(900);
    await page.click('#pause');
    expect(await page.locator('#pause').textContent()).toBe('Resume AI');
    const paused = (await history(page)).length;
    await page.waitForTimeout(2500);
    expect((await history(page)).length).toBe(paused);
    await page.click('#pause');
    await movesPlayed(page, paused + 1, BOARD, 10_000);
    expect(errors).toEqual([]);
    await page.close();
  });
});
