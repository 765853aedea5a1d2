// The movement dice of a turn (THOLIAN-GO.md §10 Oracle, reference state.ts rollFor): a fresh
// generator seeded with seed ^ turn·0x9e3779b1, bit for bit the reference's. The core's
// generator is the stream of the playout or search that is running, which the dice must not
// disturb: its state is saved around the roll.
import { below, restoreRng, saveRng, seedRng } from '../../core/rng';
import { seed } from './options';

/** The dark axis (bits 0-1) and the two light axes (bits 2-3, 4-5) rolled for turn `turn`. */
export function rollFor(turn: i32): i32 {
  saveRng();
  seedRng(seed ^ (<u32>turn * 0x9e3779b1));
  const dark = <i32>below(3);
  const light1 = <i32>below(3);
  const light2 = <i32>below(3);
  restoreRng();
  return dark | (light1 << 2) | (light2 << 4);
}
