/** The built demo and library on localhost, served by Vite's preview server. */
import { preview } from 'vite';

/** Serves `<project>/dist` (the demo at demo/, the library at lib/). */
export async function serve(project: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = await preview({
    configFile: false,
    root: project,
    appType: 'mpa',
    logLevel: 'warn',
    build: { outDir: 'dist' },
    preview: { host: '127.0.0.1', port: 0, open: false },
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('the preview server did not report its address');
  return { url, close: () => server.close() };
}
