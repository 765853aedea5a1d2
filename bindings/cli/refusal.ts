/**
 * What a person is told when a command stops on an error: a refused input or a file that cannot
 * be read or written is one line (never a stack); anything else is a fault of the program and is
 * left to keep its stack. Shared by `throngs` and the scripts that read a command line (the ladder).
 */
import { ThrongsError, UsageError } from '../../reference/core/errors.js';
import { named, reasonOf } from '../node/files.js';
import { UsageProblem } from './command.js';

export interface Refusal {
  /** One line, without its line break. */
  readonly message: string;
  /** The command line itself is wrong (exit status 2), rather than what it names (1). */
  readonly usage: boolean;
}

/** The one line for `e`, or null when `e` is a fault of the program. */
export function refusalOf(e: unknown): Refusal | null {
  if (e instanceof UsageProblem) return { message: oneLine(e.message), usage: true };
  if (e instanceof ThrongsError) return { message: oneLine(e.message), usage: e instanceof UsageError };
  // A file operation a command did not foresee still names the file and the reason.
  const system = e as { code?: unknown; syscall?: unknown; path?: unknown } | null;
  if (typeof system?.code === 'string' && typeof system.syscall === 'string') {
    return { message: `cannot ${system.syscall}${typeof system.path === 'string' ? ` ${named(system.path)}` : ''}: ${reasonOf(e)}`, usage: false };
  }
  return null;
}

/** A message as one line of stderr. */
export const oneLine = (text: string): string => text.replace(/\s*\n\s*/g, ' ');
