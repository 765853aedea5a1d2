/** The board element's style sheet (in its shadow root). Pages restyle it with the custom properties and parts. */
import { SITE_LABEL_SIZE } from './label-places.js';

export const STYLE = `
:host {
  /* Never wider than its container, and (unless the page says otherwise) never taller than most of the screen. */
  display: block;
  max-width: 100%;
  box-sizing: border-box;
  --throngs-background: #dcb35c;
  --throngs-line: #5a4318;
  --throngs-label: #5a4318;
  --throngs-cell: #ecd196;
  --throngs-cell-border: #8a6a2c;
  --throngs-black-stone: #1b1b1b;
  --throngs-white-stone: #f4f2ec;
  --throngs-neutral-stone: #8f8f8f;
  --throngs-neutral-ring: #d8d8d8;
  --throngs-red-stone: #c8321f;
  --throngs-red-stone-deep: #5e0f06;
  --throngs-blue-stone: #2457c0;
  --throngs-blue-stone-deep: #0a2259;
  --throngs-light-web: #fff6dc;
  --throngs-dark-web: #3b2a10;
  --throngs-last-move-webs: #ffe14d;
  --throngs-highlight: #1f7ae0;
  --throngs-last-move: #e0442c;
  --throngs-territory-black: rgba(20, 20, 20, 0.55);
  --throngs-territory-white: rgba(255, 255, 255, 0.8);
  --throngs-tint-black: rgba(20, 20, 20, 0.32);
  --throngs-tint-white: rgba(255, 255, 255, 0.62);
  --throngs-mark: #d0261b;
  --throngs-hint: #12a150;
  --throngs-heat: #e0442c;
  font-family: var(--throngs-font, system-ui, sans-serif);
  user-select: none;
  -webkit-user-select: none;
}
.frame { position: relative; }
/*
 * The board keeps its proportions and is never taller than --throngs-board-max-height (a page
 * sets it to keep the status line on screen); --aspect (width / height) is set from the view box.
 */
svg { display: block; width: min(100%, calc(var(--throngs-board-max-height, 85vh) * var(--aspect, 1))); margin: 0 auto; height: auto; background: var(--throngs-background); border-radius: 6px; touch-action: manipulation; }
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
.tint-1 { fill: var(--throngs-tint-black); pointer-events: none; }
.tint-2 { fill: var(--throngs-tint-white); pointer-events: none; }
.ap.on-black { fill: #f4f2ec; } .ap.on-white { fill: #1b1b1b; } .ap.on-neutral { fill: #1b1b1b; }
/* A halo in the stone's colour keeps a number on a piece readable across the last-move ring under it. */
.ap.on-black { paint-order: stroke; stroke: #2a2a2a; stroke-width: 0.06px; stroke-linejoin: round; }
.ap.on-white, .ap.on-neutral { paint-order: stroke; stroke: #e8e4da; stroke-width: 0.06px; stroke-linejoin: round; }
.mark-disc { fill: var(--throngs-mark); stroke: #fff; stroke-width: 0.03; pointer-events: none; }
.mark-text { fill: #fff; font-size: 0.24px; font-weight: 800; text-anchor: middle; dominant-baseline: central; pointer-events: none; }
.hit { fill: transparent; cursor: pointer; }
/* Woven webs (drawing webs): solid light paths over dashed dark ones, barrier bands under both. */
.web-line { stroke-linecap: round; pointer-events: none; }
.light-path { stroke: var(--throngs-light-web); stroke-width: 0.075; }
.dark-path { stroke: var(--throngs-dark-web); stroke-width: 0.04; stroke-dasharray: 0.13 0.09; opacity: 0.85; }
.barrier { stroke-width: 0.3; stroke-linecap: round; opacity: 0.7; pointer-events: none; }
.barrier-red, .ring-red { stroke: var(--throngs-red-stone); }
.barrier-blue, .ring-blue { stroke: var(--throngs-blue-stone); }
.barrier-black, .ring-black { stroke: var(--throngs-black-stone); }
.barrier-white, .ring-white { stroke: var(--throngs-white-stone); }
.ring-highlight { stroke: var(--throngs-highlight); }
.light-node { fill: var(--throngs-light-web); stroke: var(--throngs-dark-web); stroke-width: 0.025; }
.dark-node { fill: var(--throngs-dark-web); }
.token-diamond { fill: none; stroke: rgba(255, 255, 255, 0.8); stroke-width: 0.045; pointer-events: none; }
.mark-ring { fill: none; stroke-width: 0.055; pointer-events: none; }
.mark-ring.dashed { stroke-dasharray: 0.11 0.07; }
.build-path { fill: none; stroke: var(--throngs-highlight); stroke-width: 0.14; stroke-linecap: round; stroke-linejoin: round; opacity: 0.6; pointer-events: none; }
.drawing-webs .last { stroke: var(--throngs-last-move-webs); }
/* A destination may hold a token (a push goes on through it): a white edge keeps the dot clear of it. */
.drawing-webs .dest { stroke: #fff; stroke-width: 0.045; opacity: 0.85; }
.drawing-webs .from { fill: var(--throngs-last-move-webs); opacity: 0.9; }
.heat { fill: var(--throngs-heat); pointer-events: none; }
.heat-share { font-size: 0.22px; font-weight: 700; fill: #3b0d05; text-anchor: middle; dominant-baseline: central; pointer-events: none; }
.hint-arrow { stroke: var(--throngs-hint); stroke-width: 0.13; stroke-linecap: round; opacity: 0.9; pointer-events: none; }
.hint-head { fill: var(--throngs-hint); }
.hint-ring { fill: none; stroke: var(--throngs-hint); stroke-width: 0.1; opacity: 0.9; pointer-events: none; }
.tip { font-size: 0.3px; fill: #fff; text-anchor: middle; dominant-baseline: central; pointer-events: none; }
.tip-bg { fill: rgba(0, 0, 0, 0.75); pointer-events: none; }
.status { display: flex; flex-wrap: wrap; gap: 0.3em 1em; align-items: center; justify-content: space-between; margin-top: 0.4em; font-size: 0.95em; }
.turn { font-weight: 600; }
.duty { color: #a33; font-weight: 600; }
.seat { color: #555; }
.legend { margin-top: 0.35em; font-size: 0.85em; color: #444; }
.legend summary { cursor: pointer; width: max-content; }
.legend ul { list-style: none; margin: 0.3em 0 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(16em, 1fr)); gap: 0.2em 1em; }
.legend li { display: flex; align-items: center; gap: 0.4em; }
.swatch { position: relative; display: inline-block; width: 1.6em; height: 1.6em; flex: none; background: var(--throngs-background); border-radius: 3px; }
.swatch.on-cell::before { content: ''; position: absolute; inset: 0.1em 0.15em; background: var(--throngs-cell); clip-path: polygon(50% 0, 100% 25%, 100% 75%, 50% 100%, 0 75%, 0 25%); }
.swatch.pair { width: 3.2em; display: inline-flex; gap: 0.2em; justify-content: center; align-items: center; }
.swatch.pair::before { display: none; }
.swatch > span, .sw-stone > span { position: absolute; box-sizing: border-box; }
.sw-stone { position: absolute; left: 50%; top: 50%; width: 1.1em; height: 1.1em; margin: -0.55em 0 0 -0.55em; border-radius: 50%; border: 1px solid rgba(0,0,0,0.45); }
.sw-black { background: radial-gradient(circle at 35% 30%, #6b6b6b, var(--throngs-black-stone) 70%); }
.sw-white { background: radial-gradient(circle at 35% 30%, #ffffff, var(--throngs-white-stone) 70%); }
.sw-red { background: radial-gradient(circle at 35% 30%, #ff9d8c, var(--throngs-red-stone) 70%); }
.sw-blue { background: radial-gradient(circle at 35% 30%, #9cc3ff, var(--throngs-blue-stone) 70%); }
.sw-red.deep { background: radial-gradient(circle at 35% 30%, var(--throngs-red-stone), var(--throngs-red-stone-deep) 70%); }
.sw-blue.deep { background: radial-gradient(circle at 35% 30%, var(--throngs-blue-stone), var(--throngs-blue-stone-deep) 70%); }
.sw-black.deep { background: radial-gradient(circle at 35% 30%, #3a3a3a, #000 70%); }
.sw-white.deep { background: radial-gradient(circle at 35% 30%, #d8d3c8, #8e887c 70%); }
.sw-diamond { left: 50%; top: 50%; width: 0.42em; height: 0.42em; margin: -0.21em 0 0 -0.21em; transform: rotate(45deg); border: 1px solid rgba(255, 255, 255, 0.85); }
.sw-web-light, .sw-web-dark, .sw-barrier { left: 0.1em; right: 0.1em; top: 50%; }
.sw-web-light { height: 3px; margin-top: -1.5px; background: var(--throngs-light-web); }
.sw-web-dark { margin-top: -1px; border-top: 2px dashed var(--throngs-dark-web); }
.sw-barrier { height: 9px; margin-top: -4.5px; border-radius: 4px; opacity: 0.7; }
.sw-barrier-red { background: var(--throngs-red-stone); } .sw-barrier-blue { background: var(--throngs-blue-stone); }
.sw-barrier-black { background: var(--throngs-black-stone); } .sw-barrier-white { background: var(--throngs-white-stone); }
.sw-ring-mark { left: 50%; top: 50%; width: 0.95em; height: 0.95em; margin: -0.475em 0 0 -0.475em; border-radius: 50%; border: 2px solid var(--throngs-highlight); }
.sw-ring-mark.outer { width: 1.4em; height: 1.4em; margin: -0.7em 0 0 -0.7em; }
.sw-ring-mark.dashed { border-style: dashed; }
.sw-ring-red { border-color: var(--throngs-red-stone); } .sw-ring-blue { border-color: var(--throngs-blue-stone); }
.sw-ring-black { border-color: var(--throngs-black-stone); } .sw-ring-white { border-color: var(--throngs-white-stone); }
.sw-last.webs { border-color: var(--throngs-last-move-webs); }
.sw-stone:not(.sw-black):not(.sw-white):not(.sw-red):not(.sw-blue) { background: radial-gradient(circle at 35% 30%, #d0d0d0, var(--throngs-neutral-stone) 70%); }
.sw-ring { left: 50%; top: 50%; width: 0.6em; height: 0.6em; margin: -0.3em 0 0 -0.3em; border-radius: 50%; border: 2px solid var(--throngs-neutral-ring); }
.sw-badge { right: 0; top: 0; width: 1.35em; height: 1.35em; border-radius: 50%; background: var(--throngs-mark); color: #fff; border: 1px solid #fff; font-size: 0.62em; font-weight: 800; line-height: 1.25em; text-align: center; }
.sw-tint, .sw-square { position: relative !important; display: inline-block; }
.sw-tint { width: 1.3em; height: 1.45em; clip-path: polygon(50% 0, 100% 25%, 100% 75%, 50% 100%, 0 75%, 0 25%); background: var(--throngs-cell); }
.sw-tint-1 { background: linear-gradient(var(--throngs-tint-black), var(--throngs-tint-black)), var(--throngs-cell); }
.sw-tint-2 { background: linear-gradient(var(--throngs-tint-white), var(--throngs-tint-white)), var(--throngs-cell); }
.sw-square { width: 0.6em; height: 0.6em; }
.sw-square-1 { background: var(--throngs-territory-black); }
.sw-square-2 { background: var(--throngs-territory-white); border: 1px solid rgba(0,0,0,0.4); }
.sw-number { inset: 0; display: flex; align-items: center; justify-content: center; font-weight: 600; font-size: 0.8em; color: #0b5d1e; }
.sw-dest { left: 50%; top: 50%; width: 0.55em; height: 0.55em; margin: -0.275em 0 0 -0.275em; border-radius: 50%; background: var(--throngs-highlight); opacity: 0.7; }
.sw-stay { left: 50%; top: 50%; width: 0.95em; height: 0.95em; margin: -0.475em 0 0 -0.475em; border-radius: 50%; border: 2px solid var(--throngs-highlight); }
.sw-last { left: 50%; top: 50%; width: 0.65em; height: 0.65em; margin: -0.325em 0 0 -0.325em; border-radius: 50%; border: 2px solid var(--throngs-last-move); }
.sw-changed { left: 50%; top: 50%; width: 1.4em; height: 1.4em; margin: -0.7em 0 0 -0.7em; border-radius: 50%; border: 2px dashed var(--throngs-last-move); }
.scores { font-variant-numeric: tabular-nums; }
.thinking { color: #555; font-style: italic; }
.why { flex-basis: 100%; min-width: 0; color: #a33; overflow-wrap: anywhere; }
.why:empty { display: none; }
.why.note { color: #244a6b; }
.site-label { font-size: ${SITE_LABEL_SIZE}px; font-weight: 700; fill: #1d3557; text-anchor: middle; dominant-baseline: central; paint-order: stroke; stroke: var(--throngs-background); stroke-width: 0.09px; stroke-linejoin: round; pointer-events: none; }
.site-label.explained { fill: #7a1f12; }
.site-label.leader { fill: none; stroke: #1d3557; stroke-width: 0.035px; }
.site-label.explained.leader { stroke: #7a1f12; }
.controls { display: flex; gap: 0.5em; }
button { font: inherit; padding: 0.25em 0.9em; border-radius: 4px; border: 1px solid #888; background: #fafafa; cursor: pointer; }
button:disabled { opacity: 0.4; cursor: default; }
button.hinted { border-color: var(--throngs-hint); box-shadow: 0 0 0 2px var(--throngs-hint); }
.hidden { display: none; }
`;
