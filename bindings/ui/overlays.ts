/**
 * How the board shows a game's per-cell overlays (GameView.overlays, values from the engine):
 * owners as small squares, or numbers. Unknown names are shown as plain numbers, so a new
 * game's overlay works without a line here; a line only makes it read better.
 */
export interface OverlayStyle {
  /** `owner`: 0 nobody, 1 or 2 a player (a square of their colour); `number`: the value. */
  readonly kind: 'owner' | 'number';
  /** Numbers with a sign (+2, -1, 0). */
  readonly signed: boolean;
  /** Short name in the hover tip ("AP +2"); absent: not in the tip. */
  readonly tip?: string;
  /** For a toggle: "Show action potential". */
  readonly label: string;
}

const STYLES: Readonly<Record<string, OverlayStyle>> = {
  potential: { kind: 'number', signed: true, tip: 'AP', label: 'action potential' },
  territory: { kind: 'owner', signed: false, label: 'territory' },
  enemies: { kind: 'number', signed: false, tip: 'enemies', label: 'enemy neighbours' },
};

export function overlayStyle(name: string): OverlayStyle {
  return Object.hasOwn(STYLES, name) ? STYLES[name]! : { kind: 'number', signed: false, tip: name, label: name };
}

export function formatOverlayValue(style: OverlayStyle, value: number): string {
  return style.signed && value > 0 ? `+${value}` : String(value);
}
