/**
 * A board's geometry (every site's place and label, every link) never changes, yet each view
 * carries it: on a big board it is most of what a move's answer weighs. Between the worker and
 * the page it crosses once per board. The worker sends a view whose board the page was already
 * sent as its spec alone; the page puts the geometry it keeps back in. Both ends register a
 * Comlink transfer handler, so every call that answers with a view is covered, and GameView
 * stays whole on both sides.
 */
import * as Comlink from 'comlink';
import type { BoardGeometry, GameView } from '../engine/view.js';

/** A view as it crosses: the board whole, or its spec alone where the page has it. */
export type WireView = Omit<GameView, 'board'> & { readonly board: BoardGeometry | { readonly spec: string } };

const isView = (v: unknown): v is GameView =>
  typeof v === 'object' && v !== null && 'board' in v && 'history' in v && 'cells' in v && typeof (v as GameView).board?.spec === 'string';

/** The worker's end: which boards it has sent, and the views it sends. */
export class BoardsSent {
  private readonly sent = new Set<string>();

  strip(view: GameView): WireView {
    const { spec } = view.board;
    if (!this.sent.has(spec)) {
      this.sent.add(spec);
      return view;
    }
    return { ...view, board: { spec } };
  }
}

/** The page's end: the geometry of each board it was sent, by spec. */
export class BoardsKnown {
  private readonly known = new Map<string, BoardGeometry>();

  /** The view whole again, or null where its board was never received (a lost answer). */
  fill(wire: WireView): GameView | null {
    const board = wire.board;
    if ('sites' in board) {
      this.known.set(board.spec, board);
      return wire as GameView;
    }
    const geometry = this.known.get(board.spec);
    return geometry ? { ...wire, board: geometry } : null;
  }
}

/** A view that came without its board's geometry (its answer with it was lost): the page asks for it again. */
export interface PartialView {
  readonly partial: true;
  readonly wire: WireView;
}
export const isPartial = (v: unknown): v is PartialView => typeof v === 'object' && v !== null && (v as PartialView).partial === true;

/** Registers the worker's end: views leave with each board's geometry once. */
export function sendBoardsOnce(sent = new BoardsSent()): void {
  Comlink.transferHandlers.set('game-view', {
    canHandle: isView,
    serialize: (view: GameView) => [sent.strip(view), []],
    deserialize: (wire: WireView) => wire as GameView,
  } as Comlink.TransferHandler<GameView, WireView>);
}

/**
 * Registers the page's end: views arrive with their board's geometry put back. A view whose
 * board the page never received arrives as a PartialView for the caller to ask again.
 */
export function receiveBoardsOnce(known = new BoardsKnown()): void {
  Comlink.transferHandlers.set('game-view', {
    canHandle: isView,
    serialize: (view: GameView) => [view, []],
    deserialize: (wire: WireView) => known.fill(wire) ?? ({ partial: true, wire } satisfies PartialView),
  } as Comlink.TransferHandler<GameView, WireView>);
}
