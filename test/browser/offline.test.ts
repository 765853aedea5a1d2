/** The demo offline in Chromium: installed by its service worker, it loads and plays with no network. */
import { describe, expect, it } from 'vitest';
import { viewOf, history, clickSite, waitForGame, server, browser, useBrowser } from './harness.js';

useBrowser();

describe('the demo offline in Chromium', () => {
  it('is an installable web app: after the first visit it loads and plays with no network', async () => {
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}demo/`);
    await waitForGame(page);
    const manifest = await page.evaluate(async () => {
      const href = document.querySelector('link[rel=manifest]')!.getAttribute('href')!;
      return (await fetch(href)).json() as Promise<{ name: string; start_url: string; display: string; icons: Array<{ sizes: string }> }>;
    });
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    // The service worker is active once it has fetched every file of the build.
    const cached = await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      const names = await caches.keys();
      const cache = await caches.open(names.find((n) => n.startsWith('throngs-demo-'))!);
      return (await cache.keys()).map((r) => new URL(r.url).pathname);
    });
    expect(cached.some((p) => p.endsWith('.wasm'))).toBe(true);
    expect(cached.some((p) => /worker-.*\.js$/.test(p))).toBe(true);

    await context.setOffline(true);
    await page.reload();
    await waitForGame(page);
    await expect.poll(async () => (await viewOf(page)).history.length).toBe(0);
    await page.evaluate(() => document.querySelector('#board')!.setAttribute('ai', 'none'));
    await clickSite(page, 'd3');
    await expect.poll(() => history(page)).toEqual(['d3']);
    // Another game's wasm core, never loaded before, comes from the cache too.
    await page.evaluate(() => (document.querySelector('#board') as unknown as { newGame(c: object): Promise<unknown> }).newGame({ game: 'populace' }));
    await expect.poll(async () => (await viewOf(page)).game).toBe('populace');
    expect(errors).toEqual([]);
    await context.close();
  });
});
