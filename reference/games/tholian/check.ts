/** Whether a Tholian Go state can occur (THOLIAN-GO.md §3, §4): what a parsed position must pass. */
import { PositionError } from '../../core/errors.js';
import { AXES, DARK, LIGHT, type TholianBoard } from './board.js';
import { VARIANTS } from './options.js';
import { BLUE, countTokens, EMPTY, RED, type TholianResult, type TholianState } from './state.js';

/** §1: each player has 6 dark and 14 light tokens; a transformation moves one from light to dark. */
const MAX_TOKENS = 20;
/** The wasm core counts turns in 32 bits. */
const MAX_TURN = 2 ** 31 - 1;
/** Each web's three axes of movement (§10 Oracle): a die shows 0 to 2. */
const LAST_AXIS = AXES[0].length - 1;
const RESULT_REASONS: readonly TholianResult['reason'][] = ['tokens', 'chain', 'touchdown', 'emptyTurns'];

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
  if (!VARIANTS.includes(s.variant)) fail(`unknown variant ${String(s.variant).slice(0, 40)}`);
  const whole = (n: unknown, min: number, max: number): boolean => Number.isInteger(n) && (n as number) >= min && (n as number) <= max;
  if (!whole(s.turn, 1, MAX_TURN)) fail(`the turn must be a whole number from 1 to ${MAX_TURN}`);
  if (![s.darkLeft, s.lightLeft, s.placeDark, s.placeLight, s.emptyTurns].every((n) => Number.isInteger(n))) fail('the moves and placements left and the empty turns are whole numbers');
  if (typeof s.acted !== 'boolean' || typeof s.freePush !== 'boolean') fail('acted and freePush are true or false');
  if (!whole(s.rollDark, -1, LAST_AXIS) || !Array.isArray(s.rollLight) || s.rollLight.length !== 2 || !s.rollLight.every((a) => whole(a, -1, LAST_AXIS))) {
    fail(`the dice are axes 0 to ${LAST_AXIS}, or -1 when used`);
  }
  if (!Array.isArray(s.path)) fail('the push in progress is a list of nodes');
  if (s.freePush && s.path.length === 0) fail('a free push has its path');
  if (s.result !== null) {
    const r = s.result as unknown as Record<string, unknown> | null;
    if (typeof r !== 'object' || r === null || ![0, RED, BLUE].includes(r.winner as number) || !RESULT_REASONS.includes(r.reason as never)) fail('a result has a winner (0 for a draw, 1 or 2) and a reason');
  }
  if (s.darkLeft > 1 || s.lightLeft > 2 || s.darkLeft < 0 || s.lightLeft < 0) fail('a turn has at most 1 dark and 2 light moves');
  if (s.placeDark > 1 || s.placeLight > 2 || s.placeDark < 0 || s.placeLight < 0) fail('a turn places at most 1 dark and 2 light tokens');
  if (s.emptyTurns > 1 && !s.result) fail('two empty turns end the game');
  if (s.path.length > 0) {
    if (s.path.some((n, i) => !b.isCell(n) || s.path.indexOf(n) !== i)) fail('the push in progress repeats a node or leaves the board');
    for (let i = 0; i + 1 < s.path.length; i++) {
      if (!b.neighbours(s.path[i]!).includes(s.path[i + 1]!)) fail('the push in progress joins nodes that are not neighbours');
    }
    if (s.path.some((n) => s.cells[n] === EMPTY)) fail('a push in progress runs over occupied nodes only');
    if (!s.freePush && s.cells[s.path[0]!] !== s.toMove) fail('a push starts at a token of the side to move');
    if (s.freePush && s.path[0] !== b.entry[s.toMove]) fail('a free push starts at the entry node');
  }
}
