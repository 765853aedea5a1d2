/** The Share link button: the address then holds the game (and follows it), and the link is copied. */
import { $, say } from './page.js';
import { shareGame } from './session.js';

export function initShare(): void {
  $('share').addEventListener('click', async () => {
    const url = await shareGame();
    try {
      await navigator.clipboard.writeText(url);
      say('Link copied: it opens this game at this move.');
    } catch {
      say('This page’s address now holds the game; copy it from the address bar.');
    }
  });
}
