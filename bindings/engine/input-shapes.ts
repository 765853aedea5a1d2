/**
 * The shapes of what callers pass in, checked before any of it is used, so that a wrong type is a
 * UsageError that names it rather than a TypeError deep inside a backend.
 */
import { describeValue, UsageError } from '../../reference/core/errors.js';
import type { GameConfig } from './engine.js';
import type { SearchOptions } from './search.js';

/** A game config's shape, checked before any of it is used: an object, with a position in notation if any. */
export function checkConfigShape(config: unknown): asserts config is GameConfig {
  if (config === null || typeof config !== 'object' || Array.isArray(config)) throw new UsageError(`a game config must be an object, got ${describeValue(config)}`);
  const { position, options } = config as GameConfig;
  if (position !== undefined && typeof position !== 'string') throw new UsageError(`position must be a position in notation (a string), got ${describeValue(position)}`);
  if (options !== undefined && (options === null || typeof options !== 'object' || Array.isArray(options))) {
    throw new UsageError(`options must be an object of rule options, got ${describeValue(options)}`);
  }
}

/** A search's options' shape: an object, whose onProgress (if any) is a function. */
export function checkSearchShape(options: unknown): asserts options is SearchOptions {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) throw new UsageError(`search options must be an object, got ${describeValue(options)}`);
  const { onProgress } = options as SearchOptions;
  if (onProgress !== undefined && typeof onProgress !== 'function') throw new UsageError(`onProgress must be a function, got ${describeValue(onProgress)}`);
}
