/** Throngs's guide for a board page's "How to play", with a worked example the board draws itself. */
import type { HowToPlay } from '../../engine/game-entry.js';

export const howToPlay: HowToPlay = {
  sections: [
    {
      heading: 'Goal',
      paragraphs: [
        'Black and White build up crowds of stones on the points of a triangular lattice. At the end, each side scores the stones and empty points it holds safely; the higher score wins.',
      ],
    },
    {
      heading: 'A turn: the double move',
      paragraphs: [
        'A turn is two moves in a row by the same player (Black begins). Either move may be a pass.',
        'Every move starts at one point and draws on its action potential: your stones minus your opponent’s stones in the point’s vicinity (the point itself and its neighbours). Turn on “Show action potential” to see it on every empty point, or hover a point.',
      ],
    },
    {
      heading: 'The moves',
      paragraphs: [
        'Place: put a stone on an empty point. It costs 1, so the point needs action potential 1 (or 0 when it has no empty neighbour). Whatever is left is power: with potential 2 or more the new stone may travel on at once.',
        'Capture: replace an enemy stone with yours. It costs 2, so the enemy’s point needs potential 2 or more; the rest is power to travel.',
        'Travel: move one of your stones as far as its power, step by step or jumping in a straight line, one point per point travelled.',
      ],
    },
    {
      heading: 'The add-or-capture duty',
      paragraphs: [
        'You may not wander forever: if you have not placed a stone in your last three moves, your next move must be a placement or a capture (the status line says so). At the start of the game you have five free moves.',
      ],
    },
    {
      heading: 'The end and the score',
      paragraphs: [
        'The game ends when everybody passes, or when a score passes half the board plus 3. A score counts stones that cannot be captured, the empty points you would win, and enemy stones you could take.',
        'The pie (the “three-stone pie” set-up): the first player places a Black, a White and a Black stone anywhere; the other player then accepts them or swaps the colours, so a lopsided opening only hurts the one who made it.',
      ],
    },
  ],
  diagram: {
    position: 'throngs hexhex(4) b:d4,e4,e5 w:b5 b1 ac:-1,-1 pb:1n cb:0',
    overlays: ['potential'],
    caption:
      'Black’s triangle d4 e4 e5 and a White stone on b5, with the action potential for Black. d3, d5 and f5 touch two Black stones (potential 2): a stone placed there may still travel one point. Black may place on the points marked +1 but not on those at 0 or −1 (next to White).',
  },
};
