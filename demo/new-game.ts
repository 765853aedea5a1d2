/**
 * The new-game dialog: the game, its board (named boards, and the shapes in the sizes the game
 * plays), set-up, rule options in plain words, and the players. The game is a new one (the game
 * before stays in the store); a refused one changes nothing.
 */
import type { GameInfo } from '../bindings/worker/client.js';
import { hexhexSpec, perforatedExample, torusSpec } from '../bindings/ui/catalog.js';
import { $, defaultGame, errorText, gameInfo, games, option, say } from './page.js';
import { session } from './session.js';
import { startGame } from './tab.js';
import { parseSeat } from './seats.js';

const dialog = $<HTMLDialogElement>('new-dialog');
const form = $<HTMLFormElement>('new-form');
const gameChoice = $<HTMLSelectElement>('game-choice');
const boardChoice = $<HTMLSelectElement>('board-choice');
const hexSide = $<HTMLSelectElement>('hex-side');
const torusSize = $<HTMLSelectElement>('torus-size');

type OptionSpec = GameInfo['options'][string];

const SETUP_LABELS: Readonly<Record<string, string>> = { standard: 'Standard stones', pie: 'Three-stone pie', empty: 'Empty board' };

/** Fills a size select with the sizes a game plays, keeping the choice when still offered, else `preferred` or the middle one. */
function fillSizes(select: HTMLSelectElement, sizes: readonly number[], preferred: number): void {
  const kept = Number(select.value);
  select.replaceChildren(...sizes.map((n) => option(String(n), String(n))));
  const pick = sizes.includes(kept) ? kept : sizes.includes(preferred) ? preferred : sizes[Math.floor(sizes.length / 2)];
  if (pick !== undefined) select.value = String(pick);
}

/** Whether an option's values are just on and off (in either order). */
const isOnOff = (values: readonly unknown[]): boolean => values.length === 2 && values.includes(true) && values.includes(false);

/** An option value as the dialog shows it (0 for a limit means none). */
const optionText = (value: string | boolean | number): string => (value === 0 ? 'none' : String(value));

function optionField(name: string, spec: OptionSpec): HTMLLabelElement {
  const label = document.createElement('label');
  const text = spec.description.charAt(0).toUpperCase() + spec.description.slice(1);
  if (isOnOff(spec.values)) {
    // A rule that is on or off: a checkbox, ticked when the rule is on by default.
    const box = Object.assign(document.createElement('input'), { type: 'checkbox', name: `option-${name}`, checked: spec.values[0] === true });
    label.append(box, ` ${text}`);
  } else if (spec.range) {
    // Any whole number in the range: a few examples in a select would hide the rest.
    const [min, max] = spec.range;
    const input = Object.assign(document.createElement('input'), { type: 'number', name: `option-${name}`, min: String(min), max: String(max), step: '1', required: true });
    input.value = String(spec.values[0]);
    // The usual values stay offered as suggestions.
    const suggestions = Object.assign(document.createElement('datalist'), { id: `option-${name}-values` });
    suggestions.append(...spec.values.map((v) => option(String(v), optionText(v))));
    input.setAttribute('list', suggestions.id);
    label.append(`${text}: `, input, suggestions);
  } else {
    const select = document.createElement('select');
    select.name = `option-${name}`;
    select.append(...spec.values.map((v, i) => option(String(i), optionText(v))));
    label.append(`${text}: `, select);
  }
  return label;
}

/** The dialog's boards, set-ups, rule options and side names follow the chosen game. */
function fillGameForm(rules: GameInfo): void {
  const unit = rules.drawing === 'cells' ? 'cells' : rules.drawing === 'webs' ? 'nodes' : 'sites';
  boardChoice.replaceChildren();
  for (const name of rules.namedBoards) {
    const size = rules.boardSizes[name] !== undefined ? ` — ${rules.boardSizes[name]} ${unit}` : '';
    boardChoice.append(option(name, `${name}${size}${name === rules.defaultBoard ? ' (default)' : ''}`));
  }
  // Shapes only in the sizes the game plays (Tholian Go's webs are its named boards alone).
  if (rules.shapes && rules.hexSides.length > 0) boardChoice.append(option('hexhex', 'Hexagon of side…'));
  if (rules.shapes && rules.torusSizes.length > 0) boardChoice.append(option('torus', 'Torus…'));
  if (rules.shapes) boardChoice.append(option('perforated', 'Perforated hexagon (example)'));
  boardChoice.value = rules.defaultBoard;
  fillSizes(hexSide, rules.hexSides, 6);
  fillSizes(torusSize, rules.torusSizes, 8);

  const setup = $<HTMLSelectElement>('setup-choice');
  setup.replaceChildren(...rules.setups.map((s) => option(s, SETUP_LABELS[s] ?? s)));
  $('setup-row').hidden = rules.setups.length < 2;

  $('options-list').replaceChildren(...Object.entries(rules.options).map(([name, spec]) => optionField(name, spec)));
  $('options-block').hidden = Object.keys(rules.options).length === 0;
  const [first, second] = rules.players;
  $('first-name').textContent = first;
  $('second-name').textContent = second;
  syncSizeRows();
}

/** The rule options the form sets, by name (every option of the game, defaults included). */
function formOptions(rules: GameInfo, data: FormData): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(rules.options)) {
    const value = data.get(`option-${name}`);
    if (isOnOff(spec.values)) options[name] = value !== null;
    else if (spec.range) options[name] = value === null || value === '' ? spec.values[0] : Number(value);
    else options[name] = spec.values[Number(value ?? 0)] ?? spec.values[0];
  }
  return options;
}

function syncSizeRows(): void {
  $('hex-size-row').hidden = boardChoice.value !== 'hexhex';
  $('torus-size-row').hidden = boardChoice.value !== 'torus';
}

export function openNewGame(): void {
  const game = session.currentGame();
  if (gameChoice.value !== game.id || boardChoice.options.length === 0) {
    gameChoice.value = game.id;
    fillGameForm(game);
  }
  const players = session.currentPlayers();
  (form.elements.namedItem('black') as HTMLSelectElement).value = String(players.black);
  (form.elements.namedItem('white') as HTMLSelectElement).value = String(players.white);
  syncSizeRows();
  dialog.showModal();
}

async function start(): Promise<void> {
  const data = new FormData(form);
  const rules = gameInfo(String(data.get('game'))) ?? defaultGame();
  const choice = String(data.get('board'));
  const spec = rules.namedBoards.includes(choice)
    ? choice
    : choice === 'hexhex'
      ? hexhexSpec(Number(data.get('hexSide')))
      : choice === 'torus'
        ? torusSpec(Number(data.get('torusSize')), Number(data.get('torusSize')))
        : perforatedExample();
  const setup = String(data.get('setup') ?? rules.setups[0]);
  const players = { black: parseSeat(String(data.get('black'))) ?? 'human', white: parseSeat(String(data.get('white'))) ?? 'human' };
  try {
    // The engine checks the board and the options; a refused game changes nothing.
    await startGame({ game: rules.id, board: spec, setup: rules.setups.includes(setup) ? setup : rules.setups[0], options: formOptions(rules, data) }, players);
    say(`New ${rules.title} game on ${spec}.`);
  } catch (e) {
    say(errorText(e));
  }
}

/** Fills the choices that depend on the games the engine plays (once the page has started). */
export function fillGameChoices(): void {
  gameChoice.replaceChildren(...games().map((g) => option(g.id, g.title)));
}

export function initNewGame(): void {
  for (const select of document.querySelectorAll<HTMLSelectElement>('.player-choice')) {
    select.replaceChildren(...['human', '1', '2', '3', '4', '5', '6', '7', '8'].map((v) => option(v, v === 'human' ? 'Human' : `AI level ${v}`)));
  }
  $('new').addEventListener('click', openNewGame);
  dialog.addEventListener('close', () => {
    if (dialog.returnValue === 'start') void start();
  });
  boardChoice.addEventListener('change', syncSizeRows);
  gameChoice.addEventListener('change', () => fillGameForm(gameInfo(gameChoice.value) ?? defaultGame()));
}
