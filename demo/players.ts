/**
 * The players panel (who plays each side, noting a swap of seats) and the overlay checkboxes
 * (Throngs: action potential, territory; Refugia: enemies), both from the session's state.
 */
import type { GameView } from '../bindings/engine/view.js';
import { overlayStyle } from '../bindings/ui/overlays.js';
import { $, games } from './page.js';
import { session } from './session.js';
import { choiceFor, seatLabel, seatOf } from './seats.js';

const panel = $('players');
const toggles = $<HTMLDivElement>('overlay-toggles');
/** What the panel last showed, so that it is drawn again only when that changes. */
let shown = '';

function renderPlayers(): void {
  if (games().length === 0) return;
  const view = session.currentView();
  const players = session.currentPlayers();
  const names = session.currentGame().players;
  const key = `${session.currentGame().id} ${String(view?.seats)} ${players.black} ${players.white}`;
  if (key === shown) return;
  shown = key;
  panel.replaceChildren();
  for (const colour of [1, 2] as const) {
    const line = document.createElement('div');
    line.dataset.colour = String(colour);
    const strong = document.createElement('strong');
    strong.textContent = `${names[colour - 1]}: `;
    line.append(strong, seatLabel(choiceFor(players, view, colour)));
    if (seatOf(view, colour) !== colour) {
      const note = document.createElement('span');
      note.className = 'seat-note';
      note.textContent = ` (the ${colour === 1 ? 'second' : 'first'} player, after the swap)`;
      line.append(note);
    }
    panel.append(line);
  }
}

/** One checkbox per overlay the game offers, made anew only when the game changes. */
function renderToggles(v: GameView): void {
  if (toggles.dataset.game === v.game) return;
  toggles.dataset.game = v.game;
  toggles.replaceChildren();
  for (const name of v.overlays) {
    const label = document.createElement('label');
    label.className = 'toggle';
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.id = `show-${name}`;
    box.checked = session.shownOverlays().has(name);
    box.addEventListener('change', () => session.setOverlay(name, box.checked));
    label.append(box, ` Show ${overlayStyle(name, v).label}`);
    toggles.append(label);
  }
}

export function initPlayers(): void {
  session.onGame((v) => {
    renderPlayers();
    renderToggles(v);
  });
  session.onState(renderPlayers);
}
