/**
 * The board's input: clicks and the pointer over sites (read from the hit areas' data-site), and
 * keys, turned into a few actions for the element. What a click on a site means is the
 * element's (board-logic.ts decides it); here only which site, and which key.
 */

/** What a key asks for: a step of the keyboard's focus (columns, rows), a click there, Escape, or a pass. */
export type KeyAction = { readonly step: readonly [number, number] } | 'click' | 'escape' | 'pass';

const KEYS: Readonly<Record<string, KeyAction>> = {
  ArrowLeft: { step: [-1, 0] },
  ArrowRight: { step: [1, 0] },
  // Rows are offset by half a column: up and down go to the row's nearest site up-right or down-left.
  ArrowUp: { step: [0.5, 1] },
  ArrowDown: { step: [-0.5, -1] },
  Enter: 'click',
  ' ': 'click',
  Escape: 'escape',
  p: 'pass',
  P: 'pass',
};

export interface InputHandlers {
  click(site: number): void;
  /** The site under the pointer, or null when it left the sites. */
  hover(site: number | null): void;
  /** Whether the element used the key (its default action is then prevented). */
  key(action: KeyAction): boolean;
}

function siteOf(e: Event): number | null {
  const site = (e.target as Element | null)?.getAttribute?.('data-site');
  return site === null || site === undefined ? null : Number(site);
}

export function bindInput(board: SVGSVGElement, on: InputHandlers): void {
  // Where the last click was: the board redrawn under a pointer that stays put may send it a
  // move at the same place, which must not bring back the tip the click took away.
  let clickedAt: readonly [number, number] | null = null;
  board.addEventListener('click', (e) => {
    const site = siteOf(e);
    clickedAt = [e.clientX, e.clientY];
    if (site !== null) on.click(site);
  });
  board.addEventListener('pointermove', (e) => {
    if (clickedAt && clickedAt[0] === e.clientX && clickedAt[1] === e.clientY) return;
    clickedAt = null;
    on.hover(siteOf(e));
  });
  board.addEventListener('pointerleave', () => on.hover(null));
  board.addEventListener('keydown', (e) => {
    const action = Object.hasOwn(KEYS, e.key) ? KEYS[e.key]! : null;
    if (action && on.key(action)) e.preventDefault();
  });
}
