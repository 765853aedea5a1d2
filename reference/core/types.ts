/**
 * The vocabulary every game shares: the two players. Everything else a game speaks (its moves,
 * outcomes and options) lives in that game's folder.
 */

export type Player = 1 | 2;
