/**
 * The stones' colours, shared by the board (SVG gradients) and the legend (CSS swatches), so that
 * a piece looks the same in both.
 */
import { svg } from './dom.js';

/**
 * The first stop of each kind's gradient (its highlight) and the last; the `-deep` variant is a
 * board of webs' token on its dark web. The players' stones are black and white unless the game
 * names its pieces by another colour here (Tholian Go's red and blue).
 */
const STONE_TONES: Readonly<Record<string, readonly [string, string]>> = {
  black: ['#6b6b6b', 'var(--throngs-black-stone)'],
  white: ['#ffffff', 'var(--throngs-white-stone)'],
  red: ['#ff9d8c', 'var(--throngs-red-stone)'],
  blue: ['#9cc3ff', 'var(--throngs-blue-stone)'],
  'black-deep': ['#3a3a3a', '#000000'],
  'white-deep': ['#d8d3c8', '#8e887c'],
  'red-deep': ['var(--throngs-red-stone)', 'var(--throngs-red-stone-deep)'],
  'blue-deep': ['var(--throngs-blue-stone)', 'var(--throngs-blue-stone-deep)'],
};
const NEUTRAL_TONES: readonly [string, string] = ['#d0d0d0', 'var(--throngs-neutral-stone)'];

/** The kind of stone a cell value shows (parts `stone-<kind>`, gradients `stone-<kind>`): the players' own, then the game's other pieces. */
export function stoneKind(value: number, pieces: readonly string[]): string {
  const named = (pieces[value] ?? '').toLowerCase();
  if ((value === 1 || value === 2) && Object.hasOwn(STONE_TONES, named)) return named;
  return value === 1 ? 'black' : value === 2 ? 'white' : (pieces[value] ?? `piece${value}`).toLowerCase();
}

/** A gradient per kind of piece the game has (on webs, each kind's dark-web shade too), for the board's <defs>. */
export function stoneGradients(pieces: readonly string[], webs: boolean): SVGRadialGradientElement[] {
  const kinds = pieces.slice(1).map((_, k) => stoneKind(k + 1, pieces));
  return (webs ? [...kinds, ...kinds.map((k) => `${k}-deep`)] : kinds).map((id) => {
    const [light, dark] = STONE_TONES[id] ?? NEUTRAL_TONES;
    const grad = svg('radialGradient', { id: `stone-${id}`, cx: '35%', cy: '30%', r: '70%' });
    grad.append(svg('stop', { offset: '0%', 'stop-color': light }), svg('stop', { offset: '100%', 'stop-color': dark }));
    return grad;
  });
}
