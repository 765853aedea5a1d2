/**
 * How a position is split into subtrees for a solve over a queue: every line of play `depth`
 * moves long (shorter where the game ends first) leads to one leaf of the tree (tree.ts), which is
 * one job. Splitting deeper than the root gives every worker work where the root has few moves.
 */
import { UsageError } from '../../reference/core/errors.js';
import type { Engine } from '../engine/engine.js';
import { UNKNOWN } from './value.js';
import { nodesOf, isLeaf, type TreeNode } from './tree.js';

/** The deepest split: past it the tree itself (and a job a line) would outgrow any queue's use. */
export const MAX_SPLIT_DEPTH = 4;
/** With no depth given, the root is split until it has at least this many leaves. */
export const AUTO_LEAVES = 16;
/** A tree no larger than this is kept in memory and looked over after every proof. */
export const MAX_LEAVES = 20_000;

/** The tree of `engine`'s position split `depth` moves deep; the engine is left as it was. */
export function splitTree(engine: Engine, depth: number): TreeNode {
  if (!Number.isInteger(depth) || depth < 1 || depth > MAX_SPLIT_DEPTH) throw new UsageError(`the split depth is a whole number from 1 to ${MAX_SPLIT_DEPTH}, not ${String(depth)}`);
  let leaves = 0;
  const grow = (path: string[], left: number): TreeNode => {
    const codes = left === 0 || engine.outcome() !== null ? [] : Array.from(engine.legalCodes());
    if (codes.length === 0 && ++leaves > MAX_LEAVES) throw new UsageError(`splitting ${depth} moves deep makes more than ${MAX_LEAVES} subtrees: give a smaller split depth`);
    const children = codes.map((code) => {
      const move = engine.moveOf(code);
      const notation = engine.formatMove(move);
      const mover = engine.toMove();
      // As the solver counts it: the value changes sign when the other player moves next, and a
      // move that swaps the players' seats (a pie) swaps that too.
      const swaps = engine.rules.swapsSeats?.(move) ?? false;
      engine.playCode(code);
      try {
        const flip = (engine.toMove() !== mover) !== swaps;
        return { node: grow([...path, notation], left - 1), flip };
      } finally {
        engine.undoCode();
      }
    });
    return { path, facts: UNKNOWN, children };
  };
  return grow([], depth);
}

/** The split of `engine`'s position at `depth`, or with none the shallowest with AUTO_LEAVES leaves (at most MAX_SPLIT_DEPTH deep). */
export function autoSplit(engine: Engine, depth?: number): { tree: TreeNode; depth: number } {
  if (depth !== undefined) return { tree: splitTree(engine, depth), depth };
  let d = 1;
  let tree = splitTree(engine, d);
  // A split that gains no leaves has reached the ends of every game: deeper gains nothing either.
  for (let before = 0, now = leafCount(tree); d < MAX_SPLIT_DEPTH && now < AUTO_LEAVES && now > before; before = now, now = leafCount(tree)) tree = splitTree(engine, ++d);
  return { tree, depth: d };
}

const leafCount = (tree: TreeNode): number => nodesOf(tree).filter(isLeaf).length;
