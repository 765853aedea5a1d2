/** Refugia's guide for a board page's "How to play", with a worked example the board draws itself. */
import type { HowToPlay } from '../../engine/game-entry.js';

export const howToPlay: HowToPlay = {
  sections: [
    {
      heading: 'Goal',
      paragraphs: [
        'Dark and Light share a board of hexagonal cells with grey neutral stones, the enemy of both. When the game ends, each player scores one point for every pair of their own stones that touch.',
      ],
    },
    {
      heading: 'A turn',
      paragraphs: [
        'Each turn you do one thing: place, step, hop or pass.',
        'Place a stone on an empty cell that touches none of your own stones (stones enter the board alone; enemies next to it are fine).',
      ],
    },
    {
      heading: 'Fleeing to fewer enemies',
      paragraphs: [
        'Stones never move toward trouble: a step or a hop must end on a cell with fewer enemy neighbours (opponent or neutral stones) than the cell it leaves, both counted before the move. “Show enemy neighbours” writes that count on every empty cell.',
        'A step goes to a neighbouring empty cell. A hop jumps over one adjacent enemy or neutral stone onto the empty cell right behind it, and converts the stone it jumped: an opponent’s stone turns neutral, a neutral stone becomes yours.',
      ],
    },
    {
      heading: 'The end and the score',
      paragraphs: [
        'Two passes in a row end the game. The score is the number of adjacencies between your own stones; on a tie the player with more stones wins, then the one who passed first.',
      ],
    },
  ],
  diagram: {
    position: 'refugia hex3-4 1:c3,e4 2:b3,c4 n:d3 1 p0',
    overlays: ['enemies'],
    caption:
      'Dark to move. Dark’s c3 has three enemies (b3, c4 and the neutral d3). It may hop over d3 to e3 (one enemy there): d3 turns Dark, and d3, e3 and e4 make three adjacencies at once.',
  },
};
