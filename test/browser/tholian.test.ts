/**
 * Tholian Go in the demo, in a real headless Chromium (Debian's, driven by playwright-core),
 * against the production build served on localhost: the two webs drawn woven, barriers, the
 * target and entry nodes; a whole push move built click by click (D1.1, D2.1, then D2.2), the
 * turn ended with its button, a push cancelled, the AI's answer, and the new-game dialog's
 * variants. Pictures go to test-results/; with UPDATE_DOCS=1 the board building a push is also
 * saved as docs/tholian.png, the README's picture.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { open as openPage, root, shots, useBrowser, viewOf as boardView } from './harness.js';

const BOARD = '#board';
useBrowser();

interface View {
  game: string;
  drawing: string;
  position: string;
  board: { sites: Array<{ label: string; web?: number }>; links: Array<[number, number]>; duals?: number[] };
  cells: number[];
  toMove: number;
  legal: Array<{ kind: string; at?: number; to?: number }>;
  history: Array<{ notation: string; player: number }>;
  details: { turn: string; path?: number[]; marks: Array<{ cell: number; mark: string }> };
  options: Record<string, unknown>;
}

/** The demo on Tholian Go, once the board holds it (the address names the game). */
async function open(hash: string, viewport = { width: 1200, height: 1000 }): Promise<{ page: Page; errors: string[] }> {
  const opened = await openPage(`demo/${hash}`, undefined, BOARD, viewport);
  await opened.page.waitForFunction((sel) => (document.querySelector(sel) as unknown as { game?: { game: string } } | null)?.game?.game === 'tholian', BOARD, { timeout: 30_000 });
  return opened;
}

const viewOf = (page: Page): Promise<View> => boardView<View>(page, BOARD);

async function cellOf(page: Page, label: string): Promise<number> {
  const i = (await viewOf(page)).board.sites.findIndex((s) => s.label === label);
  expect(i, `node ${label}`).toBeGreaterThanOrEqual(0);
  return i;
}

async function click(page: Page, label: string): Promise<void> {
  await page.locator(BOARD).locator(`.hit[data-site="${await cellOf(page, label)}"]`).click();
}

const contents = async (page: Page, labels: string[]): Promise<number[]> => {
  const v = await viewOf(page);
  return labels.map((l) => v.cells[v.board.sites.findIndex((s) => s.label === l)]!);
};

const inBoard = (page: Page, selector: string) => page.locator(BOARD).locator(selector);

describe('Tholian Go in the demo', () => {
  it('draws both webs woven, with barriers, targets and entries; plays D1.1>D2.1>D2.2 by clicks and ends the turn', async () => {
    const { page, errors } = await open('#game=tholian&black=human&white=human');
    const v = await viewOf(page);
    expect([v.game, v.drawing]).toEqual(['tholian', 'webs']);
    expect(await page.textContent('#title')).toBe('Tholian Go');
    // The honeycomb's 109 paths, the dark web's 85, one node marker or token per node.
    await expect.poll(() => inBoard(page, 'line.light-path').count()).toBe(109);
    await expect.poll(() => inBoard(page, 'line.dark-path').count()).toBe(85);
    await expect.poll(() => inBoard(page, '.light-node').count()).toBe(82 - 28);
    await expect.poll(() => inBoard(page, '.dark-node').count()).toBe(36 - 12);
    await expect.poll(() => inBoard(page, 'circle.stone').count()).toBe(40);
    await expect.poll(() => inBoard(page, 'circle[part~="stone-red"]').count()).toBe(20);
    await expect.poll(() => inBoard(page, 'circle[part~="token-dark"]').count()).toBe(12);
    // Both home rows are barriers of their owners: bands in Red's and in Blue's colour.
    await expect.poll(() => inBoard(page, 'line.barrier-red').count()).toBeGreaterThan(0);
    await expect.poll(() => inBoard(page, 'line.barrier-blue').count()).toBe(await inBoard(page, 'line.barrier-red').count());
    // Double rings on the targets, a dashed ring on each entry.
    await expect.poll(() => inBoard(page, '[part~="mark-target-red"] circle').count()).toBe(2);
    await expect.poll(() => inBoard(page, '[part~="mark-target-blue"] circle').count()).toBe(2);
    await expect.poll(() => inBoard(page, '[part~="mark-entry-red"] circle.dashed').count()).toBe(1);
    await expect.poll(() => inBoard(page, '[part~="turn"]').textContent()).toBe('Red to move, turn 1: 1 dark + 2 light moves left');
    await expect.poll(() => inBoard(page, '[part~="scores"]').textContent()).toBe('Red 20 (14 light + 6 dark) · Blue 20 (14 light + 6 dark)');
    // Red's end is at the bottom: D1.1 is drawn below D1.6.
    const y = async (label: string) => (await inBoard(page, `.hit[data-site="${await cellOf(page, label)}"]`).boundingBox())!.y;
    await expect.poll(() => y('D1.1')).toBeGreaterThan(await y('D1.6'));
    await page.screenshot({ path: `${shots}tholian-start.png` });

    // An own token: its first steps are shown (D1.2, and D2.1, which it would push).
    await click(page, 'D1.1');
    await expect.poll(() => inBoard(page, 'circle.dest').count()).toBe(2);
    await expect.poll(() => inBoard(page, 'button[part=end]').isVisible()).toBe(true);
    // Into the occupied D2.1: the push is being built; the path and its string are shown, nothing moved yet.
    await click(page, 'D2.1');
    await expect.poll(async () => (await viewOf(page)).details.path?.length).toBe(2);
    expect(await contents(page, ['D1.1', 'D2.1', 'D2.2'])).toEqual([1, 1, 0]);
    await expect.poll(() => inBoard(page, 'path.build-path').count()).toBe(1);
    await expect.poll(() => inBoard(page, '[part~="mark-push"]').count()).toBe(2);
    // The head (D2.1) is selected at once, its next steps shown; End turn waits (disabled), Cancel is offered.
    await expect.poll(() => inBoard(page, 'circle.selected').count()).toBe(1);
    await expect.poll(() => inBoard(page, 'circle.dest').count()).toBeGreaterThan(0);
    await expect.poll(() => inBoard(page, 'button[part=end]').isDisabled()).toBe(true);
    await expect.poll(() => inBoard(page, 'button[part=pass]').isVisible()).toBe(false);
    await expect.poll(() => inBoard(page, 'button[part=cancel-button]').isVisible()).toBe(true);
    await expect.poll(() => inBoard(page, '[part~="turn"]').textContent()).toBe('Red: push D1.1>D2.1, choose where it goes on');
    // Off the board, so that no hover tip covers the picture, nor the focus ring.
    await page.mouse.move(1190, 990);
    await page.evaluate((sel) => (document.querySelector(sel)!.shadowRoot!.querySelector('svg') as SVGSVGElement).blur(), BOARD);
    await page.screenshot({ path: `${shots}tholian-push.png` });
    await page.locator(BOARD).screenshot({ path: `${shots}tholian-push-board.png` });
    if (process.env.UPDATE_DOCS === '1') await page.locator(BOARD).screenshot({ path: `${root}docs/tholian.png` });

    // The head into the empty D2.2: the string moves.
    await click(page, 'D2.2');
    await expect.poll(() => contents(page, ['D1.1', 'D2.1', 'D2.2'])).toEqual([0, 1, 1]);
    expect((await viewOf(page)).history.map((h) => h.notation)).toEqual(['D1.1>D2.1', '>D2.2']);
    await expect.poll(() => page.locator('#moves li').first().textContent()).toBe('Red: D1.1>D2.1>D2.2 ');
    await expect.poll(() => inBoard(page, '[part~="turn"]').textContent()).toBe('Red to move, turn 1: 2 light moves left');
    await expect.poll(() => inBoard(page, 'path.build-path').count()).toBe(0);
    // The last move is marked from its first step's origin (D1.1) to its end (D2.2).
    const centre = async (selector: string) => inBoard(page, selector).evaluate((c) => `${c.getAttribute('cx')},${c.getAttribute('cy')}`);
    await expect.poll(() => centre('circle.from')).toBe(await centre(`.hit[data-site="${await cellOf(page, 'D1.1')}"]`));
    await expect.poll(() => centre('circle.last')).toBe(await centre(`.hit[data-site="${await cellOf(page, 'D2.2')}"]`));
    await inBoard(page, 'button[part=end]').click();
    await expect.poll(async () => (await viewOf(page)).toMove).toBe(2);
    await expect.poll(() => inBoard(page, '[part~="turn"]').textContent()).toMatch(/^Blue to move, turn 1/);
    await inBoard(page, '[part=legend-summary]').click();
    const legend = (await inBoard(page, '[part=legend]').textContent())!;
    for (const words of ['solid line', 'dashed line', 'diamond', 'coloured band', 'double ring', 'dashed ring', 'blue ring']) expect(legend).toContain(words);
    await page.mouse.move(1190, 990);
    await page.screenshot({ path: `${shots}tholian-legend.png`, fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a push in progress is cancelled with its button (or Escape): the position before it, the same player to move', async () => {
    const { page, errors } = await open('#game=tholian&black=human&white=human');
    const before = (await viewOf(page)).position;
    await click(page, 'D1.1');
    await click(page, 'D2.1');
    await expect.poll(async () => (await viewOf(page)).details.path?.length).toBe(2);
    await inBoard(page, 'button[part=cancel-button]').click();
    await expect.poll(async () => (await viewOf(page)).position).toBe(before);
    await expect.poll(() => inBoard(page, 'button[part=cancel-button]').isVisible()).toBe(false);
    await expect.poll(() => inBoard(page, 'button[part=end]').isEnabled()).toBe(true);
    await click(page, 'D3.1');
    await click(page, 'D2.1');
    await expect.poll(async () => (await viewOf(page)).details.path?.length).toBe(2);
    await page.locator(BOARD).locator('svg').focus();
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await viewOf(page)).position).toBe(before);
    expect((await viewOf(page)).history).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the AI answers a turn with a whole turn of its own', async () => {
    const { page, errors } = await open('#game=tholian&black=human&white=1');
    await click(page, 'L4.2');
    await click(page, 'L3.2');
    await expect.poll(async () => (await viewOf(page)).history.length).toBe(1);
    await inBoard(page, 'button[part=end]').click();
    // Blue (AI level 1) moves step by step until its turn ends (by End, or with its budget used up): Red is to move again.
    await expect.poll(async () => (await viewOf(page)).history.length, { timeout: 10_000 }).toBeGreaterThan(1);
    await expect.poll(async () => (await viewOf(page)).toMove, { timeout: 60_000 }).toBe(1);
    const v = await viewOf(page);
    expect(v.history.filter((h) => h.player === 2).length).toBeGreaterThan(0);
    expect(v.details.path ?? []).toEqual([]);
    await expect.poll(() => page.locator('#moves li').count()).toBe(2);
    expect(await page.locator('#moves li').nth(1).textContent()).toMatch(/^Blue: /);
    await page.screenshot({ path: `${shots}tholian-ai.png` });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the new-game dialog offers the variants and options, and only the named boards', async () => {
    const { page, errors } = await open('#game=tholian&black=human&white=human');
    await page.click('#new');
    const boards = await page.locator('#board-choice option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(boards).toEqual(['main', 'periodic']);
    const variant = page.locator('select[name="option-variant"]');
    const variants = await variant.locator('option').evaluateAll((os) => os.map((o) => o.textContent));
    expect(variants).toEqual(['main', 'ultimate', 'chain', 'football', 'lucky', 'oracle', 'scrimmage', 'lucky-scrimmage']);
    await page.evaluate(() => ((document.getElementById('options-block') as HTMLDetailsElement).open = true));
    await variant.selectOption({ label: 'oracle' });
    await page.selectOption('#board-choice', 'periodic');
    await page.screenshot({ path: `${shots}tholian-new-game.png` });
    await page.click('#start');
    await expect.poll(async () => (await viewOf(page)).options.variant).toBe('oracle');
    const v = await viewOf(page);
    expect(v.board.sites).toHaveLength(120);
    // The dice of the turn are in the turn text.
    expect(v.details.turn).toMatch(/\(dice: dark [abc], light [xyz] [xyz]\)$/);
    // The periodic board's paths across its sides are stubs off the edges: 216 paths, more lines.
    await expect.poll(() => inBoard(page, 'line.web-line').count()).toBeGreaterThan(216);
    await page.mouse.move(1190, 990);
    await page.screenshot({ path: `${shots}tholian-periodic.png` });
    // Ultimate: placements by a click on an empty node.
    await page.click('#new');
    await page.evaluate(() => ((document.getElementById('options-block') as HTMLDetailsElement).open = true));
    await page.locator('select[name="option-variant"]').selectOption({ label: 'ultimate' });
    await page.selectOption('#board-choice', 'main');
    await page.click('#start');
    await expect.poll(async () => (await viewOf(page)).options.variant).toBe('ultimate');
    await click(page, 'D3.3');
    await expect.poll(() => contents(page, ['D3.3'])).toEqual([1]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('How to play shows the guide and its example board', async () => {
    const { page, errors } = await open('#game=tholian&black=human&white=human');
    await page.click('#howto-button');
    await expect.poll(() => page.textContent('#howto-title')).toBe('How to play Tholian Go');
    await page.waitForFunction(() => !!(document.querySelector('.howto-board') as unknown as { game?: unknown } | null)?.game);
    await expect.poll(() => page.locator('.howto-board').locator('line.barrier').count()).toBeGreaterThan(0);
    await page.screenshot({ path: `${shots}tholian-howto.png`, fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a variant chosen in the dialog is played to a result: Scrimmage, AI against AI', async () => {
    const { page, errors } = await open('#game=tholian&black=human&white=human');
    await page.click('#new');
    await page.evaluate(() => ((document.getElementById('options-block') as HTMLDetailsElement).open = true));
    await page.locator('select[name="option-variant"]').selectOption({ label: 'scrimmage' });
    await page.selectOption('select[name="black"]', '2');
    await page.selectOption('select[name="white"]', '1');
    await page.click('#start');
    await expect.poll(async () => (await viewOf(page)).options.variant).toBe('scrimmage');
    // 14 placements, then a race to the targets: over within a few hundred steps.
    await expect
      .poll(async () => (await page.evaluate((sel) => (document.querySelector(sel) as unknown as { game: { outcome: unknown } }).game.outcome, BOARD)) !== null, { timeout: 240_000, interval: 1000 })
      .toBe(true);
    const outcome = await page.evaluate((sel) => (document.querySelector(sel) as unknown as { game: { outcome: { winner: number; reason: string } } }).game.outcome, BOARD);
    expect(['touchdown', 'emptyTurns']).toContain(outcome.reason);
    const v = await viewOf(page);
    expect(v.history.filter((h) => h.notation.startsWith('@'))).toHaveLength(14);
    await page.screenshot({ path: `${shots}tholian-scrimmage-over.png` });
    expect(errors).toEqual([]);
    await page.close();
  }, 300_000);
});
