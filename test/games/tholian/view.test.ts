/**
 * A board of woven webs (drawing `webs`, Tholian Go) without a browser: the view's webs and
 * crossing links, the layout from (u, v), the barriers the board draws (checked against the
 * rules' own barrier test), wrap-around links of the periodic board, what describe() gives the
 * board, and a push move played click by click through the board's click logic on the
 * reference engine.
 */
import { describe, expect, it, vi } from 'vitest';
import { createEngine } from '../../../bindings/index.js';
import { gameView } from '../../../bindings/worker/view.js';
import { type GameView } from '../../../bindings/engine/view.js';
import type { TholianEngine } from '../../../bindings/games/tholian/engine.js';
import { boardClick, buttonKinds, clickedMove, destinationsOf, lastMoveSpan, visibleButtons } from '../../../bindings/ui/board-logic.js';
import { placePiece, joinPosition, setSideToMove, sideToMove, splitPosition } from '../../../bindings/ui/position-edit.js';
import { firstPlayerHigh, layoutBoard, stepFrom, WEB_SCALE, webCentre, type Point } from '../../../bindings/ui/geometry.js';
import { markStyle } from '../../../bindings/ui/overlays.js';
import { barriers, columnRange, linkSegments, linkWeb, polyline } from '../../../bindings/ui/webs.js';
import { EngineWorker } from '../../../bindings/worker/worker.js';
import { blocked } from '../../../reference/games/tholian/barriers.js';
import type { TholianBoard } from '../../../reference/games/tholian/board.js';
import { Rng } from '../../../reference/core/rng.js';

vi.mock('comlink', async (original) => ({ ...(await original<typeof import('comlink')>()), expose: () => undefined }));

const DARK = 0;
const LIGHT = 1;

async function tholian(config: { board?: string; position?: string; options?: Record<string, unknown> } = {}): Promise<TholianEngine> {
  return createEngine({ ...config, game: 'tholian', backend: 'reference' });
}

const cellOf = (v: GameView, label: string): number => {
  const i = v.board.sites.findIndex((s) => s.label === label);
  if (i < 0) throw new Error(`no node ${label}`);
  return i;
};
const labelsOf = (v: GameView, cells: Iterable<number>): string[] => [...cells].map((c) => v.board.sites[c]!.label).sort();
const linkOf = (v: GameView, a: string, b: string): number => {
  const [x, y] = [cellOf(v, a), cellOf(v, b)];
  const i = v.board.links.findIndex(([p, q]) => (p === x && q === y) || (p === y && q === x));
  if (i < 0) throw new Error(`no link ${a}–${b}`);
  return i;
};
const distance = (p: Point, q: Point): number => Math.hypot(p[0] - q[0], p[1] - q[1]);

describe('the view of a board of woven webs', () => {
  it('says webs, and lists every node with its web and every path once with its crossing path', async () => {
    const v = gameView(await tholian());
    expect(v.drawing).toBe('webs');
    expect(v.pieces).toEqual(['empty', 'red', 'blue']);
    expect(v.board.sites).toHaveLength(118);
    expect(v.board.sites.filter((s) => s.web === DARK)).toHaveLength(36);
    expect(v.board.sites.filter((s) => s.web === LIGHT)).toHaveLength(82);
    expect(v.board.links).toHaveLength(194);
    const webs = v.board.links.map((l) => linkWeb(v.board.sites, l));
    expect(webs.filter((w) => w === DARK)).toHaveLength(85);
    expect(webs.filter((w) => w === LIGHT)).toHaveLength(109);
    for (const [a, b] of v.board.links) expect(v.board.sites[a]!.web).toBe(v.board.sites[b]!.web);

    // Every dark path crosses one light path and back; 24 boundary light paths cross none (§2.1).
    const duals = v.board.duals!;
    expect(duals).toHaveLength(194);
    duals.forEach((d, i) => {
      if (webs[i] === DARK) expect(d).toBeGreaterThanOrEqual(0);
      if (d >= 0) {
        expect(duals[d]).toBe(i);
        expect(webs[d]).not.toBe(webs[i]);
      }
    });
    expect(duals.filter((d, i) => d < 0 && webs[i] === LIGHT)).toHaveLength(24);
    expect(duals[linkOf(v, 'D2.2', 'D3.2')]).toBe(linkOf(v, 'L5.2', 'L5.3'));
  });

  it('the games list says how a game is drawn and whether it plays board shapes', () => {
    const info = new EngineWorker().games();
    expect(info.map((g) => g.id)).toContain('tholian');
    const t = info.find((g) => g.id === 'tholian')!;
    expect([t.drawing, t.shapes, t.namedBoards, t.boardSizes]).toEqual(['webs', false, ['main', 'periodic'], { main: 118, periodic: 120 }]);
    expect(info.find((g) => g.id === 'throngs')!.shapes).toBe(true);
  });
});

describe('the layout of the webs', () => {
  it('places nodes from (u, v) at u·√3/2, v/2 circumradii, scaled: paths are WEB_SCALE and √3·WEB_SCALE long', async () => {
    const v = gameView(await tholian());
    const layout = layoutBoard(v.board.sites, 'webs');
    const { points } = layout;
    expect(points).toHaveLength(118);
    expect(new Set(points.map((p) => p.join()))).toHaveProperty('size', 118);
    expect(layout.labels).toEqual([]);
    for (const [a, b] of v.board.links) {
      const expected = v.board.sites[a]!.web === DARK ? Math.sqrt(3) * WEB_SCALE : WEB_SCALE;
      expect(distance(points[a]!, points[b]!)).toBeCloseTo(expected, 9);
    }
    // A dark node sits at the centre of its hexagon: D2.1's six vertices are one circumradius away.
    for (const l of ['L3.1', 'L4.1', 'L4.2', 'L3.2', 'L2.2', 'L2.1']) expect(distance(points[cellOf(v, 'D2.1')]!, points[cellOf(v, l)]!)).toBeCloseTo(WEB_SCALE, 9);
    // Paths cross at their middles: each dark path and its dual meet half way.
    const middle = ([a, b]: readonly [number, number]): Point => [(points[a]![0] + points[b]![0]) / 2, (points[a]![1] + points[b]![1]) / 2];
    v.board.duals!.forEach((d, i) => {
      if (d >= 0) expect(distance(middle(v.board.links[i]!), middle(v.board.links[d]!))).toBeLessThan(1e-9);
    });
    // The whole board is in the view box.
    const [x0, y0, w, h] = layout.viewBox;
    for (const [x, y] of points) {
      expect(x).toBeGreaterThan(x0);
      expect(x).toBeLessThan(x0 + w);
      expect(y).toBeGreaterThan(y0);
      expect(y).toBeLessThan(y0 + h);
    }
  });

  it("draws Red's end at the bottom, and turned round at the top", async () => {
    const v = gameView(await tholian());
    const up = layoutBoard(v.board.sites, 'webs').points;
    const down = layoutBoard(v.board.sites, 'webs', -1).points;
    // SVG y grows downwards: Red's rows (y small in the author's notation) have the largest y.
    expect(up[cellOf(v, 'D1.1')]![1]).toBeGreaterThan(up[cellOf(v, 'D1.6')]![1]);
    expect(up[cellOf(v, 'L1.1')]![1]).toBeGreaterThan(up[cellOf(v, 'L7.7')]![1]);
    expect(up[cellOf(v, 'L1.1')]![0]).toBeLessThan(up[cellOf(v, 'L10.1')]![0]);
    up.forEach(([x, y], i) => {
      expect(down[i]![0]).toBeCloseTo(-x, 12);
      expect(down[i]![1]).toBeCloseTo(-y, 12);
    });
  });

  it('is never turned round by a random start (Tholi Go Lucky); Ludii’s boards with Black up high still are', async () => {
    expect(firstPlayerHigh(gameView(await tholian()))).toBe(false);
    for (let seed = 1; seed <= 40; seed++) expect(firstPlayerHigh(gameView(await tholian({ options: { variant: 'lucky', seed } }))), `seed ${seed}`).toBe(false);
    for (const [board, high] of [['throngs93', true], ['ragged87', true], ['ragged63', false], ['ragged153', false]] as const) {
      expect(firstPlayerHigh(gameView(await createEngine({ game: 'throngs', board, backend: 'reference' }))), board).toBe(high);
    }
  });

  it('the keyboard steps to a node in the arrow’s direction on the page', async () => {
    const v = gameView(await tholian());
    const sites = v.board.sites;
    for (const flip of [1, -1] as const) {
      const points = layoutBoard(sites, 'webs', flip).points;
      for (const from of [cellOf(v, 'D3.3'), cellOf(v, 'L6.4')]) {
        const [x, y] = points[from]!;
        const right = stepFrom(sites, from, 1, 0, flip, 'webs');
        const left = stepFrom(sites, from, -1, 0, flip, 'webs');
        const up = stepFrom(sites, from, 0.5, 1, flip, 'webs');
        const down = stepFrom(sites, from, -0.5, -1, flip, 'webs');
        expect(points[right]![0]).toBeGreaterThan(x);
        expect(points[left]![0]).toBeLessThan(x);
        expect(points[up]![1]).toBeLessThan(y);
        expect(points[down]![1]).toBeGreaterThan(y);
        // A neighbouring node, not one across the board.
        for (const to of [right, left, up, down]) expect(distance(points[to]!, [x, y])).toBeLessThanOrEqual(Math.sqrt(3) * WEB_SCALE + 1e-9);
      }
    }
  });

  it('on the periodic board a path that wraps round is two stubs off the edges, never a line across', async () => {
    const v = gameView(await tholian({ board: 'periodic' }));
    expect(v.board.sites).toHaveLength(120);
    const columns = columnRange(v.board.sites);
    let wrapped = 0;
    for (const link of v.board.links) {
      const segments = linkSegments(v.board.sites, link, 1, columns);
      const full = v.board.sites[link[0]]!.web === DARK ? Math.sqrt(3) * WEB_SCALE : WEB_SCALE;
      if (segments.length === 2) {
        wrapped++;
        // Each stub leaves its own end and goes half the path's length, out past the board's side.
        segments.forEach(([from, to], k) => {
          expect(from).toEqual(webCentre(v.board.sites[link[k]!]!));
          expect(distance(from, to)).toBeCloseTo(full / 2, 9);
        });
      } else {
        expect(distance(...segments[0]!)).toBeCloseTo(full, 9);
      }
    }
    // The paths that wrap are those joining the two sides (more than half the columns apart).
    expect(wrapped).toBe(v.board.links.filter(([a, b]) => Math.abs(v.board.sites[a]!.column - v.board.sites[b]!.column) > 6).length);
    expect(wrapped).toBeGreaterThan(0);
    // On the main board nothing wraps.
    const main = gameView(await tholian());
    for (const link of main.board.links) expect(linkSegments(main.board.sites, link, 1)).toHaveLength(1);
  });
});

describe('barriers as the board draws them', () => {
  it('a pair of one colour on a path blocks its crossing path, drawn in that colour; a mixed pair blocks nothing (§5)', async () => {
    const e = await tholian({ position: 'tholian main R:L4.2,L5.2 B:D2.2,D3.2 R d1l2 e0' });
    const v = gameView(e);
    // Blue's D2.2 and D3.2 close L5.2–L5.3 to Red; Red's L4.2 and L5.2 close the dark path under them to Blue.
    const red = v.board.duals![linkOf(v, 'L4.2', 'L5.2')]!;
    expect(barriers(v.board, v.cells)).toEqual(
      [
        { link: linkOf(v, 'L5.2', 'L5.3'), colour: 2 },
        { link: red, colour: 1 },
      ].sort((a, b) => a.link - b.link),
    );
    e.load('tholian main R:D2.2,L4.2 B:D3.2,L5.2 R d1l2 e0');
    const mixed = gameView(e);
    expect(barriers(mixed.board, mixed.cells)).toEqual([]);
  });

  it('are exactly the paths the rules block, in random positions of random games', async () => {
    const e = await tholian();
    const b = e.topology as TholianBoard;
    const rng = new Rng(7);
    for (let game = 0; game < 4; game++) {
      e.reset({ options: { variant: game % 2 ? 'lucky' : 'main', seed: game + 1 } });
      for (let ply = 0; ply < 120 && !e.outcome(); ply++) {
        const legal = e.legalMoves();
        e.play(legal[rng.below(legal.length)]!);
        if (ply % 10 !== 0) continue;
        const v = gameView(e);
        const drawn = new Set(barriers(v.board, v.cells).map((x) => `${x.link}:${x.colour}`));
        v.board.links.forEach(([a, c], i) => {
          const k = b.neighbours(a).indexOf(c);
          for (const colour of [1, 2] as const) {
            // Blocked for one colour means a barrier of the other.
            expect(drawn.has(`${i}:${3 - colour}`), `${v.board.sites[a]!.label}–${v.board.sites[c]!.label}`).toBe(blocked(b, v.cells, a, k, colour));
          }
        });
      }
    }
  });

  it('at the start, the full home rows are barriers of their owners', async () => {
    const v = gameView(await tholian());
    const shown = barriers(v.board, v.cells);
    // Red's dark row 1 (5 paths) and light row 1 (the paths between its 11 tokens that cross a dark path), and Blue's alike.
    expect(shown.filter((x) => x.colour === 1).length).toBe(shown.filter((x) => x.colour === 2).length);
    expect(shown.some((x) => x.link === linkOf(v, 'L4.1', 'L4.2') && x.colour === 1)).toBe(true); // under D2.1–D3.1
  });
});

describe("Tholian Go's details on the board", () => {
  it('marks the two targets and the two entry nodes, and gives the counts by web beside the scores', async () => {
    const v = gameView(await tholian());
    const marks = v.details.marks.map((m) => `${v.board.sites[m.cell]!.label}:${m.mark}`).sort();
    expect(marks).toEqual(['D3.1:entry-blue', 'D4.6:entry-red', 'L5.1:target-blue', 'L7.7:target-red']);
    expect(v.details.scoreNotes).toEqual(['14 light + 6 dark', '14 light + 6 dark']);
    expect(v.details.breakdown.map((r) => [r.label, ...r.values])).toEqual([
      ['light tokens', 14, 14],
      ['dark tokens', 6, 6],
      ['tokens lost', 0, 0],
    ]);
    expect(v.details.path).toEqual([]);
    expect(v.details.turn).toBe('Red to move, turn 1: 1 dark + 2 light moves left');
    for (const mark of ['target-red', 'target-blue']) expect(markStyle(mark).shape).toBe('double-ring');
    expect([markStyle('target-red').player, markStyle('target-blue').player]).toEqual([1, 2]);
    expect(markStyle('entry-red').shape).toBe('dashed-ring');
    expect(markStyle('push').shape).toBe('ring');
  });

  it('counts the tokens a player has lost (§7), also in a game begun from a position', async () => {
    // §12 example 2: after D3.4>D3.3 Blue's L4.3 is sequestered.
    const e = await tholian({ position: 'tholian main R:D2.2,D2.3,D3.4,L1.1,L3.1,L5.1,L8.1,L10.1,L2.1 B:D1.6,D2.6,D3.6,L4.3,L1.7,L3.7,L5.7,L6.7,L8.7,L10.7 R d1l2 e0' });
    e.play('D3.4>D3.3');
    const v = gameView(e);
    expect(labelsOf(v, [...v.cells.keys()].filter((c) => v.cells[c] === 2))).not.toContain('L4.3');
    expect(v.details.breakdown.at(-1)!.values).toEqual([0, 1]);
    expect(v.details.scoreNotes[1]).toBe('6 light + 3 dark, 1 lost');
  });

  it('the dice are in the turn text (Oracle)', async () => {
    const v = gameView(await tholian({ options: { variant: 'oracle' } }));
    expect(v.details.turn).toMatch(/^Red to move, turn 1: 1 dark \+ 2 light moves left \(dice: dark [abc], light [xyz] [xyz]\)$/);
  });
});

describe('a push played click by click', () => {
  it('D1.1, D2.1, D2.2: the first steps, the path and its string, the head’s steps, the end of the turn', async () => {
    const e = await tholian();
    const start = e.position();
    let v = gameView(e);
    const [d11, d21, d22, d12] = ['D1.1', 'D2.1', 'D2.2', 'D1.2'].map((l) => cellOf(v, l)) as [number, number, number, number];

    // An own token is selected and its first steps shown: an empty neighbour, and a token to push.
    expect(boardClick(v.legal, null, d11)).toEqual({ select: d11 });
    expect(labelsOf(v, destinationsOf(v.legal, d11))).toEqual(['D1.2', 'D2.1']);
    expect(buttonKinds(v.legal)).toEqual(['end']);
    // Clicking the occupied D2.1 is the first step: the push has begun, nothing has moved yet.
    const first = boardClick(v.legal, d11, d21);
    expect(first).toEqual({ play: { kind: 'move', at: d11, to: d21 } });
    e.play((first as { play: { kind: string; at: number; to: number } }).play);
    v = gameView(e);
    expect(v.details.path).toEqual([d11, d21]);
    expect(v.details.marks.filter((m) => m.mark === 'push').map((m) => m.cell)).toEqual([d11, d21]);
    expect(v.cells[d11]).toBe(1);
    expect(v.details.turn).toBe('Red: push D1.1>D2.1, choose where it goes on');
    // Every legal step now goes on from the head; D1.1 is on the path, so not among them.
    expect(v.legal.every((m) => m.kind === 'push' && m.at === d21)).toBe(true);
    expect(labelsOf(v, destinationsOf(v.legal, d21))).toContain('D2.2');
    expect(destinationsOf(v.legal, d21)).not.toContain(d11);
    expect(buttonKinds(v.legal)).toEqual([]);
    // A click on another own token cannot start another move; the rules say why.
    expect(boardClick(v.legal, d21, cellOf(v, 'D5.1'))).toEqual({ clear: true });
    const meant = clickedMove({ kinds: v.clicks, cells: v.cells, toMove: v.toMove, links: v.board.links }, d21, cellOf(v, 'D5.1'))!;
    expect(e.rules.explainIllegal(e.topology, e.state(), meant, e.legalMoves(), e.options)).toMatch(/^a push is being built \(D1\.1>D2\.1\)/);

    // Cancelling takes back path.length - 1 steps: the position before the move.
    for (let k = v.details.path!.length - 1; k > 0; k--) e.undo();
    expect(e.position()).toBe(start);
    e.play({ kind: 'move', at: d11, to: d21 });
    v = gameView(e);

    // The head into the empty D2.2 ends the move: the whole string moved one node on.
    const last = boardClick(v.legal, d21, d22);
    expect(last).toEqual({ play: { kind: 'push', at: d21, to: d22 } });
    e.play((last as { play: { kind: string; at: number; to: number } }).play);
    v = gameView(e);
    expect(v.details.path).toEqual([]);
    expect([v.cells[d11], v.cells[d21], v.cells[d22], v.cells[d12]]).toEqual([0, 1, 1, 0]);
    expect(v.history.map((h) => [h.notation, h.continues])).toEqual([
      ['D1.1>D2.1', false],
      ['>D2.2', true],
    ]);
    expect(v.details.turn).toBe('Red to move, turn 1: 2 light moves left');
    expect(buttonKinds(v.legal)).toEqual(['end']);
    e.play({ kind: 'end' });
    expect(gameView(e).toMove).toBe(2);
    expect(e.record()).toMatch(/D1\.1>D2\.1>D2\.2 end/);
  });

  it('a click that makes no move is explained by the rules', async () => {
    const e = await tholian();
    const v = gameView(e);
    const why = (selected: number | null, label: string) => {
      const meant = clickedMove({ kinds: v.clicks, cells: v.cells, toMove: v.toMove, links: v.board.links }, selected, cellOf(v, label))!;
      return e.rules.explainIllegal(e.topology, e.state(), meant, e.legalMoves(), e.options);
    };
    expect(why(null, 'D3.3')).toBe('there is nothing to place this turn: a move starts from one of your own tokens');
    expect(why(null, 'L5.6')).toBe('L5.6 holds no Red token');
    expect(why(cellOf(v, 'L4.2'), 'L6.3')).toBe('L4.2 and L6.3 are not joined by a path of one web');
  });

  it('a transformation’s free push goes on from the entry node, with nothing to cancel (§8)', async () => {
    const e = await tholian({
      position: 'tholian main R:D1.1,D2.1,D3.1,L8.7,L1.1,L3.1,L5.1,L8.1,L10.1,L2.1 B:D4.6,D1.6,D2.6,L1.7,L3.7,L5.7,L9.7,L11.7,L2.7,L4.7 R d1l2 e0',
    });
    e.play('L8.7>L7.7');
    const v = gameView(e);
    const entry = cellOf(v, 'D4.6');
    // The path is the entry node alone: the board selects it (its last cell), and path.length - 1 = 0 steps to cancel.
    expect(v.details.path).toEqual([entry]);
    expect(v.details.duty).toBe('Red must make the free push of the transformation (§8)');
    expect(labelsOf(v, destinationsOf(v.legal, entry))).toEqual(['D3.6', 'D4.5', 'D5.5', 'D5.6']);
    expect(boardClick(v.legal, entry, cellOf(v, 'D4.5'))).toEqual({ play: { kind: 'free', at: entry, to: cellOf(v, 'D4.5') } });
  });

  it('a placement is one click on an empty node (Ultimate)', async () => {
    const v = gameView(await tholian({ options: { variant: 'ultimate' } }));
    const node = cellOf(v, 'D3.3');
    expect(boardClick(v.legal, null, node)).toEqual({ play: { kind: 'place', at: node } });
    expect(buttonKinds(v.legal)).toEqual([]);
  });

  it('the path is drawn as one line through its nodes', () => {
    expect(polyline([[0, 0]])).toBe('');
    expect(polyline([
      [0, 0],
      [1.25, -0.5],
      [2, 1 / 3],
    ])).toBe('M0,0 L1.25,-0.5 L2,0.3333');
  });
});

describe('the board logic of moves built a step at a time', () => {
  it('the last move is marked from its first step’s origin to where its last step ended', async () => {
    const e = await tholian();
    e.play('D1.1>D2.1');
    e.play('>D2.2');
    const v = gameView(e);
    expect(lastMoveSpan(v.history)).toEqual({ from: cellOf(v, 'D1.1'), to: cellOf(v, 'D2.2') });
    e.play('L4.2>L5.2');
    expect(lastMoveSpan(gameView(e).history)).toEqual({ from: cellOf(v, 'L4.2'), to: cellOf(v, 'L5.2') });
    e.play('end');
    expect(lastMoveSpan(gameView(e).history)).toBeNull();
    expect(lastMoveSpan([])).toBeNull();
    // A placement (or any move that ends where it starts) has no origin mark.
    expect(lastMoveSpan([{ move: { kind: 'place', at: 4 } }])).toEqual({ to: 4 });
  });

  it('buttons: those of the legal moves, else those shown last (disabled), else none', () => {
    expect(visibleButtons(['end'], [])).toEqual(['end']);
    expect(visibleButtons([], ['end'])).toEqual(['end']);
    expect(visibleButtons([], [])).toEqual([]);
    expect(visibleButtons(['pass', 'swap'], ['pass'])).toEqual(['pass', 'swap']);
  });

  it('the position editor reads and writes Tholian Go positions, the periodic board’s too', () => {
    for (const [text, head] of [
      ['tholian main R:D1.1,L4.2 B:D3.3 R d1l2 e0', ['tholian', 'main']],
      ['tholian chain periodic R:D1.1 B: B d1l2 e0', ['tholian', 'chain', 'periodic']],
    ] as const) {
      const parts = splitPosition(text, 2);
      if ('error' in parts) throw new Error(parts.error);
      expect(parts.head).toEqual(head);
      expect(joinPosition(parts)).toBe(text);
      const edited = setSideToMove(placePiece(parts, 'L7.7', 2), sideToMove(parts) === 1 ? 2 : 1);
      expect(joinPosition(edited)).toMatch(/ B:(D3\.3,)?L7\.7 [RB] d1l2 e0$/);
    }
  });
});
