/**
 * Boards: the lattice, Topology tables, shape generators and spec strings (a game's named boards live in its folder).
 * Everything the rules know about geometry comes from here.
 */
export * from './lattice.js';
export * from './topology.js';
export * from './shapes.js';
export * from './board-spec.js';
