/**
 * The Refugia wasm module (assembly/games/refugia, build/refugia.wasm) through its raw exports,
 * for what the engine never asks of it and the contract suite cannot see: the module itself
 * refuses a move that is not legal (the engine checks first), keeps its own end slots (end code,
 * last mover, winner, each side's stone count for the tie-breaks of §7) after the endings of
 * REFUGIA.md §9.4, undoes back to where it was loaded and no further; and the debug build refuses
 * a cell value that is not a Refugia piece. Everything the module shares with the reference (the
 * examples, random games, playouts, searches, memory, undo ring, the debug build's play) is
 * checked through the engine here and in the contract suite.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { END_NONE, END_TWO_PASSES, S_ENDED, S_LAST_MOVER, S_STONES1, S_STONES2, S_WINNER } from '../../../assembly/games/refugia/abi.js';
import { createRefugiaWasmEngine, type RefugiaCore, type RefugiaWasmEngine } from '../../../bindings/games/refugia/wasm-engine.js';
import { engine } from './helpers.js';

/** A wasm engine at `position`: its module holds the position, and the tests drive it directly. */
const wasmAt = async (position?: string): Promise<RefugiaWasmEngine> => (await engine('wasm', position ? { position } : {})) as RefugiaWasmEngine;

/** The packed number of a move in notation, as the module reads it. */
const packed = (e: RefugiaWasmEngine, text: string): number => e.rules.pack(e.parseMove(text));

const scalar = (core: RefugiaCore, offset: number): number => new Int32Array(core.memory.buffer, core.statePtr() + offset, 1)[0]!;

/** Everything the module holds about its position: the state block, header and cells. */
const stateBlock = (core: RefugiaCore, size: number): number[] =>
  Array.from(new Uint8Array(core.memory.buffer, core.statePtr(), 64)).concat(Array.from(new Uint8Array(core.memory.buffer, core.cellsPtr(), size)));

describe('the Refugia module, driven directly', () => {
  it.each([
    ['refugia hex3-4 1:c3 2:d4 n: 1 p0', 'c3-e5'],
    ['refugia hex3-4 1:c3 2:d4 n: 1 p0', 'c3-d3'],
    ['refugia hex3-4 1:c3,e4 2:b3,c4 n:d3 2 p0', 'c4-c2'],
  ])('%s: refuses %s (not legal, §9) and changes nothing', async (position, move) => {
    const e = await wasmAt(position);
    expect(e.isLegal(move)).toBe(false);
    const before = stateBlock(e.core, e.topology.size);
    expect(e.core.play(packed(e, move))).toBe(-1);
    expect(stateBlock(e.core, e.topology.size)).toEqual(before);
  });

  it.each([
    ['pass pass', 2, 1],
    ['c3 d4 pass pass', 2, 1],
    ['c3 d4 a1 pass pass', 1, 1],
  ])('§9.4 %s ends the game; last mover P%i; P%i wins; undo goes back to the start and no further', async (line, lastMover, winner) => {
    const e = await wasmAt();
    const core = e.core;
    const start = stateBlock(core, e.topology.size);
    const words = line.split(' ');
    words.forEach((w, i) => {
      expect(scalar(core, S_ENDED)).toBe(END_NONE);
      expect(core.play(packed(e, w))).toBe(0);
      if (i < words.length - 1) expect(scalar(core, S_WINNER)).toBe(0);
    });
    expect(scalar(core, S_ENDED)).toBe(END_TWO_PASSES);
    expect(scalar(core, S_LAST_MOVER)).toBe(lastMover);
    expect(scalar(core, S_WINNER)).toBe(winner);
    const placed = (parity: number): number => words.filter((w, i) => w !== 'pass' && i % 2 === parity).length;
    expect([scalar(core, S_STONES1), scalar(core, S_STONES2)]).toEqual([placed(0), placed(1)]);
    // Over: no moves, and nothing plays.
    expect(core.generate()).toBe(0);
    expect(core.play(packed(e, 'pass'))).toBe(-1);
    for (let i = 0; i < words.length; i++) expect(core.undo()).toBe(1);
    expect(core.undo()).toBe(0);
    expect(stateBlock(core, e.topology.size)).toEqual(start);
  });

  it('the debug build refuses a cell value that is not a Refugia piece', async () => {
    const debug = await WebAssembly.compile(readFileSync(new URL('../../../build/refugia.debug.wasm', import.meta.url)));
    const e = await createRefugiaWasmEngine({}, debug);
    expect(e.core.isDebugBuild()).toBe(1);
    const cells = new Uint8Array(e.core.memory.buffer, e.core.cellsPtr(), e.topology.size);
    cells.fill(0);
    cells[3] = 4;
    expect(() => e.core.loadState(1, 0, 0, 0)).toThrow(/occupy: bad cell or value/);
  });
});
