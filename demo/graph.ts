/**
 * The evaluation graph: after each move of the whole game line, a short search from its own
 * worker (so that evaluating never disturbs the board's) says how the first player stands; a
 * click on the graph steps to that move.
 */
import { EngineClient } from '../bindings/worker/client.js';
import { recordMoves } from '../bindings/ui/board-logic.js';
import { $, errorText } from './page.js';
import { currentView, onGame, onState, redoCount, stepTo, wholeRecord } from './session.js';
import { gameTags } from './line.js';

const graph = $<HTMLDivElement>('graph');
/** The first player's chance to win after each move (index: moves played), from the last evaluation. */
let evaluation: { line: string; tags: string; values: number[] } | null = null;
let evaluator: EngineClient | null = null;

const percent = (p: number): string => `${Math.round(p * 100)}%`;

async function evaluateGame(): Promise<void> {
  const view = currentView();
  if (!view) return;
  const line = wholeRecord();
  const total = view.history.length + redoCount();
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
        const r = await evaluator.search({ iterations: 600, seed: i + 1 });
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

/** Draws the graph (a step per move, 50% dashed, the move on show in red) while the game on show is on the evaluated line. */
function drawGraph(): void {
  const view = currentView();
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
  const el = <K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>): SVGElementTagNameMap[K] => {
    const node = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    return node;
  };
  const n = Math.max(1, values.length - 1);
  const W = 100;
  const H = 40;
  const x = (i: number): number => (i / n) * W;
  const y = (p: number): number => (1 - p) * H;
  const chart = el('svg', { viewBox: `0 0 ${W} ${H}`, preserveAspectRatio: 'none', role: 'img', 'aria-label': `${view.players[0]}'s chance to win after each move` });
  const points = values.map((p, i) => `${x(i).toFixed(2)},${y(p).toFixed(2)}`).join(' ');
  chart.append(
    el('polygon', { class: 'area', points: `0,${H} ${points} ${W},${H}` }),
    el('line', { class: 'mid', x1: 0, y1: H / 2, x2: W, y2: H / 2 }),
    el('polyline', { class: 'curve', points }),
    el('line', { class: 'now', x1: x(view.history.length), y1: 0, x2: x(view.history.length), y2: H }),
  );
  values.forEach((p, i) => {
    const hit = el('rect', { class: 'point', x: x(i) - W / n / 2, y: 0, width: W / n, height: H, 'data-move': i });
    const title = el('title', {});
    title.textContent = `after move ${i}: ${view.players[0]} ${percent(p)}`;
    hit.append(title);
    hit.addEventListener('click', () => void stepTo(i));
    chart.append(hit);
  });
  graph.replaceChildren(chart);
  graph.dataset.values = values.map((v) => v.toFixed(3)).join(' ');
}

export function initGraph(): void {
  $('evaluate').addEventListener('click', () => void evaluateGame());
  onGame(drawGraph);
  onState(drawGraph);
}
