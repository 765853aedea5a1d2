// The rule options of the loaded game (setOptions): module globals, not part of the state block,
// since they never change during a game. JavaScript derives them from the state's variant and the
// options (reference options.ts features()), so this module never asks which variant is played.
import { OPTION_CAPTURES, OPTION_DICE, OPTION_PUSH_LIMIT, OPTION_SEQUESTRATION_SHIFT, OPTION_START_SHIFT, OPTION_TRANSFORMATION, OPTION_WIN_SHIFT, START_STANDARD, SEQUESTRATION_LARGEST, WIN_COUNT } from './abi';

export let captures: bool = true;
export let transformation: bool = true;
export let dice: bool = false;
export let pushLimit: bool = false;
export let winRule: i32 = WIN_COUNT;
export let startRule: i32 = START_STANDARD;
export let sequestration: i32 = SEQUESTRATION_LARGEST;
/** Seeds the movement dice (dice.ts). */
export let seed: u32 = 1;

export function setRuleOptions(flags: i32, diceSeed: u32): void {
  captures = (flags & OPTION_CAPTURES) != 0;
  transformation = (flags & OPTION_TRANSFORMATION) != 0;
  dice = (flags & OPTION_DICE) != 0;
  pushLimit = (flags & OPTION_PUSH_LIMIT) != 0;
  winRule = (flags >> OPTION_WIN_SHIFT) & 3;
  startRule = (flags >> OPTION_START_SHIFT) & 3;
  sequestration = (flags >> OPTION_SEQUESTRATION_SHIFT) & 3;
  seed = diceSeed;
}
