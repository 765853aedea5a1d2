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
export class BoardError extends ThrongsError {}

/** Text that does not parse: a move token, a label, a position or a game record. */
export class NotationError extends ThrongsError {
  constructor(
    /** What is wrong, without the location. */
    readonly detail: string,
    readonly input: string,
    /** Character offset in `input` where the problem starts. */
    readonly offset: number,
  ) {
    super(`${detail} at column ${offset + 1} of ${JSON.stringify(input)}`);
  }
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
