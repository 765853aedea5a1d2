/**
 * A game's record as text, for any game: the tags that say how the game began and ended, the moves
 * grouped by turn (record()), and a record read back into the config its game starts from and the
 * move tokens to replay (loadRecord()). Replaying is the engine's: it alone knows what is legal.
 */
import type { AnyGameRules, GameMove, GameOutcome } from '../../reference/core/game.js';
import { NotationError, excerpt, unwrap } from '../../reference/core/errors.js';
import { formatRecord, parseRecord, parseRuleList } from '../../reference/core/record.js';
import type { Topology } from '../../reference/boards/topology.js';
import type { Player } from '../../reference/core/types.js';
import type { GameConfig } from './engine.js';

export type Start = { setup: string } | { position: string };

/** What record() writes down of a game. */
export interface RecordedGame {
  readonly rules: AnyGameRules;
  readonly topology: Topology;
  readonly start: Start;
  readonly options: Readonly<Record<string, unknown>>;
  readonly outcome: GameOutcome | null;
  readonly seatOf: (colour: Player) => Player;
  readonly moves: ReadonlyArray<{ readonly move: GameMove; readonly player: Player }>;
}

export function writeRecord(g: RecordedGame): string {
  const tags: Array<[string, string]> = [
    ['Game', g.rules.title],
    ['Board', g.topology.spec],
  ];
  if ('setup' in g.start) tags.push(['Setup', g.start.setup]);
  else tags.push(['Position', g.start.position]);
  const defaults = g.rules.resolveOptions({});
  const rules = Object.entries(g.options).filter(([k, v]) => defaults[k] !== v);
  if (rules.length > 0) tags.push(['Rules', rules.map(([k, v]) => `${k}=${String(v)}`).join(',')]);
  const outcome = g.outcome;
  if (outcome) {
    tags.push(['Result', outcome.winner === 1 ? '1-0' : outcome.winner === 2 ? '0-1' : '1/2-1/2']);
    tags.push(['Termination', outcome.reason], ['Score', `${outcome.scores[0]}-${outcome.scores[1]}`]);
    // Result and Score speak of colours; where a pie swapped seats, say which player won.
    if (g.rules.seatOf && outcome.winner !== 0) tags.push(['WinnerSeat', String(g.seatOf(outcome.winner))]);
  } else {
    tags.push(['Result', '*']);
  }
  const blocks: string[][] = [];
  let last: Player | 0 = 0;
  for (const p of g.moves) {
    if (p.player !== last) blocks.push([]);
    const text = g.rules.formatMove(g.topology, p.move);
    const block = blocks.at(-1)!;
    if (g.rules.continuesMove?.(p.move) && block.length > 0) block[block.length - 1] += text;
    else block.push(text);
    last = p.player;
  }
  return formatRecord(tags, blocks);
}

/** A record read for replaying: the game it starts from, its move tokens and where each stands in the text. */
export interface RecordToReplay {
  readonly config: GameConfig;
  readonly moves: readonly string[];
  readonly offsets: readonly number[];
}

/** Reads `text` as a record of a game of `rules`; a damaged or foreign record is a NotationError. */
export function readRecord(rules: AnyGameRules, text: string): RecordToReplay {
  const record = unwrap(parseRecord(text));
  const tags = record.tags;
  const ruleTag = tags.get('Rules');
  const parsedRules = ruleTag === undefined ? null : parseRuleList(ruleTag);
  if (parsedRules && !parsedRules.ok) {
    const at = text.indexOf(ruleTag!);
    throw new NotationError(`bad Rules tag: ${parsedRules.error.detail}`, text, Math.max(0, at) + parsedRules.error.offset);
  }
  const options = parsedRules?.value ?? {};
  const game = tags.get('Game');
  if (game !== undefined && game.toLowerCase() !== rules.id && game.toLowerCase() !== rules.title.toLowerCase()) {
    throw new NotationError(`this engine plays ${rules.title}, not ${excerpt(game)}`, text, text.indexOf(game));
  }
  const board = tags.get('Board');
  if (tags.has('Position') && board !== undefined) {
    // The position names its board; a Board tag that says otherwise is a damaged record.
    const parsed = rules.parsePosition(tags.get('Position')!);
    const stated = rules.board(board);
    if (parsed.ok && stated.ok && parsed.value.topology !== stated.value) {
      throw new NotationError(`the Board tag (${excerpt(board)}) is not the board of the Position tag (${excerpt(parsed.value.topology.spec)})`, text, text.indexOf(board));
    }
  }
  const config: GameConfig = tags.has('Position')
    ? { position: tags.get('Position')!, options }
    : { board: tags.get('Board') ?? rules.defaultBoard, setup: tags.get('Setup') ?? rules.setups[0]!, options };
  return { config, moves: record.moves, offsets: record.offsets };
}
