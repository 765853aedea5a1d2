/**
 * The element's drawing and its cost in Chromium: one worker round trip a move with overlays
 * shown, redraws batched per frame and limited to what changed (the `render` event says which
 * layers), the hover tip after a click, overlay numbers above the last-move ring, the note on a
 * selection that may stay or go on, and site-labels.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { open, history, movesPlayed, clickSite, siteIndex, photograph, afterFrame, waitForGame, useBrowser } from './harness.js';

useBrowser();

const EL = 'game-board';

/** The plain page with one <game-board> of these attributes instead of its own boards; console warnings collected. */
async function board(attributes: Record<string, string>): Promise<{ page: Page; warnings: string[]; errors: string[] }> {
  const { page, errors } = await open('lib/');
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  await page.evaluate((attrs) => {
    document.body.replaceChildren();
    const el = document.createElement('game-board');
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    el.style.maxWidth = '640px';
    document.body.append(el);
    const w = window as unknown as { renders_: Array<{ frame: number; parts: string[] }> };
    w.renders_ = [];
    el.addEventListener('render', (e) => w.renders_.push((e as CustomEvent<{ frame: number; parts: string[] }>).detail));
  }, attributes);
  await waitForGame(page, EL);
  await afterFrame(page);
  return { page, warnings, errors };
}

const roundTrips = (page: Page): Promise<number> => page.evaluate((sel) => (document.querySelector(sel) as unknown as { client: { roundTrips: number } }).client.roundTrips, EL);

/** The layers (by class) whose children change while `act` runs and the frames after it are drawn. */
async function layersChanged(page: Page, act: () => Promise<void>): Promise<string[]> {
  await page.evaluate((sel) => {
    const svg = document.querySelector(sel)!.shadowRoot!.querySelector('svg')!;
    const w = window as unknown as { changed_: Set<string>; watch_: MutationObserver };
    w.changed_ = new Set();
    w.watch_ = new MutationObserver((records) => {
      for (const r of records) {
        const layer = (r.target as Element).closest('[class^=layer-]');
        if (layer) w.changed_.add(layer.getAttribute('class')!.replace('layer-', ''));
      }
    });
    w.watch_.observe(svg, { childList: true, subtree: true, attributes: true });
  }, EL);
  await act();
  await afterFrame(page);
  return page.evaluate(() => {
    const w = window as unknown as { changed_: Set<string>; watch_: MutationObserver };
    w.watch_.disconnect();
    return [...w.changed_].sort();
  });
}

/** The centre of a site's hit area on the page. */
async function sitePoint(page: Page, label: string): Promise<{ x: number; y: number }> {
  const box = (await page.locator(EL).locator(`.hit[data-site="${await siteIndex(page, label, EL)}"]`).boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

describe('the element’s drawing and its cost in Chromium', () => {
  it('a user move with two overlays shown costs one round trip to the worker, an AI move two (search and play)', async () => {
    const { page, errors } = await board({ interactive: '', 'show-potential': '', 'show-territory': '', ai: 'none' });
    await expect.poll(() => page.locator(EL).locator('[part~=territory]').count()).toBeGreaterThan(0);
    const before = await roundTrips(page);
    await clickSite(page, 'd3', EL);
    await expect.poll(() => history(page, EL)).toEqual(['d3']);
    await afterFrame(page);
    expect((await roundTrips(page)) - before).toBe(1);
    // The numbers drawn are the worker's values, brought with the move.
    await expect.poll(() => page.locator(EL).locator('text[part=potential]').count()).toBeGreaterThan(10);
    const afterUser = await roundTrips(page);
    await page.evaluate((sel) => document.querySelector(sel)!.setAttribute('ai', 'black:1'), EL);
    await movesPlayed(page, 2, EL);
    await page.evaluate((sel) => document.querySelector(sel)!.setAttribute('ai', 'none'), EL);
    await afterFrame(page);
    expect((await roundTrips(page)) - afterUser).toBe(2);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('redraws come once a frame with a render event; a hover redraws only the tooltip, a selection only the highlights', async () => {
    const { page, errors } = await board({ interactive: '', 'show-potential': '', ai: 'none' });
    const renders = (): Promise<Array<{ frame: number; parts: string[] }>> => page.evaluate(() => (window as unknown as { renders_: Array<{ frame: number; parts: string[] }> }).renders_);
    const first = await renders();
    expect(first.length).toBeGreaterThan(0);
    expect(first.at(-1)!.parts).toEqual(expect.arrayContaining(['stones', 'marks', 'tip', 'status', 'legend']));
    // Thirty pointer moves over sites within one task: one frame draws them.
    const seen = first.length;
    await page.evaluate((sel) => {
      const hits = [...document.querySelector(sel)!.shadowRoot!.querySelectorAll('.hit')].slice(0, 30);
      for (const hit of hits) hit.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, clientX: 1, clientY: 1 }));
    }, EL);
    await afterFrame(page);
    const batched = (await renders()).slice(seen);
    expect(batched).toHaveLength(1);
    expect(batched[0]!.parts).toEqual(['tip', 'status']);
    await expect.poll(() => page.locator(EL).locator('[part~=tooltip]').count()).toBe(1);

    // The pointer onto another site: the tooltip's layer alone changes.
    const e3 = await sitePoint(page, 'e3');
    expect(await layersChanged(page, () => page.mouse.move(e3.x, e3.y))).toEqual(['tip']);
    await expect.poll(() => page.locator(EL).locator('[part~=tooltip]').textContent()).toMatch(/^e3/);
    // Selecting Black's e3 (a travel): the highlights, and the tip that the click takes away.
    expect(await layersChanged(page, () => page.mouse.click(e3.x, e3.y))).toEqual(['marks', 'tip']);
    await expect.poll(() => page.locator(EL).locator('circle.dest').count()).toBeGreaterThan(5);
    // A move redraws the position.
    const changed = await layersChanged(page, async () => {
      await clickSite(page, 'f4', EL);
      await expect.poll(() => history(page, EL)).toEqual(['e3-f4']);
    });
    expect(changed).toEqual(expect.arrayContaining(['stones', 'marks', 'overlay']));
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the hover tip goes away after a click and comes back when the pointer moves', async () => {
    const { page, errors } = await board({ interactive: '', 'show-potential': '', ai: 'none' });
    const tip = page.locator(EL).locator('[part~=tooltip]');
    const d3 = await sitePoint(page, 'd3');
    await page.mouse.move(d3.x, d3.y);
    await expect.poll(() => tip.textContent()).toMatch(/^d3\s+AP/);
    await page.mouse.click(d3.x, d3.y);
    await expect.poll(() => history(page, EL)).toEqual(['d3']);
    await expect.poll(() => tip.count()).toBe(0);
    // The board was redrawn under the pointer, which has not moved: still no tip.
    await afterFrame(page);
    await page.waitForTimeout(200);
    expect(await tip.count()).toBe(0);
    await page.mouse.move(d3.x + 2, d3.y + 1);
    await expect.poll(() => tip.textContent()).toMatch(/^d3/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('Populace: the overlay number on the last move’s piece is drawn above its ring', async () => {
    const { page, errors } = await board({ game: 'populace', board: 'hexhex(4)', interactive: '', 'show-potential': '', ai: 'none' });
    await clickSite(page, 'd4', EL);
    await expect.poll(() => history(page, EL)).toEqual(['d4']);
    const ring = page.locator(EL).locator('[part~=last-move]');
    await expect.poll(() => ring.count()).toBe(1);
    const order = await page.evaluate((sel) => {
      const root = document.querySelector(sel)!.shadowRoot!;
      const last = root.querySelector('[part~=last-move]')!;
      const at = (e: Element): string => `${Number(e.getAttribute('cx') ?? e.getAttribute('x')).toFixed(3)},${Number(e.getAttribute('cy') ?? e.getAttribute('y')).toFixed(3)}`;
      const number = [...root.querySelectorAll('text[part=potential]')].find((t) => at(t) === at(last));
      return number ? { text: number.textContent, above: (last.compareDocumentPosition(number) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0 } : null;
    }, EL);
    expect(order).not.toBeNull();
    expect(order!.text).toMatch(/^[+-]?\d+$/);
    expect(order!.above).toBe(true);
    await page.locator(EL).scrollIntoViewIfNeeded();
    await page.mouse.move(0, 0);
    await photograph(page, 'element-populace-last-move');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('Throngs: an empty site that may place and travel says, once selected, that a second click places; it does', async () => {
    const { page, errors } = await board({ interactive: '', ai: 'none' });
    const why = page.locator(EL).locator('[part~=explanation]');
    await clickSite(page, 'd3', EL);
    await expect.poll(() => history(page, EL)).toEqual(['d3']);
    await clickSite(page, 'd2', EL);
    await expect.poll(() => why.textContent()).toBe('d2 selected: click it again to place a stone here, or click a blue dot to place it and move it on to that site.');
    await expect.poll(() => page.locator(EL).locator('circle.dest').count()).toBeGreaterThan(1);
    await expect.poll(() => page.locator(EL).locator('[part~=stay]').count()).toBe(1);
    await page.mouse.move(0, 0);
    await photograph(page, 'element-place-and-travel');
    await clickSite(page, 'd2', EL);
    await expect.poll(() => history(page, EL)).toEqual(['d3', 'd2']);
    await expect.poll(() => why.textContent()).toBe('');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('site-labels names sites on the board; a label the board lacks is reported and left out', async () => {
    const { page, warnings, errors } = await board({ game: 'tholian', 'site-labels': 'D2.2, L4.2 Q9.9', ai: 'none' });
    const names = page.locator(EL).locator('[part~=site-label]');
    await expect.poll(() => names.allTextContents()).toEqual(['D2.2', 'L4.2']);
    await expect.poll(() => warnings.join('\n')).toMatch(/game-board: bad site-labels: no site "Q9.9" on this board; left out/);
    // Beside its site: within a cell's width of the node it names.
    const [label, node] = await Promise.all([names.first().boundingBox(), page.locator(EL).locator(`.hit[data-site="${await siteIndex(page, 'D2.2', EL)}"]`).boundingBox()]);
    expect(Math.hypot(label!.x - node!.x, label!.y - node!.y)).toBeLessThan(2 * node!.width);
    await page.mouse.move(0, 0);
    await photograph(page, 'element-site-labels');
    // Changing the attribute redraws the names.
    await page.evaluate((sel) => document.querySelector(sel)!.setAttribute('site-labels', 'D1.1'), EL);
    await expect.poll(() => names.allTextContents()).toEqual(['D1.1']);
    expect(errors).toEqual([]);
    await page.close();
  });
});
