/**
 * The model-based test of the demo's games: random sequences of what a user does (moves by
 * clicks, Undo, Redo, the analysis steps, Pause and Resume, Share link opened in a new tab, a
 * reload, New game of any game, the editor closed or played from, an invalid position shared, a
 * second tab on the same address or on the bare page, Back, the Games panel, switching and
 * closing tabs), run in real Chromium against a model of what each game holds. After every step
 * it checks the invariant: every game the user has seen holds every move it held (its moves
 * and its redo line, in the store), each tab shows the game, the cursor and the pause it should,
 * and nothing moved that the user did not ask for (opening never plays).
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { GAME_IDS } from '../../../bindings/games/registry.js';
import { playByClicks, readKept, readShown, settle, type Kept, type Shown } from './page.js';

export interface ModelGame {
  steps: string[];
  cursor: number;
  paused: boolean;
}

export interface ModelTab {
  /** The game the tab shows. */
  id: string;
  /** The tab holds the AI back since it opened or took up its game (until the user acts in it). */
  held: boolean;
  /** The games before, for Back. */
  back: string[];
}

export interface Model {
  games: Map<string, ModelGame>;
  tabs: ModelTab[];
  active: number;
}

export interface Real {
  context: BrowserContext;
  url: string;
  pages: Page[];
}

/** What the runs did, for the report. */
export const tally = { sequences: 0, steps: 0 };

const MAX_TABS = 3;
/**
 * The games, and their seats for New game: level 1 answers at once, level 4 searches for a
 * quarter of a second (a timed search, whose answer can race what the page does meanwhile); no
 * AI against AI, which never settles.
 */
const GAMES = GAME_IDS;
const SEATS = [
  ['human', 'human'],
  ['human', '1'],
  ['1', 'human'],
  ['human', '4'],
  ['4', 'human'],
] as const;

/** How a command may change the line of the game it acted on. */
type LineRule =
  /** Nothing moves: the same line, the same cursor. */
  | { kind: 'same' }
  /** The same moves; the cursor as given. */
  | { kind: 'cursor'; cursor: number | 'back' }
  /** A user's move at the cursor, then the AI's replies where it may play. */
  | { kind: 'move' }
  /** The AI may play from the cursor on (Resume): the moves up to the cursor stay. */
  | { kind: 'ai' };

async function settleAll(r: Real): Promise<Shown[]> {
  const shown: Shown[] = [];
  for (const page of r.pages) shown.push(await settle(page));
  // A tab's write reaches the others through the store: once more, after every tab has settled.
  shown.length = 0;
  for (const page of r.pages) shown.push(await settle(page));
  return shown;
}

const kept = (store: Kept[], id: string): Kept => {
  const g = store.find((k) => k.id === id);
  expect(g, `the store keeps game ${id}`).toBeDefined();
  return g!;
};

const anyAi = (k: Kept): boolean => k.players.black !== 'human' || k.players.white !== 'human';

/**
 * Settles every tab, then checks the invariant and brings the model up to date. `acted` is the
 * tab the user acted in (its game's line follows `rule`), `opened` the tabs that opened their
 * game afresh (they hold the AI back where it is to move or the cursor is short of the end).
 */
async function check(m: Model, r: Real, acted: number | null, rule: LineRule, opened: number[] = []): Promise<void> {
  const shown = await settleAll(r);
  const store = await readKept(r.pages[0]!);
  tally.steps++;
  const changed = new Set<string>();
  if (acted !== null) {
    const id = m.tabs[acted]!.id;
    const before = m.games.get(id)!;
    const now = kept(store, id);
    const at = before.cursor;
    switch (rule.kind) {
      case 'same':
        expect(now.steps, 'nothing moved').toEqual(before.steps);
        expect(now.cursor, 'the cursor stayed').toBe(at);
        break;
      case 'cursor': {
        expect(now.steps, 'the line is kept').toEqual(before.steps);
        if (rule.cursor === 'back') expect(now.cursor, 'moves were taken back').toBeLessThan(Math.max(1, at));
        else expect(now.cursor).toBe(Math.max(0, Math.min(before.steps.length, rule.cursor)));
        break;
      }
      case 'move': {
        if (now.cursor === at && now.steps.length === before.steps.length) {
          expect(now.steps, 'a click that played nothing changed nothing').toEqual(before.steps);
          break;
        }
        const played = now.steps[at]!;
        expect(now.steps.slice(0, at), 'the moves before the one played stay').toEqual(before.steps.slice(0, at));
        if (played === before.steps[at] && at + 1 < before.steps.length) {
          // The next move of the redo line: the rest stays, and the AI waits for the line's end.
          expect(now.steps, 'a move that is the redo line’s next keeps the rest of it').toEqual(before.steps);
          expect(now.cursor).toBe(at + 1);
        } else if (played === before.steps[at]) {
          expect(now.steps.slice(0, before.steps.length)).toEqual(before.steps);
        }
        break;
      }
      case 'ai':
        expect(now.steps.slice(0, at), 'resuming keeps the moves up to the cursor').toEqual(before.steps.slice(0, at));
        break;
    }
    if (now.steps.join(' ') !== before.steps.join(' ') || now.cursor !== before.cursor || now.paused !== before.paused) changed.add(id);
    m.games.set(id, { steps: [...now.steps], cursor: now.cursor, paused: now.paused });
    // Short of the line's end after Undo, Redo or a move along it, the AI waits where it is to move
    // against a person; a user's act otherwise lifts the hold of an opened game.
    const s = shown[acted]!;
    const person = now.players.black === 'human' || now.players.white === 'human';
    m.tabs[acted]!.held = (rule.kind === 'cursor' || rule.kind === 'move') && !s.over && now.cursor < now.steps.length && s.aiToMove && person;
  }
  // Every game the user has seen is kept whole.
  for (const [id, g] of m.games) {
    const now = kept(store, id);
    expect({ id, steps: now.steps, cursor: now.cursor, paused: now.paused }, `game ${id} as the store keeps it`).toEqual({ id, ...g });
  }
  // Every tab shows its game as kept: the moves to the cursor, Redo, the pause.
  m.tabs.forEach((tab, i) => {
    const s = shown[i]!;
    expect(s.id, `tab ${i} shows game ${tab.id}`).toBe(tab.id);
    const g = m.games.get(tab.id)!;
    const follower = i !== acted && changed.has(tab.id);
    if (opened.includes(i) || follower) tab.held = !s.over && (g.cursor < g.steps.length || s.aiToMove);
    expect(s.steps, `tab ${i}: the moves on show`).toEqual(g.steps.slice(0, g.cursor));
    expect(s.redo, `tab ${i}: Redo`).toBe(g.cursor < g.steps.length);
    expect(s.paused, `tab ${i}: the AI held back`).toBe(g.paused || tab.held);
    expect(s.pauseButton, `tab ${i}: the Pause button`).toBe(s.paused ? 'Resume AI' : 'Pause AI');
  });
}

const activePage = (m: Model, r: Real): Page => r.pages[m.active]!;

async function openAnalysis(page: Page): Promise<void> {
  if (!(await page.locator('#study').evaluate((d) => (d as HTMLDetailsElement).open))) await page.click('#study summary');
}

/** A new page of the same browser (its storage shared), at `path`. */
async function newTab(r: Real, address: string): Promise<Page> {
  const page = await r.context.newPage();
  await page.goto(address);
  await page.waitForFunction(() => !!(document.querySelector('#board') as unknown as { game?: unknown } | null)?.game);
  r.pages.push(page);
  return page;
}

/** Edits the position by clicks: `edits` pairs of (piece kind, cell), as the editor offers them. */
async function editByClicks(page: Page, edits: ReadonlyArray<readonly [number, number]>): Promise<void> {
  await page.click('#edit');
  for (const [kind, cell] of edits) {
    const kinds = await page.locator('#editor-pieces input').count();
    await page.check(`#editor-pieces input[value="${kind % kinds}"]`);
    const sites = await page.evaluate(() => (document.querySelector('#board') as unknown as { game: { board: { sites: unknown[] } } }).game.board.sites.length);
    await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
    await page.locator('#board').locator(`.hit[data-site="${cell % sites}"]`).click();
    await page.waitForFunction(() => (document.querySelector('#editor-status') as HTMLElement).dataset.valid !== undefined || (document.querySelector('#editor-status')?.textContent ?? '') !== 'Click a cell to change it.');
  }
}

type Cmd = fc.AsyncCommand<Model, Real>;

function command(name: string, when: (m: Readonly<Model>) => boolean, act: (m: Model, r: Real) => Promise<void>): Cmd {
  return {
    check: when,
    run: async (m, r) => {
      // The user looks at the tab they act in (a tab behind others gets no animation frames).
      await activePage(m, r).bringToFront();
      if (process.env.MODEL_VERBOSE) console.log(`  ${name}`);
      await act(m, r);
    },
    toString: () => name,
  };
}

const always = (): boolean => true;

const playCommand = fc.nat(1000).map((k) =>
  command(`play(${k})`, always, async (m, r) => {
    await playByClicks(activePage(m, r), k);
    await check(m, r, m.active, { kind: 'move' });
  }),
);

const undoCommand = fc.constant(
  command('undo', always, async (m, r) => {
    const page = activePage(m, r);
    const g = m.games.get(m.tabs[m.active]!.id)!;
    if (await page.locator('#undo').isDisabled()) return check(m, r, null, { kind: 'same' });
    await page.click('#undo');
    await check(m, r, m.active, { kind: 'cursor', cursor: g.cursor === 0 ? 0 : 'back' });
  }),
);

const redoCommand = fc.constant(
  command('redo', always, async (m, r) => {
    const page = activePage(m, r);
    const g = m.games.get(m.tabs[m.active]!.id)!;
    if (await page.locator('#redo').isDisabled()) return check(m, r, null, { kind: 'same' });
    await page.click('#redo');
    const last = g.cursor + 1 === g.steps.length;
    await check(m, r, m.active, last && !g.paused ? { kind: 'ai' } : { kind: 'cursor', cursor: g.cursor + 1 });
  }),
);

const stepCommand = fc.constantFrom('first', 'prev', 'next', 'last').map((step) =>
  command(`step(${step})`, always, async (m, r) => {
    const page = activePage(m, r);
    const g = m.games.get(m.tabs[m.active]!.id)!;
    await openAnalysis(page);
    await page.click(`#step-${step}`);
    const target = step === 'first' ? 0 : step === 'prev' ? g.cursor - 1 : step === 'next' ? g.cursor + 1 : g.steps.length;
    await check(m, r, m.active, { kind: 'cursor', cursor: target });
    const store = await readKept(page);
    if (anyAi(kept(store, m.tabs[m.active]!.id))) expect(m.games.get(m.tabs[m.active]!.id)!.paused, 'stepping pauses the AI').toBe(true);
  }),
);

const reloadCommand = fc.constant(
  command('reload', always, async (m, r) => {
    const page = activePage(m, r);
    await page.reload();
    await check(m, r, null, { kind: 'same' }, [m.active]);
  }),
);

/** What a user does, the frequent things more often (fast-check picks among these alike). */
const allCommands: Array<fc.Arbitrary<Cmd>> = [
  playCommand,
  playCommand,
  playCommand,
  playCommand,
  undoCommand,
  undoCommand,
  redoCommand,
  redoCommand,
  stepCommand,
  stepCommand,
  reloadCommand,
  reloadCommand,
  fc.constant(
    command('pause', always, async (m, r) => {
      const page = activePage(m, r);
      await openAnalysis(page);
      const wasPaused = (await readShown(page)).paused;
      await page.click('#pause');
      await check(m, r, m.active, wasPaused ? { kind: 'ai' } : { kind: 'same' });
      expect(m.games.get(m.tabs[m.active]!.id)!.paused, 'the Pause button toggles the pause').toBe(!wasPaused);
    }),
  ),
  fc.constant(
    command(
      'share-open',
      (m) => m.tabs.length < MAX_TABS,
      async (m, r) => {
        const page = activePage(m, r);
        const from = m.games.get(m.tabs[m.active]!.id)!;
        await page.click('#share');
        const link = await page.evaluate(() => navigator.clipboard.readText());
        expect(link, 'Share link copies a link to the game').toMatch(/#game=.*record=/);
        await newTab(r, link);
        const shown = await settle(r.pages.at(-1)!);
        expect(shown.id, 'a link opens as a game of its own').not.toBeNull();
        expect(m.games.has(shown.id!), 'a link opens as a new game').toBe(false);
        m.games.set(shown.id!, { steps: [...from.steps], cursor: from.cursor, paused: from.cursor < from.steps.length });
        m.tabs.push({ id: shown.id!, held: false, back: [] });
        await check(m, r, null, { kind: 'same' }, [m.tabs.length - 1]);
      },
    ),
  ),
  fc.constant(
    command(
      'tab-same-address',
      (m) => m.tabs.length < MAX_TABS,
      async (m, r) => {
        await newTab(r, activePage(m, r).url());
        m.tabs.push({ id: m.tabs[m.active]!.id, held: false, back: [] });
        await check(m, r, null, { kind: 'same' }, [m.tabs.length - 1]);
      },
    ),
  ),
  fc.constant(
    command(
      'tab-bare-page',
      (m) => m.tabs.length < MAX_TABS,
      async (m, r) => {
        const store = await readKept(r.pages[0]!);
        const latest = [...store].sort((a, b) => b.updated - a.updated)[0]!;
        await newTab(r, `${r.url}demo/`);
        m.tabs.push({ id: latest.id, held: false, back: [] });
        await check(m, r, null, { kind: 'same' }, [m.tabs.length - 1]);
      },
    ),
  ),
  fc.record({ game: fc.constantFrom(...GAMES), seats: fc.constantFrom(...SEATS) }).map(({ game, seats }) =>
    command(`new-game(${game}, ${seats.join('-')})`, always, async (m, r) => {
      const page = activePage(m, r);
      const tab = m.tabs[m.active]!;
      await page.click('#new');
      await page.selectOption('#game-choice', game);
      await page.selectOption('select[name=black]', seats[0]);
      await page.selectOption('select[name=white]', seats[1]);
      await page.click('#start');
      const shown = await settle(page);
      expect(shown.game).toBe(game);
      expect(m.games.has(shown.id!), 'New game makes a new game').toBe(false);
      tab.back.push(tab.id);
      tab.id = shown.id!;
      m.games.set(tab.id, { steps: [], cursor: 0, paused: false });
      await check(m, r, m.active, { kind: 'ai' });
    }),
  ),
  fc.array(fc.tuple(fc.nat(5), fc.nat(400)), { minLength: 1, maxLength: 3 }).map((edits) =>
    command(`edit-close(${JSON.stringify(edits)})`, always, async (m, r) => {
      const page = activePage(m, r);
      await editByClicks(page, edits);
      await page.click('#edit');
      await check(m, r, null, { kind: 'same' });
    }),
  ),
  fc.array(fc.tuple(fc.nat(5), fc.nat(400)), { minLength: 1, maxLength: 3 }).map((edits) =>
    command(`edit-play(${JSON.stringify(edits)})`, always, async (m, r) => {
      const page = activePage(m, r);
      const tab = m.tabs[m.active]!;
      await editByClicks(page, edits);
      const valid = (await page.locator('#editor-status').getAttribute('data-valid')) !== 'false';
      await page.click('#editor-play');
      if (!valid) {
        await expect.poll(() => page.locator('#editor-status').textContent()).toMatch(/^Not played: the position is not valid/);
        await page.click('#edit');
        return check(m, r, null, { kind: 'same' });
      }
      const shown = await settle(page);
      expect(shown.editing, 'Play from here closes the editor').toBe(false);
      expect(m.games.has(shown.id!), 'Play from here makes a new game').toBe(false);
      tab.back.push(tab.id);
      tab.id = shown.id!;
      m.games.set(tab.id, { steps: [], cursor: 0, paused: false });
      await check(m, r, m.active, { kind: 'ai' });
    }),
  ),
  fc.constant(
    command('edit-invalid-share', always, async (m, r) => {
      const page = activePage(m, r);
      await page.click('#edit');
      await page.fill('#editor-position', 'zz9,');
      await page.press('#editor-position', 'Enter');
      await expect.poll(() => page.locator('#editor-status').getAttribute('data-valid')).toBe('false');
      await page.click('#editor-share');
      await expect.poll(() => page.locator('#editor-status').textContent()).toMatch(/^Not shared: the position is not valid/);
      await page.click('#editor-play');
      await expect.poll(() => page.locator('#editor-status').textContent()).toMatch(/^Not played: the position is not valid/);
      await page.click('#edit');
      await check(m, r, null, { kind: 'same' });
    }),
  ),
  fc.constant(
    command(
      'back',
      (m) => m.tabs[m.active]!.back.length > 0,
      async (m, r) => {
        const tab = m.tabs[m.active]!;
        await activePage(m, r).goBack();
        tab.id = tab.back.pop()!;
        await check(m, r, null, { kind: 'same' }, [m.active]);
      },
    ),
  ),
  fc.nat(50).map((k) =>
    command(`games-resume(${k})`, always, async (m, r) => {
      const page = activePage(m, r);
      const tab = m.tabs[m.active]!;
      await page.click('#games');
      const rows = page.locator('#games-list tr:not([aria-current])');
      await expect.poll(() => page.locator('#games-list tr').count()).toBeGreaterThan(0);
      const count = await rows.count();
      if (count === 0) {
        await page.keyboard.press('Escape');
        return check(m, r, null, { kind: 'same' });
      }
      const row = rows.nth(k % count);
      const id = (await row.getAttribute('data-id'))!;
      await row.locator('button', { hasText: 'Resume' }).click();
      tab.back.push(tab.id);
      tab.id = id;
      await check(m, r, null, { kind: 'same' }, [m.active]);
    }),
  ),
  fc.nat(10).map((k) =>
    command(
      `switch-tab(${k})`,
      (m) => m.tabs.length > 1,
      async (m, r) => {
        m.active = k % m.tabs.length;
        await activePage(m, r).bringToFront();
        await check(m, r, null, { kind: 'same' });
      },
    ),
  ),
  fc.nat(10).map((k) =>
    command(
      `close-tab(${k})`,
      (m) => m.tabs.length > 1,
      async (m, r) => {
        const i = k % m.tabs.length;
        await r.pages[i]!.close();
        r.pages.splice(i, 1);
        m.tabs.splice(i, 1);
        m.active = Math.min(m.active, m.tabs.length - 1);
        await check(m, r, null, { kind: 'same' });
      },
    ),
  ),
];

/**
 * The commands, or those whose names match `only` (a run that looks at a few kinds of action:
 * `--actions 'play|step|reload'`). An arbitrary none of whose commands match is left out.
 */
export function commands(only?: RegExp): Array<fc.Arbitrary<Cmd>> {
  if (!only) return allCommands;
  return allCommands.filter((a) => fc.sample(a, { numRuns: 40, seed: 1 }).some((c) => only.test(c.toString()))).map((a) => a.filter((c) => only.test(c.toString())));
}

/** Where a user first comes to the demo: the bare page, or a link that sets the players or starts a game. */
export const starts = fc.constantFrom('demo/', 'demo/#black=human&white=4', 'demo/#black=1&white=human', ...GAMES.map((g) => `demo/#game=${g}&black=human&white=4`));

/** A fresh browser context (its own storage) with one tab on the demo at `start`. */
export async function setup(newContext: () => Promise<BrowserContext>, url: string, start: string): Promise<{ model: Model; real: Real }> {
  const context = await newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(url).origin });
  const real: Real = { context, url, pages: [] };
  if (process.env.MODEL_VERBOSE) console.log(`  start ${start}`);
  const page = await newTab(real, `${url}${start}`);
  const shown = await settle(page);
  expect(shown.id, 'the tab’s address names its game').not.toBeNull();
  const store = await readKept(page);
  const g = kept(store, shown.id!);
  const model: Model = { games: new Map([[shown.id!, { steps: g.steps, cursor: g.cursor, paused: g.paused }]]), tabs: [{ id: shown.id!, held: false, back: [] }], active: 0 };
  tally.sequences++;
  return { model, real };
}
