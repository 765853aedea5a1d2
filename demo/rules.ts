/**
 * "How to play": a short guide to each game of the demo, written for this project (the full
 * rules are docs/rules/THRONGS.md, REFUGIA.md, POPULACE.md and THOLIAN-GO.md). One entry per game id;
 * each has a few paragraphs and a worked example that the board element draws itself from a
 * position in the game's notation.
 */

export interface Diagram {
  /** A position in the game's notation (what the board's `position` attribute takes). */
  readonly position: string;
  /** Overlays to show on it (show-<name>). */
  readonly overlays: readonly string[];
  readonly caption: string;
}

export interface HowToPlay {
  /** Section heading and paragraphs, in order. */
  readonly sections: ReadonlyArray<{ readonly heading: string; readonly paragraphs: readonly string[] }>;
  readonly diagram: Diagram;
}

export const HOW_TO_PLAY: Readonly<Record<string, HowToPlay>> = {
  throngs: {
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
  },
  refugia: {
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
  },
  populace: {
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
          'A piece’s potential value is its own neighbours minus its enemy neighbours, plus one (“Show action potential” writes it on every piece).',
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
  },
  tholian: {
    sections: [
      {
        heading: 'Goal',
        paragraphs: [
          'Red and Blue each have 20 tokens on two webs woven into each other. The light web is the honeycomb: its nodes are the corners of the hexagons, its paths the solid lines. The dark web joins the hexagons’ centres (the diamonds) with the dashed lines, and every dark path crosses one light path.',
          'You win when your opponent is down to 5 light tokens or 2 dark tokens. The score beside each name counts the tokens on each web and those lost.',
        ],
      },
      {
        heading: 'A turn',
        paragraphs: [
          'Up to three moves, in any order: at most one on the dark web and two on the light web. “End turn” stops early; the status line says what is left. Red begins, from the bottom.',
        ],
      },
      {
        heading: 'Moves and pushes',
        paragraphs: [
          'Click one of your tokens, then a neighbouring node along a path of its web. Onto an empty node, the token simply steps there.',
          'Onto a node with a token (of either colour), you push: the line shows the string so far and its tokens are ringed. Click where the head goes next, and on, until it reaches an empty node; then the whole string moves one node along the path. “Cancel move” (or Escape) takes an unfinished push back.',
        ],
      },
      {
        heading: 'Barriers and captures',
        paragraphs: [
          'Two of your tokens on the two ends of a path close the path that crosses it to your opponent’s tokens: the board draws it as a band in your colour. Your own tokens pass between your own, and a pair of mixed colours blocks nothing. A pushed token is stopped by its opponent’s barriers, never by its own side’s.',
          'When barriers cut a web into parts, every part smaller than the largest is sequestered: the enemy tokens in it are removed, after every move.',
        ],
      },
      {
        heading: 'Transformation and variants',
        paragraphs: [
          'A light token that reaches your target at the far end (the double ring in your colour) becomes a dark token on your entry node (the dashed ring), pushing whatever is there out of the way.',
          'New game → rule options: Ultimate (an empty board, tokens placed first), Chain (a chain of light tokens from end to end wins; no captures), Football (a light token on your target wins), Tholi Go Lucky (a random start), Oracle Go (dice choose the direction of each move’s first step), Scrimmage and Lucky Scrimmage, the String Push Limit, the sequestration rule, and the periodic board, whose sides join. The full rules are in docs/rules/THOLIAN-GO.md.',
        ],
      },
    ],
    diagram: {
      position: 'tholian main R:D2.1,D3.1,L4.2 B:D2.2,D3.2,L5.2 R d1l2 e0',
      overlays: [],
      caption:
        'Blue’s dark D2.2 and D3.2 close the light path L5.2–L5.3 between them to Red (the blue band); Red’s D2.1 and D3.1 close L4.1–L4.2 to Blue (the red band). Red may still push Blue’s L5.2 across Blue’s own barrier: L4.2>L5.2>L5.3.',
    },
  },
};

/** The guide of a game, by id (null for a game without one). */
export function howToPlay(game: string): HowToPlay | null {
  return Object.hasOwn(HOW_TO_PLAY, game) ? HOW_TO_PLAY[game]! : null;
}
