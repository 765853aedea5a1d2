/**
 * Files a person names on the command line (Node only), read and written so that whatever goes
 * wrong is one line that names the file and the reason: a missing folder, a directory, a device
 * that never ends or fills up. Reads stop at a stated size; writes leave either the old file or
 * the whole new text, and appends leave whole lines.
 */
import { accessSync, appendFileSync, closeSync, constants, fstatSync, openSync, readSync, renameSync, statSync, truncateSync, unlinkSync, writeFileSync, type Stats } from 'node:fs';
import { dirname } from 'node:path';
import { ThrongsError, excerpt } from '../../reference/core/errors.js';

export const MB = 1024 * 1024;

/** A file that cannot be read or written as asked; the message names it and says why. */
export class FileProblem extends ThrongsError {}

/** Node's error codes in words, for the ones a person can do something about. */
const REASONS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file or folder',
  EISDIR: 'it is a folder',
  ENOTDIR: 'a part of the path is not a folder',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is used up',
  EFBIG: 'the file would be too large',
  ENAMETOOLONG: 'the name is too long',
  ELOOP: 'too many symbolic links',
  EMFILE: 'too many open files',
  EIO: 'an input/output error',
};

/** Why a file operation failed, in words: never Node's stack, at most an excerpt of its message. */
export function reasonOf(e: unknown): string {
  const code = (e as { code?: unknown })?.code;
  if (typeof code === 'string' && REASONS[code]) return REASONS[code]!;
  return excerpt(e instanceof Error ? e.message.split('\n')[0]! : String(e));
}

/** The name of a file as a message repeats it: quoted, and cut when long. */
export const named = (path: string): string => `'${excerpt(path)}'`;

function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch (e) {
    if ((e as { code?: string }).code === 'ENOENT') return null;
    throw e;
  }
}

/** `path` opened for reading, or a FileProblem that names it and says why not. */
function openToRead(path: string, what: string): number {
  try {
    return openSync(path, 'r');
  } catch (e) {
    throw new FileProblem(`cannot read ${what} ${named(path)}: ${reasonOf(e)}`);
  }
}

/**
 * Reads at most `maxBytes` of `path`, refusing more: a regular file by its size, anything else
 * (a pipe, `/dev/zero`) by reading one byte past the limit. `what` names the file in messages.
 */
export function readBounded(path: string, what: string, maxBytes: number): Buffer {
  const fd = openToRead(path, what);
  const tooLarge = (): FileProblem => new FileProblem(`${what} ${named(path)} is larger than ${sizeInWords(maxBytes)}: not a file this command reads`);
  try {
    const stats = fstatSync(fd);
    if (stats.isDirectory()) throw new FileProblem(`cannot read ${what} ${named(path)}: it is a folder`);
    if (stats.isFile() && stats.size > maxBytes) throw tooLarge();
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(MB, maxBytes + 1 - total));
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      chunks.push(chunk.subarray(0, n));
      total += n;
      if (total > maxBytes) throw tooLarge();
    }
    return Buffer.concat(chunks, total);
  } catch (e) {
    if (e instanceof FileProblem) throw e;
    throw new FileProblem(`cannot read ${what} ${named(path)}: ${reasonOf(e)}`);
  } finally {
    closeSync(fd);
  }
}

/**
 * Refuses, before any of several files is read, one that cannot be: missing, a folder, not
 * readable, or a regular file past `maxBytes`. A device or a pipe passes (its size shows only
 * as it is read, by readBounded).
 */
export function checkReadable(path: string, what: string, maxBytes: number): void {
  const fd = openToRead(path, what);
  try {
    const stats = fstatSync(fd);
    if (stats.isDirectory()) throw new FileProblem(`cannot read ${what} ${named(path)}: it is a folder`);
    if (stats.isFile() && stats.size > maxBytes) throw new FileProblem(`${what} ${named(path)} is larger than ${sizeInWords(maxBytes)}: not a file this command reads`);
  } finally {
    closeSync(fd);
  }
}

export function sizeInWords(bytes: number): string {
  return bytes >= MB ? `${bytes / MB} MB` : `${bytes / 1024} KB`;
}

/**
 * Refuses, before any work is done, a path that cannot be written: a missing folder, a folder,
 * no permission; with `regular`, anything but a regular file (a file that is also read back, as
 * a device like `/dev/full` cannot be). A path that does not exist yet is fine if its folder is.
 */
export function checkWritable(path: string, what: string, regular = false): void {
  if (path === '') throw new FileProblem(`${what}: give a file name, not an empty one`);
  const cannot = (why: string): FileProblem => new FileProblem(`cannot write ${what} ${named(path)}: ${why}`);
  let stats: Stats | null;
  try {
    stats = statOrNull(path);
  } catch (e) {
    throw cannot(reasonOf(e));
  }
  if (stats) {
    if (stats.isDirectory()) throw cannot('it is a folder');
    if (regular && !stats.isFile()) throw cannot('it is not a regular file');
    try {
      accessSync(path, constants.W_OK);
    } catch (e) {
      throw cannot(reasonOf(e));
    }
    return;
  }
  const folder = dirname(path);
  let parent: Stats | null;
  try {
    parent = statOrNull(folder);
  } catch (e) {
    throw cannot(reasonOf(e));
  }
  if (!parent) throw cannot(`there is no folder ${named(folder)}`);
  if (!parent.isDirectory()) throw cannot(`${named(folder)} is not a folder`);
  try {
    accessSync(folder, constants.W_OK);
  } catch (e) {
    throw cannot(reasonOf(e));
  }
}

/**
 * Writes `text` as the whole of `path`: through a file beside it, renamed over it once complete,
 * so that a failure leaves the old file (or none) rather than a part. A path that is not a
 * regular file (a device, a pipe) is written directly.
 */
export function writeWhole(path: string, text: string, what: string): void {
  const stats = statOrNull(path);
  if (stats && !stats.isFile()) {
    try {
      writeFileSync(path, text);
    } catch (e) {
      throw new FileProblem(`cannot write ${what} ${named(path)}: ${reasonOf(e)}`);
    }
    return;
  }
  const part = `${path}.${process.pid}.part`;
  try {
    writeFileSync(part, text);
    renameSync(part, path);
  } catch (e) {
    try {
      unlinkSync(part);
    } catch {
      // Never made, or already gone: nothing is left behind either way.
    }
    throw new FileProblem(`cannot write ${what} ${named(path)}: ${reasonOf(e)}`);
  }
}

/**
 * Appends `text` (whole lines) to `path`; when the append fails part way, the file is cut back
 * to its length before it, so that it never ends in a part of a line.
 */
export function appendWhole(path: string, text: string, what: string): void {
  const before = statOrNull(path);
  try {
    appendFileSync(path, text);
  } catch (e) {
    if (before?.isFile()) {
      try {
        truncateSync(path, before.size);
      } catch {
        // The reason below is the one that matters; the next reader drops a cut last line.
      }
    }
    throw new FileProblem(`cannot write ${what} ${named(path)}: ${reasonOf(e)}`);
  }
}

/**
 * Cuts a regular file back to its last line break when an interrupted write left it ending in
 * part of a line; returns how many characters were dropped (0 when the file ends in a whole line).
 */
export function dropCutLine(path: string, text: string): number {
  if (text === '' || text.endsWith('\n')) return 0;
  const keep = text.lastIndexOf('\n') + 1;
  const kept = Buffer.byteLength(text.slice(0, keep));
  try {
    truncateSync(path, kept);
  } catch (e) {
    throw new FileProblem(`cannot repair ${named(path)} (its last line was cut off): ${reasonOf(e)}`);
  }
  return text.length - keep;
}
