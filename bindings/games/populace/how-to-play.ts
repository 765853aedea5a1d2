/** Populace's guide for a board page's "How to play", with a worked example the board draws itself. */
import type { HowToPlay } from '../../engine/game-entry.js';

export const howToPlay: HowToPlay = {
  sections: [
    {
      heading: 'Goal',
      paragraphs: [
        'Black and White place pieces on hexagonal cells. At the end, your score is your pieces on the board plus the empty cells you control.',
      ],
    },
    {
      heading: 'Control and threats',
      paragraphs: [
        'You control an empty cell when more of your pieces than your opponent’s touch it (“Show control” tints those cells).',
        'An enemy piece is threatened when at least two more of your pieces than of its own touch it; the board marks it with a red “!”.',
        'A piece’s potential value is its own neighbours minus its enemy neighbours, plus one (“Show potential value” writes it on every piece).',
      ],
    },
    {
      heading: 'A turn',
      paragraphs: [
        'Each turn is one action. Place a piece on an empty cell you control, or on one that no piece touches. Replace a threatened enemy piece with one of yours. Move a piece to an empty cell up to its potential value steps away, along any path. Or pass.',
      ],
    },
    {
      heading: 'The pie swap and the button',
      paragraphs: [
        'Black’s first action is a placement. Then White’s player may swap: the players exchange seats, the one who was White now plays Black and owns that stone, and White is still to move. So Black’s first stone should be neither too strong nor too weak.',
        'The first player to pass takes the button, worth half a point, so a game never ends in a draw.',
      ],
    },
    {
      heading: 'The end',
      paragraphs: ['Two passes in a row end the game; the higher score (pieces plus controlled empty cells, plus the button) wins.'],
    },
  ],
  diagram: {
    position: 'populace hexhex(4) b:d3,d4,e4 w:c4,e5 b p0 btn:- ply:6',
    overlays: ['control'],
    caption:
      'Black to move. White’s e5 touches two Black pieces and no White one: it is threatened, and Black may replace it (xe5). The tints show who controls each empty cell; both sides score 8 now.',
  },
};
