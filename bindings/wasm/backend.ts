/**
 * A game's wasm backend from what differs between games: its module (the release URL, passed as a
 * literal `new URL(..., import.meta.url)` so that bundlers ship the file, and the compiler's
 * generated `instantiate`), its rules and codec, and, for a game with queries of its own, its
 * engine class.
 */
import type { GameMove, GameRules } from '../../reference/core/game.js';
import type { CoreAbi } from './core-abi.js';
import { loadWasm } from './loader.js';
import { WasmEngine, type WasmCodec, type WasmConfig } from './wasm-engine.js';

/** The exports of a module as its generated bindings type them (`typeof instantiate`), with its memory. */
export type CoreOf<I extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<I>> & { memory: WebAssembly.Memory };

export interface WasmBackend<C, E> {
  /** A fresh instance of the module (or of `module`, another build of it). */
  instantiate(module?: WebAssembly.Module): Promise<C>;
  /** An engine on a fresh instance (of `module`, when given). */
  create(config?: WasmConfig, module?: WebAssembly.Module): Promise<E>;
}

type Instantiate = (module: WebAssembly.Module, imports: { env: Record<string, unknown> }) => Promise<unknown>;

export function wasmBackend<S, M extends GameMove, C extends CoreAbi, E extends WasmEngine<S, M, C> = WasmEngine<S, M, C>>(
  release: URL,
  instantiate: Instantiate,
  rules: GameRules<S, M>,
  codec: WasmCodec<S, M, C>,
  Engine?: new (core: C, config?: WasmConfig) => E,
): WasmBackend<C, E> {
  const instantiateCore = async (module?: WebAssembly.Module): Promise<C> => (await instantiate(module ?? (await loadWasm(release, rules.title)), { env: {} })) as C;
  return {
    instantiate: instantiateCore,
    async create(config = {}, module) {
      const core = await instantiateCore(module);
      return Engine ? new Engine(core, config) : (new WasmEngine(rules, codec, core, config) as E);
    },
  };
}
