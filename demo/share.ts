/** The Share link button: a link to the game at the move on show, copied (or offered to copy). */
import { $, offerLink, say } from './page.js';
import { session } from './session.js';
import { shareUrl } from './tab.js';

/** Copies `url`, or where the browser refuses, shows it to copy by hand; `what` says what it opens. */
export async function copyLink(url: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    say(`Link copied: it opens ${what}.`);
  } catch {
    offerLink(`Copy this link: it opens ${what}.`, url);
  }
}

export function initShare(): void {
  $('share').addEventListener('click', async () => {
    await session.settled();
    await copyLink(shareUrl(), 'this game at this move');
  });
}
