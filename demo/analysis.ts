/**
 * The analysis panel: a search of the position on show (its heat map is on the board), the
 * step buttons, the AI's pace and the Pause button, kept in step with the board's own Resume
 * AI button through the session.
 */
import { $, board } from './page.js';
import { session } from './session.js';
import { initGraph } from './graph.js';
import { solvedInWords } from '../bindings/solver/value.js';

const analysisText = $<HTMLParagraphElement>('analysis');
const pauseButton = $<HTMLButtonElement>('pause');

const percent = (p: number): string => `${Math.round(p * 100)}%`;

/** Searches the position on show and says what it found. */
export async function analyse(): Promise<void> {
  const view = session.currentView();
  if (!view) return;
  if (view.outcome) {
    analysisText.textContent = 'The game is over: nothing to analyse.';
    return;
  }
  const mover = view.players[view.toMove - 1];
  analysisText.textContent = `Analysing (${mover} to move)…`;
  // The element's own analysis search: 1.5 s, the first quarter for the exact solver.
  const found = await board.analyse(undefined, (p) => {
    analysisText.textContent = `Analysing… ${p.iterations.toLocaleString('en-US')} playouts, ${mover} ${percent(p.bestValue)} to win`;
  });
  if (!found) return;
  if (found.solved) {
    analysisText.replaceChildren(
      `Solved: ${solvedInWords(found.solved, mover ?? 'the side to move')} with perfect play. Moves that keep it: `,
      Object.assign(document.createElement('span'), { className: 'line', textContent: found.solved.best.join(' ') }),
    );
    analysisText.dataset.win = found.winProbability.toFixed(4);
    analysisText.dataset.solved = found.solved.result;
    return;
  }
  delete analysisText.dataset.solved;
  analysisText.replaceChildren(
    `${mover} to move: ${percent(found.winProbability)} to win (${found.result.iterations.toLocaleString('en-US')} playouts). Best line: `,
    Object.assign(document.createElement('span'), { className: 'line', textContent: found.line.join(' ') }),
  );
  analysisText.dataset.win = found.winProbability.toFixed(4);
}

function showPause(): void {
  const on = session.isPaused();
  pauseButton.setAttribute('aria-pressed', String(on));
  pauseButton.textContent = on ? 'Resume AI' : 'Pause AI';
}

export function initAnalysis(): void {
  board.addEventListener('analysis', () => (analysisText.dataset.record = session.currentView()?.record ?? ''));
  session.onGame((v) => {
    // What the analysis said belongs to the position it was made for.
    if (analysisText.dataset.record !== v.record) {
      analysisText.textContent = '';
      delete analysisText.dataset.win;
      delete analysisText.dataset.solved;
    }
  });
  session.onState(showPause);
  const moves = (): number => session.currentView()?.history.length ?? 0;
  $('analyse').addEventListener('click', () => void analyse());
  $('step-first').addEventListener('click', () => void session.stepTo(0));
  $('step-prev').addEventListener('click', () => void session.stepTo(moves() - 1));
  $('step-next').addEventListener('click', () => void session.stepTo(moves() + 1));
  $('step-last').addEventListener('click', () => void session.stepTo(Infinity));
  pauseButton.addEventListener('click', () => session.setPaused(!session.isPaused()));
  $<HTMLSelectElement>('ai-pace').addEventListener('change', (e) => board.setAttribute('ai-delay', (e.target as HTMLSelectElement).value));
  initGraph();
}
