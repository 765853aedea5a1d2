/**
 * Lines of a text stream with a bound on each: the text protocol's input (`throngs engine`).
 * Node's readline keeps a line whole however long it grows, so input without a line break
 * (`/dev/zero`, a runaway program) would fill the memory. Here a line past `maxLine` characters
 * is handed on cut to `maxLine + 1` characters (so that the protocol refuses it as too long) and
 * the rest of it, up to the next line break, is dropped as it arrives.
 */

/** Longest line the protocol reads; longer ones are refused without being parsed. */
export const MAX_LINE = 100_000;

export interface LineReader {
  /** Resolves when the input has ended or the reader was closed. */
  readonly closed: Promise<void>;
  /** Stops reading: nothing more is handed on. */
  close(): void;
}

export function readLines(input: NodeJS.ReadableStream, maxLine: number, onLine: (line: string) => void): LineReader {
  let pending = '';
  /** Within a line already handed on cut: dropped up to its end. */
  let dropping = false;
  let done = false;
  let finish = (): void => {};
  const closed = new Promise<void>((resolve) => (finish = resolve));
  const hand = (line: string): void => {
    if (!done) onLine(line);
  };
  /** A whole line, without the carriage return of a CRLF break, cut when past the bound. */
  const whole = (line: string): string => {
    const text = line.endsWith('\r') ? line.slice(0, -1) : line;
    return text.length > maxLine ? text.slice(0, maxLine + 1) : text;
  };
  const onData = (chunk: string | Buffer): void => {
    let text = String(chunk);
    while (!done) {
      const end = text.indexOf('\n');
      if (dropping) {
        if (end < 0) return;
        dropping = false;
        text = text.slice(end + 1);
        continue;
      }
      if (end < 0) {
        pending += text;
        if (pending.length > maxLine + 1) {
          hand(pending.slice(0, maxLine + 1));
          pending = '';
          dropping = true;
        }
        return;
      }
      const line = pending + text.slice(0, end);
      pending = '';
      text = text.slice(end + 1);
      hand(whole(line));
    }
  };
  const stop = (): void => {
    if (done) return;
    done = true;
    input.off('data', onData);
    input.off('end', onEnd);
    input.off('error', onEnd);
    input.pause();
    finish();
  };
  const onEnd = (): void => {
    // A last line without a line break still counts (a cut one was handed on already).
    if (pending !== '' && !dropping) hand(whole(pending));
    pending = '';
    stop();
  };
  input.setEncoding('utf8');
  input.on('data', onData);
  input.on('end', onEnd);
  input.on('error', onEnd);
  return { closed, close: stop };
}
