/** The worker's views carry the overlays a board shows, so that a move costs one round trip. */
import { describe, expect, it, vi } from 'vitest';
import { EngineWorker } from '../../bindings/worker/worker.js';

// The worker is called directly: Comlink's expose is left out in Node.
vi.mock('comlink', async (original) => ({ ...(await original<typeof import('comlink')>()), expose: () => undefined }));

describe('overlays carried by the worker’s views', () => {
  it('every call that answers with a view carries the overlays asked for, equal to overlay(name)', async () => {
    const w = new EngineWorker();
    let v = await w.newGame({ game: 'throngs' }, ['potential', 'territory']);
    expect(Object.keys(v.overlayValues ?? {})).toEqual(['potential', 'territory']);
    expect(Array.from(v.overlayValues!.potential!)).toEqual(Array.from(w.overlay('potential')));
    v = w.play(v.legal[0]!, ['potential']);
    expect(Array.from(v.overlayValues!.potential!)).toEqual(Array.from(w.overlay('potential')));
    expect(Object.keys(w.undo(['territory']).overlayValues!)).toEqual(['territory']);
    expect(Array.from(w.view(['territory']).overlayValues!.territory!)).toEqual(Array.from(w.overlay('territory')));
    // Without a request the view is as before: no values.
    expect(w.view().overlayValues).toBeUndefined();
  });

  it('names the game does not offer are left out (a record may be of another game); a request that is not a list of names changes nothing', async () => {
    const w = new EngineWorker();
    const v = await w.newGame({ game: 'refugia' }, ['potential', 'enemies']);
    expect(Object.keys(v.overlayValues!)).toEqual(['enemies']);
    expect(() => w.play('c3', 'enemies' as unknown as string[])).toThrow(/overlays must be a list of overlay names/);
    expect(() => w.play('c3', [3] as unknown as string[])).toThrow(/overlays must be a list of overlay names/);
    expect(w.view().history).toEqual([]);
    expect(w.undo.bind(w, {} as unknown as string[])).toThrow(/overlays must be/);
  });
});
