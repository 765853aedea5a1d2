/**
 * How to play: the guide of the game on the board, and its worked example drawn by a small
 * non-interactive <game-board> (one per game, made when first shown, each with its own engine
 * worker kept for the page's life).
 */
import type { GameBoard } from '../bindings/ui/element.js';
import { $, games } from './page.js';
import { session } from './session.js';

const howto = $<HTMLElement>('howto');
const button = $<HTMLButtonElement>('howto-button');
const examples = new Map<string, GameBoard>();

function exampleBoard(): GameBoard {
  const game = session.currentGame();
  const { diagram } = game.howToPlay;
  let example = examples.get(game.id);
  if (!example) {
    example = document.createElement('game-board');
    example.className = 'howto-board';
    example.setAttribute('game', game.id);
    example.setAttribute('position', diagram.position);
    // The sites the caption names, written on the board so that the words find them.
    if (diagram.labels?.length) example.setAttribute('site-labels', diagram.labels.join(' '));
    for (const name of diagram.overlays) example.toggleAttribute(`show-${name}`, true);
    example.setAttribute('aria-label', `Example: ${diagram.caption}`);
    examples.set(game.id, example);
  }
  return example;
}

function renderHowTo(): void {
  if (howto.hidden || games().length === 0) return;
  const game = session.currentGame();
  if (howto.dataset.game === game.id) return;
  howto.dataset.game = game.id;
  $('howto-title').textContent = `How to play ${game.title}`;
  const text = $('howto-text');
  text.replaceChildren();
  for (const section of game.howToPlay.sections) {
    text.append(Object.assign(document.createElement('h3'), { textContent: section.heading }));
    for (const paragraph of section.paragraphs) text.append(Object.assign(document.createElement('p'), { textContent: paragraph }));
  }
  $('howto-diagram').replaceChildren(exampleBoard());
  $('howto-caption').textContent = game.howToPlay.diagram.caption;
}

/**
 * Opens or closes the panel. It sits beside the board where there is room, so the board stays
 * where it was; on a narrow screen it comes below the board, and the page scrolls to it.
 */
export function toggleHowTo(open = howto.hidden): void {
  howto.hidden = !open;
  button.setAttribute('aria-expanded', String(open));
  document.body.classList.toggle('with-howto', open);
  if (!open) return;
  renderHowTo();
  const top = howto.getBoundingClientRect().top;
  if (top < 0 || top > window.innerHeight / 2) {
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    howto.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
  }
}

export function initHowTo(): void {
  button.addEventListener('click', () => toggleHowTo());
  $('howto-close').addEventListener('click', () => toggleHowTo(false));
  session.onGame((v, previous) => {
    if (v.game !== previous?.game) renderHowTo();
  });
}
