/**
 * Loads the compiled core (build/engine.wasm, or the debug build with THRONGS_WASM=debug in
 * Node) once per process or page, and instantiates it through the compiler's generated raw
 * bindings. Each engine gets its own instance, hence its own memory.
 */
import { instantiate } from '../build/engine.js';

export type CoreExports = Awaited<ReturnType<typeof instantiate>> & { memory: WebAssembly.Memory };

let compiled: Promise<WebAssembly.Module> | null = null;

function isNode(): boolean {
  return typeof process !== 'undefined' && !!process.versions?.node && typeof window === 'undefined';
}

async function compile(): Promise<WebAssembly.Module> {
  const debug = isNode() && process.env.THRONGS_WASM === 'debug';
  const url = new URL(debug ? '../build/engine.debug.wasm' : '../build/engine.wasm', import.meta.url);
  if (isNode()) {
    const { readFile } = await import('node:fs/promises');
    return WebAssembly.compile(await readFile(url));
  }
  return WebAssembly.compileStreaming(fetch(url));
}

/** A fresh instance of the core. */
export async function instantiateCore(): Promise<CoreExports> {
  compiled ??= compile().catch((e: unknown) => {
    compiled = null;
    throw new Error(`could not load the Throngs wasm core: ${(e as Error).message} (run npm run build:wasm)`);
  });
  return (await instantiate(await compiled, { env: {} })) as CoreExports;
}
