/**
 * The evaluation graph: after each move of the whole game line, a short search from its own
 * worker (so that evaluating never disturbs the board's) says how the first player stands; a
 * click on the graph steps to that move.
 */
import { EngineClient } from '../bindings/worker/client.js';
import { recordMoves } from '../bindings/engine/text-game.js';
import { $, errorText } from './page.js';
import { session } from './session.js';
import { gameTags } from './line.js';

const graph = $<HTMLDivElement>('graph');
/** The first player's chance to win after each move (index: moves played), from the last evaluation. */
let evaluation: { line: string; tags: string; values: number[] } | null = null;
let evaluator: EngineClient | null = null;

const percent = (p: number): string => `${Math.round(p * 100)}%`;

async function evaluateGame(): Promise<void> {
  const view = session.currentView();
  if (!view) return;
  const line = session.wholeRecord();
  const total = view.history.length + session.redoCount();
  const button = $<HTMLButtonElement>('evaluate');
  button.disabled = true;
  try {
    evaluator ??= new EngineClient();
    let v = await evaluator.loadRecord(line);
    const values: number[] = new Array<number>(total + 1).fill(0.5);
    for (let i = v.history.length; i >= 0; i--) {
      graph.textContent = `Evaluating move ${total - i + 1} of ${total + 1}…`;
      if (v.outcome) {
        values[i] = v.outcome.winner === 1 ? 1 : v.outcome.winner === 2 ? 0 : 0.5;
      } else {
        // A forced move's position is searched too: its value is what the graph plots.
        const r = await evaluator.search({ iterations: 600, seed: i + 1, evaluateForced: true });
        values[i] = v.toMove === 1 ? r.value : 1 - r.value;
      }
      if (i > 0) v = await evaluator.undo();
    }
    evaluation = { line, tags: gameTags(line), values };
    drawGraph();
  } catch (e) {
    graph.textContent = `The game could not be evaluated (${errorText(e)}).`;
  } finally {
    button.disabled = false;
  }
}

/** A step between labelled move numbers that leaves at most about eight labels. */
function moveStep(moves: number): number {
  for (const step of [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000]) if (moves / step <= 8) return step;
  return Math.ceil(moves / 8000) * 1000;
}

/**
 * Draws the graph while the game on show is on the evaluated line: the first player's chance after
 * each move, on axes with a scale (0%, 50%, 100%; move numbers), the move on show in red; a
 * caption says whose chance it is.
 */
function drawGraph(): void {
  const view = session.currentView();
  if (!evaluation || !view) return;
  const evaluated = recordMoves(evaluation.line) ?? [];
  const sameGame = gameTags(view.record) === evaluation.tags;
  if (!sameGame || view.history.length >= evaluated.length + 1 || view.history.some((h, i) => h.notation !== evaluated[i])) {
    graph.replaceChildren();
    delete graph.dataset.values;
    return;
  }
  const { values } = evaluation;
  const NS = 'http://www.w3.org/2000/svg';
  const el = <K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>, text?: string): SVGElementTagNameMap[K] => {
    const node = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const first = view.players[0];
  const n = Math.max(1, values.length - 1);
  // Drawn in the panel's own pixels (the chart keeps its shape): room left for the percentages, below for the move numbers.
  const [W, H, left, right, top, bottom] = [300, 140, 40, 10, 9, 38];
  const x = (i: number): number => left + (i / n) * (W - left - right);
  const y = (p: number): number => top + (1 - p) * (H - top - bottom);
  const caption = `${first}'s chance to win after each move`;
  const chart = el('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': caption });
  const points = values.map((p, i) => `${x(i).toFixed(2)},${y(p).toFixed(2)}`).join(' ');
  const axes = el('g', { class: 'axes' });
  for (const p of [0, 0.5, 1]) {
    axes.append(el('line', { class: p === 0.5 ? 'mid' : 'grid', x1: left, y1: y(p), x2: W - right, y2: y(p) }));
    axes.append(el('text', { class: 'tick y-tick', x: left - 4, y: y(p) }, percent(p)));
  }
  const step = moveStep(n);
  for (let i = 0; i <= n; i += step) {
    axes.append(el('line', { class: 'tick-mark', x1: x(i), y1: y(0), x2: x(i), y2: y(0) + 3 }));
    axes.append(el('text', { class: 'tick x-tick', x: x(i), y: y(0) + 6 }, String(i)));
  }
  axes.append(el('line', { class: 'axis', x1: left, y1: top, x2: left, y2: y(0) }), el('line', { class: 'axis', x1: left, y1: y(0), x2: W - right, y2: y(0) }));
  axes.append(el('text', { class: 'axis-title', x: (left + W - right) / 2, y: H - 2 }, 'moves played'));
  chart.append(
    el('polygon', { class: 'area', points: `${x(0)},${y(0)} ${points} ${x(n)},${y(0)}` }),
    axes,
    el('polyline', { class: 'curve', points }),
    el('line', { class: 'now', x1: x(view.history.length), y1: top, x2: x(view.history.length), y2: y(0) }),
  );
  const width = (W - left - right) / n;
  values.forEach((p, i) => {
    const hit = el('rect', { class: 'point', x: x(i) - width / 2, y: top, width, height: y(0) - top, 'data-move': i });
    hit.append(el('title', {}, `after move ${i}: ${first} ${percent(p)}`));
    hit.addEventListener('click', () => void session.stepTo(i));
    chart.append(hit);
  });
  const title = Object.assign(document.createElement('p'), { className: 'graph-caption', textContent: `${caption}, by a short search; click a move to go there.` });
  graph.replaceChildren(title, chart);
  graph.dataset.values = values.map((v) => v.toFixed(3)).join(' ');
}

export function initGraph(): void {
  $('evaluate').addEventListener('click', () => void evaluateGame());
  session.onGame(drawGraph);
  session.onState(drawGraph);
}
