/**
 * The one check of a state object a user hands to `load`, shared by both backends: the engine
 * takes a state only when it is a state of the game. Three layers, each catching what the one
 * before cannot: its shape against a state the engine made (the same fields, of the same kinds:
 * a number where the game keeps a number, the same typed array), the game's own checkState
 * (ranges and consistency), and its notation (the position it writes reads back and writes the
 * same again), so that every record and position the engine writes afterwards reads back.
 */
import { PositionError, ThrongsError } from '../../reference/core/errors.js';
import type { AnyGameRules } from '../../reference/core/game.js';
import type { Topology } from '../../reference/boards/topology.js';

const named = (k: string): string => (k === 'null' || k === 'undefined' ? k : /^[aeiouAEIOU]/.test(k) ? `an ${k}` : `a ${k}`);
const kind = (v: unknown): string => (v === null ? 'null' : ArrayBuffer.isView(v) ? v.constructor.name : Array.isArray(v) ? 'array' : typeof v);

/**
 * Where `candidate` differs in shape from `template` (a state of the same game), or null. A field
 * the template holds as null may hold anything here (it is optional data: the game's checks and
 * the notation judge it); an empty array in the template says nothing of its elements.
 */
export function shapeProblem(template: unknown, candidate: unknown, path = 'the state'): string | null {
  const [t, c] = [kind(template), kind(candidate)];
  if (t === 'null') return null;
  if (t !== c) return `${path} is ${named(c)}, not ${named(t)}`;
  if (t === 'number') return Number.isFinite(candidate) ? null : `${path} is ${String(candidate)}, not a finite number`;
  if (t === 'array') {
    const [ts, cs] = [template as unknown[], candidate as unknown[]];
    if (ts.length === 0) return null;
    for (let i = 0; i < cs.length; i++) {
      const problem = shapeProblem(ts[Math.min(i, ts.length - 1)], cs[i], `${path}[${i}]`);
      if (problem) return problem;
    }
    return null;
  }
  if (t !== 'object') return null;
  const [tk, ck] = [Object.keys(template as object), Object.keys(candidate as object)];
  const extra = ck.find((k) => !tk.includes(k));
  if (extra !== undefined) return `${path} has a field ${JSON.stringify(extra.slice(0, 40))} that states of this game do not have`;
  for (const key of tk) {
    if (!(key in (candidate as object))) return `${path} lacks its field ${key}`;
    const problem = shapeProblem((template as Record<string, unknown>)[key], (candidate as Record<string, unknown>)[key], `${path === 'the state' ? '' : `${path}.`}${key}`);
    if (problem) return problem;
  }
  return null;
}

/**
 * `candidate` as a state the engine can take (a copy of its own), or a PositionError saying why
 * it is not a state of this game on `topology`. `template` is a state the engine made.
 */
export function checkLoadedState<S>(rules: AnyGameRules, topology: Topology, template: S, candidate: unknown): S {
  const refuse = (why: string): never => {
    throw new PositionError(`not a ${rules.title} state on ${topology.spec}: ${why}`);
  };
  const problem = shapeProblem(template, candidate);
  if (problem) refuse(problem);
  const state = candidate as S;
  // A game's own checks may trip over values of the right kind but the wrong sense: those are refusals too.
  const guarded = <T>(what: string, run: () => T): T => {
    try {
      return run();
    } catch (e) {
      if (e instanceof ThrongsError) throw e;
      return refuse(`${what} (${e instanceof Error ? e.message : String(e)})`);
    }
  };
  guarded('its values do not make sense together', () => rules.checkState(topology, state));
  const text = guarded('its position cannot be written', () => rules.formatPosition(topology, state, 'machine'));
  const read = rules.parsePosition(text);
  if (!read.ok) return refuse(`its position does not read back (${read.error.detail})`);
  if (read.value.topology !== topology) refuse(`its position is on ${read.value.topology.spec}`);
  guarded('its position read back is not legal', () => rules.checkState(topology, read.value.state));
  if (rules.formatPosition(topology, read.value.state, 'machine') !== text) refuse('its position does not read back the same');
  // A copy of the object given, not the state read back: a field the notation leaves out where it
  // does not matter (Tholian Go's turn count outside its placement phases) keeps its value.
  return guarded('it cannot be copied', () => rules.cloneState(state)) as S;
}
