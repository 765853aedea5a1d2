/**
 * Boards: the lattice, Topology tables, shape generators, the Ludii boards and spec strings.
 * Everything the rules know about geometry comes from here.
 */
export * from './lattice.js';
export * from './topology.js';
export * from './shapes.js';
export * from './ludii.js';
export * from './board-spec.js';
