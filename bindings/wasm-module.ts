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
  // Bundlers see the release URL literal and ship the file with the code that loads it; the
  // debug build (Node only) is found from it at run time, so bundles never carry it.
  const release = new URL('../build/engine.wasm', import.meta.url);
  const url = debug ? new URL('engine.debug.wasm', release) : release;
  if (url.protocol === 'file:') {
    // Node: read the file. The module name is not a literal so that browser bundles leave it alone.
    const fs = 'node:fs/promises';
    const { readFile } = (await import(/* @vite-ignore */ fs)) as typeof import('node:fs/promises');
    return WebAssembly.compile(await readFile(url));
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.href} answered ${response.status}`);
  return response.headers.get('content-type')?.startsWith('application/wasm')
    ? WebAssembly.compileStreaming(response)
    : WebAssembly.compile(await response.arrayBuffer());
}

/** A fresh instance of the core. */
export async function instantiateCore(): Promise<CoreExports> {
  compiled ??= compile().catch((e: unknown) => {
    compiled = null;
    throw new Error(`could not load the Throngs wasm core: ${(e as Error).message} (run npm run build:wasm)`);
  });
  return (await instantiate(await compiled, { env: {} })) as CoreExports;
}
