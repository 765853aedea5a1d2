/**
 * The board's state between two moves: the selected origin, the site under the pointer, the
 * keyboard's site; and what a click or a key does with them (board-logic.ts decides which move a
 * click makes). The rules stay the engine's: an illegal click's reason is asked for.
 */
import type { GameMove } from '../../reference/core/game.js';
import type { GameView } from '../engine/view.js';
import { boardClick, clickedMove, selectionNote } from './board-logic.js';
import type { Part } from './frame.js';
import { stepFrom } from './geometry.js';
import type { KeyAction } from './input.js';

export interface SelectionHost {
  view(): GameView | null;
  /** Whether the user may move now (interactive, not editing, not the AI's turn, ...). */
  canMove(): boolean;
  editing(): boolean;
  flip(): 1 | -1;
  play(move: GameMove): void;
  cancelMove(): void;
  /** Shows a reason (an `illegal` click) or a note on the explanation line; '' clears it. */
  explain(text: string, illegal?: boolean): void;
  /** Why the move a click meant is illegal (or why the piece on `stuck` cannot move), in the rules' words. */
  whyIllegal(meant: GameMove, stuck: number | null): Promise<string>;
  emit(type: string, detail: unknown): void;
  redraw(...parts: Part[]): void;
}

export class Selection {
  selected: number | null = null;
  hover: number | null = null;
  focusSite = -1;
  /** Counts clicks and views, so that a late answer about an earlier click is not shown. */
  private clicks = 0;

  constructor(private readonly host: SelectionHost) {}

  /** A new view: the selection keeps only what is still possible, a move being built selects its head. */
  follow(view: GameView): void {
    this.clicks++;
    if (this.selected !== null && !view.legal.some((m) => m.at === this.selected)) this.selected = null;
    if (this.host.canMove()) this.selected ??= pathHead(view);
    if (this.focusSite >= view.board.sites.length) this.focusSite = -1;
  }

  clear(): void {
    this.selected = null;
    this.host.redraw('marks');
  }

  /** A click on a site: pick an origin, then one of its destinations. */
  click(site: number): void {
    const host = this.host;
    const v = host.view();
    if (v && host.editing()) {
      // A position editor decides what a click does: the board only says where.
      host.emit('cellpick', { cell: site, label: v.board.sites[site]?.label });
      return;
    }
    if (!v || !host.canMove()) return;
    const click = ++this.clicks;
    // The tip would hide what the click changes; it comes back when the pointer moves.
    this.setHover(null);
    host.explain('');
    const action = boardClick(v.legal, this.selected, site);
    if ('play' in action) {
      host.play(action.play);
      return;
    }
    const selected = this.selected;
    // A move being built keeps its head selected: a click elsewhere cannot start another.
    this.selected = 'select' in action ? action.select : pathHead(v);
    host.redraw('marks');
    if ('select' in action) host.explain(selectionNote(v.legal, v.cells, v.toMove, action.select, v.board.sites[action.select]!.label), false);
    if (!('clear' in action)) return;
    // No legal move: the engine says why the move the click meant is illegal.
    const meant = clickedMove({ kinds: v.clicks, cells: v.cells, toMove: v.toMove, links: v.board.links }, selected, site);
    // A click on a piece of the mover's that has no move at all: why it cannot move, not why one destination is wrong.
    const stuck = selected === null && v.cells[site] === v.toMove && !v.legal.some((m) => m.at === site);
    if (!meant) return;
    host.whyIllegal(meant, stuck ? site : null).then(
      (reason) => {
        if (click === this.clicks && host.view() === v) host.explain(reason);
      },
      () => undefined,
    );
  }

  setHover(site: number | null): void {
    if (site === this.hover) return;
    this.hover = site;
    this.host.redraw('tip');
  }

  /** What a key does; true when the board used it. */
  key(action: KeyAction): boolean {
    const host = this.host;
    const v = host.view();
    if (!v) return false;
    const sites = v.board.sites;
    if (this.focusSite < 0 || this.focusSite >= sites.length) this.focusSite = Math.floor(sites.length / 2);
    if (typeof action === 'object') {
      this.focusSite = stepFrom(sites, this.focusSite, action.step[0], action.step[1], host.flip(), v.drawing);
      host.redraw('marks');
    } else if (action === 'click') {
      this.click(this.focusSite);
    } else if (action === 'escape') {
      // Escape drops a selection, and cancels a move being built.
      if ((v.details.path?.length ?? 0) > 1 && host.canMove()) host.cancelMove();
      host.explain('');
      this.clear();
    } else if (v.legal.some((m) => m.kind === 'pass')) {
      host.play({ kind: 'pass' });
    }
    return true;
  }
}

/** The cell a move being built goes on from (the last of GameDetails.path), when it has a legal step; else null. */
function pathHead(v: GameView): number | null {
  const head = v.details.path?.at(-1);
  return head !== undefined && v.legal.some((m) => m.at === head) ? head : null;
}
