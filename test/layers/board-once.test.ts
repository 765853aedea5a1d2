/**
 * A board's geometry crosses from the worker to the page once per board (bindings/worker/board-once.ts):
 * the worker's Comlink handler sends later views of a board with its spec alone, the page's puts
 * the geometry back, and a page that never got it (a lost answer) is told so rather than handed
 * a view without sites. The two handlers are run here as Comlink runs them, with a structured
 * clone between them as postMessage makes.
 */
import { serialize } from 'node:v8';
import * as Comlink from 'comlink';
import { describe, expect, it, vi } from 'vitest';
import { EngineWorker } from '../../bindings/worker/worker.js';
import { BoardsKnown, BoardsSent, isPartial, receiveBoardsOnce, sendBoardsOnce, type WireView } from '../../bindings/worker/board-once.js';
import type { GameView } from '../../bindings/engine/view.js';

vi.mock('comlink', async (original) => ({ ...(await original<typeof import('comlink')>()), expose: () => undefined }));

type Handler = Comlink.TransferHandler<GameView, WireView>;

/** One view sent by the worker's handler and read by the page's, as Comlink would. */
function across(view: GameView, sent: BoardsSent, known: BoardsKnown): { arrived: unknown; bytes: number } {
  sendBoardsOnce(sent);
  const out = Comlink.transferHandlers.get('game-view') as Handler;
  expect(out.canHandle(view)).toBe(true);
  const [wire] = out.serialize(view);
  const cloned = structuredClone(wire);
  receiveBoardsOnce(known);
  const into = Comlink.transferHandlers.get('game-view') as Handler;
  return { arrived: into.deserialize(cloned), bytes: serialize(cloned).length };
}

describe('board geometry crosses once per board', () => {
  it('the first view of a board carries its geometry, later ones its spec alone; the page gets every view whole', async () => {
    const w = new EngineWorker();
    const sent = new BoardsSent();
    const known = new BoardsKnown();
    const first = await w.newGame({ game: 'populace', board: 'hexhex(7)' });
    const a = across(first, sent, known);
    expect(a.arrived).toEqual(first);
    const second = w.play(first.legal[0]!);
    const b = across(second, sent, known);
    expect(b.arrived).toEqual(second);
    // The geometry (127 sites and their links) is most of a view's weight on this board.
    expect(b.bytes).toBeLessThan(a.bytes / 2);
    // Another board is sent whole once, and the first stays known.
    const other = await w.newGame({ game: 'populace', board: 'hexhex(4)' });
    expect(across(other, sent, known).arrived).toEqual(other);
    const back = await w.newGame({ game: 'populace', board: 'hexhex(7)' });
    const c = across(back, sent, known);
    expect(c.arrived).toEqual(back);
    expect(c.bytes).toBeLessThan(a.bytes / 2);
  });

  it('a page that never got a board’s geometry is told the view is partial, and completes it from the worker', async () => {
    const w = new EngineWorker();
    const sent = new BoardsSent();
    const view = await w.newGame({ game: 'refugia' });
    across(view, sent, new BoardsKnown());
    const fresh = new BoardsKnown();
    const { arrived } = across(w.view(), sent, fresh);
    expect(isPartial(arrived)).toBe(true);
    if (!isPartial(arrived)) return;
    expect('sites' in arrived.wire.board).toBe(false);
    expect(fresh.fill({ ...arrived.wire, board: w.boardGeometry() })).toEqual(w.view());
  });

  it('values that are not views pass as they are', () => {
    sendBoardsOnce(new BoardsSent());
    const handler = Comlink.transferHandlers.get('game-view') as Handler;
    for (const v of [null, 3, 'x', { board: 'ragged63' }, { board: { spec: 'a' } }, [1, 2]]) expect(handler.canHandle(v)).toBe(false);
  });
});
