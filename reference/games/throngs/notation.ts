/**
 * Throngs' text forms (THRONGS.md §10): move tokens and positions (human and machine forms).
 * Game records are the same for every game (core/record.ts).
 * Parsers return a Result whose error says what is wrong and at which column; every printer's
 * output parses back to the same value.
 *
 * Position fields beyond the spec's example, all optional and only printed when they matter:
 * a block flag `a` (every move of the block was a pass, needed by the `fullRound` end rule) next
 * to `p`/`n`; the current block's flag (`cb:1p`), which §12.1 needs once the block has begun;
 * `pie:<k>` during the pie (k placements made); `end:<reason>` for a finished game.
 */
import { err, NotationError, ok, type Result, excerpt } from '../../core/errors.js';
import { readLabelList, wordsOf } from '../../core/position-text.js';
import { throngsBoard } from './boards.js';
import type { Topology } from '../../boards/topology.js';
import type { Move } from './types.js';
import { END_REASONS, type Block, type ThrongsState } from './state.js';
import type { EndReason } from './types.js';

// ---------------------------------------------------------------- moves

/**
 * What a token says before a position gives it meaning: `e5-g7` is Place-and-travel on an empty
 * e5 and Travel from the mover's own stone, so `site` tokens are resolved against the board.
 */
export type MoveToken =
  | { readonly kind: 'pass' | 'accept' | 'swap' }
  | { readonly kind: 'site' | 'capture'; readonly at: number; readonly to: number };

export function formatMove(t: Topology, move: Move): string {
  switch (move.kind) {
    case 'pass':
    case 'accept':
    case 'swap':
      return move.kind;
    default: {
      const at = t.label(move.at!);
      const to = move.to ?? move.at!;
      const body = to === move.at ? at : `${at}-${t.label(to)}`;
      return move.kind === 'capture' ? `x${body}` : body;
    }
  }
}

function siteAt(t: Topology, input: string, text: string, offset: number): Result<number, NotationError> {
  if (!/^[a-z]+[0-9]+$/i.test(text)) return err(new NotationError(`'${excerpt(text)}' is not a site label`, input, offset));
  const cell = t.cellOf(text);
  if (cell < 0) return err(new NotationError(`${excerpt(text)} is not a site of ${excerpt(t.spec)}`, input, offset));
  return ok(cell);
}

export function parseMoveToken(t: Topology, input: string): Result<MoveToken, NotationError> {
  const text = input.trim();
  const lead = input.length - input.trimStart().length;
  const lower = text.toLowerCase();
  if (lower === 'pass' || lower === 'accept' || lower === 'swap') return ok({ kind: lower });
  if (text === '') return err(new NotationError('empty move', input, 0));
  let body = text;
  let offset = lead;
  let kind: 'site' | 'capture' = 'site';
  if (body[0] === 'x' || body[0] === 'X') {
    // `x` is also a column letter on very wide boards; a capture token is `x` + a full label.
    if (/^x[a-z]+[0-9]/i.test(body)) {
      kind = 'capture';
      body = body.slice(1);
      offset += 1;
    }
  } else if (body[0] === '+') {
    body = body.slice(1);
    offset += 1;
  }
  const dash = body.indexOf('-');
  const first = dash < 0 ? body : body.slice(0, dash);
  const at = siteAt(t, input, first, offset);
  if (!at.ok) return at;
  if (dash < 0) return ok({ kind, at: at.value, to: at.value });
  const to = siteAt(t, input, body.slice(dash + 1), offset + dash + 1);
  if (!to.ok) return to;
  return ok({ kind, at: at.value, to: to.value });
}

/** Gives a token its meaning on `cells` for the player to move. */
export function resolveMove(token: MoveToken, state: Pick<ThrongsState, 'cells' | 'toMove'>): Move {
  if (!('at' in token)) return { kind: token.kind };
  if (token.kind === 'capture') return { kind: 'capture', at: token.at, to: token.to };
  const own = state.cells[token.at] === state.toMove && token.to !== token.at;
  return { kind: own ? 'move' : 'add', at: token.at, to: token.to };
}

// ---------------------------------------------------------------- positions

export interface Position {
  readonly topology: Topology;
  readonly state: ThrongsState;
}

function formatBlock(b: Block): string {
  if (b.weight === 0) return '0';
  return `${b.weight}${b.allPass ? 'a' : b.firstWasPass ? 'p' : 'n'}`;
}

export function formatPosition(t: Topology, s: ThrongsState, form: 'human' | 'machine' = 'human'): string {
  const parts = ['throngs', t.spec];
  if (form === 'human') {
    const stones = (p: number): string => t.labels.filter((_, i) => s.cells[i] === p).join(',');
    parts.push(`b:${stones(1)}`, `w:${stones(2)}`);
  } else {
    parts.push(Array.from(s.cells, (v) => '.bw'[v]).join(''));
  }
  parts.push(`${s.toMove === 1 ? 'b' : 'w'}${s.moveIndex}`);
  parts.push(`ac:${s.counters[0]},${s.counters[1]}`);
  parts.push(`pb:${formatBlock(s.prevBlock)}`, `cb:${formatBlock(s.curBlock)}`);
  if (s.pieStep !== null) parts.push(`pie:${s.pieStep}`);
  if (s.ended) parts.push(`end:${s.ended}`);
  return parts.join(' ');
}

/** Column of the i-th whitespace-separated word of `input`. */
function parseBlock(text: string): Block | null {
  const m = /^([0-9]{1,4})([pna]?)$/i.exec(text);
  if (!m) return null;
  const weight = Number(m[1]);
  const flag = m[2]!.toLowerCase();
  if (weight === 0) return flag === '' || flag === 'n' ? { weight: 0, firstWasPass: false, allPass: false } : null;
  if (flag === '') return null;
  return { weight, firstWasPass: flag !== 'n', allPass: flag === 'a' };
}

export function parsePosition(input: string): Result<Position, NotationError> {
  const words = wordsOf(input);
  const fail = (message: string, offset: number): { ok: false; error: NotationError } =>
    err(new NotationError(message, input, offset));
  if (words.length === 0) return fail('empty position', 0);
  if (words[0]!.word.toLowerCase() !== 'throngs') return fail(`expected the game name 'throngs'`, words[0]!.offset);
  const boardWord = words[1];
  if (!boardWord) return fail('missing board', input.length);
  const built = throngsBoard(boardWord.word);
  if (!built.ok) return fail(built.error.detail, boardWord.offset + built.error.offset);
  const t = built.value;

  const cells = new Uint8Array(t.size);
  let i = 2;
  const first = words[i];
  if (!first) return fail('missing stones', input.length);
  if (/^b:/i.test(first.word)) {
    for (const [player, prefix] of [
      [1, 'b:'],
      [2, 'w:'],
    ] as const) {
      const problem = readLabelList(t, input, words[i], prefix, player, cells, 'site');
      if (problem) return err(problem);
      i++;
    }
  } else {
    if (first.word.length !== t.size) {
      return fail(`the board string has ${first.word.length} characters; ${excerpt(t.spec)} has ${t.size} sites`, first.offset);
    }
    for (let k = 0; k < t.size; k++) {
      const v = '.bw'.indexOf(first.word[k]!.toLowerCase());
      if (v < 0) return fail(`'${first.word[k]}' is not '.', 'b' or 'w'`, first.offset + k);
      cells[k] = v;
    }
    i++;
  }

  const turn = words[i];
  const tm = turn && /^([bw])([12])$/i.exec(turn.word);
  if (!tm) return fail(`expected the side to move and move index, like 'b1'`, turn?.offset ?? input.length);
  i++;

  const state: ThrongsState = {
    cells,
    toMove: tm[1]!.toLowerCase() === 'b' ? 1 : 2,
    moveIndex: tm[2] === '1' ? 1 : 2,
    counters: [-1, -1],
    pieStep: null,
    prevBlock: { weight: 1, firstWasPass: false, allPass: false },
    curBlock: { weight: 0, firstWasPass: false, allPass: false },
    ended: null,
  };
  const seen = new Set<string>();
  for (; i < words.length; i++) {
    const { word, offset } = words[i]!;
    const colon = word.indexOf(':');
    const key = colon < 0 ? word : word.slice(0, colon).toLowerCase();
    const value = word.slice(colon + 1);
    if (colon < 0 || !['ac', 'pb', 'cb', 'pie', 'end'].includes(key)) return fail(`unknown field '${excerpt(word)}'`, offset);
    if (seen.has(key)) return fail(`field '${excerpt(key)}' given twice`, offset);
    seen.add(key);
    const at = offset + colon + 1;
    if (key === 'ac') {
      const m = /^(-?[0-9]{1,7}),(-?[0-9]{1,7})$/.exec(value);
      if (!m) return fail(`expected two counters like 'ac:-1,-1'`, at);
      state.counters = [Number(m[1]), Number(m[2])];
    } else if (key === 'pb' || key === 'cb') {
      const block = parseBlock(value);
      if (!block) return fail(`expected a block like '1n', '2p' or '0'`, at);
      if (key === 'pb') state.prevBlock = block;
      else state.curBlock = block;
    } else if (key === 'pie') {
      if (!/^[0-3]$/.test(value)) return fail(`expected the pie step 0..3`, at);
      state.pieStep = Number(value);
    } else {
      if (!(END_REASONS as readonly string[]).includes(value)) return fail(`unknown end reason '${excerpt(value)}' (${END_REASONS.join(', ')})`, at);
      state.ended = value as EndReason;
    }
  }
  return ok({ topology: t, state });
}
