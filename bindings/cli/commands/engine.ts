/** `throngs engine`: speak a UCI-like text protocol on stdin/stdout, for GUIs and other programs. */
import { GAME_LIST, out, type Command } from '../command.js';
import { MAX_LINE, readLines } from '../line-reader.js';

export const command: Command = {
  summary: 'speak a UCI-like text protocol on stdin/stdout, for GUIs and other programs',
  usage: `throngs engine

Reads one command per line on stdin and answers on stdout, in the manner of UCI:
  uci                                  identify (id lines, options, uciok)
  isready                              answers readyok, also while searching
  setoption name <Name> value <v>      Game (${GAME_LIST}), Board, Setup, Rules (name=value,...),
                                       Backend (wasm|reference), Ponder (accepted; no pondering)
  ucinewgame                           a new game with the current options
  position startpos [moves m1 m2 ...]  the game's set-up, then moves in the game's notation
  position fen <position> [moves ...]  a position in the game's notation, then moves
  go [movetime ms] [iterations n] [seed s] [infinite]
                                       search (default 1000 ms), printing
                                       "info iterations N time T value V pv ..." about four times
                                       a second, then "bestmove <move>"
  stop                                 end the search now; it answers bestmove
  d                                    the board, the position and the legal moves
  quit                                 leave; nothing after it is read
The end of input also leaves: a running search stops (answering bestmove) and what was read
after it is dropped; without a search, what was read is carried out, each search stopped at once.
An error is answered with "info string error: ..." and changes nothing; a line longer than
${MAX_LINE.toLocaleString('en-US')} characters is refused so, unread.`,
  options: {},
  async run() {
    const { EngineProtocol } = await import('../protocol.js');
    // `quit` closes the reader; lines arrive only after it is made, in later events.
    const protocol = new EngineProtocol(out, () => lines.close());
    // Lines are bounded as they are read: input without line breaks never piles up in memory.
    const lines = readLines(process.stdin, MAX_LINE, (line) => protocol.receive(line));
    await lines.closed;
    // End of input ends the session, a search included: nothing could stop it any more.
    protocol.end();
    await protocol.idle();
    return 0;
  },
};
