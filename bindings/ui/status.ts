/**
 * The status line under the board: whose turn it is and who plays it, the duty, the scores, the
 * AI's progress or a hint, the buttons for moves without a cell (pass, swap, end turn, ...) and
 * the element's own (Hint, Cancel move, Resume AI), and under them the explanation line: why a
 * click made no move, or what a selection offers.
 */
import type { Player } from '../../reference/core/types.js';
import type { SearchProgress } from '../engine/search.js';
import type { GameView } from '../engine/view.js';
import { buttonKinds, visibleButtons } from './board-logic.js';
import { html } from './dom.js';
import { formatScore } from './overlays.js';

const capitalised = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/** The words on the button of a move without a cell: the game's own ("End turn"), else its kind ("Pass"). */
export const buttonText = (v: Pick<GameView, 'words'>, kind: string): string => v.words?.moves?.[kind]?.button ?? capitalised(kind);

/**
 * Who won, beside "Game over: Light wins": the user, or the AI against a person; when the AI
 * played both sides, the winner's level if the levels differ, else nothing (naming "the AI" then
 * tells nothing).
 */
export function winnerNote(winner: string, winnerLevel: number | undefined, loserLevel: number | undefined): string {
  if (winner === 'you') return '(you win)';
  if (winnerLevel === undefined) return '';
  if (loserLevel === undefined) return '(the AI wins)';
  return winnerLevel === loserLevel ? '' : `(AI level ${winnerLevel})`;
}

export interface StatusActions {
  move(kind: string): void;
  hint(): void;
  cancelMove(): void;
  resumeAi(): void;
}

/** What the line shows besides the view. */
export interface StatusState {
  readonly view: GameView;
  /** Who plays a colour, where the element knows it: 'you', 'AI' or ''. */
  who(colour: Player): string;
  /** The AI level playing a colour, if the AI plays it. */
  level(colour: Player): number | undefined;
  readonly paused: boolean;
  /** Whether any side is the AI's. */
  readonly hasAi: boolean;
  readonly canMove: boolean;
  readonly hints: boolean;
  readonly thinkingFor: Player | null;
  readonly thinking: SearchProgress | null;
  /** The hint in words ('' when none). */
  readonly hintText: string;
  /** The kind of the hinted move when it has no cell (its button is marked), else null. */
  readonly hintKind: string | null;
}

export class StatusLine {
  readonly element: HTMLDivElement;
  private readonly turn: HTMLSpanElement;
  private readonly duty: HTMLSpanElement;
  private readonly seat: HTMLSpanElement;
  private readonly scores: HTMLSpanElement;
  private readonly info: HTMLSpanElement;
  private readonly why: HTMLDivElement;
  private readonly controls: HTMLDivElement;
  private readonly hintButton: HTMLButtonElement;
  private readonly cancelButton: HTMLButtonElement;
  private readonly resumeButton: HTMLButtonElement;
  /** Buttons for the legal moves without a cell, by kind, made on first use. */
  private readonly buttons = new Map<string, HTMLButtonElement>();
  /** The move buttons last on show, and for which game: they stay (disabled) while the game lasts. */
  private shown: { game: string; kinds: readonly string[] } = { game: '', kinds: [] };

  constructor(private readonly actions: StatusActions) {
    this.element = html('div', { class: 'status', part: 'status' });
    const left = html('div');
    this.turn = html('span', { class: 'turn', part: 'turn', 'aria-live': 'polite' });
    this.duty = html('span', { class: 'duty', part: 'duty' });
    this.info = html('span', { class: 'thinking', part: 'thinking' });
    this.seat = html('span', { class: 'seat', part: 'seat' });
    left.append(this.turn, ' ', this.seat, ' ', this.duty, ' ', this.info);
    this.scores = html('span', { class: 'scores', part: 'scores' });
    this.controls = html('div', { class: 'controls', part: 'controls' });
    this.button('pass');
    this.hintButton = html('button', { part: 'hint-button', type: 'button', class: 'hidden', title: 'Ask the engine for a move' }, 'Hint');
    this.hintButton.addEventListener('click', () => actions.hint());
    this.controls.prepend(this.hintButton);
    this.cancelButton = html('button', { part: 'cancel-button', type: 'button', class: 'hidden', title: 'Take back the steps of the move being built (Escape)' }, 'Cancel move');
    this.cancelButton.addEventListener('click', () => actions.cancelMove());
    this.controls.append(this.cancelButton);
    this.resumeButton = html('button', { part: 'resume-button', type: 'button', class: 'hidden', title: 'Let the AI play its side again' }, 'Resume AI');
    this.resumeButton.addEventListener('click', () => actions.resumeAi());
    this.controls.append(this.resumeButton);
    this.why = html('div', { class: 'why', part: 'explanation', role: 'status', 'aria-live': 'polite' });
    this.element.append(left, this.scores, this.controls, this.why);
  }

  private button(kind: string): HTMLButtonElement {
    let b = this.buttons.get(kind);
    if (!b) {
      b = html('button', { part: kind, type: 'button' }, kind);
      b.addEventListener('click', () => this.actions.move(kind));
      this.buttons.set(kind, b);
      this.controls.append(b);
    }
    return b;
  }

  /** Words in the info span (an error, "Looking for a hint…"); the next update may replace them. */
  say(text: string): void {
    this.info.textContent = text;
  }

  /**
   * The explanation line: why a click made no legal move (a sentence of the rules, returned as
   * shown), or a note on what a selection offers; '' clears it.
   */
  explain(reason: string, note = false): string {
    // A sentence, capitalised unless it starts with a cell's label ("b2 touches your stone at c3.").
    const sentence = /^[a-z]+\d/.test(reason) ? reason : reason.charAt(0).toUpperCase() + reason.slice(1);
    this.why.textContent = reason ? `${sentence}${/[.!?]$/.test(sentence) ? '' : '.'}` : '';
    this.why.classList.toggle('note', note);
    return this.why.textContent;
  }

  update(s: StatusState): void {
    const v = s.view;
    if (v.outcome) {
      const o = v.outcome;
      this.turn.textContent = o.winner === 0 ? `Game over: a draw` : `Game over: ${v.players[o.winner - 1]} wins`;
      this.seat.textContent = o.winner === 0 ? '' : winnerNote(s.who(o.winner), s.level(o.winner), s.level(o.winner === 1 ? 2 : 1));
      this.duty.textContent = '';
    } else {
      this.turn.textContent = v.details.turn;
      const name = s.who(v.toMove);
      this.seat.textContent = name === 'AI' && s.paused ? '· the AI is paused: play its move yourself, or resume it' : name === 'you' ? '· your move' : name === 'AI' ? '· the AI’s move' : '';
      this.duty.textContent = v.details.duty;
    }
    const notes = v.details.scoreNotes ?? ['', ''];
    const score = (k: 0 | 1): string => `${v.players[k]} ${formatScore(v.scores[k])}${notes[k] ? ` (${notes[k]})` : ''}`;
    this.scores.textContent = `${score(0)} · ${score(1)}`;
    // Paused, the search on hand is being dropped: the line says paused, not thinking.
    if (s.thinkingFor !== null && !s.paused) {
      const p = s.thinking;
      const who = v.players[s.thinkingFor - 1];
      const best = p ? ((p.best.at !== undefined ? v.board.sites[p.best.at]?.label : undefined) ?? p.best.kind) : '';
      // Alpha-beta reports depths and nodes, the tree search its playouts.
      const work = p?.depth !== undefined ? `depth ${p.depth}, ${p.iterations.toLocaleString()} positions` : `${p?.iterations.toLocaleString()} playouts`;
      this.info.textContent = p ? `${who} is thinking… ${work}, best ${best}` : `${who} is thinking…`;
    } else if (!this.info.textContent?.startsWith('Error')) {
      this.info.textContent = s.hintText;
    }
    // One button per kind of legal move without a cell; those shown last stay (disabled) otherwise.
    const kinds = buttonKinds(v.legal);
    const visible = visibleButtons(kinds, this.shown.game === v.game ? this.shown.kinds : []);
    this.shown = { game: v.game, kinds: visible };
    for (const kind of visible) this.button(kind);
    for (const [kind, b] of this.buttons) {
      b.textContent = buttonText(v, kind);
      b.classList.toggle('hidden', !visible.includes(kind));
      b.disabled = !s.canMove || !kinds.includes(kind);
      // A hinted move without a cell has no place on the board: its button shows the hint.
      const hinted = kind === s.hintKind;
      b.classList.toggle('hinted', hinted);
      b.setAttribute('part', hinted ? `${kind} hinted-move` : kind);
    }
    this.cancelButton.classList.toggle('hidden', (v.details.path?.length ?? 0) < 2 || !s.canMove);
    this.resumeButton.classList.toggle('hidden', !s.paused || !s.hasAi || !!v.outcome);
    this.hintButton.classList.toggle('hidden', !s.hints);
    this.hintButton.disabled = !s.canMove;
  }
}
