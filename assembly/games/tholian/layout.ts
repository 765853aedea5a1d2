// Tholian Go's memory: its board tables, the shape of its state block and its scratch, laid out
// between the generic regions of core/layout.ts once per board.
//
// The state block (one memory.copy saves or restores a position): the scalars of abi/tholian.ts,
// the nodes (u8[N]) at S_CELLS, then the push path in progress (u8[N], S_PATH_LENGTH entries).
// The board tables come from the TypeScript TholianBoard (bindings/games/tholian/wasm-engine.ts
// writes them): nothing about the geometry is known here.
import { S_CELLS } from './abi';
import { N, STATE, layoutBoard, layoutSearch, layoutState, take } from '../../core/layout';
import { layoutUndo } from '../../core/undo';


// Board tables, written by JS.
export let WEB: usize = 0; // u8[N]
export let DUAL: usize = 0; // i32[N*12]: the dual path's two nodes per link, or -1
export let AXIS: usize = 0; // u8[N*6]
export let NODE_FLAGS: usize = 0; // u8[N]
// Derived at commit.
export let SORTED: usize = 0; // u8[N*6]: link indices k of each node by ascending neighbour
export let GOAL: usize = 0; // u8[N*2]: steps from each node to Red's, then Blue's target (eval.ts)
export let LEVEL: usize = 0; // i32[N]: steps from the bottom chain endpoints, -1 off the light web (eval.ts)
export let LEVEL_ORDER: usize = 0; // i32[N]: the light nodes by level
export let STEPS: usize = 0; // u8[N*N]: steps between two light nodes along the light web (eval.ts)

// Addresses inside the live state block, fixed per board.
export let CELLS: usize = 0;
export let PATH: usize = 0;

// Scratch.
export let MARK: usize = 0; // u32[N]: generation stamps (paths.ts, winning.ts)
export let STACK: usize = 0; // i32[N]
export let AREA: usize = 0; // i32[4*N]: component of each node, per player and web (sequestration.ts)
export let SIZES: usize = 0; // i32[N]: component sizes
export let SPARED: usize = 0; // u8[4*N]: per component, per player and web
export let AREA_CACHE: usize = 0; // per player and web: what its areas were computed from (sequestration.ts)
export let VERSIONS: usize = 0; // u64[4]: changes of each player's tokens on each web (state.ts)
export let ONE_STEP: usize = 0; // u32: where hasAction writes the step it finds
export let COST: usize = 0; // i32[N]: chain costs (eval.ts)
export let ON_CHAIN: usize = 0; // u8[N]: the cheapest chain's nodes (eval.ts)
export let GAPS: usize = 0; // i32[N]: its nodes without an own token
export let SPARES: usize = 0; // i32[N]: the own light tokens off it
export let PAIR_COST: usize = 0; // i32[N*N]: steps between each gap and spare, a row each of the fewer
export let PAIRING: usize = 0; // i32[6*(N+1)]: the Hungarian method's potentials and columns

/** Lays out every region for a board of `size` nodes; called once per board. */
export function layoutFor(size: i32, arenaBytes: i32): void {
  layoutBoard(size);
  WEB = take(size);
  DUAL = take(size * 12 * 4);
  AXIS = take(size * 6);
  NODE_FLAGS = take(size);
  SORTED = take(size * 6);
  GOAL = take(size * 2);
  LEVEL = take(size * 4);
  LEVEL_ORDER = take(size * 4);
  STEPS = take(size * size);
  const bytes = (S_CELLS + 2 * size + 15) & ~15;
  // Steps: a placement per node, at most 6 steps from each node, and `end`.
  layoutState(bytes, 7 * size + 1);
  CELLS = STATE + S_CELLS;
  PATH = CELLS + <usize>size;
  MARK = take(size * 4);
  memory.fill(MARK, 0, <usize>(size * 4));
  STACK = take(size * 4);
  AREA = take(4 * size * 4);
  SIZES = take(size * 4);
  SPARED = take(4 * size);
  AREA_CACHE = take(4 * 32);
  memory.fill(AREA_CACHE, 0, 4 * 32);
  VERSIONS = take(4 * 8);
  memory.fill(VERSIONS, 0, 4 * 8);
  // 1024 undo records (core/undo.ts), each the whole state block; older ones are dropped (JS replays from the start).
  layoutUndo(1024, bytes, bytes);
  ONE_STEP = take(16);
  COST = take(size * 4);
  ON_CHAIN = take(size);
  GAPS = take(size * 4);
  SPARES = take(size * 4);
  PAIR_COST = take(size * size * 4);
  PAIRING = take(6 * (size + 1) * 4);
  layoutSearch(arenaBytes);
}

export { N };
