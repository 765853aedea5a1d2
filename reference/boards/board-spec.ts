/**
 * Board specification strings, one token with no spaces so that they fit in positions, URLs and
 * command lines: `hexhex(7)`, `althex(4,5)`, `strips(9,9,-4,5)`, `torus(8,8)`,
 * `perforated(hexhex(7),a1,d4)` (holes labelled in the base frame), `custom(0:0,1:0,0:1)`, and
 * the names a game gives some of its boards (Throngs' `ragged63`): the game passes its names in.
 */
import { BoardError, err, ok, excerpt, quote, type Result } from '../core/errors.js';
import { buildShape, formatShape, type Shape } from './shapes.js';
import type { Topology } from './topology.js';

/** A board a game offers by name: a spec of the shared grammar, and the stones a game starts it with. */
export interface NamedBoard {
  readonly spec: string;
  readonly start?: { readonly p1: readonly string[]; readonly p2: readonly string[] };
}

/** A game's named boards by name (lower case). */
export type BoardNames = Readonly<Record<string, NamedBoard>>;

const NO_NAMES: BoardNames = Object.freeze({});

class SpecReader {
  pos = 0;
  constructor(
    readonly text: string,
    readonly names: BoardNames,
  ) {}

  /** Refuses the spec at the current column; `quoted` when the message already quotes the fault. */
  fail(message: string, quoted = false): never {
    const where = quoted ? `at column ${this.pos + 1} of the board spec` : `at column ${this.pos + 1} of board spec ${quote(this.text, this.pos)}`;
    throw new BoardError(`${message} ${where}`, message, this.pos);
  }

  peek(): string {
    return this.text[this.pos] ?? '';
  }

  expect(ch: string): void {
    if (this.peek() !== ch) this.fail(`expected '${ch}'`);
    this.pos++;
  }

  word(): string {
    const m = /^[a-z0-9]+/i.exec(this.text.slice(this.pos));
    if (!m) this.fail('expected a board name or label');
    this.pos += m[0].length;
    return m[0].toLowerCase();
  }

  integer(): number {
    const m = /^-?[0-9]+/.exec(this.text.slice(this.pos));
    if (!m) this.fail('expected an integer');
    this.pos += m[0].length;
    return Number(m[0]);
  }

  integers(count: number): number[] {
    const out: number[] = [];
    this.expect('(');
    for (let i = 0; i < count; i++) {
      if (i > 0) this.expect(',');
      out.push(this.integer());
    }
    this.expect(')');
    return out;
  }

  depth = 0;

  shape(): Shape {
    const start = this.pos;
    const name = this.word();
    switch (name) {
      case 'hexhex': {
        const [n] = this.integers(1);
        return { kind: 'hexhex', n: n! };
      }
      case 'althex': {
        const [a, b] = this.integers(2);
        return { kind: 'althex', a: a!, b: b! };
      }
      case 'strips': {
        const [rows, cols, d0, d1] = this.integers(4);
        return { kind: 'strips', rows: rows!, cols: cols!, d0: d0!, d1: d1! };
      }
      case 'torus': {
        const [width, height] = this.integers(2);
        return { kind: 'torus', width: width!, height: height! };
      }
      case 'perforated': {
        this.expect('(');
        // A perforated board of a perforated board is fine; a tower of them is an attack on the stack.
        if (++this.depth > MAX_NESTING) this.fail(`boards nest at most ${MAX_NESTING} deep`);
        const base = this.shape();
        this.depth--;
        const holes: string[] = [];
        while (this.peek() === ',') {
          this.pos++;
          const at = this.pos;
          const label = this.word();
          if (!/^[a-z]+[1-9][0-9]*$/.test(label)) {
            this.pos = at;
            this.fail(`'${excerpt(label)}' is not a site label`);
          }
          holes.push(label);
        }
        this.expect(')');
        return { kind: 'perforated', base, holes };
      }
      case 'custom': {
        this.expect('(');
        const cells: Array<[number, number]> = [];
        do {
          if (cells.length > 0) this.pos++;
          const c = this.integer();
          this.expect(':');
          cells.push([c, this.integer()]);
        } while (this.peek() === ',');
        this.expect(')');
        return { kind: 'custom', cells };
      }
      default: {
        const named = Object.hasOwn(this.names, name) ? this.names[name]! : null;
        // A name stands for a spec without names, so a name never refers to itself.
        if (named) return { kind: 'named', name, base: new SpecReader(named.spec, NO_NAMES).whole(), start: named.start };
        this.pos = start;
        // Short, for the message may be quoted again inside a position's.
        const known = [...Object.keys(this.names), 'hexhex(n)', 'althex(a,b)', 'strips(…)', 'torus(W,H)', 'perforated(…)', 'custom(…)'];
        this.fail(`unknown board '${excerpt(name, 30)}' (known: ${known.join(', ')})`, true);
      }
    }
  }

  /** The whole text as one shape. */
  whole(): Shape {
    const shape = this.shape();
    if (this.pos !== this.text.length) this.fail('unexpected text after the board');
    return shape;
  }
}

/** How deep `perforated(` may nest. */
const MAX_NESTING = 8;
/** Longest board spec read (a custom board of the largest size fits easily). */
const MAX_SPEC = 200_000;

/** The shape a spec describes; `names` are the named boards it may use (a game's). */
export function parseShape(text: string, names: BoardNames = NO_NAMES): Result<Shape, BoardError> {
  if (typeof text !== 'string') return err(new BoardError(`a board spec must be a string, got ${typeof text}`));
  if (text.length > MAX_SPEC) return err(new BoardError(`a board spec may have at most ${MAX_SPEC.toLocaleString('en-US')} characters`));
  try {
    return ok(new SpecReader(text.trim(), names).whole());
  } catch (e) {
    if (e instanceof BoardError) return err(e);
    throw e;
  }
}

/**
 * Built topologies, one cache per table of names (two games may give a name different boards),
 * keyed by the canonical spec so that spellings of one board share it; the least recently used
 * go once a cache holds MAX_CACHED boards, so that endless distinct boards cannot grow memory.
 */
const caches = new WeakMap<BoardNames, Map<string, Topology>>();
const MAX_CACHED = 64;

/**
 * The Topology of a board spec, built once and shared (topologies are immutable). Throws
 * BoardError when the spec does not parse or describes an impossible board.
 */
export function board(spec: string, names: BoardNames = NO_NAMES): Topology {
  let cache = caches.get(names);
  if (!cache) caches.set(names, (cache = new Map()));
  const parsed = parseShape(spec, names);
  if (!parsed.ok) throw parsed.error;
  const canonical = formatShape(parsed.value);
  let topology = cache.get(canonical);
  if (topology) {
    // Most recently used last: a Map keeps insertion order.
    cache.delete(canonical);
  } else {
    topology = buildShape(parsed.value);
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
  }
  cache.set(canonical, topology);
  return topology;
}

/** How many boards are cached for a table of names (for tests of the bound). */
export function cachedBoards(names: BoardNames = NO_NAMES): number {
  return caches.get(names)?.size ?? 0;
}

export function tryBoard(spec: string, names: BoardNames = NO_NAMES): Result<Topology, BoardError> {
  try {
    return ok(board(spec, names));
  } catch (e) {
    if (e instanceof BoardError) return err(e);
    throw e;
  }
}
