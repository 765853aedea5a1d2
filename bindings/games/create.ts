/**
 * Creating an engine: the package entry's one function, here so that modules inside the package
 * import it without going through the entry (which would make every folder depend on it).
 */
import { UsageError, describeValue } from '../../reference/core/errors.js';
import type { Engine, EngineConfig } from '../engine/engine.js';
import { DEFAULT_GAME, GAME_IDS, gameEntry, type EngineOf, type GameId } from './registry.js';
import { checkConfigShape } from '../engine/input-shapes.js';

/**
 * Creates an engine for a game (Throngs by default). The wasm backend is the default; it loads
 * its module on first use, hence the promise.
 */
export async function createEngine<G extends GameId = typeof DEFAULT_GAME>(config?: EngineConfig & { readonly game?: G }): Promise<EngineOf<G>>;
export async function createEngine(config: EngineConfig): Promise<Engine>;
export async function createEngine(config: EngineConfig = {}): Promise<Engine> {
  checkConfigShape(config);
  if (config.game !== undefined && typeof config.game !== 'string') throw new UsageError(`game must be a game's id, one of ${GAME_IDS.join(', ')}; got ${describeValue(config.game)}`);
  // Checked for both backends alike, though only the wasm core has an arena to size.
  const mb = config.arenaMB;
  if (mb !== undefined && !(Number.isInteger(mb) && mb >= 1 && mb <= 512)) throw new UsageError(`arenaMB must be a whole number from 1 to 512, got ${describeValue(mb)}`);
  const backend = config.backend ?? 'wasm';
  const entry = gameEntry(config.game ?? DEFAULT_GAME);
  if (backend === 'reference') return entry.reference(config);
  if (backend === 'wasm') return entry.wasm(config);
  throw new UsageError(`unknown backend ${describeValue(backend)}; use 'wasm' or 'reference'`);
}
