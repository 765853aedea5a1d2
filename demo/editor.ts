/**
 * The position editor, on a draft: clicks put the chosen piece on a cell (the board's `editing`
 * mode reports them as `cellpick`), the side to move, a position typed in; the engine checks each
 * position and a refused one leaves the board as it was. The game is not touched: closing the
 * editor puts it back, Play from here makes a new game, and Share copies a link to the position.
 * Both refuse a position the engine does not take, saying why.
 */
import type { GameView } from '../bindings/engine/view.js';
import { joinPosition, placePiece, setSideToMove, sideToMove, splitPosition, type PositionParts } from '../bindings/ui/position-edit.js';
import { $, board, errorText, option, say } from './page.js';
import { session } from './session.js';
import { playFrom } from './tab.js';
import { positionLink } from './link.js';
import { copyLink } from './share.js';

const editor = $<HTMLElement>('editor');
const editButton = $<HTMLButtonElement>('edit');
const editorPosition = $<HTMLInputElement>('editor-position');
const editorStatus = $<HTMLParagraphElement>('editor-status');
const editorSide = $<HTMLSelectElement>('editor-side');
/** The piece kind a click puts down (index in GameView.pieces; 0 empties the cell). */
let editorKind = 1;
/** The position being edited as last written (the board shows the last valid one). */
let edited = '';
/** Why the position written is not valid ('' when it is). */
let invalid = '';
/** The game the editor was opened over: another game on show closes it. */
let editingFor: string | null = null;

const editing = (): boolean => !editor.hidden;
const pieceName = (v: GameView, kind: number): string => (kind === 0 ? 'Empty' : kind <= 2 ? v.players[kind - 1]! : `${v.pieces[kind]!.charAt(0).toUpperCase()}${v.pieces[kind]!.slice(1)}`);

function editedParts(): PositionParts | null {
  const view = session.currentView();
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
  const view = session.currentView();
  if (!view) return;
  void session.beginDraft();
  editingFor = session.currentId();
  invalid = '';
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

/** Hides the editor; `restore` puts the game back on the board (not when another game took its place). */
function closeEditor(restore = true): void {
  editor.hidden = true;
  editingFor = null;
  editButton.setAttribute('aria-expanded', 'false');
  if (restore) void session.endDraft();
  board.removeAttribute('editing');
}

/** Shows `text` on the board when the engine takes it; else says why and keeps the board as it was. */
async function tryPosition(text: string): Promise<boolean> {
  edited = text;
  editorPosition.value = text;
  try {
    await session.showDraft(text);
    invalid = '';
    editorStatus.textContent = 'A valid position.';
    editorStatus.dataset.valid = 'true';
    const parts = editedParts();
    const side = parts ? sideToMove(parts) : null;
    if (side) editorSide.value = String(side);
    return true;
  } catch (e) {
    invalid = errorText(e);
    editorStatus.textContent = `Not a valid position: ${invalid}`;
    editorStatus.dataset.valid = 'false';
    return false;
  }
}

/** Whether the position written may be played or shared; if not, the editor says why. */
function usable(action: string): boolean {
  if (!invalid) return true;
  editorStatus.textContent = `Not ${action}: the position is not valid (${invalid}).`;
  editorStatus.dataset.valid = 'false';
  return false;
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
    if (!usable('played')) return;
    try {
      await playFrom(edited);
    } catch (e) {
      invalid = errorText(e);
      usable('played');
      return;
    }
    closeEditor(false);
    say('Playing from the edited position: a new game (the game before is in Games).');
  });
  $('editor-share').addEventListener('click', async () => {
    if (!usable('shared')) return;
    await copyLink(positionLink(session.currentGame().id, edited, session.currentPlayers()), 'this position');
    editorStatus.textContent = $('notice').textContent;
  });
  // Another game on show (Back, the Games panel, another tab's) ends the draft over this one.
  session.onState(() => {
    if (editingFor !== null && session.currentId() !== editingFor) closeEditor(false);
  });
  editButton.addEventListener('click', toggleEditor);
}
