import { defineConfig } from 'vite';

// The embeddable library: dist/lib/throngs-board.js defines <game-board> and <throngs-board>; its worker and the
// wasm core are emitted next to it. embed/index.html (a plain page using it) is copied along.
export default defineConfig({
  // Relative URLs: the worker and the wasm are found next to the script, wherever it is served.
  base: './',
  publicDir: 'embed',
  build: {
    outDir: 'dist/lib',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    lib: { entry: 'bindings/ui/index.ts', formats: ['es'], fileName: () => 'throngs-board.js' },
  },
  worker: { format: 'es' },
});
