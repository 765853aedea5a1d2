// The rule options of the loaded game (setOptions): module globals, not part of the state block,
// since they never change during a game.
import { OPTION_BUTTON, OPTION_PIE, OPTION_SUPERKO } from './abi';

export let pie: bool = true;
export let buttonRule: bool = true;
export let superko: bool = false;
/** 0: no limit; else the game ends (END_MOVE_LIMIT) once this many actions have been played. */
export let moveLimit: i32 = 0;

export function setRuleOptions(flags: i32, limit: i32): void {
  pie = (flags & OPTION_PIE) != 0;
  buttonRule = (flags & OPTION_BUTTON) != 0;
  superko = (flags & OPTION_SUPERKO) != 0;
  moveLimit = limit < 0 ? 0 : limit;
}
