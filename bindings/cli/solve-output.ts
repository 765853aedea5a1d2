/** What `throngs solve` prints of a proven position, in one process or over a queue alike. */
import type { RootValue } from '../solver/root.js';
import { describeBounds } from '../solver/value.js';
import { out } from './command.js';

/** The position, its value and every move's. */
export function printValue(r: RootValue & { readonly position: string }): void {
  out(`position: ${r.position}`);
  out(`value: ${describeBounds(r.value)} for the player to move`);
  if (r.moves.length > 0) {
    out(`moves that keep it: ${r.best.join(' ')}`);
    out(`all moves: ${r.moves.map((m) => `${m.move} ${describeBounds(m.bounds)}`).join(', ')}`);
  }
}
