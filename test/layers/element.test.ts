/**
 * The board element's logic, without a browser: attributes, what a click does, buttons, layout;
 * and the engine worker behind it, called directly (Comlink's expose is left out in Node).
 */
import { describe, expect, it, vi } from 'vitest';
import {
  aiLevelFor,
  boardClick,
  buttonKinds,
  clickedMove,
  destinationsOf,
  parseAiAttribute,
  parseOrientation,
  seatOf,
  sitesNamedIn,
} from '../../bindings/ui/board-logic.js';
import { gameOfPosition, gameOfRecord } from '../../bindings/engine/text-game.js';
import { labelSize, placeLabels, type LabelBox } from '../../bindings/ui/label-places.js';
import { createEngine } from '../../bindings/index.js';
import type { Backend } from '../../bindings/engine/engine.js';
import type { GameMove } from '../../reference/core/game.js';
import { CELL_RADIUS, hexagonPoints, layoutBoard, stepFrom } from '../../bindings/ui/geometry.js';
import { formatOverlayValue, formatScore, markStyle, overlayLegend, overlayStyle } from '../../bindings/ui/overlays.js';
import { NO_VALUE } from '../../bindings/engine/view.js';
import { boardGeometry, gameView } from '../../bindings/worker/view.js';
import { EngineWorker } from '../../bindings/worker/worker.js';
import { winnerNote } from '../../bindings/ui/status.js';
import { GAME_IDS, gameRules } from '../../bindings/games/registry.js';
import { engine, position, site } from '../games/throngs/helpers.js';

/** A cell of any game's board by its label. */
function cell(e: { topology: { cellOf(label: string): number } }, label: string): number {
  const c = e.topology.cellOf(label);
  if (c < 0) throw new Error(`no cell ${label}`);
  return c;
}

vi.mock('comlink', async (original) => ({ ...(await original<typeof import('comlink')>()), expose: () => undefined }));

const GAMES = [
  { id: 'throngs', title: 'Throngs' },
  { id: 'refugia', title: 'Refugia' },
  { id: 'populace', title: 'Populace' },
];

describe('<game-board> attributes', () => {
  it('reads the ai attribute', () => {
    expect(parseAiAttribute(null)).toEqual({});
    expect(parseAiAttribute('none')).toEqual({});
    expect(parseAiAttribute('white:3')).toEqual({ 2: 3 });
    expect(parseAiAttribute('Black:8')).toEqual({ 1: 8 });
    expect(parseAiAttribute('both:2')).toEqual({ 1: 2, 2: 2 });
    expect(parseAiAttribute('black:1, white:5')).toEqual({ 1: 1, 2: 5 });
    for (const bad of ['white', 'white:9', 'red:3', 'white:3;black:2', 'white:0']) {
      expect(parseAiAttribute(bad), bad).toMatch(/expected side:level/);
    }
  });

  it("reads the ai attribute with the game's own side names", () => {
    const refugia = ['Dark', 'Light'] as const;
    expect(parseAiAttribute('light:2', refugia)).toEqual({ 2: 2 });
    expect(parseAiAttribute('Dark:4,white:1', refugia)).toEqual({ 1: 4, 2: 1 });
    expect(parseAiAttribute('p2:3')).toEqual({ 2: 3 });
    expect(parseAiAttribute('light:2')).toMatch(/sides black, white, both/);
    expect(parseAiAttribute('red:2', refugia)).toMatch(/sides black, white, dark, light, both/);
  });

  it('reads the orientation attribute', () => {
    expect(parseOrientation(null)).toBe(1);
    expect(parseOrientation('black')).toBe(1);
    expect(parseOrientation('white')).toBe(2);
    expect(parseOrientation('light', ['Dark', 'Light'])).toBe(2);
    expect(parseOrientation('sideways')).toBeNull();
  });

  it("finds a record's or a position's game", () => {
    expect(gameOfRecord('[Game "Refugia"]\n[Board "althex(3,4)"]\n\n(d4)', GAMES)).toEqual({ game: 'refugia' });
    expect(gameOfRecord('[Game "throngs"]\n(d3)', GAMES)).toEqual({ game: 'throngs' });
    expect(gameOfRecord('[Board "ragged63"]\n(pass d3) (pass)', GAMES)).toEqual({ game: null });
    expect(gameOfRecord('{ [Game "Refugia"] is only a comment } (d3)', GAMES)).toEqual({ game: null });
    expect(gameOfRecord('[Game "Chess"]\n(e4)', GAMES)).toEqual({ error: expect.stringMatching(/does not play "Chess".*Throngs, Refugia, Populace/) });
    expect(gameOfRecord('[Game "Populace"]\n[Board "hexhex(4)"]\n\n(d4) (swap pass)', GAMES)).toEqual({ game: 'populace' });
    expect(gameOfPosition('populace hexhex(4) b:d4 w: w p0 btn:- ply:2 swapped', GAMES)).toBe('populace');
    expect(gameOfPosition('refugia hex3-4 1:c3 2: n: 2 p0', GAMES)).toBe('refugia');
    expect(gameOfPosition('throngs ragged63 b:e5 w: b1', GAMES)).toBe('throngs');
    expect(gameOfPosition('chess', GAMES)).toBeNull();
  });
});

describe.each<Backend>(['reference', 'wasm'])('<throngs-board> clicks (%s)', (backend) => {
  it('a Place-only site plays at once; a travel origin is selected, then completed', async () => {
    const e = await engine(backend, { position: position('e5 f5 f6', '') });
    const legal = e.legalMoves();
    expect(boardClick(legal, null, site(e, 'd4'))).toEqual({ play: { kind: 'add', at: site(e, 'd4'), to: site(e, 'd4'), dec: 1 } });
    expect(boardClick(legal, null, site(e, 'e5'))).toEqual({ select: site(e, 'e5') });
    const done = boardClick(legal, site(e, 'e5'), site(e, 'g5'));
    expect('play' in done && e.formatMove(done.play)).toBe('e5-g5');
  });

  it('a Place-and-travel site is selected; clicking it again stays, elsewhere clears', async () => {
    const e = await engine(backend, { position: position('e5 f5 f6', '') });
    const legal = e.legalMoves();
    const e6 = site(e, 'e6');
    expect(boardClick(legal, null, e6)).toEqual({ select: e6 });
    // The origin is among its own destinations: the ring that marks staying put.
    expect(destinationsOf(legal, e6)).toContain(e6);
    expect(destinationsOf(legal, e6)).toEqual(e.destinations(e6));
    const stay = boardClick(legal, e6, e6);
    expect('play' in stay && e.formatMove(stay.play)).toBe('e6');
    expect(boardClick(legal, e6, site(e, 'a3'))).toEqual({ clear: true });
    // Clicking another origin selects it instead.
    expect(boardClick(legal, e6, site(e, 'e5'))).toEqual({ select: site(e, 'e5') });
  });

  it('captures: the opponent stone is an origin with the stay among its ends', async () => {
    const e = await engine(backend, { position: position('d4 e4 d5 f5 f6', 'e5') });
    const legal = e.legalMoves();
    const e5 = site(e, 'e5');
    expect(boardClick(legal, null, e5)).toEqual({ select: e5 });
    const capture = boardClick(legal, e5, e5);
    expect('play' in capture && e.formatMove(capture.play)).toBe('xe5');
  });

  it('buttons: pass in play, accept and swap for the pie offer', async () => {
    const e = await engine(backend, { board: 'hexhex(4)', setup: 'pie' });
    expect(buttonKinds(e.legalMoves())).toEqual([]);
    for (const m of ['d4', 'c3', 'e5']) e.play(m);
    expect(buttonKinds(e.legalMoves()).sort()).toEqual(['accept', 'swap']);
    e.play('accept');
    expect(buttonKinds(e.legalMoves())).toEqual(['pass']);
  });
});

describe.each<Backend>(['reference', 'wasm'])('<game-board game="refugia"> clicks (%s)', (backend) => {
  // c3 and e4 are Dark's, d3 Light's, c4 neutral; Dark to move (REFUGIA.md §5).
  const start = 'refugia hex3-4 1:c3,e4 2:d3 n:c4 1 p0';
  const refugia = (pos = start) => createEngine({ game: 'refugia', backend, position: pos });

  it('an empty cell where a stone may enter plays the placement at once', async () => {
    const e = await refugia();
    const legal = e.legalMoves();
    const a1 = cell(e, 'a1');
    expect(boardClick(legal, null, a1)).toEqual({ play: { kind: 'place', at: a1 } });
    // Next to Dark's own stone no stone may enter: nothing happens.
    expect(boardClick(legal, null, cell(e, 'b3'))).toEqual({ clear: true });
  });

  it('a stone is selected, its steps and hops are highlighted, and a highlight plays that move', async () => {
    const e = await refugia();
    const legal = e.legalMoves();
    const c3 = cell(e, 'c3');
    expect(boardClick(legal, null, c3)).toEqual({ select: c3 });
    expect(destinationsOf(legal, c3).map((s) => e.topology.label(s)).sort()).toEqual(['b2', 'b3', 'c2', 'c5', 'e3']);
    expect(destinationsOf(legal, c3)).toEqual(e.destinations(c3));
    const step = boardClick(legal, c3, cell(e, 'b2'));
    expect('play' in step && step.play).toMatchObject({ kind: 'step', at: c3, to: cell(e, 'b2') });
    const hop = boardClick(legal, c3, cell(e, 'e3'));
    expect('play' in hop && e.formatMove(hop.play)).toBe('c3-e3');
    expect('play' in hop && hop.play).toMatchObject({ kind: 'hop', over: cell(e, 'd3'), converts: 'enemy' });
    // The opponent's and the neutral stone are no origins; a click there clears the selection.
    expect(boardClick(legal, c3, cell(e, 'd3'))).toEqual({ clear: true });
    expect(boardClick(legal, c3, cell(e, 'c4'))).toEqual({ clear: true });
    // Another own stone is selected instead.
    expect(boardClick(legal, c3, cell(e, 'e4'))).toEqual({ select: cell(e, 'e4') });
  });

  it('a stone with a single move is still selected first (its move goes elsewhere)', async () => {
    const e = await refugia('refugia hex2-3 1:a1 2:b1,a2 n: 1 p0');
    const legal: readonly GameMove[] = e.legalMoves();
    const a1 = cell(e, 'a1');
    const from = legal.filter((m) => m.at === a1);
    expect(from).toHaveLength(1);
    expect(e.formatMove(from[0]!)).toBe('a1-c1');
    expect(boardClick(legal, null, a1)).toEqual({ select: a1 });
    expect(boardClick(legal, a1, from[0]!.to!)).toEqual({ play: from[0] });
  });

  it('pass is a button; the hop marks the converted stone as changed', async () => {
    const { gameView } = await import('../../bindings/worker/view.js');
    const e = await refugia();
    expect(buttonKinds(e.legalMoves())).toEqual(['pass']);
    e.play('c3-e3');
    const v = gameView(e);
    expect(v.drawing).toBe('cells');
    expect(v.details.changed).toEqual([cell(e, 'd3')]);
    expect(v.cells[cell(e, 'd3')]).toBe(3);
    expect(v.pieces[3]).toBe('neutral');
    expect(v.overlays).toEqual(['enemies']);
  });
});

describe('board layout', () => {
  it('cells are pointy-top hexagons whose sides touch their neighbours', async () => {
    const e = await createEngine({ game: 'refugia', backend: 'reference' });
    const sites = boardGeometry(e).sites;
    const layout = layoutBoard(sites, 'cells');
    // Neighbours are one unit apart, a hexagon's inradius is one half.
    const [a1, b1] = [layout.points[cell(e, 'a1')]!, layout.points[cell(e, 'b1')]!];
    expect(Math.hypot(a1[0] - b1[0], a1[1] - b1[1])).toBeCloseTo(1);
    const corners = hexagonPoints(0, 0)
      .split(' ')
      .map((p) => p.split(',').map(Number));
    expect(corners).toHaveLength(6);
    for (const [x, y] of corners) expect(Math.hypot(x!, y!)).toBeCloseTo(CELL_RADIUS, 3);
    // Pointy top: a corner straight above (and below) the centre.
    expect(corners.some(([x, y]) => Math.abs(x!) < 1e-6 && y! < 0)).toBe(true);
    // Rows 1-6 and columns a-f of REFUGIA.md §2.2's label map.
    expect(layout.labels.map((l) => l.text).sort()).toEqual(['1', '2', '3', '4', '5', '6', 'a', 'b', 'c', 'd', 'e', 'f']);
    // The view box holds every hexagon.
    const [minX, minY, width, height] = layout.viewBox;
    for (const [x, y] of layout.points) {
      expect(x - CELL_RADIUS).toBeGreaterThan(minX);
      expect(y + CELL_RADIUS).toBeLessThan(minY + height);
      expect(x + CELL_RADIUS).toBeLessThan(minX + width);
    }
  });

  it('turned round, the layout mirrors; the keyboard cursor steps to neighbours', async () => {
    const e = await createEngine({ game: 'refugia', backend: 'reference' });
    const sites = boardGeometry(e).sites;
    const up = layoutBoard(sites, 'cells', 1);
    const down = layoutBoard(sites, 'cells', -1);
    up.points.forEach(([x, y], i) => {
      expect(down.points[i]![0]).toBeCloseTo(-x);
      expect(down.points[i]![1]).toBeCloseTo(-y);
    });
    expect(e.topology.label(stepFrom(sites, cell(e, 'c3'), 1, 0))).toBe('d3');
    expect(e.topology.label(stepFrom(sites, cell(e, 'c3'), 0.5, 1))).toBe('d4');
    expect(e.topology.label(stepFrom(sites, cell(e, 'c3'), -0.5, -1))).toBe('b2');
  });

  it('overlays: numbers, signed for the action potential, owners for territory', () => {
    expect(formatOverlayValue(overlayStyle('potential'), 2)).toBe('+2');
    expect(formatOverlayValue(overlayStyle('enemies'), 2)).toBe('2');
    expect(overlayStyle('territory').kind).toBe('owner');
    expect(overlayStyle('something-new')).toMatchObject({ kind: 'number', tip: 'something-new' });
  });

  it("overlays in a game's own words: Populace's potential value, Throngs' action potential", async () => {
    const [populace, throngs] = await Promise.all([createEngine({ game: 'populace' }), createEngine({ game: 'throngs' })]);
    const [p, t] = [gameView(populace), gameView(throngs)];
    expect(overlayStyle('potential', p)).toMatchObject({ label: 'potential value', tip: 'potential value', signed: true, pieces: true });
    expect(overlayLegend('potential', p.players, p.drawing, p)).toBe('numbers: potential value (on a piece: how far it may move)');
    expect(overlayStyle('potential', t)).toMatchObject({ label: 'action potential', tip: 'AP' });
    expect(overlayLegend('potential', t.players, t.drawing, t)).toBe('numbers: action potential');
    // Every word a game gives is for an overlay it offers.
    for (const v of [p, t]) for (const name of Object.keys(v.words?.overlays ?? {})) expect(v.overlays).toContain(name);
  });
});

describe('the engine worker', () => {
  it("tells a board page a game's own settings of levels 1-5, so the board's AI plays the levels the ladder measured", () => {
    const games = new EngineWorker().games();
    expect(games.find((g) => g.id === 'tholian')!.levelSettings).toEqual(gameRules('tholian').levelSettings);
    expect(games.filter((g) => g.levelSettings).map((g) => g.id)).toEqual(['tholian']);
  });

  it('plays the game a new game names, by id, position or named board; a refused one changes nothing', async () => {
    const w = new EngineWorker();
    expect(w.games().map((g) => g.id)).toEqual(GAME_IDS);
    let v = await w.newGame({});
    expect([v.game, v.board.spec, v.drawing]).toEqual(['throngs', 'ragged63', 'points']);
    expect(w.overlay('potential')).toHaveLength(63);
    v = await w.newGame({ game: 'refugia' });
    expect([v.game, v.board.spec, v.drawing, v.players]).toEqual(['refugia', 'althex(3,4)', 'cells', ['Dark', 'Light']]);
    w.play('c3');
    expect(Array.from(w.overlay('enemies'))).toHaveLength(27);
    expect(() => w.overlay('potential')).toThrow(/Refugia has no overlay "potential" \(it has enemies\)/);
    await expect(w.newGame({ game: 'chess' })).rejects.toThrow(/unknown game "chess"/);
    await expect(w.newGame({ game: 'throngs', board: 'hexagon(9)' })).rejects.toThrow(/hexagon/);
    expect(w.view().history.map((h) => h.notation)).toEqual(['c3']);
    expect((await w.newGame({ board: 'ragged87' })).game).toBe('throngs');
    expect((await w.newGame({ board: 'hex2-3' })).board.spec).toBe('althex(2,3)');
    // Without a game, a board that no game names is the current game's.
    expect((await w.newGame({ board: 'hexhex(3)' })).game).toBe('refugia');
    expect((await w.newGame({ position: 'throngs ragged63 b:e5 w: b1 ac:-1,-1 pb:1n cb:0' })).game).toBe('throngs');
    // A shape names no game even where one lists it among its boards (hexhex(4) is Populace's).
    expect((await w.newGame({ board: 'hexhex(4)' })).game).toBe('throngs');
    v = await w.newGame({ game: 'populace' });
    expect([v.game, v.board.spec, v.drawing, v.players, v.overlays, v.seats]).toEqual(['populace', 'hexhex(7)', 'cells', ['Black', 'White'], ['control', 'potential'], [1, 2]]);
    expect((await w.newGame({ position: 'populace hexhex(4) b:d4 w: w p0 btn:- ply:2 swapped' })).seats).toEqual([2, 1]);
    const info = w.games().find((g) => g.id === 'populace')!;
    expect(info.namedBoards).toContain('hexhex(4)');
    expect(Object.keys(info.options).sort()).toEqual(['button', 'moveLimit', 'pie', 'superko']);
  });

  it("loads a record of the game its Game tag names; a bad record keeps the game as it was", async () => {
    const w = new EngineWorker();
    await w.newGame({ game: 'refugia' });
    for (const m of ['c3', 'd3']) w.play(m);
    const refugiaRecord = w.view().record;
    expect(refugiaRecord).toContain('[Game "Refugia"]');
    let v = await w.loadRecord('[Game "Throngs"]\n[Board "ragged63"]\n(pass d3) (pass)');
    expect([v.game, v.history.map((h) => h.notation)]).toEqual(['throngs', ['pass', 'd3', 'pass']]);
    // Of another game and bad: the Throngs game stays.
    await expect(w.loadRecord(refugiaRecord.replace('(d3)', '(d3 zz9)'))).rejects.toThrow(/move 3 \(zz9\) cannot be played/);
    await expect(w.loadRecord('[Game "Chess"]\n(e4)')).rejects.toThrow(/does not play "Chess"/);
    expect([w.view().game, w.view().history.length]).toEqual(['throngs', 3]);
    v = await w.loadRecord(refugiaRecord.replace('"Refugia"', '"refugia"'));
    expect([v.game, v.history.map((h) => h.notation)]).toEqual(['refugia', ['c3', 'd3']]);
    // No Game tag: the game being played.
    v = await w.loadRecord('[Board "hex2-3"]\n(a1) (d4)');
    expect([v.game, v.board.spec]).toEqual(['refugia', 'althex(2,3)']);
  });
});

describe('illegal clicks explained', () => {
  /** What a board does with a click: the move it plays, or the rules' reason why the click's move is illegal. */
  async function click(w: EngineWorker, selected: string | null, label: string): Promise<string> {
    const v = w.view();
    const index = (l: string): number => v.board.sites.findIndex((s) => s.label === l);
    const at = selected === null ? null : index(selected);
    const action = boardClick(v.legal, at, index(label));
    if (!('clear' in action)) return 'not illegal';
    const meant = clickedMove({ kinds: v.clicks, cells: v.cells, toMove: v.toMove, links: v.board.links }, at, index(label));
    return meant ? w.explain(meant) : 'no move';
  }

  it('the move a click meant is explained by the rules (Throngs, Refugia, Populace)', async () => {
    const w = new EngineWorker();
    await w.newGame({ position: 'throngs ragged63 b:e5 w:h7 b1 ac:-1,-1 pb:1n cb:0' });
    expect(await click(w, null, 'd6')).toBe('the action potential of d6 is 0; placing needs 1, or 0 with no empty neighbour');
    expect(await click(w, null, 'h7')).toBe('the action potential of h7 is -1; a capture needs at least 2');
    // e5 (power 1) is selected; f7 is two points away.
    expect(await click(w, 'e5', 'f7')).toBe('f7 is not reachable from e5 with power 1');
    expect(await click(w, null, 'd5')).toBe('not illegal');

    await w.newGame({ position: 'refugia hex3-4 1:c3,e4 2:b3,c4 n:d3 1 p0' });
    expect(await click(w, null, 'b2')).toBe('b2 touches your stone at c3');
    expect(await click(w, null, 'b3')).toBe('there is no stone of yours on b3');
    // With e4 selected: a click two cells away on a line is a hop (over an empty cell, or to no fewer enemies), a neighbour a step.
    expect(await click(w, 'e4', 'c4')).toBe('e4-c4: d4 is empty; a hop jumps over an enemy or neutral stone');
    expect(await click(w, 'e4', 'c2')).toBe("e4-c2: c2 has 1 enemy neighbour, not fewer than e4's 1");
    expect(await click(w, 'e4', 'e3')).toBe("e4-e3: e3 has 1 enemy neighbour, not fewer than e4's 1");

    await w.newGame({ position: 'populace hexhex(4) b:d3,d4,e4 w:c4,e5 b p0 btn:- ply:6' });
    expect(await click(w, null, 'c4')).toMatch(/^c4 is not threatened \(1 Black neighbour/);
    expect(await click(w, null, 'b3')).toMatch(/^b3 is neither controlled by Black/);
    expect(await click(w, 'd4', 'b4')).toMatch(/^d4-b4 is 2 steps away, more than d4's potential value 1$/);
    // A legal move is not explained.
    expect(w.explain({ kind: 'replace', at: w.view().board.sites.findIndex((s) => s.label === 'e5') })).toBe('');
  });
});

describe.each<Backend>(['reference', 'wasm'])('<game-board game="populace"> clicks (%s)', (backend) => {
  // POPULACE.md §8.2: Black d3 d4 e4, White c4 e5 (threatened); Black to move.
  const example = 'populace hexhex(4) b:d3,d4,e4 w:c4,e5 b p0 btn:- ply:6';
  const populace = (config: { position?: string; board?: string } = { position: example }) => createEngine({ game: 'populace', backend, ...config });
  const names = (e: { topology: { label(c: number): string } }, cells: readonly number[]) => cells.map((c) => e.topology.label(c)).sort();

  it('an empty cell where a piece may go is placed at once; a cell that is not is nothing', async () => {
    const e = await populace();
    const legal = e.legalMoves();
    expect(boardClick(legal, null, cell(e, 'a1'))).toEqual({ play: { kind: 'place', at: cell(e, 'a1') } });
    expect(boardClick(legal, null, cell(e, 'c3'))).toEqual({ play: { kind: 'place', at: cell(e, 'c3') } });
    // b3 is controlled by White (c4 touches it, no Black piece does): Black may not place there.
    expect(boardClick(legal, null, cell(e, 'b3'))).toEqual({ clear: true });
  });

  it('a threatened enemy piece is replaced by a click (xe5); one that is not threatened is nothing', async () => {
    const e = await populace();
    const legal = e.legalMoves();
    const replace = boardClick(legal, null, cell(e, 'e5'));
    expect('play' in replace && e.formatMove(replace.play)).toBe('xe5');
    expect(boardClick(legal, null, cell(e, 'c4'))).toEqual({ clear: true });
  });

  it("an own piece is selected and its reachable cells highlighted; a highlighted cell moves it there", async () => {
    const e = await populace();
    const legal = e.legalMoves();
    const d3 = cell(e, 'd3');
    expect(boardClick(legal, null, d3)).toEqual({ select: d3 });
    // PV 3: every empty cell within three steps (§8.2: 4 + 10 + 11).
    const reach = destinationsOf(legal, d3);
    expect(reach).toHaveLength(25);
    expect(reach).toEqual(e.destinations(d3));
    expect(names(e, destinationsOf(legal, cell(e, 'd4')))).toEqual(['c3', 'd5']);
    const move = boardClick(legal, d3, cell(e, 'f5'));
    expect('play' in move && e.formatMove(move.play)).toBe('d3-f5');
    // c3 is both a placement and one of d3's destinations: with d3 selected, the move wins.
    const c3 = boardClick(legal, d3, cell(e, 'c3'));
    expect('play' in c3 && e.formatMove(c3.play)).toBe('d3-c3');
    // Without the selection, the same click places.
    const place = boardClick(legal, null, cell(e, 'c3'));
    expect('play' in place && e.formatMove(place.play)).toBe('c3');
    // Another own piece is selected instead; a threatened enemy piece is still replaced.
    expect(boardClick(legal, d3, cell(e, 'e4'))).toEqual({ select: cell(e, 'e4') });
    const x = boardClick(legal, d3, cell(e, 'e5'));
    expect('play' in x && e.formatMove(x.play)).toBe('xe5');
  });

  it('a piece that cannot move (potential value below 1) is not selected', async () => {
    const e = await populace({ position: example.replace(' b p0', ' w p0').replace('ply:6', 'ply:5') });
    const legal = e.legalMoves();
    expect(legal).toHaveLength(27);
    expect(boardClick(legal, null, cell(e, 'e5'))).toEqual({ clear: true });
    expect(boardClick(legal, null, cell(e, 'c4'))).toEqual({ clear: true });
    expect(boardClick(legal, null, cell(e, 'd3'))).toEqual({ clear: true });
  });

  it('buttons: none on the first move under the pie, then pass and swap, then pass', async () => {
    const e = await populace({ board: 'hexhex(4)' });
    expect(buttonKinds(e.legalMoves())).toEqual([]);
    e.play('d4');
    expect(buttonKinds(e.legalMoves())).toEqual(['pass', 'swap']);
    e.play('swap');
    expect(buttonKinds(e.legalMoves())).toEqual(['pass']);
  });

  it('the view: turn and seats around the swap, the duty, marks, score notes, breakdown and overlays', async () => {
    let e = await populace({ board: 'hexhex(4)' });
    expect(gameView(e).details.turn).toBe('Black to move (White may then swap seats)');
    e.play('d4');
    let v = gameView(e);
    expect([v.details.turn, v.seats, v.scores]).toEqual(['White: play, or swap seats', [1, 2], [7, 0]]);
    e.play('swap');
    v = gameView(e);
    expect([v.details.turn, v.seats, v.toMove, e.seatToMove()]).toEqual(['White to move (the first player, after the swap)', [2, 1], 2, 1]);
    e.play('pass');
    v = gameView(e);
    expect([v.details.turn, v.details.duty]).toEqual(['Black to move (the second player, after the swap)', 'a pass now ends the game']);
    expect(v.details.scoreNotes).toEqual(['', '+½ button']);
    expect(v.scores).toEqual([7, 0.5]);
    expect(v.details.breakdown).toEqual([
      { label: 'pieces', values: [1, 0] },
      { label: 'controlled empty cells', values: [6, 0] },
      { label: 'button (first to pass)', values: [0, 0.5] },
      { label: 'total', values: [7, 0.5] },
    ]);

    e = await populace();
    v = gameView(e);
    expect(v.details.marks).toEqual([{ cell: cell(e, 'e5'), mark: 'threatened' }]);
    expect(v.details.scoreNotes).toEqual(['', '']);
    expect(v.scores).toEqual([8, 8]);
    const w = new EngineWorker();
    await w.newGame({ game: 'populace', position: example });
    const control = w.overlay('control');
    const owners = (n: number) => names(e, [...control.keys()].filter((c) => control[c] === n));
    expect(owners(1)).toEqual(['c2', 'c3', 'd2', 'e3', 'f4']);
    expect(owners(2)).toEqual(['b3', 'b4', 'c5', 'd5', 'e6', 'f6']);
    const potential = w.overlay('potential');
    expect([potential[cell(e, 'd3')], potential[cell(e, 'd4')], potential[cell(e, 'e4')], potential[cell(e, 'e5')], potential[cell(e, 'c4')]]).toEqual([3, 1, 2, -1, 0]);
    expect(potential[cell(e, 'a1')]).toBe(NO_VALUE);
  });
});

describe('names of sites on the board', () => {
  it('finds the sites a sentence names, in order, whatever the punctuation around them', () => {
    const labels = ['D1.1', 'D2.1', 'L4.1', 'L4.2', 'b2', 'c3'];
    expect(sitesNamedIn('the path L4.1–L4.2 is blocked; D2.1>D1.1, then D2.1.', labels)).toEqual([2, 3, 1, 0]);
    expect(sitesNamedIn('b2 touches your stone at c3.', labels)).toEqual([4, 5]);
    expect(sitesNamedIn('the turn cannot end now', labels)).toEqual([]);
  });

  it('places names beside their sites, clear of pieces and of each other, inside the view box', () => {
    const pieces = [
      { x: 0, y: 0, r: 0.45, hard: true },
      { x: 1.25, y: 0, r: 0.45, hard: true },
      { x: 0.6, y: -1, r: 0.45, hard: true },
    ];
    const names = [
      { at: [0, 0] as const, text: 'D2.1', own: 0.45 },
      { at: [1.25, 0] as const, text: 'L4.2', own: 0.45 },
      { at: [0.6, -1] as const, text: 'L10.3', own: 0.45 },
    ];
    const bounds = [-3, -3, 6, 6] as const;
    const boxes = placeLabels(names, pieces, bounds);
    const meets = (b: LabelBox, d: { x: number; y: number; r: number }) =>
      Math.hypot(Math.max(Math.abs(d.x - b.x) - b.width / 2, 0), Math.max(Math.abs(d.y - b.y) - b.height / 2, 0)) < d.r;
    boxes.forEach((b, i) => {
      expect(b.width).toBeCloseTo(labelSize(names[i]!.text).width);
      for (const d of pieces) expect(meets(b, d), `${names[i]!.text} on a piece`).toBe(false);
      for (const o of boxes) if (o !== b) expect(Math.abs(o.x - b.x) * 2 < o.width + b.width && Math.abs(o.y - b.y) * 2 < o.height + b.height).toBe(false);
      expect(b.x - b.width / 2).toBeGreaterThanOrEqual(-3);
      // Beside its own site: nearer it than two sites' spacing.
      expect(Math.hypot(b.x - names[i]!.at[0], b.y - names[i]!.at[1])).toBeLessThan(1.6);
    });
    // A site at the edge of the view box gets its name inside it.
    const [edge] = placeLabels([{ at: [2.9, -2.9], text: 'L11.7', own: 0.45 }], [], bounds);
    expect(edge!.x + edge!.width / 2).toBeLessThanOrEqual(3);
    expect(edge!.y - edge!.height / 2).toBeGreaterThanOrEqual(-3);
  });
});

describe('seats and the AI', () => {
  it('the ai attribute names seats: after a swap "white:3" plays Black', () => {
    const ai = parseAiAttribute('white:3') as { 1?: number; 2?: number };
    expect(seatOf(undefined, 1)).toBe(1);
    expect(seatOf([2, 1], 1)).toBe(2);
    expect([aiLevelFor(ai, [1, 2], 1), aiLevelFor(ai, [1, 2], 2)]).toEqual([undefined, 3]);
    expect([aiLevelFor(ai, [2, 1], 1), aiLevelFor(ai, [2, 1], 2)]).toEqual([3, undefined]);
  });

  it('the game-over note names the user or the AI against a person; AI against AI, only a level that tells the sides apart', () => {
    expect(winnerNote('you', undefined, 3)).toBe('(you win)');
    expect(winnerNote('AI', 3, undefined)).toBe('(the AI wins)');
    expect(winnerNote('', undefined, undefined)).toBe('');
    expect(winnerNote('AI', 2, 2)).toBe('');
    expect(winnerNote('AI', 5, 2)).toBe('(AI level 5)');
  });

  it('scores with halves, marks and legends read well', () => {
    expect([formatScore(7), formatScore(7.5), formatScore(0.5), formatScore(-2.5), formatScore(0)]).toEqual(['7', '7½', '½', '-2½', '0']);
    expect(markStyle('threatened').symbol).toBe('!');
    expect(markStyle('ko')).toMatchObject({ symbol: 'K', legend: 'ko' });
    expect(overlayStyle('control').kind).toBe('owner');
    expect(overlayLegend('control', ['Black', 'White'])).toBe('tinted cell: controlled by Black (dark) or White (light)');
    expect(overlayStyle('potential').pieces).toBe(true);
    expect(overlayStyle('enemies').pieces).toBeFalsy();
  });
});

describe('editing a position without knowing the game (ui/position-edit)', () => {
  it('places, moves and removes pieces and sets the side to move in each game’s notation', async () => {
    const { splitPosition, joinPosition, placePiece, setSideToMove, sideToMove } = await import('../../bindings/ui/position-edit.js');
    const throngs = splitPosition('throngs ragged63 b:e3 w:d6,h7 b1 ac:-1,-1 pb:1n cb:0', 2);
    if ('error' in throngs) throw new Error(throngs.error);
    expect(sideToMove(throngs)).toBe(1);
    const t2 = setSideToMove(placePiece(placePiece(throngs, 'd6', 1), 'e3', 0), 2);
    expect(joinPosition(t2)).toBe('throngs ragged63 b:d6 w:h7 w1 ac:-1,-1 pb:1n cb:0');
    const refugia = splitPosition('refugia althex(3,4) 1:d1 2: n: 2 p0', 3);
    if ('error' in refugia) throw new Error(refugia.error);
    expect(sideToMove(refugia)).toBe(2);
    expect(joinPosition(setSideToMove(placePiece(refugia, 'c2', 3), 1))).toBe('refugia althex(3,4) 1:d1 2: n:c2 1 p0');
    const populace = splitPosition('populace hexhex(7) b: w: b p0 btn:- ply:0', 2);
    if ('error' in populace) throw new Error(populace.error);
    expect(joinPosition(setSideToMove(placePiece(populace, 'd4', 2), 2))).toBe('populace hexhex(7) b: w:d4 w p0 btn:- ply:0');
    // Not a position: an error, nothing made up.
    expect(splitPosition('throngs ragged63 e3', 2)).toHaveProperty('error');
    expect(splitPosition('throngs ragged63 b:e3 w:d6', 2)).toHaveProperty('error');
  });
});
