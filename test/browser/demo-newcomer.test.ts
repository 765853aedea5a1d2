/**
 * The demo for a newcomer, in Chromium: the new-game dialog in plain words offering only what
 * each game plays, import errors quoting the record as written, the last move in view at game
 * over, and How to play beside the board.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { open, viewOf, history, waitForGame, BOARD, useBrowser, type View } from './harness.js';

useBrowser();

interface Info {
  id: string;
  title: string;
  shapes: boolean;
  hexSides: number[];
  torusSizes: number[];
  options: Record<string, { values: unknown[]; description: string; range?: [number, number] }>;
  howToPlay: { diagram: { labels?: string[] } };
}

const gamesOf = (page: Page): Promise<Info[]> =>
  page.evaluate(() => (document.querySelector('#board') as unknown as { games(): Promise<Info[]> }).games()) as Promise<Info[]>;

describe('the new-game dialog in plain words', () => {
  it('shows each rule option in words, a number input for a range, and only the shape sizes the game plays', async () => {
    const { page, errors } = await open('demo/');
    const games = await gamesOf(page);
    let ranges = 0;
    await page.click('#new');
    for (const game of games) {
      await page.selectOption('#game-choice', game.id);
      const list = page.locator('#options-list');
      const text = (await list.textContent()) ?? '';
      expect(text, game.id).not.toMatch(/§|\[I-\d+\]/);
      for (const [name, spec] of Object.entries(game.options)) {
        if (!spec.range) continue;
        ranges++;
        const input = list.locator(`input[name="option-${name}"]`);
        expect(await input.getAttribute('type'), `${game.id} ${name}`).toBe('number');
        expect(Number(await input.getAttribute('min'))).toBe(spec.range[0]);
        expect(Number(await input.getAttribute('max'))).toBe(spec.range[1]);
        expect(await input.inputValue()).toBe(String(spec.values[0]));
      }
      if (!game.shapes) continue;
      await page.selectOption('#board-choice', 'hexhex');
      const sides = await page.locator('select[name=hexSide] option').evaluateAll((os) => os.map((o) => Number((o as HTMLOptionElement).value)));
      expect(sides, `${game.id} hexagon sides`).toEqual(game.hexSides);
      await page.selectOption('#board-choice', 'torus');
      const tori = await page.locator('select[name=torusSize] option').evaluateAll((os) => os.map((o) => Number((o as HTMLOptionElement).value)));
      expect(tori, `${game.id} torus sizes`).toEqual(game.torusSizes);
    }
    expect(ranges).toBeGreaterThanOrEqual(1);
    await page.click('button[value=cancel]');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a seed from the number input starts the game with that seed', async () => {
    const { page } = await open('demo/');
    const games = await gamesOf(page);
    const game = games.find((g) => Object.values(g.options).some((o) => o.range))!;
    const [name, spec] = Object.entries(game.options).find(([, o]) => o.range)!;
    await page.click('#new');
    await page.selectOption('#game-choice', game.id);
    await page.locator('#options-block summary').click();
    const value = Math.min(spec.range![1], spec.range![0] + 41);
    await page.fill(`input[name="option-${name}"]`, String(value));
    await page.click('#start');
    await expect.poll(async () => (await viewOf(page)).game).toBe(game.id);
    await expect.poll(async () => (await viewOf(page)).record).toMatch(new RegExp(`\\[Rules "[^"]*\\b${name}=${value}\\b`));
    await page.close();
  });

  it('an import error quotes the record as written, not as an escaped string', async () => {
    const { page, errors } = await open('demo/');
    await page.click('#record');
    await page.fill('#record-text', '[Board "ragged63"]\n(pass d3) (xq9)');
    await page.click('#record-load');
    await expect.poll(() => page.textContent('#record-error')).toMatch(/cannot be played/);
    const error = (await page.textContent('#record-error'))!;
    expect(error).toContain('[Board "ragged63"]');
    expect(error).not.toMatch(/\\/);
    // A tag with quotes in it (written escaped in the record) is quoted as the game's name reads.
    await page.fill('#record-text', '[Game "Chess \\"960\\""]\n(e4)');
    await page.click('#record-load');
    await expect.poll(() => page.textContent('#record-error')).toMatch(/does not play/);
    expect(await page.textContent('#record-error')).not.toMatch(/\\/);
    expect(await page.textContent('#record-error')).toContain('"Chess "960""');
    expect(await history(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('the page around the board', () => {
  it('at game over the move list shows the last move, above the game-over panel', async () => {
    const { page, errors } = await open('demo/#black=human&white=human', (p) => p.setViewportSize({ width: 1280, height: 800 }));
    await page.evaluate(async () => {
      const board = document.querySelector('#board') as unknown as { game: View; play(m: object): Promise<unknown> };
      // Seventy moves to fill the list, then passes where they are legal until the game ends.
      for (let i = 0; i < 300 && !board.game.outcome; i++) {
        const moves = board.game.legal.filter((m) => m.kind !== 'pass');
        const pass = board.game.legal.find((m) => m.kind === 'pass');
        await board.play(i >= 70 && pass ? pass : moves[(i * 7) % moves.length]!);
      }
    });
    await expect.poll(() => page.isVisible('#gameover')).toBe(true);
    const last = page.locator('#moves li').last();
    await expect
      .poll(async () => {
        const item = (await last.boundingBox())!;
        const list = (await page.locator('#moves').boundingBox())!;
        const over = (await page.locator('#gameover').boundingBox())!;
        return item.y >= list.y - 1 && item.y + item.height <= list.y + list.height + 1 && item.y + item.height <= over.y + 1 && item.y + item.height <= 800;
      })
      .toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('How to play at 1280x800 keeps the board in view, and its example names the sites its caption names', async () => {
    const { page, errors } = await open('demo/#black=human&white=human', (p) => p.setViewportSize({ width: 1280, height: 800 }));
    const games = await gamesOf(page);
    await page.click('#howto-button');
    for (const game of games) {
      if ((await viewOf(page)).game !== game.id) {
        await page.evaluate((id) => (location.hash = `game=${id}&black=human&white=human`), game.id);
        await expect.poll(async () => (await viewOf(page)).game).toBe(game.id);
      }
      await expect.poll(() => page.textContent('#howto-title')).toBe(`How to play ${game.title}`);
      await waitForGame(page, '#howto game-board');
      await expect
        .poll(async () => {
          const box = (await page.locator(BOARD).boundingBox())!;
          return box.y >= 0 && box.y + box.height <= 800 && box.height > 300;
        }, { message: game.id })
        .toBe(true);
      const guide = (await page.locator('#howto').boundingBox())!;
      expect(guide.y, game.id).toBeLessThan(800);
      const labels = game.howToPlay.diagram.labels;
      const attribute = await page.locator('#howto game-board').getAttribute('site-labels');
      if (labels) expect(attribute, game.id).toBe(labels.join(' '));
      else expect(attribute, game.id).toBeNull();
    }
    expect(errors).toEqual([]);
    await page.close();
  });
});
