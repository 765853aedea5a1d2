/**
 * Redraws batched to one per animation frame: whatever asks for a redraw names the parts it
 * changed, and the frame draws their union once. A hover then costs the tooltip alone, however
 * many events the pointer sends between two frames.
 */

/**
 * What a redraw covers: `board` everything (a new position, an attribute that changes the
 * drawing); `marks` the selection's highlights and the focus; `tip` the hover tooltip;
 * `analysis` the hint and the heat map; `status` the status line only.
 */
export type Part = 'board' | 'marks' | 'tip' | 'analysis' | 'status';

export class FrameScheduler {
  private parts = new Set<Part>();
  private scheduled = false;
  private frames = 0;

  /** `draw` gets the parts asked for since the last frame and the frame's number (from 1). */
  constructor(private readonly draw: (parts: ReadonlySet<Part>, frame: number) => void) {}

  request(...parts: Part[]): void {
    for (const p of parts) this.parts.add(p);
    if (this.scheduled) return;
    this.scheduled = true;
    requestAnimationFrame(() => this.flush());
  }

  private flush(): void {
    this.scheduled = false;
    const parts = this.parts;
    this.parts = new Set();
    if (parts.size > 0) this.draw(parts, ++this.frames);
  }
}
