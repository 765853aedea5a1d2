/** The board element's style sheet (in its shadow root). Pages restyle it with the custom properties and parts. */
export const STYLE = `
:host {
  display: block;
  --throngs-background: #dcb35c;
  --throngs-line: #5a4318;
  --throngs-label: #5a4318;
  --throngs-cell: #ecd196;
  --throngs-cell-border: #8a6a2c;
  --throngs-black-stone: #1b1b1b;
  --throngs-white-stone: #f4f2ec;
  --throngs-neutral-stone: #8f8f8f;
  --throngs-neutral-ring: #d8d8d8;
  --throngs-highlight: #1f7ae0;
  --throngs-last-move: #e0442c;
  --throngs-territory-black: rgba(20, 20, 20, 0.55);
  --throngs-territory-white: rgba(255, 255, 255, 0.8);
  font-family: var(--throngs-font, system-ui, sans-serif);
  user-select: none;
  -webkit-user-select: none;
}
.frame { position: relative; }
svg { display: block; width: 100%; height: auto; background: var(--throngs-background); border-radius: 6px; touch-action: manipulation; }
svg:focus { outline: 3px solid var(--throngs-highlight); outline-offset: 2px; }
.line { stroke: var(--throngs-line); stroke-width: 0.04; stroke-linecap: round; }
.point { fill: var(--throngs-line); }
.cell { fill: var(--throngs-cell); stroke: var(--throngs-cell-border); stroke-width: 0.025; stroke-linejoin: round; }
.label { fill: var(--throngs-label); font-size: 0.3px; text-anchor: middle; dominant-baseline: central; opacity: 0.8; }
.stone { stroke: rgba(0, 0, 0, 0.45); stroke-width: 0.02; }
.neutral-ring { fill: none; stroke: var(--throngs-neutral-ring); stroke-width: 0.05; pointer-events: none; }
.dest { fill: var(--throngs-highlight); opacity: 0.55; pointer-events: none; }
.dest-cell { fill: var(--throngs-highlight); opacity: 0.2; pointer-events: none; }
.stay { fill: none; stroke: var(--throngs-highlight); stroke-width: 0.07; pointer-events: none; }
.selected { fill: none; stroke: var(--throngs-highlight); stroke-width: 0.09; pointer-events: none; }
.focus { fill: none; stroke: var(--throngs-highlight); stroke-width: 0.05; stroke-dasharray: 0.12 0.08; pointer-events: none; }
.last { fill: none; stroke: var(--throngs-last-move); stroke-width: 0.07; pointer-events: none; }
.from { fill: var(--throngs-last-move); opacity: 0.6; pointer-events: none; }
.changed { fill: none; stroke: var(--throngs-last-move); stroke-width: 0.05; stroke-dasharray: 0.09 0.06; pointer-events: none; }
.ap { font-size: 0.28px; text-anchor: middle; dominant-baseline: central; pointer-events: none; font-weight: 600; }
.ap.pos { fill: #0b5d1e; } .ap.neg { fill: #8b1a1a; } .ap.zero { fill: #5a4318; opacity: 0.6; }
.territory-1 { fill: var(--throngs-territory-black); pointer-events: none; }
.territory-2 { fill: var(--throngs-territory-white); stroke: rgba(0,0,0,0.4); stroke-width: 0.015; pointer-events: none; }
.hit { fill: transparent; cursor: pointer; }
.tip { font-size: 0.3px; fill: #fff; text-anchor: middle; dominant-baseline: central; pointer-events: none; }
.tip-bg { fill: rgba(0, 0, 0, 0.75); pointer-events: none; }
.status { display: flex; flex-wrap: wrap; gap: 0.3em 1em; align-items: center; justify-content: space-between; margin-top: 0.4em; font-size: 0.95em; }
.turn { font-weight: 600; }
.duty { color: #a33; font-weight: 600; }
.scores { font-variant-numeric: tabular-nums; }
.thinking { color: #555; font-style: italic; }
.controls { display: flex; gap: 0.5em; }
button { font: inherit; padding: 0.25em 0.9em; border-radius: 4px; border: 1px solid #888; background: #fafafa; cursor: pointer; }
button:disabled { opacity: 0.4; cursor: default; }
.hidden { display: none; }
`;
