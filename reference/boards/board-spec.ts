/**
 * Board specification strings, one token with no spaces so that they fit in positions, URLs and
 * command lines: `ragged63`, `hexhex(7)`, `althex(4,5)`, `strips(9,9,-4,5)`, `torus(8,8)`,
 * `perforated(hexhex(7),a1,d4)` (holes labelled in the base frame), `custom(0:0,1:0,0:1)`.
 */
import { BoardError, err, ok, type Result } from '../core/errors.js';
import { isLudiiBoardName, LUDII_BOARD_NAMES } from './ludii.js';
import { buildShape, formatShape, type Shape } from './shapes.js';
import type { Topology } from './topology.js';

class SpecReader {
  pos = 0;
  constructor(readonly text: string) {}

  fail(message: string): never {
    throw new BoardError(`${message} at column ${this.pos + 1} of board spec ${JSON.stringify(this.text)}`);
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
            this.fail(`'${label}' is not a site label`);
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
      default:
        if (isLudiiBoardName(name)) return { kind: 'ludii', name };
        this.pos = start;
        this.fail(
          `unknown board '${name}' (known: ${LUDII_BOARD_NAMES.join(', ')}, hexhex(n), althex(a,b), strips(R,C,D0,D1), torus(W,H), perforated(base,holes...), custom(c:r,...))`,
        );
    }
  }
}

/** How deep `perforated(` may nest. */
const MAX_NESTING = 8;
/** Longest board spec read (a custom board of the largest size fits easily). */
const MAX_SPEC = 200_000;

export function parseShape(text: string): Result<Shape, BoardError> {
  if (typeof text !== 'string') return err(new BoardError(`a board spec must be a string, got ${typeof text}`));
  if (text.length > MAX_SPEC) return err(new BoardError(`a board spec may have at most ${MAX_SPEC.toLocaleString('en-US')} characters`));
  try {
    const reader = new SpecReader(text.trim());
    const shape = reader.shape();
    if (reader.pos !== reader.text.length) reader.fail('unexpected text after the board');
    return ok(shape);
  } catch (e) {
    if (e instanceof BoardError) return err(e);
    throw e;
  }
}

const cache = new Map<string, Topology>();

/**
 * The Topology of a board spec, built once and shared (topologies are immutable). Throws
 * BoardError when the spec does not parse or describes an impossible board.
 */
export function board(spec: string): Topology {
  const hit = cache.get(spec);
  if (hit) return hit;
  const parsed = parseShape(spec);
  if (!parsed.ok) throw parsed.error;
  const canonical = formatShape(parsed.value);
  let topology = cache.get(canonical);
  if (!topology) {
    topology = buildShape(parsed.value);
    cache.set(canonical, topology);
  }
  cache.set(spec, topology);
  return topology;
}

export function tryBoard(spec: string): Result<Topology, BoardError> {
  try {
    return ok(board(spec));
  } catch (e) {
    if (e instanceof BoardError) return err(e);
    throw e;
  }
}
