/**
 * The position editor: clicks put the chosen piece on a cell (the board's `editing` mode reports
 * them as `cellpick`), the side to move, a position typed in; the engine checks each position and
 * a refused one leaves the board as it was. Play from here and Share go through the session.
 */
import type { GameView } from '../bindings/engine/view.js';
import { joinPosition, placePiece, setSideToMove, sideToMove, splitPosition, type PositionParts } from '../bindings/ui/position-edit.js';
import { $, board, errorText, option, say } from './page.js';
import { currentView, playFrom, sharePosition } from './session.js';

const editor = $<HTMLElement>('editor');
const editButton = $<HTMLButtonElement>('edit');
const editorPosition = $<HTMLInputElement>('editor-position');
const editorStatus = $<HTMLParagraphElement>('editor-status');
const editorSide = $<HTMLSelectElement>('editor-side');
/** The piece kind a click puts down (index in GameView.pieces; 0 empties the cell). */
let editorKind = 1;
/** The position being edited as last written (the board shows the last valid one). */
let edited = '';

const editing = (): boolean => !editor.hidden;
const pieceName = (v: GameView, kind: number): string => (kind === 0 ? 'Empty' : kind <= 2 ? v.players[kind - 1]! : `${v.pieces[kind]!.charAt(0).toUpperCase()}${v.pieces[kind]!.slice(1)}`);

function editedParts(): PositionParts | null {
  const view = currentView();
  if (!view) return null;
  const parts = splitPosition(edited, view.pieces.length - 1);
  if ('error' in parts) {
    editorStatus.textContent = `The position cannot be edited by clicks: ${parts.error}.`;
    editorStatus.dataset.valid = 'false';
    return null;
  }
  return parts;
}

function openEditor(): void {
  const view = currentView();
  if (!view) return;
  editor.hidden = false;
  editButton.setAttribute('aria-expanded', 'true');
  board.setAttribute('editing', '');
  edited = view.position;
  editorPosition.value = edited;
  const pieces = $('editor-pieces');
  pieces.replaceChildren(Object.assign(document.createElement('legend'), { textContent: 'Piece' }));
  if (editorKind >= view.pieces.length) editorKind = 1;
  for (let kind = 0; kind < view.pieces.length; kind++) {
    const label = document.createElement('label');
    const radio = Object.assign(document.createElement('input'), { type: 'radio', name: 'editor-kind', value: String(kind), checked: kind === editorKind });
    radio.addEventListener('change', () => (editorKind = kind));
    label.append(radio, ` ${pieceName(view, kind)}`);
    pieces.append(label);
  }
  editorSide.replaceChildren(...view.players.map((name, i) => option(String(i + 1), name)));
  editorSide.value = String(view.toMove);
  editorStatus.textContent = 'Click a cell to change it.';
  delete editorStatus.dataset.valid;
}

function closeEditor(): void {
  editor.hidden = true;
  editButton.setAttribute('aria-expanded', 'false');
  board.removeAttribute('editing');
}

/** Shows `text` on the board when the engine takes it; else says why and keeps the board as it was. */
async function tryPosition(text: string): Promise<boolean> {
  edited = text;
  editorPosition.value = text;
  try {
    await playFrom(text);
    editorStatus.textContent = 'A valid position.';
    editorStatus.dataset.valid = 'true';
    const parts = editedParts();
    const side = parts ? sideToMove(parts) : null;
    if (side) editorSide.value = String(side);
    return true;
  } catch (e) {
    editorStatus.textContent = `Not a valid position: ${errorText(e)}`;
    editorStatus.dataset.valid = 'false';
    return false;
  }
}

/** Opens or closes the editor (the e key and its button). */
export const toggleEditor = (): void => (editing() ? closeEditor() : openEditor());

export function initEditor(): void {
  board.addEventListener('cellpick', (e) => {
    const { label } = (e as CustomEvent<{ label: string }>).detail;
    const parts = editedParts();
    if (parts) void tryPosition(joinPosition(placePiece(parts, label, editorKind)));
  });
  editorSide.addEventListener('change', () => {
    const parts = editedParts();
    if (parts) void tryPosition(joinPosition(setSideToMove(parts, Number(editorSide.value) === 2 ? 2 : 1)));
  });
  $('editor-check').addEventListener('click', () => void tryPosition(editorPosition.value.trim()));
  editorPosition.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') void tryPosition(editorPosition.value.trim());
  });
  $('editor-clear').addEventListener('click', () => {
    const parts = editedParts();
    if (parts) void tryPosition(joinPosition({ ...parts, lists: parts.lists.map((l) => ({ key: l.key, cells: [] })) }));
  });
  $('editor-play').addEventListener('click', async () => {
    // What the board shows is the last valid position: play from it only when it is the one written.
    if (editorStatus.dataset.valid === 'false' || !(await tryPosition(edited))) return;
    closeEditor();
    say('Playing from the edited position.');
  });
  $('editor-share').addEventListener('click', async () => {
    const url = await sharePosition(edited);
    try {
      await navigator.clipboard.writeText(url);
      editorStatus.textContent = 'Link copied: it opens this position.';
    } catch {
      editorStatus.textContent = 'This page’s address now holds the position; copy it from the address bar.';
    }
  });
  editButton.addEventListener('click', toggleEditor);
}
