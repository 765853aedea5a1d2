/**
 * Populace's conformance data (test/games/populace/data/: an independent model of POPULACE.md,
 * there being no Ludii implementation). The contract suite runs every file through the
 * conformance reader on both backends; here the data itself is checked to cover the three boards
 * and the four rule variants, it is replayed directly on the reference rules (a path independent
 * of the reader, which also checks what the reader does not: canonical order, state invariants
 * after every action, the end's reason, swaps in the data), and the reader is shown to notice a
 * difference and to follow each record's options.
 */
import { describe, expect, it } from 'vitest';
import { checkRecord } from '../../../bindings/cli/conformance.js';
import { ReferenceEngine } from '../../../bindings/engine/reference-engine.js';
import type { Engine } from '../../../bindings/engine/engine.js';
import { populaceConformance } from '../../../bindings/games/populace/conformance.js';
import { populace, type PopulaceState } from '../../../reference/games/populace/index.js';
import { colourAtPly } from '../../../reference/games/populace/state.js';
import { BOARD_OF, engineKey, FILES, legal, opts, readData, topo, type Options } from './helpers.js';

interface OracleAction {
  kind: 'pass' | 'place' | 'replace' | 'move' | 'swap';
  from?: number;
  to?: number;
  scores: [number, number];
  terminal?: boolean;
  winner?: 0 | 1 | 2;
  p?: 1 | 2;
}

interface OraclePosition {
  game: string;
  board: string;
  seed: number;
  ply: number;
  cells: number[];
  toMove: 1 | 2;
  passes: number;
  button: 0 | 1 | 2;
  pie: boolean;
  button_rule: boolean;
  scores: [number, number];
  terminal: boolean;
  winner: null;
  numLegal: number;
  legal: OracleAction[];
}

interface OracleGame {
  game: string;
  board: string;
  seed: number;
  pie: boolean;
  button_rule: boolean;
  moves: OracleAction[];
  result: { winner: 0 | 1 | 2; scores: [number, number]; plies: number };
}

function oracleKey(a: OracleAction): string {
  if (a.kind === 'pass' || a.kind === 'swap') return a.kind;
  return a.kind === 'move' ? `move:${a.from}:${a.to}` : `${a.kind}:${a.to}`;
}

/** The data has no swap flag: White to move on an even ply means the swap was played. */
function stateOf(p: OraclePosition): PopulaceState {
  const swapped = p.toMove !== colourAtPly(p.ply, false);
  return { cells: Uint8Array.from(p.cells), toMove: p.toMove, passes: p.passes, button: p.button, ply: p.ply, swapped, ended: false, recent: [] };
}

const optionsOf = (r: { pie: boolean; button_rule: boolean }): Options => opts({ pie: r.pie, button: r.button_rule });

const sameScores = (a: readonly number[], b: readonly number[]): boolean => a[0] === b[0] && a[1] === b[1];

describe('conformance with the independent model', () => {
  it('has positions and games for the three boards and the variants', () => {
    const variants = new Set<string>();
    for (const f of FILES) {
      const positions = readData<OraclePosition>(`populace-${f}-positions.jsonl.gz`);
      const games = readData<OracleGame>(`populace-${f}-games.jsonl.gz`);
      expect(positions.length).toBeGreaterThanOrEqual(300);
      expect(games.length).toBeGreaterThanOrEqual(40);
      for (const r of [...positions, ...games]) {
        expect(r.game).toBe('populace');
        expect(r.board).toBe(BOARD_OF[f]);
        variants.add(`${r.pie}/${r.button_rule}`);
      }
    }
    expect([...variants].sort()).toEqual(['false/false', 'false/true', 'true/false', 'true/true']);
  });

  it.each(FILES)('%s replayed directly on the rules: positions (legal sets, scores, end and winner after every action) and games', (f) => {
    const t = topo(BOARD_OF[f]);
    const positions = readData<OraclePosition>(`populace-${f}-positions.jsonl.gz`);
    const problems: string[] = [];
    let actions = 0;
    let swapped = 0;
    for (const p of positions) {
      const where = `seed ${p.seed} ply ${p.ply}`;
      const o = optionsOf(p);
      const s = stateOf(p);
      populace.checkState(t, s);
      if (s.swapped) swapped++;
      if (!sameScores(populace.scores(t, s), p.scores)) problems.push(`${where}: scores ${populace.scores(t, s)}, model ${p.scores}`);
      if (populace.outcome(t, s, o) !== null) problems.push(`${where}: over`);
      const mine = legal(t, s, o);
      const packed = mine.map((m) => populace.pack(m));
      if (!packed.every((v, i) => i === 0 || v > packed[i - 1]!)) problems.push(`${where}: not in strictly ascending packed order`);
      const ours = new Map(mine.map((m) => [engineKey(m), m]));
      const theirs = new Set(p.legal.map(oracleKey));
      const extra = [...ours.keys()].filter((k) => !theirs.has(k));
      const missing = [...theirs].filter((k) => !ours.has(k));
      if (extra.length || missing.length) problems.push(`${where}: extra ${extra.join(' ')} missing ${missing.join(' ')}`);
      if (p.numLegal !== mine.length) problems.push(`${where}: ${mine.length} actions, model ${p.numLegal}`);
      for (const a of p.legal) {
        const m = ours.get(oracleKey(a));
        if (!m) continue;
        const after = populace.cloneState(s);
        populace.apply(t, after, m, o);
        actions++;
        const name = `${where} ${populace.formatMove(t, m)}`;
        const sc = populace.scores(t, after);
        if (!sameScores(sc, a.scores)) problems.push(`${name}: scores ${sc}, model ${a.scores}`);
        const end = populace.outcome(t, after, o);
        if ((end !== null) !== (a.terminal === true) || end?.winner !== a.winner) {
          problems.push(`${name}: outcome ${JSON.stringify(end)}, model ${a.terminal} ${a.winner}`);
        }
        if (end && (end.reason !== 'twoPasses' || !sameScores(end.scores, a.scores))) problems.push(`${name}: ${JSON.stringify(end)}`);
      }
    }
    expect(actions).toBe(positions.reduce((n, p) => n + p.legal.length, 0));
    expect(swapped).toBeGreaterThan(0);

    const games = readData<OracleGame>(`populace-${f}-games.jsonl.gz`);
    for (const g of games) {
      const o = optionsOf(g);
      const s = populace.initial(t, 'empty', o);
      for (const [i, a] of g.moves.entries()) {
        const where = `game ${g.seed} action ${i + 1}`;
        if (s.toMove !== a.p) problems.push(`${where}: ${s.toMove} to move, model ${a.p}`);
        const m = legal(t, s, o).find((l) => engineKey(l) === oracleKey(a));
        if (!m) {
          problems.push(`${where}: ${oracleKey(a)} is not legal here`);
          break;
        }
        if (populace.outcome(t, s, o) !== null) problems.push(`${where}: the game was already over`);
        populace.apply(t, s, m, o);
        populace.checkState(t, s);
        if (!sameScores(populace.scores(t, s), a.scores)) problems.push(`${where}: scores ${populace.scores(t, s)}, model ${a.scores}`);
      }
      const result = populace.outcome(t, s, o);
      if (result?.winner !== g.result.winner || !sameScores(result.scores, g.result.scores) || result.reason !== 'twoPasses') {
        problems.push(`game ${g.seed}: result ${JSON.stringify(result)}, model ${JSON.stringify(g.result)}`);
      }
      if (s.ply !== g.result.plies || g.moves.length !== g.result.plies) problems.push(`game ${g.seed}: ${s.ply} plies, model ${g.result.plies}`);
    }
    expect(problems).toEqual([]);
    expect(games.length).toBeGreaterThan(0);
  });

  it("the conformance reader notices differences and follows each record's options", () => {
    const engine = new ReferenceEngine(populace, { board: 'hexhex(4)' });
    const positions = readData<OraclePosition>('populace-hexhex4-positions.jsonl.gz');
    const games = readData<OracleGame>('populace-hexhex4-games.jsonl.gz');
    const run = (record: object): string[] => {
      const notes: string[] = [];
      checkRecord(populaceConformance, { note: (p) => notes.push(p) }, engine as unknown as Engine, record as Record<string, unknown>);
      return notes;
    };
    const p = structuredClone(positions.find((x) => x.ply === 1 && x.pie)!);
    expect(run(p)).toEqual([]);
    expect(engine.options).toMatchObject({ pie: true, button: true });
    p.legal = p.legal.filter((a) => a.kind !== 'swap');
    p.numLegal = p.legal.length;
    p.legal[1]!.scores = [99, 0];
    expect(run(p)).toEqual([expect.stringMatching(/^actions the model does not allow: swap$/), expect.stringMatching(/^after .*: scores .*, model 99-0$/)]);
    const variant = positions.find((x) => !x.pie && !x.button_rule)!;
    expect(run(variant)).toEqual([]);
    expect(engine.options).toMatchObject({ pie: false, button: false });
    const g = structuredClone(games.find((x) => x.moves.some((m) => m.kind === 'swap'))!);
    expect(run(g)).toEqual([]);
    g.result.winner = g.result.winner === 1 ? 2 : 1;
    expect(run(g)).toEqual([expect.stringMatching(/winner .*, model/)]);
  });
});

