/**
 * The board as text for terminals: rows at their true offsets (a site's x is c − r/2), row
 * numbers on both sides, column letters where each up-left column line enters the board below
 * and leaves it above, then whose turn it is and the scores.
 */
import { columnLetters } from '../../reference/boards/lattice.js';
import type { Engine } from '../engine/engine.js';
import type { GameEntry } from '../engine/game-entry.js';
import { gameEntry } from '../games/registry.js';

/** Characters by cell value: empty, the players' stones, then a neutral stone. */
const STONES = ['·', 'X', 'O', 'n'] as const;

export function renderBoard(engine: Engine, highlight: readonly number[] = []): string {
  const t = engine.topology;
  const cells = engine.cells();
  const marked = new Set(highlight);
  if (t.isGraph) return [...graphRows(engine, marked), ...statusLines(engine)].join('\n');
  let maxR = 0;
  let maxC = 0;
  for (let s = 0; s < t.size; s++) {
    maxR = Math.max(maxR, t.row[s]!);
    maxC = Math.max(maxC, t.column[s]!);
  }
  // Character column of lattice point (c, r): four characters per unit of x = c − r/2.
  // Room left of the top row (which starts furthest left) for its number and a gap.
  const left = 2 * maxR + String(maxR + 1).length + 4;
  const xOf = (c: number, r: number): number => left + 4 * c - 2 * r;
  const width = xOf(maxC, -1) + 8;
  const line = (): string[] => Array.from({ length: width }, () => ' ');
  const put = (buf: string[], x: number, text: string): void => {
    for (let i = 0; i < text.length; i++) if (x + i >= 0 && x + i < buf.length) buf[x + i] = text[i]!;
  };
  const letters = (r: number): string => {
    const buf = line();
    for (let c = 0; c <= maxC; c++) put(buf, xOf(c, r), columnLetters(c));
    return `     ${buf.join('').trimEnd()}`;
  };

  const rows: string[] = [letters(maxR + 1)];
  for (let r = maxR; r >= 0; r--) {
    const buf = line();
    let first = Infinity;
    let last = -Infinity;
    for (let s = 0; s < t.size; s++) {
      if (t.row[s] !== r) continue;
      const x = xOf(t.column[s]!, r);
      put(buf, x, STONES[cells[s]!]!);
      if (marked.has(s)) put(buf, x + 1, '*');
      first = Math.min(first, x);
      last = Math.max(last, x);
    }
    const num = String(r + 1);
    if (first !== Infinity) {
      put(buf, first - 2 - num.length, num);
      put(buf, last + 3, num);
    }
    rows.push(`     ${buf.join('').trimEnd()}`);
  }
  rows.push(letters(-1));
  return [...rows, ...statusLines(engine)].join('\n');
}

/**
 * A graph board (no lattice): each site at its drawing position, three characters per unit
 * across, one line per unit up, with its label's first letter for an empty site so that sites
 * of different kinds (Tholian Go's two webs) stay apart.
 */
function graphRows(engine: Engine, marked: ReadonlySet<number>): string[] {
  const t = engine.topology;
  const cells = engine.cells();
  const maxC = Math.max(...t.column);
  const maxR = Math.max(...t.row);
  const minC = Math.min(...t.column);
  const minR = Math.min(...t.row);
  const lines = Array.from({ length: maxR - minR + 1 }, () => Array.from({ length: 3 * (maxC - minC) + 4 }, () => ' '));
  for (let s = 0; s < t.size; s++) {
    const line = lines[maxR - t.row[s]!]!;
    const x = 3 * (t.column[s]! - minC) + 1;
    line[x] = cells[s] ? STONES[cells[s]!]! : t.labels[s]![0]!.toLowerCase() === 'd' ? '+' : '·';
    if (marked.has(s)) line[x + 1] = '*';
  }
  return lines.map((l) => `     ${l.join('').trimEnd()}`);
}

/** Why a game ended, in the game's words, else its reason's name as words (`moveLimit` → `move limit`). */
export function endingInWords(entry: GameEntry, reason: string): string {
  return entry.words?.endings?.[reason] ?? reason.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

function statusLines(engine: Engine): string[] {
  const entry = gameEntry(engine.rules.id);
  const names = entry.players.map((p, i) => `${p} (${STONES[i + 1]})`);
  const [b, w] = engine.scores();
  const outcome = engine.outcome();
  const details = entry.describe(engine);
  let status: string;
  if (outcome) {
    const result = outcome.winner === 0 ? 'a draw' : `${names[outcome.winner - 1]} wins`;
    status = `Game over, ${endingInWords(entry, outcome.reason)}: ${result}`;
  } else {
    // The game's own turn text, with the mover's name given its stone character.
    status = details.turn.replace(entry.players[engine.toMove() - 1]!, names[engine.toMove() - 1]!);
  }
  const duty = details.duty ? `  |  ${details.duty}` : '';
  return ['', `${status}  |  score ${entry.players[0]} ${b}, ${entry.players[1]} ${w}${duty}`];
}
