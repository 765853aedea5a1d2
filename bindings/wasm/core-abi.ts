/** The exports every game module has (assembly/games/<id>/index.ts). */
export interface CoreAbi {
  readonly memory: WebAssembly.Memory;
  prepareBoard(size: number, arenaBytes: number): void;
  neighbourTable(): number;
  columnTable(): number;
  rowTable(): number;
  commitBoard(wraps: boolean): void;
  statePtr(): number;
  cellsPtr(): number;
  generate(): number;
  movesPtr(): number;
  moveFlagsPtr(): number;
  play(packed: number): number;
  undo(): number;
  /** 1 or 2. */
  toMove(): number;
  /** The game's end code, 0 while it runs. */
  ended(): number;
  /** Once the game is over: 1, 2, or 0 for a draw. */
  winner(): number;
  /** Keeps at most `n` undo records (tests use a short ring to exercise the replaying fallback). */
  limitUndo(n: number): void;
  /** 1 for the debug build (assertions compiled in), 0 for the release build. */
  isDebugBuild(): number;
  score(player: number): number;
  playout(seed: number, maxMoves: number, record: boolean): number;
  playouts(seed: number, count: number, maxMoves: number): number;
  resultPtr(): number;
  recordPtr(): number;
  recordCapacity(): number;
  outPtr(): number;
  /** The search settings block: f64 slots named by SETTING_* (assembly/core/abi.ts). */
  searchSettingsPtr(): number;
  /** Applies the settings written at searchSettingsPtr(). */
  searchConfigure(): void;
  searchBegin(seed: number): void;
  searchRun(iterations: number): number;
  searchFull(): number;
  searchAdvance(packed: number): void;
  searchReset(): void;
  searchChildren(): number;
  searchPrincipalVariation(max: number): number;
  evalWeightsPtr(): number;
  evaluate(): number;
  abBegin(): number;
  abDrawScore(score: number): void;
  abIterate(depth: number, budget: number): number;
  abChildren(): number;
  abBestMove(): number;
  abPrincipalVariation(max: number): number;
  abSearchRoot(index: number, depth: number, alpha: number, beta: number, budget: number, share: number): number;
  abImport(count: number): void;
}
