/**
 * Loads a game's compiled module once per process or page (the release build, or in Node the
 * debug build next to it with THRONGS_WASM=debug). Each engine instantiates its own copy, hence
 * its own memory. The caller passes the release URL as a literal `new URL(..., import.meta.url)`
 * so that bundlers ship the file with the code that loads it.
 */
const compiled = new Map<string, Promise<WebAssembly.Module>>();

function isNode(): boolean {
  return typeof process !== 'undefined' && !!process.versions?.node && typeof window === 'undefined';
}

async function compile(release: URL): Promise<WebAssembly.Module> {
  const debug = isNode() && process.env.THRONGS_WASM === 'debug';
  // The debug build (Node only) is found from the release URL at run time, so bundles never carry it.
  const url = debug ? new URL(release.pathname.split('/').at(-1)!.replace(/\.wasm$/, '.debug.wasm'), release) : release;
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

/** The compiled module at `release` (cached; a failed load is retried on the next call). */
export function loadWasm(release: URL, game: string): Promise<WebAssembly.Module> {
  const key = release.href;
  let module = compiled.get(key);
  if (!module) {
    module = compile(release).catch((e: unknown) => {
      compiled.delete(key);
      throw new Error(`could not load the ${game} wasm core: ${(e as Error).message} (run npm run build:wasm)`);
    });
    compiled.set(key, module);
  }
  return module;
}
