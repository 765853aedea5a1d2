/** Whether a Tholian Go state can occur (THOLIAN-GO.md §3, §4): what a parsed position must pass. */
import { PositionError } from '../../core/errors.js';
import { DARK, LIGHT, type TholianBoard } from './board.js';
import { BLUE, countTokens, EMPTY, RED, type TholianState } from './state.js';

/** §1: each player has 6 dark and 14 light tokens; a transformation moves one from light to dark. */
const MAX_TOKENS = 20;

export function checkState(b: TholianBoard, s: TholianState): void {
  const fail = (why: string): never => {
    throw new PositionError(why);
  };
  if (s.cells.length !== b.size) fail(`the position has ${s.cells.length} nodes, board ${b.spec} has ${b.size}`);
  if (s.cells.some((c) => c !== EMPTY && c !== RED && c !== BLUE)) fail('a node holds something other than a Red or Blue token');
  for (const p of [RED, BLUE] as const) {
    const total = countTokens(b, s.cells, p, DARK) + countTokens(b, s.cells, p, LIGHT);
    if (total > MAX_TOKENS) fail(`${p === RED ? 'Red' : 'Blue'} has ${total} tokens; a player has at most ${MAX_TOKENS}`);
  }
  if (s.toMove !== RED && s.toMove !== BLUE) fail('the side to move must be Red or Blue');
  if (s.darkLeft > 1 || s.lightLeft > 2 || s.darkLeft < 0 || s.lightLeft < 0) fail('a turn has at most 1 dark and 2 light moves (§4)');
  if (s.placeDark > 1 || s.placeLight > 2 || s.placeDark < 0 || s.placeLight < 0) fail('a turn places at most 1 dark and 2 light tokens (§10)');
  if (s.emptyTurns > 1 && !s.result) fail('two empty turns end the game (§4)');
  if (s.path.length > 0) {
    if (s.path.some((n, i) => !b.isCell(n) || s.path.indexOf(n) !== i)) fail('the push in progress repeats a node or leaves the board');
    for (let i = 0; i + 1 < s.path.length; i++) {
      if (!b.neighbours(s.path[i]!).includes(s.path[i + 1]!)) fail('the push in progress joins nodes that are not neighbours');
    }
    if (s.path.some((n) => s.cells[n] === EMPTY)) fail('a push in progress runs over occupied nodes only');
    if (!s.freePush && s.cells[s.path[0]!] !== s.toMove) fail('a push starts at a token of the side to move (§6)');
    if (s.freePush && s.path[0] !== b.entry[s.toMove]) fail('a free push starts at the entry node (§8)');
  }
}
