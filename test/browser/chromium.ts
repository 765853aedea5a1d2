/** Debian's Chromium driven by playwright-core, started the way this machine needs it. */
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

/**
 * Playwright gives each launch a fresh temporary profile (--user-data-dir), and each context of
 * it its own storage, so tests do not see each other's saved games.
 */
export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'],
  });
}
