/** The position editor in Chromium: pieces by clicks, the side to move, checking, sharing and playing from an edited position. */
import { describe, expect, it } from 'vitest';
import { open, viewOf, history, siteIndex, clickSite, photograph, waitForGame, browser, useBrowser } from './harness.js';

useBrowser();

describe('the position editor in Chromium', () => {
  it('places and removes pieces of every kind, sets the side to move, refuses a bad position with the engine’s reason, plays from it and shares it', async () => {
    const { page, errors } = await open('demo/#game=refugia&black=human&white=human');
    await expect.poll(async () => (await viewOf(page)).game).toBe('refugia');
    await page.click('#edit');
    expect(await page.locator('#editor').isVisible()).toBe(true);
    // One choice per piece kind of the game: Empty, Dark, Light and Refugia's neutral stone.
    expect(await page.locator('#editor-pieces label').allTextContents()).toEqual([' Empty', ' Dark', ' Light', ' Neutral']);
    const cellOf = async (label: string): Promise<number> => (await viewOf(page)).cells[await siteIndex(page, label)]!;
    await page.check('#editor-pieces input[value="3"]');
    await clickSite(page, 'c2');
    await expect.poll(() => cellOf('c2')).toBe(3);
    await page.check('#editor-pieces input[value="1"]');
    await clickSite(page, 'e4');
    await page.check('#editor-pieces input[value="2"]');
    await clickSite(page, 'a1');
    await expect.poll(() => cellOf('a1')).toBe(2);
    expect(await cellOf('e4')).toBe(1);
    // Clicks edit, they play nothing.
    expect((await viewOf(page)).history).toEqual([]);
    // Empty removes; the side to move follows the select.
    await page.check('#editor-pieces input[value="0"]');
    await clickSite(page, 'a1');
    await expect.poll(() => cellOf('a1')).toBe(0);
    await page.selectOption('#editor-side', '2');
    await expect.poll(async () => (await viewOf(page)).toMove).toBe(2);
    await expect.poll(() => page.locator('#editor-status').getAttribute('data-valid')).toBe('true');
    const good = await page.inputValue('#editor-position');
    expect(good).toMatch(/^refugia \S+ 1:e4 2: n:c2 2\b/);
    await photograph(page, 'demo-editor');

    // A bad position: the engine's reason is shown and the board keeps the last good one.
    await page.fill('#editor-position', good.replace('1:e4', '1:e4,z99'));
    await page.click('#editor-check');
    await expect.poll(() => page.locator('#editor-status').getAttribute('data-valid')).toBe('false');
    expect(await page.locator('#editor-status').textContent()).toMatch(/^Not a valid position: .*z99/);
    expect((await viewOf(page)).cells[await siteIndex(page, 'e4')]).toBe(1);
    await page.click('#editor-play');
    expect(await page.locator('#editor').isVisible()).toBe(true);
    await page.fill('#editor-position', good);
    await page.click('#editor-check');
    await expect.poll(() => page.locator('#editor-status').getAttribute('data-valid')).toBe('true');

    // Shared as a link, the position opens on another page.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.click('#editor-share');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText().catch(() => ''))).toContain('position=');
    const link = await page.evaluate(() => navigator.clipboard.readText());
    const other = await browser.newContext();
    const fresh = await other.newPage();
    await fresh.goto(link);
    await waitForGame(fresh);
    await expect.poll(async () => (await viewOf(fresh)).cells[await siteIndex(fresh, 'c2')]).toBe(3);
    expect((await viewOf(fresh)).toMove).toBe(2);
    await other.close();

    // Play from here: Light (to move) places by a click.
    await page.click('#editor-play');
    await expect.poll(() => page.locator('#editor').isHidden()).toBe(true);
    expect(await page.locator('#board').getAttribute('editing')).toBeNull();
    await clickSite(page, 'a1');
    await expect.poll(() => history(page)).toEqual(['a1']);
    expect(errors).toEqual([]);
    await page.close();
  });
});
