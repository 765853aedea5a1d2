/** Tholian Go's guide for a board page's "How to play", with a worked example the board draws itself. */
import type { HowToPlay } from '../../engine/game-entry.js';

export const howToPlay: HowToPlay = {
  sections: [
    {
      heading: 'Goal',
      paragraphs: [
        'Red and Blue each have 20 tokens on two webs woven into each other. The light web is the honeycomb: its nodes are the corners of the hexagons, its paths the solid lines. The dark web joins the hexagons’ centres (the diamonds) with the dashed lines, and every dark path crosses one light path.',
        'Each node is named by its web (D for dark, L for light) and its place: D2.2 is a node of the dark web, L5.3 one of the light web. Point at a node to see its name; the example below writes the names its caption uses.',
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
        'New game → rule options: Ultimate (an empty board, tokens placed first), Chain (a chain of light tokens from end to end wins; no captures), Football (a light token on your target wins), Tholi Go Lucky (a random start), Oracle Go (dice choose the direction of each move’s first step), Scrimmage and Lucky Scrimmage, the String Push Limit, the sequestration rule, and the periodic board, whose sides join. Each is described beside its box in the dialog.',
      ],
    },
  ],
  diagram: {
    position: 'tholian main R:D2.1,D3.1,L4.2 B:D2.2,D3.2,L5.2 R d1l2 e0',
    overlays: [],
    labels: ['D2.1', 'D2.2', 'D3.1', 'D3.2', 'L4.1', 'L4.2', 'L5.2', 'L5.3'],
    caption:
      'Blue’s dark D2.2 and D3.2 close the light path L5.2–L5.3 between them to Red (the blue band); Red’s D2.1 and D3.1 close L4.1–L4.2 to Blue (the red band). Red may still push Blue’s L5.2 across Blue’s own barrier: L4.2>L5.2>L5.3.',
  },
};
