import { defineConfig } from 'vite';

// The demo application: `npm start` serves it, `npm run build:demo` builds it into dist/demo.
export default defineConfig({
  root: 'demo',
  base: './',
  build: { outDir: '../dist/demo', emptyOutDir: true, target: 'es2022' },
  worker: { format: 'es' },
  server: { port: 5173, host: true },
});
