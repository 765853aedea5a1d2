/**
 * Tholian Go notation (THOLIAN-GO.md §11). A move is its push path, `L4.2>L5.2>L5.3`, with a
 * free push after `+`: `L8.7>L7.7+D4.6>D4.5`. The engine's steps print as the pieces of that
 * text (`L4.2>L5.2`, `>L5.3`, `+D4.6>D4.5`), so joining a move's steps gives the move.
 *
 * Positions: `tholian <variant> R:<nodes> B:<nodes> <R|B> d<dark>l<light> e<empty>`, then what
 * only some positions need: `periodic` after the variant on that board, `t<turn>` where the turn
 * number matters (placement phases, dice), `p<dark>/<light>` placements left, `r<a>/<xy>` dice
 * unused this turn (`-` for used), `push:<path>` or `free:<path>` for a push being built, and
 * `won:<R|B>` or `drawn` once the game is over.
 */
import { err, NotationError, ok, type Result, excerpt } from '../../core/errors.js';
import type { GameMove } from '../../core/game.js';
import { AXES, DARK, LIGHT, normaliseLabel, type TholianBoard } from './board.js';
import { boardNamed } from './boards.js';
import type { TholianMove } from './moves.js';
import { features, resolveOptions, VARIANTS, type Variant } from './options.js';
import { blankState, BLUE, EMPTY, RED, turnBudget, type TholianState } from './state.js';
import type { Player } from '../../core/types.js';
import type { ParsedPosition } from '../../core/game.js';

const SIDE = ['', 'R', 'B'] as const;

export function formatMove(b: TholianBoard, m: GameMove): string {
  const label = (n: number | undefined) => b.label(n ?? -1);
  switch (m.kind) {
    case 'end':
      return 'end';
    case 'place':
      return `@${label(m.at)}`;
    case 'move':
      return `${label(m.at)}>${label(m.to)}`;
    case 'push':
      return `>${label(m.to)}`;
    case 'free':
      return `+${label(m.at)}>${label(m.to)}`;
    default:
      throw new RangeError(`not a Tholian Go move kind: ${m.kind}`);
  }
}

/**
 * The step tokens of a whole move's text: `L4.2>L5.2>L5.3+D4.6>D4.5` → `L4.2>L5.2`, `>L5.3`,
 * `+D4.6>D4.5`. Each token keeps its offset for error messages.
 */
export function splitMove(text: string): { token: string; offset: number }[] {
  const out: { token: string; offset: number }[] = [];
  const re = /(\+?[^>+]+>[^>+]+|>[^>+]+|[^>+]+)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) out.push({ token: m[0], offset: m.index });
  return out;
}

/** One step token in position `s` (`>L5.3` continues the head of the push in progress). */
export function parseMove(b: TholianBoard, text: string, s: TholianState): Result<TholianMove, NotationError> {
  const input = text;
  const t = text.trim();
  const node = (label: string, offset: number): Result<number, NotationError> => {
    const n = b.cellOf(label);
    if (n >= 0) return ok(n);
    const why = normaliseLabel(label) === null ? `'${excerpt(label)}' is not a node label (D3.2, L12.4 or D(3,2))` : `board ${b.spec} has no node ${excerpt(label)}`;
    return err(new NotationError(why, input, offset));
  };
  if (/^end$/i.test(t)) return ok({ kind: 'end' });
  if (t.startsWith('@')) {
    const at = node(t.slice(1), 1);
    return at.ok ? ok({ kind: 'place', at: at.value }) : at;
  }
  if (t.startsWith('>')) {
    if (s.path.length === 0) return err(new NotationError(`'${excerpt(t)}' continues a push, but no push is being built`, input, 0));
    const to = node(t.slice(1), 1);
    const head = s.path[s.path.length - 1]!;
    return to.ok ? ok({ kind: s.freePush && s.path.length === 1 ? 'free' : 'push', at: head, to: to.value }) : to;
  }
  const free = t.startsWith('+');
  const parts = (free ? t.slice(1) : t).split('>');
  if (parts.length !== 2) {
    return err(new NotationError(`expected a step like L4.2>L5.2, a placement @D3.3 or end, not '${excerpt(t)}'`, input, 0));
  }
  const at = node(parts[0]!, free ? 1 : 0);
  if (!at.ok) return at;
  const to = node(parts[1]!, t.indexOf('>') + 1);
  if (!to.ok) return to;
  if (s.path.length > 0 && !free && s.path[s.path.length - 1] === at.value) {
    return ok({ kind: s.freePush && s.path.length === 1 ? 'free' : 'push', at: at.value, to: to.value });
  }
  return ok({ kind: free ? 'free' : 'move', at: at.value, to: to.value });
}

const axisName = (web: number, a: number) => (a < 0 ? '-' : AXES[web]![a]!);

export function formatPosition(b: TholianBoard, s: TholianState): string {
  const tokens = (p: Player) =>
    [...b.nodesOf[DARK], ...b.nodesOf[LIGHT]]
      .filter((n) => s.cells[n] === p)
      .map((n) => b.labels[n]!)
      .sort()
      .join(',');
  const parts = [`tholian ${s.variant}${b.periodic ? ' periodic' : ''}`, `R:${tokens(RED)}`, `B:${tokens(BLUE)}`, SIDE[s.toMove], `d${s.darkLeft}l${s.lightLeft}`, `e${s.emptyTurns}`];
  const f = features(s.variant, resolveOptions());
  if (f.start === 'empty' || f.start === 'scrimmage' || f.dice) parts.push(`t${s.turn}`);
  if (s.placeDark > 0 || s.placeLight > 0) parts.push(`p${s.placeDark}/${s.placeLight}`);
  if (s.rollDark >= 0 || s.rollLight.some((a) => a >= 0) || f.dice) {
    parts.push(`r${axisName(DARK, s.rollDark)}/${axisName(LIGHT, s.rollLight[0])}${axisName(LIGHT, s.rollLight[1])}`);
  }
  if (s.path.length > 0) parts.push(`${s.freePush ? 'free' : 'push'}:${s.path.map((n) => b.labels[n]).join('>')}`);
  if (s.result) parts.push(s.result.winner === 0 ? 'drawn' : `won:${SIDE[s.result.winner]}`);
  return parts.join(' ');
}

/** Reads §11's position (and the additions above); checkState then says whether it can occur. */
export function parsePosition(text: string): Result<ParsedPosition<TholianState>, NotationError> {
  if (typeof text !== 'string') return err(new NotationError(`a position must be text, got ${typeof text}`, '', 0));
  const words = text.trim().split(/\s+/);
  let offset = 0;
  const at = (i: number) => {
    offset = text.indexOf(words[i] ?? '', offset);
    return Math.max(0, offset);
  };
  const fail = (detail: string, i: number) => err(new NotationError(detail, text, at(i)));
  if (words[0]?.toLowerCase() !== 'tholian') return fail(`a Tholian Go position starts with 'tholian'`, 0);
  const variant = words[1] as Variant;
  if (!VARIANTS.includes(variant)) return fail(`unknown variant '${excerpt(words[1] ?? '')}' (known: ${VARIANTS.join(', ')})`, 1);
  let i = 2;
  const periodic = words[i] === 'periodic';
  if (periodic) i++;
  const b = boardNamed(periodic ? 'periodic' : 'main');
  const cells = new Uint8Array(b.size);
  for (const [p, tag] of [[RED, 'R:'], [BLUE, 'B:']] as const) {
    const w = words[i] ?? '';
    if (!w.startsWith(tag)) return fail(`expected ${tag}<nodes>`, i);
    for (const label of w.slice(2).split(',').filter((l) => l !== '')) {
      const n = b.cellOf(label);
      if (n < 0) return fail(`'${excerpt(label)}' is not a node of the ${b.name} board`, i);
      if (cells[n] !== EMPTY) return fail(`node ${label} is listed twice`, i);
      cells[n] = p;
    }
    i++;
  }
  const side = words[i++];
  if (side !== 'R' && side !== 'B') return fail(`expected the side to move, R or B`, i - 1);
  const budget = /^d([01])l([012])$/.exec(words[i++] ?? '');
  if (!budget) return fail(`expected the turn's budget d<0|1>l<0|1|2>`, i - 1);
  // e2 only in a drawn position: two empty turns end the game (§4).
  const empty = /^e([012])$/.exec(words[i++] ?? '');
  if (!empty || (empty[1] === '2' && !words.includes('drawn'))) return fail('expected the empty turns e0 or e1 (e2 only with drawn)', i - 1);
  const s: TholianState = {
    ...blankState(variant, cells),
    toMove: side === 'R' ? RED : BLUE,
    darkLeft: Number(budget[1]),
    lightLeft: Number(budget[2]),
    emptyTurns: Number(empty[1]),
  };
  let turnGiven = false;
  for (; i < words.length; i++) {
    const w = words[i]!;
    let m: RegExpExecArray | null;
    if ((m = /^t([1-9][0-9]{0,6})$/.exec(w))) {
      s.turn = Number(m[1]);
      turnGiven = true;
    } else if ((m = /^p([01])\/([012])$/.exec(w))) {
      s.placeDark = Number(m[1]);
      s.placeLight = Number(m[2]);
    } else if ((m = /^r([abc-])\/([xyz-])([xyz-])$/.exec(w))) {
      s.rollDark = 'abc'.indexOf(m[1]!);
      s.rollLight = ['xyz'.indexOf(m[2]!), 'xyz'.indexOf(m[3]!)];
    } else if ((m = /^(push|free):(.+)$/.exec(w))) {
      s.freePush = m[1] === 'free';
      for (const label of m[2]!.split('>')) {
        const n = b.cellOf(label);
        if (n < 0) return fail(`'${excerpt(label)}' in the push is not a node`, i);
        s.path.push(n);
      }
    } else if ((m = /^won:([RB])$/.exec(w))) {
      const win = features(variant, resolveOptions()).win;
      s.result = { winner: m[1] === 'R' ? RED : BLUE, reason: win === 'count' ? 'tokens' : win };
    } else if (w === 'drawn') {
      s.result = { winner: 0, reason: 'emptyTurns' };
    } else {
      return fail(`unexpected '${excerpt(w)}'`, i);
    }
  }
  if (!turnGiven) {
    // Without a turn number, a turn of the right side after any placement phase (§10).
    const f = features(variant, resolveOptions());
    const phase = f.start === 'empty' || f.start === 'scrimmage' ? 14 : 0;
    s.turn = phase + (s.toMove === RED ? 1 : 2);
  }
  // A move has been made this turn when the budget is no longer a whole turn's (§4).
  const whole = turnBudget(resolveOptions(), variant, s.turn, cells, b, s.toMove);
  s.acted = s.path.length > 0 || s.darkLeft !== whole.darkLeft || s.lightLeft !== whole.lightLeft || s.placeDark !== whole.placeDark || s.placeLight !== whole.placeLight;
  return ok({ topology: b, state: s });
}

