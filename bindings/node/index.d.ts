// TypeScript declarations of the mjk package (index.js). Counts are tile
// counts in kind order (1-9m, 1-9p, 1-9s, 1-7z), 34 per hand, row-major.
// test/packaging.test.js checks that every export of index.js is declared here.

export type Players = 3 | 4;
export interface BatchOptions {
  players?: Players;
  /** 34 counts (every row) or n*34 (per row): tiles seen outside the hand */
  visible?: Uint8Array | null;
  errors?: 'throw' | 'return';
  /** typed arrays to reuse for the result */
  out?: Uint8Array | Int8Array | Record<string, Uint8Array | Int8Array>;
}
export interface DecompositionOptions extends BatchOptions {
  /** the winning tile's kind per row (-1: none) */
  winning?: Int8Array | null;
}
/** With errors: 'return', a batch returns its parts and `errors` (Uint8Array, 0: good row). */
export type BatchResult = Uint8Array | Int8Array | ({ [part: string]: Uint8Array | Int8Array } & { errors?: Uint8Array });

export class HandError extends Error {
  constructor(message: string, code: number, row?: number);
  code: number;
  row?: number;
}
export class RecordError extends Error {
  file?: string;
  round?: string;
  event?: number;
  offset?: number;
  line?: number;
  column?: number;
  what?: string;
}

/** The object `mjk --json` prints for one hand; HandError if malformed. */
export function analyse(text: string, options?: { players?: Players; visible?: Uint8Array | null }): Record<string, any>;
/** The `mjk --json` line itself (for a malformed hand the {"hand", "error"} object). */
export function analyseLine(text: string, options?: { players?: Players; visible?: Uint8Array | null }): string;
/** The `mjk --json` lines of many hands in one call. */
export function analyseLines(texts: string[], options?: { players?: Players | Uint8Array; visible?: Uint8Array | null }): string[];
/** analyseLines' answer, the analyses run on a thread of the addon's (at most UV_THREADPOOL_SIZE at once); a bad argument rejects with analyseLines' error. */
/** Aborting `signal` stops the analyses (an "ev" search within a fraction of a second) and rejects with an AbortError. */
export function analyseLinesAsync(texts: string[], options?: { players?: Players | Uint8Array; visible?: Uint8Array | null; signal?: AbortSignal }): Promise<string[]>;
/** mpsz text -> Uint8Array(34) counts; HandError if malformed. */
export function parse(text: string): Uint8Array;

export type ScoreRequest = Record<string, unknown> | string;
export interface Score {
  yaku: Array<{ name: string; han?: number; yakuman?: number }>;
  han: number;
  fu: number | null;
  yakuman: number;
  points: number;
  payments: [number, number, number, number];
}
/** The "score" object `mjk --json` prints, or null (not complete). */
export function score(request: ScoreRequest): Score | null;
export function scoreMany(requests: ScoreRequest[], options?: { errors?: 'throw' | 'return' }): Array<Score | HandError | null>;
/** What each winning tile of a waiting hand (a request without `win`) would pay: {tile: score} in tile order. */
export function scoreEachWin(request: ScoreRequest, options?: { errors?: 'omit' }): Record<string, Score>;
export function scoreEachWin(request: ScoreRequest, options: { errors: 'return' }): Record<string, Score | HandError>;
export interface ScoreArrays {
  complete: Uint8Array;
  han: Int8Array;
  fu: Uint8Array;
  yakuman: Uint8Array;
  points: Int32Array;
  /** n*4, by seat wind East South West North */
  payments: Int32Array;
  /** bit y: yakuNames[y] */
  yaku: BigUint64Array;
}
export function scoreBatch(requests: ScoreRequest[], options?: { errors?: 'throw' }): ScoreArrays;
export function scoreBatch(requests: ScoreRequest[], options: { errors: 'return' }): ScoreArrays & { errors: Uint8Array };
export const yakuNames: string[];

// Batch operations on n*34 counts.
export function isAgari(rows: Uint8Array, options?: BatchOptions): BatchResult;
export function agariForms(rows: Uint8Array, options?: BatchOptions): BatchResult;
export function waits(rows: Uint8Array, options?: BatchOptions): BatchResult;
export function waitsByForm(rows: Uint8Array, options?: BatchOptions): BatchResult;
export function tenpaiDiscards(rows: Uint8Array, options?: BatchOptions): BatchResult;
/** the best shanten (Int8Array n; -1: complete) */
export function shanten(rows: Uint8Array, options?: BatchOptions): BatchResult;
/** {best, standard, chiitoi, kokushi} */
export function shantenForms(rows: Uint8Array, options?: BatchOptions): BatchResult;
export function necessaryTiles(rows: Uint8Array, options?: BatchOptions): BatchResult;
export function advice(rows: Uint8Array, options?: BatchOptions): BatchResult;
export function decompositions(rows: Uint8Array, options?: DecompositionOptions): BatchResult;

export function errorMessage(code: number): string;
/** the kernel implementation in use (avx2, sse4.2, ...) */
export function implementation(): string;
export const operations: Array<{ name: string; outputs: Array<{ name: string; dtype: string; shape: number[] }> }>;

export interface Decision {
  round: string; roundIndex: number; seat: number; seatWind: number; turn: number; event: number;
  hand: Uint8Array; visible: Uint8Array; melds: Uint8Array; dora: Uint8Array;
  /** red fives among hand's and visible's fives, by suit (m, p, s) */
  handRed: Uint8Array; visibleRed: Uint8Array;
  discard: number; discardRed: boolean; riichi: boolean; reviewed: boolean;
  shanten: number | null; shantenAfter: number | null; bestShanten: number | null;
  ukeire: number | null; bestUkeire: number | null; best: number[] | null;
}
export interface GameLog {
  file: string; format: string | null; players: number | null; rounds: string[];
  decisions: Decision[]; columns: Record<string, any> | null;
  disagreements: Array<{ file: string; round: string; event: number; what: string }>;
  error: Record<string, any> | null;
}
export function readLog(file: string, options?: { errors?: 'throw' | 'return'; maxBytes?: number }): GameLog;
/** The object `mjk log --stats --json` prints for these files and directories. */
export function corpusStats(paths: string[], options?: { maxBytes?: number }): Record<string, any>;
export const defaultMaxBytes: number;

/** tileName(30) === '4z' */
export function tileName(kind: number): string;
/** tileKind('4z') === 30; tileKind('0m') === 4 (red five) */
export function tileKind(name: string): number;
/** 34 counts -> mpsz text (suits m p s z) */
export function toMpsz(counts: Uint8Array | number[]): string;
/** mpsz text -> Uint8Array(34) counts (as parse) */
export function fromMpsz(text: string): Uint8Array;

/** The expected value of a hand (EV.md): D = the discards searched (one, named null, for a 13-tile hand). */
export interface EvAnswer {
  shanten: number; vertices: number; wall: number;
  /** each kind's copies in the start wall */
  wallCounts: Uint8Array;
  /** D names ('0s' a red five after its plain five) */
  discards: Array<string | null>;
  discardShanten: Int8Array;
  /** D*34, 0/1 */
  necessary: Uint8Array;
  /** D*34: each necessary kind's copies in the start wall, else 0 */
  necessaryCounts: Uint8Array;
  /** D*19: row i = discard i, index t = draws made (a 14-tile hand starts at t = 1) */
  tenpai: Float64Array; win: Float64Array; score: Float64Array;
  /** searchUs: the search's own time in microseconds (not the call's, nor the JSON's) */
  stats: { drawVertices: number; discardVertices: number; edges: number; wins: number; groupRows: number; peakBytes: number; searchUs: number };
}
/** The search's options; unset: the request's own "ev" object, else EV.md's defaults. */
export interface EvOptions {
  handChange?: boolean; shantenBack?: boolean; extra?: number; uradora?: boolean; red?: boolean; turn?: number;
  /** EV_DEFAULT_MAX_VERTICES (1,000,000) unless given; past it the search stops with HandError (code 43).
   * A count 1..Number.MAX_SAFE_INTEGER: a larger one lifts the limit; null: unset. */
  maxVertices?: number | null;
}
/** maxVertices unless given: 1,000,000 (a search stopped there has held about 0.45 GB at most). */
export const EV_DEFAULT_MAX_VERTICES: number;
/** The async searches' own option: aborting it stops the search and rejects with an AbortError. */
export interface EvAsyncOptions { signal?: AbortSignal }
/** mpsz text, a request line (its "ev" object included), or an object of the request's fields (request.md), no win */
export type EvRequest = string | Record<string, any>;
/** The request's fields (request.md: dora, seat, visible, melds, ...; not hand or ev), which ev and evAsync
 * also take among their options, laid over the request (mpsz text is its hand), as Python's ev takes keywords. */
export type EvFields = Record<string, unknown>;
/** Searched on this thread (blocks the event loop; maxVertices bounds it). */
export function ev(handOrRequest: EvRequest, options?: EvOptions & EvFields): EvAnswer;
/** Searched on a thread of the addon's (at most UV_THREADPOOL_SIZE at once). */
export function evAsync(handOrRequest: EvRequest, options?: EvOptions & EvAsyncOptions & EvFields): Promise<EvAnswer>;
export function evMany(requests: EvRequest[], options?: EvOptions & { threads?: number; errors?: 'throw' }): EvAnswer[];
export function evMany(requests: EvRequest[], options: EvOptions & { threads?: number; errors: 'return' }): Array<EvAnswer | HandError>;
export function evManyAsync(requests: EvRequest[], options?: EvOptions & EvAsyncOptions & { threads?: number; errors?: 'throw' }): Promise<EvAnswer[]>;
export function evManyAsync(requests: EvRequest[], options: EvOptions & EvAsyncOptions & { threads?: number; errors: 'return' }): Promise<Array<EvAnswer | HandError>>;

// ---- Whole games (docs/node.md, "Whole games in Node") ----
export interface TableOptions {
  players?: 4 | 3;
  length?: 'one' | 'east' | 'south';
  rules?: string; // 'tenhou' (default for 4), 'tenhou-sanma' (for 3), 'mahjongsoul', 'mahjongsoul-sanma'
  seed?: number | bigint;
  game?: number;
}
export interface TableState {
  phase: number; // 0 turn, 1 reaction, 2 chankan, 4 game over
  players: number;
  actors: number; // bit per seat asked
  seat: number; // the acting seat, -1 when over
  turn: number;
  roundWind: number;
  kyoku: number;
  dealer: number;
  honba: number;
  sticks: number;
  tilesLeft: number;
  scores: number[];
  riichi: number[];
  placements: number[];
  doraIndicators: number[]; // pai ids: 0..33 kinds, 34..36 red fives
  done: boolean;
  seed: bigint;
  game: number;
}
export class Table {
  constructor(options?: TableOptions);
  readonly players: number;
  readonly rules: string;
  readonly length: 'one' | 'east' | 'south';
  seed: bigint;
  game: number;
  deltas: number[];
  reset(seed?: number | bigint): this;
  readonly seat: number;
  legal(): number[];
  actionMask(): Uint8Array;
  step(action: number): { reward: number; done: boolean };
  readonly done: boolean;
  readonly scores: number[];
  state(): TableState;
  events(viewer?: number): string[];
  record(format?: 'mjai' | 'tenhou6' | 'mjlog'): string;
}
export function actionName(id: number): string;
