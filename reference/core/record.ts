/**
 * Game records, the same for every game: tag lines in square brackets (`[Game "Refugia"]`,
 * `[Board "hex3-4"]`, ...), then the move tokens in the game's own notation. Parsers return a
 * Result whose error says what is wrong and at which column.
 */
import { err, NotationError, ok, type Result } from './errors.js';

/**
 * A game record: tag lines in square brackets, then the move tokens. Moves are grouped by
 * blocks in parentheses on output, `(e3-f4 d3) (pass pass)`; parentheses are optional on input.
 */
export interface GameRecord {
  readonly tags: ReadonlyMap<string, string>;
  readonly moves: readonly string[];
  /** Where each move token starts in the record text, for error messages. */
  readonly offsets: readonly number[];
}

export function formatRecord(tags: ReadonlyArray<readonly [string, string]>, blocks: readonly (readonly string[])[]): string {
  const head = tags.map(([k, v]) => `[${k} ${JSON.stringify(v)}]`).join('\n');
  const body = blocks.map((b) => `(${b.join(' ')})`).join(' ');
  return head ? `${head}\n\n${body}\n` : `${body}\n`;
}

/** Longest record read: far beyond any real game, small enough to answer at once. */
export const MAX_RECORD = 1_000_000;

export function parseRecord(input: string): Result<GameRecord, NotationError> {
  if (typeof input !== 'string') return err(new NotationError(`a game record must be text, got ${typeof input}`, '', 0));
  if (input.length > MAX_RECORD) {
    return err(new NotationError(`a game record may have at most ${MAX_RECORD.toLocaleString('en-US')} characters`, input, MAX_RECORD));
  }
  const tags = new Map<string, string>();
  const moves: string[] = [];
  const offsets: number[] = [];
  const tagRe = /\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\s*\]/y;
  let depth = 0;
  let i = 0;
  while (i < input.length) {
    const ch = input[i]!;
    if (/\s/.test(ch)) {
      i++;
    } else if (ch === '[') {
      tagRe.lastIndex = i;
      const m = tagRe.exec(input);
      if (!m) return err(new NotationError(`malformed tag, expected [Name "value"]`, input, i));
      if (moves.length > 0) return err(new NotationError('tags must come before the moves', input, i));
      let value: string;
      try {
        value = JSON.parse(`"${m[2]!}"`) as string;
      } catch {
        return err(new NotationError(`bad escape in the value of tag ${m[1]!}`, input, i));
      }
      tags.set(m[1]!, value);
      i = tagRe.lastIndex;
    } else if (ch === '(') {
      if (depth > 0) return err(new NotationError('nested parentheses', input, i));
      depth++;
      i++;
    } else if (ch === ')') {
      if (depth === 0) return err(new NotationError(`')' without '('`, input, i));
      depth--;
      i++;
    } else if (ch === '{') {
      const close = input.indexOf('}', i);
      if (close < 0) return err(new NotationError('unclosed comment', input, i));
      i = close + 1;
    } else if (ch === ']' || ch === '}') {
      return err(new NotationError(`'${ch}' without its opening '${ch === ']' ? '[' : '{'}'`, input, i));
    } else {
      const m = /[^\s()[\]{}]+/y;
      m.lastIndex = i;
      const word = m.exec(input)![0];
      // Move numbers like `12.` are allowed for readability and ignored.
      if (!/^[0-9]+\.+$/.test(word)) {
        moves.push(word);
        offsets.push(i);
      }
      i += word.length;
    }
  }
  if (depth !== 0) return err(new NotationError(`'(' without ')'`, input, input.length));
  if (tags.size === 0 && moves.length === 0) return err(new NotationError('the record is empty: no tags and no moves', input, 0));
  return ok({ tags, moves, offsets });
}

/**
 * A `Rules` tag's value, `name=value,...`, as rule options: `true`/`false` become booleans and
 * whole numbers numbers; anything else stays text (the game checks the values).
 */
export function parseRuleList(text: string): Result<Record<string, unknown>, NotationError> {
  const rules: Record<string, unknown> = {};
  if (text.trim() === '') return ok(rules);
  let offset = 0;
  for (const pair of text.split(',')) {
    const eq = pair.indexOf('=');
    const key = eq < 0 ? '' : pair.slice(0, eq).trim();
    const value = eq < 0 ? '' : pair.slice(eq + 1).trim();
    if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(key) || value === '') {
      return err(new NotationError(`bad rule '${pair.trim().slice(0, 40)}', expected name=value`, text, offset));
    }
    rules[key] = value === 'true' ? true : value === 'false' ? false : /^-?\d+$/.test(value) ? Number(value) : value;
    offset += pair.length + 1;
  }
  return ok(rules);
}
