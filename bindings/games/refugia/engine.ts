/** Refugia's engine type: it needs nothing beyond the generic engine. */
import type { RefugiaMove, RefugiaState } from '../../../reference/games/refugia/index.js';
import type { Engine } from '../../engine/engine.js';

export type RefugiaEngine = Engine<RefugiaState, RefugiaMove>;
