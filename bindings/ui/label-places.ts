/**
 * Where the names of sites go on the board (site-labels, and the sites an explanation names):
 * beside their site, clear of the pieces and ring marks and of the names placed before, inside
 * the view box. Dense boards (woven webs) leave little room, so candidates go round the site at
 * growing distances; the nearest clear one wins, one that hides fewer empty sites' markers first.
 * Board units throughout; no DOM.
 */
import type { Point } from './geometry.js';

/** The names' font size in board units (neighbouring sites are 1 to 1.25 apart). */
export const SITE_LABEL_SIZE = 0.5;

/** Something round a name must not cover (`hard`), or had better not (an empty site's marker). */
export interface Disc {
  readonly x: number;
  readonly y: number;
  readonly r: number;
  readonly hard: boolean;
}

/** A placed name: its centre and the size of the box its text takes. */
export interface LabelBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** The box a text takes at `size`: bold digits and capitals are about 0.62 em wide, a line 1.2 em high. */
export function labelSize(text: string, size = SITE_LABEL_SIZE): { width: number; height: number } {
  return { width: text.length * 0.62 * size + 0.06, height: 1.2 * size };
}

const boxMeetsDisc = (b: LabelBox, d: Disc): boolean => {
  const dx = Math.max(Math.abs(d.x - b.x) - b.width / 2, 0);
  const dy = Math.max(Math.abs(d.y - b.y) - b.height / 2, 0);
  return dx * dx + dy * dy < d.r * d.r;
};

const boxesMeet = (a: LabelBox, b: LabelBox): boolean => Math.abs(a.x - b.x) * 2 < a.width + b.width && Math.abs(a.y - b.y) * 2 < a.height + b.height;

/** Directions round a site, the upper left first (a piece's badge goes at its upper right). */
const DIRECTIONS: readonly Point[] = [
  [-1, -1],
  [-1, 0],
  [1, 0],
  [1, -1],
  [-1, 1],
  [1, 1],
  [0, -1],
  [0, 1],
].map(([x, y]) => [x! / Math.hypot(x!, y!), y! / Math.hypot(x!, y!)] as const);

/** What a soft overlap costs, in board units of distance from the site. */
const SOFT_COST = 0.35;

/** How far a box is from a point (0 inside it). */
export function gapTo(b: LabelBox, [x, y]: Point): number {
  return Math.hypot(Math.max(Math.abs(x - b.x) - b.width / 2, 0), Math.max(Math.abs(y - b.y) - b.height / 2, 0));
}

/**
 * Places each name beside its site (`at`); the boxes come back in the order of `names`. `own` is
 * the radius kept clear round a name's own site; `obstacles` are discs on the board (pieces and
 * rings `hard`); `bounds` the view box (minX minY width height). The names of the most crowded
 * sites are placed first, each on the nearest place clear of what is placed so far; where none
 * is clear, the least crowded near one.
 */
export function placeLabels(
  names: ReadonlyArray<{ readonly at: Point; readonly text: string; readonly own: number }>,
  obstacles: readonly Disc[],
  bounds: readonly [number, number, number, number],
  size = SITE_LABEL_SIZE,
): LabelBox[] {
  const [minX, minY, width, height] = bounds;
  const crowd = names.map(({ at }) => obstacles.filter((d) => d.hard && Math.hypot(d.x - at[0], d.y - at[1]) < 1.6).length);
  const order = names.map((_, i) => i).sort((a, b) => crowd[b]! - crowd[a]! || a - b);
  const placed: LabelBox[] = [];
  const boxes: LabelBox[] = new Array<LabelBox>(names.length);
  for (const i of order) {
    const { at, text, own } = names[i]!;
    const { width: w, height: h } = labelSize(text, size);
    let best: { box: LabelBox; cost: number } | null = null;
    for (let t = 0.2; t <= 1.8 && !(best && best.cost <= t); t += 0.05) {
      for (const [dx, dy] of DIRECTIONS) {
        const box = { x: at[0] + dx! * t, y: at[1] + dy! * t, width: w, height: h };
        if (box.x - w / 2 < minX || box.x + w / 2 > minX + width || box.y - h / 2 < minY || box.y + h / 2 > minY + height) continue;
        let hard = gapTo(box, at) < own || placed.some((p) => boxesMeet(p, box));
        let soft = 0;
        for (const d of obstacles) {
          if (hard) break;
          if (!boxMeetsDisc(box, d)) continue;
          if (d.hard) hard = true;
          else soft++;
        }
        // A crowded place is only taken when nothing clear is found.
        const cost = t + soft * SOFT_COST + (hard ? 100 : 0);
        if (!best || cost < best.cost) best = { box, cost };
      }
    }
    const box = best?.box ?? { x: at[0], y: at[1] - own - h / 2, width: w, height: h };
    placed.push(box);
    boxes[i] = box;
  }
  return boxes;
}
