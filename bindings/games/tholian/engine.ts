/** Tholian Go's engine type: it needs nothing beyond the generic engine. */
import type { TholianMove, TholianState } from '../../../reference/games/tholian/index.js';
import type { Engine } from '../../engine/engine.js';

export type TholianEngine = Engine<TholianState, TholianMove>;
