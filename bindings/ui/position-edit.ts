/**
 * Editing a position in its notation without knowing the game: every game writes a position as
 * `<game> <board> <key>:<cells> ... <side> <turn state...>` (Tholian Go: `<game> <variant>
 * [periodic]` before the lists), one `key:cells` list per piece kind
 * (in the order of GameView.pieces, from index 1: the first player's, the second's, then any
 * other kinds), then the side to move, written with the mover's list key first (`b1`, `1`, `w`).
 * The engine checks what comes out (newGame({ position })): this module only moves labels about.
 */

export interface PositionParts {
  readonly head: readonly string[];
  /** The piece lists in order: their key and their cells' labels. */
  readonly lists: ReadonlyArray<{ readonly key: string; readonly cells: readonly string[] }>;
  /** The side to move and everything after it, as written. */
  readonly tail: readonly string[];
}

const LIST = /^([A-Za-z0-9]+):(.*)$/;

/** The parts of a position, or an error for text that is not laid out as above. */
export function splitPosition(text: string, kinds: number): PositionParts | { error: string } {
  const tokens = text.trim().split(/\s+/);
  const lists: Array<{ key: string; cells: string[] }> = [];
  // The head is the words before the first list (the game and its board, or its variant).
  const found = tokens.findIndex((t, i) => i > 0 && LIST.test(t));
  const start = found < 0 ? 2 : found;
  for (let i = start; i < start + kinds; i++) {
    const m = LIST.exec(tokens[i] ?? '');
    if (!m) return { error: `expected ${kinds} piece lists (key:cells) after the game and the board, got ${JSON.stringify((tokens[i] ?? '').slice(0, 20))}` };
    lists.push({ key: m[1]!, cells: m[2] ? m[2].split(',') : [] });
  }
  if (tokens.length < start + 1 + kinds) return { error: 'the side to move is missing after the piece lists' };
  return { head: tokens.slice(0, start), lists, tail: tokens.slice(start + kinds) };
}

export function joinPosition(parts: PositionParts): string {
  return [...parts.head, ...parts.lists.map((l) => `${l.key}:${l.cells.join(',')}`), ...parts.tail].join(' ');
}

/** The position with `label` holding piece kind `kind` (1-based as in GameView.pieces; 0 empties it). */
export function placePiece(parts: PositionParts, label: string, kind: number): PositionParts {
  const lists = parts.lists.map((l, i) => {
    const cells = l.cells.filter((c) => c !== label);
    if (i === kind - 1) cells.push(label);
    return { key: l.key, cells };
  });
  return { ...parts, lists };
}

/** The side to move (1 or 2) as written: the side token starts with that side's list key. */
export function sideToMove(parts: PositionParts): 1 | 2 | null {
  const side = parts.tail[0] ?? '';
  const [first, second] = parts.lists;
  // The longer key first, so that a key that begins another cannot be mistaken for it.
  const keys = [first, second].map((l, i) => ({ key: l?.key ?? '', player: (i + 1) as 1 | 2 })).sort((a, b) => b.key.length - a.key.length);
  return keys.find((k) => k.key !== '' && side.startsWith(k.key))?.player ?? null;
}

/** The position with `player` to move (the rest of the side token, a turn's move number, kept). */
export function setSideToMove(parts: PositionParts, player: 1 | 2): PositionParts {
  const now = sideToMove(parts);
  if (now === null || now === player) return parts;
  const side = parts.tail[0]!;
  const from = parts.lists[now - 1]!.key;
  const to = parts.lists[player - 1]!.key;
  return { ...parts, tail: [`${to}${side.slice(from.length)}`, ...parts.tail.slice(1)] };
}
