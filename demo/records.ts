/** The records dialog: the game's record to copy or download, and a record to load (a bad one changes nothing). */
import { $, errorText, say } from './page.js';
import { currentGame, currentView, openRecord } from './session.js';

const dialog = $<HTMLDialogElement>('record-dialog');
const text = $<HTMLTextAreaElement>('record-text');
const error = $<HTMLParagraphElement>('record-error');

export function openRecordDialog(): void {
  text.value = currentView()?.record ?? '';
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
    a.download = `${currentGame().id}-game.txt`;
    a.click();
    URL.revokeObjectURL(url);
  });
  $('record-load').addEventListener('click', async () => {
    try {
      await openRecord(text.value, null);
      dialog.close();
      say('Game loaded from the record.');
    } catch (e) {
      error.textContent = errorText(e);
    }
  });
}
