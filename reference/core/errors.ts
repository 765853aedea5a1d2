/**
 * Typed errors. Every refusal names what was wrong and where, so that a caller can show it to a
 * person without a stack trace. Throwing any of these never leaves an engine half-changed.
 */

export class ThrongsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** A board definition that cannot be built: no cells, duplicates, bad labels, a tiny torus. */
export class BoardError extends ThrongsError {
  constructor(
    message: string,
    /** What is wrong without where, for a caller that says where itself (a position's board word). */
    readonly detail: string = message,
    /** Character offset in the spec where the problem starts. */
    readonly offset = 0,
  ) {
    super(message);
  }
}

/** Text that does not parse: a move token, a label, a position or a game record. */
export class NotationError extends ThrongsError {
  constructor(
    /** What is wrong, without the location. */
    readonly detail: string,
    readonly input: string,
    /** Character offset in `input` where the problem starts. */
    readonly offset: number,
  ) {
    super(`${detail} at column ${offset + 1} of ${quote(input, offset)}`);
  }
}

/** Longest piece of input (a token, a key, a name) an error repeats whole; longer ones are cut. */
const EXCERPT = 60;

/** A piece of input as an error repeats it: whole when short, else its start and an ellipsis. */
export function excerpt(text: string, most = EXCERPT): string {
  const s = String(text);
  return s.length <= most ? s : `${s.slice(0, most)}…`;
}

/** Characters an error quotes on each side of the fault: enough to find it, never the whole input. */
const CONTEXT = 40;

/**
 * `input` in quotes as it was written (a record's quotes and brackets unescaped, so that the
 * reader finds the text they typed), or the part of it around `offset` when it is long. Line
 * breaks become spaces: an error is one line, and the column still points into the input.
 */
export function quote(input: string, offset: number): string {
  const from = input.length <= 2 * CONTEXT ? 0 : Math.max(0, Math.min(offset - CONTEXT, input.length - 2 * CONTEXT));
  const to = Math.min(input.length, from + 2 * CONTEXT);
  const text = input.slice(from, to).replace(/\r?\n|\r/g, ' ');
  return `${from > 0 ? '…' : ''}"${text}"${to < input.length ? '…' : ''}`;
}

/** A position that parses but cannot occur: wrong cell count, counters out of range... */
export class PositionError extends ThrongsError {}

/** A move that is not legal in the current position. */
export class IllegalMoveError extends ThrongsError {
  constructor(
    readonly move: string,
    readonly reason: string,
  ) {
    super(`illegal move ${move}: ${reason}`);
  }
}

/** A call that does not fit the engine's state: undo with no history, a bad seed or cell. */
export class UsageError extends ThrongsError {}

/**
 * A position the solver cannot give an exact value: a game with chance, a line of play that
 * repeats a position or goes on past the solver's depth (rules without a value for endless
 * games), or too little memory.
 */
export class SolveError extends ThrongsError {}

export type Result<T, E extends Error = ThrongsError> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: E };

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

export function err<E extends Error>(error: E): { ok: false; error: E } {
  return { ok: false, error };
}

export function unwrap<T, E extends Error>(result: Result<T, E>): T {
  if (!result.ok) throw result.error;
  return result.value;
}

/** A value as short text for an error message, whatever it is (BigInts and cycles included). */
export function describeValue(value: unknown): string {
  try {
    const text = JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));
    return text === undefined ? String(value) : text.length > 80 ? `${text.slice(0, 77)}...` : text;
  } catch {
    return String(value).slice(0, 80);
  }
}
