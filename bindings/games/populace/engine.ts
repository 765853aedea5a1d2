/** Populace's engine type: it needs nothing beyond the generic engine (seats: Engine.seatOf, seatToMove). */
import type { PopulaceMove, PopulaceState } from '../../../reference/games/populace/index.js';
import type { Engine } from '../../engine/engine.js';

export type PopulaceEngine = Engine<PopulaceState, PopulaceMove>;
