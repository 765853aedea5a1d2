/**
 * Text forms of REFUGIA.md §8. Moves: `pass`, `d4` (place), `c3-b2` (step), `c3-e3` (hop; the
 * geometry tells a hop from a step) and the alias `c3xe3` for a hop. Positions:
 * `refugia <board> 1:<labels> 2:<labels> n:<labels> <1|2> p<passCount>`, or the machine form
 * with one character per cell (`.`, `1`, `2`, `n`) in place of the three lists.
 *
 * Parsers check syntax and give NotationError with the column; whether a parsed position can
 * occur (cell count, pass count) is checkState's business, as in Throngs.
 */
import type { GameMove, ParsedPosition } from '../../core/game.js';
import { err, NotationError, ok, type Result, excerpt } from '../../core/errors.js';
import { readLabelList, wordsOf } from '../../core/position-text.js';
import type { Topology } from '../../boards/topology.js';
import { refugiaBoard } from './boards.js';
import { areNeighbours, hopMidpoint } from './geometry.js';
import { NEUTRAL, type RefugiaState } from './state.js';

// ---------------------------------------------------------------- moves

export function formatMove(t: Topology, m: GameMove): string {
  switch (m.kind) {
    case 'pass':
      return 'pass';
    case 'place':
      return t.label(m.at!);
    default:
      return `${t.label(m.at!)}-${t.label(m.to!)}`;
  }
}

/** A label at the start of a token, and a token that is exactly one label. */
const LABEL = /^[a-z]+[0-9]+/i;
const WHOLE_LABEL = /^[a-z]+[0-9]+$/i;

function cellAt(t: Topology, input: string, text: string, offset: number): Result<number, NotationError> {
  if (!WHOLE_LABEL.test(text)) {
    return err(new NotationError(`'${excerpt(text)}' is not a cell label`, input, offset));
  }
  const cell = t.cellOf(text);
  if (cell < 0) return err(new NotationError(`${excerpt(text)} is not a cell of ${excerpt(t.spec)}`, input, offset));
  return ok(cell);
}

/** Reads a move token; the position is not needed, because the geometry decides the kind. */
export function parseMove(t: Topology, input: string): Result<GameMove, NotationError> {
  const text = input.trim();
  const lead = input.length - input.trimStart().length;
  if (text === '') return err(new NotationError('empty move', input, 0));
  if (text.toLowerCase() === 'pass') return ok({ kind: 'pass' });
  const first = LABEL.exec(text);
  if (!first) {
    return err(new NotationError(`'${excerpt(text)}' is not a move (write a cell like d4, a step c3-b2, a hop c3-e3, or pass)`, input, lead));
  }
  const atText = first[0];
  const at = cellAt(t, input, atText, lead);
  if (!at.ok) return at;
  const rest = text.slice(atText.length);
  if (rest === '') return ok({ kind: 'place', at: at.value });

  const sepOffset = lead + atText.length;
  const sep = rest[0]!.toLowerCase();
  if (sep !== '-' && sep !== 'x') return err(new NotationError(`expected '-' or 'x' after ${atText}`, input, sepOffset));
  const toText = rest.slice(1);
  const toOffset = sepOffset + 1;
  if (toText === '') return err(new NotationError(`missing destination after ${atText}${rest[0]}`, input, toOffset));
  const to = cellAt(t, input, toText, toOffset);
  if (!to.ok) return to;
  if (to.value === at.value) return err(new NotationError(`a stone cannot move to its own cell ${atText}`, input, toOffset));

  const isHop = hopMidpoint(t, at.value, to.value) >= 0;
  if (sep === 'x') {
    if (!isHop) return err(new NotationError(`${toText} is not two cells from ${atText} on a line, so ${text} is not a hop`, input, toOffset));
    return ok({ kind: 'hop', at: at.value, to: to.value });
  }
  if (areNeighbours(t, at.value, to.value)) return ok({ kind: 'step', at: at.value, to: to.value });
  if (isHop) return ok({ kind: 'hop', at: at.value, to: to.value });
  return err(new NotationError(`${toText} is neither next to ${atText} nor two cells from it on a line`, input, toOffset));
}

// ---------------------------------------------------------------- positions

const MACHINE_CHARS = '.12n';

export function formatPosition(t: Topology, s: RefugiaState, form: 'human' | 'machine' = 'human'): string {
  const parts = ['refugia', t.spec];
  if (form === 'human') {
    const list = (v: number): string => t.labels.filter((_, i) => s.cells[i] === v).join(',');
    parts.push(`1:${list(1)}`, `2:${list(2)}`, `n:${list(NEUTRAL)}`);
  } else {
    parts.push(Array.from(s.cells, (v) => MACHINE_CHARS[v] ?? '?').join(''));
  }
  parts.push(String(s.toMove), `p${s.passCount}`);
  return parts.join(' ');
}

/** Longest pass count accepted as text; larger ones are refused by checkState anyway. */
const MAX_PASS_DIGITS = 6;

export function parsePosition(input: string): Result<ParsedPosition<RefugiaState>, NotationError> {
  const words = wordsOf(input);
  const fail = (message: string, offset: number): { ok: false; error: NotationError } => err(new NotationError(message, input, offset));
  if (words.length === 0) return fail('empty position', 0);
  if (words[0]!.word.toLowerCase() !== 'refugia') return fail(`expected the game name 'refugia'`, words[0]!.offset);
  const boardWord = words[1];
  if (!boardWord) return fail('missing board', input.length);
  const built = refugiaBoard(boardWord.word);
  if (!built.ok) return fail(built.error.detail, boardWord.offset + built.error.offset);
  const t = built.value;

  let cells = new Uint8Array(t.size);
  let i = 2;
  const first = words[i];
  if (!first) return fail('missing stones', input.length);
  if (first.word.includes(':')) {
    for (const [value, prefix] of [
      [1, '1:'],
      [2, '2:'],
      [NEUTRAL, 'n:'],
    ] as const) {
      const problem = readLabelList(t, input, words[i], prefix, value, cells);
      if (problem) return err(problem);
      i++;
    }
  } else {
    // The length is not checked here: a wrong cell count is an impossible position (checkState).
    cells = new Uint8Array(first.word.length);
    for (let k = 0; k < first.word.length; k++) {
      const v = MACHINE_CHARS.indexOf(first.word[k]!.toLowerCase());
      if (v < 0) return fail(`'${first.word[k]}' is not '.', '1', '2' or 'n'`, first.offset + k);
      cells[k] = v;
    }
    i++;
  }

  const turn = words[i];
  if (!turn || (turn.word !== '1' && turn.word !== '2')) return fail(`expected the player to move, 1 or 2`, turn?.offset ?? input.length);
  i++;
  const passes = words[i];
  const pm = passes && new RegExp(`^p([0-9]{1,${MAX_PASS_DIGITS}})$`, 'i').exec(passes.word);
  if (!pm) return fail(`expected the pass count, like 'p0'`, passes?.offset ?? input.length);
  i++;
  if (i < words.length) return fail(`unexpected '${excerpt(words[i]!.word)}' after the pass count`, words[i]!.offset);

  const toMove = turn.word === '1' ? 1 : 2;
  const passCount = Number(pm[1]);
  const ended = passCount >= 2;
  const state: RefugiaState = { cells, toMove, passCount, lastMover: ended ? (toMove === 1 ? 2 : 1) : 0, ended };
  return ok({ topology: t, state });
}
