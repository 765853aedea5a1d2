/**
 * The records dialog: the game's record (its whole line, the moves on Redo included) to copy or
 * download, and a record to load as a new game (a bad one changes nothing).
 */
import { $, errorText, say } from './page.js';
import { session } from './session.js';
import { loadRecordText } from './tab.js';

const dialog = $<HTMLDialogElement>('record-dialog');
const text = $<HTMLTextAreaElement>('record-text');
const error = $<HTMLParagraphElement>('record-error');

export function openRecordDialog(): void {
  text.value = session.wholeRecord();
  error.textContent = '';
  dialog.showModal();
}

export function initRecords(): void {
  $('record').addEventListener('click', openRecordDialog);
  $('record-copy').addEventListener('click', () => void navigator.clipboard?.writeText(text.value));
  $('record-download').addEventListener('click', () => {
    const url = URL.createObjectURL(new Blob([text.value], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${session.currentGame().id}-game.txt`;
    a.click();
    URL.revokeObjectURL(url);
  });
  $('record-load').addEventListener('click', async () => {
    try {
      await loadRecordText(text.value);
      dialog.close();
      say('Game loaded from the record, as a new game (the game before is in Games).');
    } catch (e) {
      error.textContent = errorText(e);
    }
  });
}
