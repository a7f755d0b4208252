/* mjk_table.h: the C ABI's game tables (C99), part of mjk.h (which
 * includes it; include either). docs/c-abi.md, "Game tables". */
#ifndef MJK_TABLE_H
#define MJK_TABLE_H

#include <stddef.h>
#include <stdint.h>

#include "mjk.h" /* MJK_API, MJK_MAX_MESSAGE, the MJK_ERR_* codes */

#ifdef __cplusplus
extern "C" {
#endif

/* ---- game tables (docs/c-abi.md; the engine's guide: docs/engine.md) ----
 * One game of four or three players under a rules preset: create it from a
 * seed (every round's wall from (seed, game, round, honba)) or from the
 * first round's wall; ask who must act and each one's legal actions (ids of
 * the fixed action index below); apply one answer at a time; read the state
 * as a plain struct and the events as mjai lines. A table allocates (its
 * event list grows); it is not thread-safe (one thread at a time per table;
 * tables apart are independent). */
typedef struct mjk_table mjk_table;

#define MJK_ACTIONS 124 /* the action index: ids 0..123 */
enum {
  MJK_ACT_DISCARD = 0,           /* + pai: a tile of the hand other than the drawn one */
  MJK_ACT_TSUMOGIRI = 37,        /* the drawn tile */
  MJK_ACT_RIICHI = 38,           /* + pai: riichi with that discard */
  MJK_ACT_RIICHI_TSUMOGIRI = 75, /* riichi discarding the drawn tile */
  MJK_ACT_CHI = 76,              /* + 0/1/2: the called tile the lowest / middle / highest of the run */
  MJK_ACT_CHI_RED = 79,          /* + 0/1/2: the same with a red five among the two tiles taken */
  MJK_ACT_PON = 82,
  MJK_ACT_PON_RED = 83, /* a red five among the two tiles taken */
  MJK_ACT_DAIMINKAN = 84,
  MJK_ACT_KAN = 85, /* + kind: a closed kan, or an added kan on the pon of that kind */
  MJK_ACT_TSUMO = 119,
  MJK_ACT_RON = 120,
  MJK_ACT_NINE_TERMINALS = 121,
  MJK_ACT_NORTH = 122, /* three players: set a north aside */
  MJK_ACT_PASS = 123
};
/* A "pai": 0..33 a kind (a plain five for 4, 13, 22), 34..36 the red 5m, 5p,
 * 5s; MJK_NO_PAI: none. */
#define MJK_NO_PAI 255
enum {
  MJK_PHASE_TURN = 0,       /* `turn` draws or has called: discard, riichi, kan, tsumo, ... */
  MJK_PHASE_REACTION = 1,   /* the others answer `claim`, discarded by `turn` */
  MJK_PHASE_CHANKAN = 2,    /* the others may rob the kan (or north) of `claim` */
  MJK_PHASE_ROUND_OVER = 3, /* the round's result is in the state; mjk_table_next_round deals the next */
  MJK_PHASE_GAME_OVER = 4
};
enum { MJK_LENGTH_RULES = -1, MJK_LENGTH_ONE = 0, MJK_LENGTH_EAST = 1, MJK_LENGTH_SOUTH = 2 };
/* Why an action was refused (= mjk::Refusal; append-only). */
enum {
  MJK_REFUSAL_NONE = 0,
  MJK_REFUSAL_GAME_OVER,
  MJK_REFUSAL_ROUND_OVER,
  MJK_REFUSAL_BAD_SEAT,
  MJK_REFUSAL_NOT_ASKED,
  MJK_REFUSAL_BAD_ACTION,
  MJK_REFUSAL_NOT_HELD,
  MJK_REFUSAL_NO_DRAWN_TILE,
  MJK_REFUSAL_RIICHI_DISCARD,
  MJK_REFUSAL_KUIKAE,
  MJK_REFUSAL_ALREADY_RIICHI,
  MJK_REFUSAL_OPEN_HAND,
  MJK_REFUSAL_RIICHI_POINTS,
  MJK_REFUSAL_RIICHI_WALL,
  MJK_REFUSAL_NOT_TENPAI,
  MJK_REFUSAL_NOT_COMPLETE,
  MJK_REFUSAL_FURITEN,
  MJK_REFUSAL_NO_YAKU,
  MJK_REFUSAL_NOT_KAMICHA,
  MJK_REFUSAL_NO_CHI,
  MJK_REFUSAL_CANNOT_CALL,
  MJK_REFUSAL_KAN_CHANGES_WAITS,
  MJK_REFUSAL_KAN_LIMIT,
  MJK_REFUSAL_NOT_FIRST_DRAW,
  MJK_REFUSAL_TOO_FEW_TERMINALS,
  MJK_REFUSAL_NO_NORTH,
  MJK_REFUSAL_WRONG_PHASE
};
/* What went wrong, with the sentence: "unknown rules preset 'x' (the
 * presets: ...)", "seat 2 may not ron: furiten". */
typedef struct mjk_table_error {
  int32_t code;    /* MJK_OK or the MJK_ERR_* code */
  uint8_t refusal; /* MJK_ERR_ILLEGAL_ACTION: MJK_REFUSAL_* */
  uint8_t seat, action;
  uint8_t reserved;
  char message[MJK_MAX_MESSAGE]; /* NUL-terminated; "" when code is MJK_OK */
} mjk_table_error;

/* A new game under the preset rules_name ("tenhou", "tenhou-sanma",
 * "mahjongsoul", "mahjongsoul-sanma"), game number `game` of seed `seed`,
 * its length MJK_LENGTH_* (MJK_LENGTH_RULES: the preset's, east-south).
 * NULL on error (error, which may be NULL, says why: MJK_ERR_UNKNOWN_RULES,
 * MJK_ERR_INVALID_ARGUMENT for a NULL name, MJK_ERR_OUT_OF_MEMORY). */
MJK_API mjk_table* mjk_table_new(const char* rules_name, uint64_t seed, uint32_t game, int length,
                                 mjk_table_error* error);
/* The same with the first round's wall given: n tile ids (136, or 108 with
 * three players; id / 4 the kind, 16, 52, 88 the red fives) in the layout
 * of docs/engine.md (draws from the end). Later rounds' walls come from the
 * seed, or from mjk_table_next_round. A bad wall: MJK_ERR_BAD_WALL, with
 * what is wrong ("a fifth copy of 1m"). */
MJK_API mjk_table* mjk_table_new_wall(const char* rules_name, uint64_t seed, uint32_t game, int length,
                                      const uint8_t* ids, size_t n, mjk_table_error* error);
MJK_API void mjk_table_free(mjk_table* table); /* NULL: nothing */
/* A preset's player count (4 or 3) and length (MJK_LENGTH_*): MJK_OK, or
 * MJK_ERR_UNKNOWN_RULES with the sentence in error (which may be NULL), or
 * MJK_ERR_INVALID_ARGUMENT (a NULL pointer). */
MJK_API int mjk_rules_preset(const char* rules_name, int* players, int* length, mjk_table_error* error);

/* The seats that must answer now, bit per seat (0 when the round or the game is over). */
MJK_API int mjk_table_actors(const mjk_table* table);
/* seat's legal actions now, ascending, into ids (cap entries; MJK_ACTIONS
 * always suffice); returns how many (0 when seat has nothing to decide), or
 * -MJK_ERR_INVALID_ARGUMENT (table NULL, ids NULL with cap > 0, seat out of
 * range) or -MJK_ERR_OUTPUT_TOO_SMALL (ids written up to cap). */
MJK_API int mjk_table_legal(const mjk_table* table, int seat, uint8_t* ids, size_t cap);
/* The same as MJK_ACTIONS bytes, 1 for a legal action and 0 otherwise. */
MJK_API int mjk_table_legal_mask(const mjk_table* table, int seat, uint8_t mask[MJK_ACTIONS]);
/* seat's answer. MJK_OK, or MJK_ERR_ILLEGAL_ACTION (error says the refusal,
 * the seat, the action and why; the table is unchanged) or
 * MJK_ERR_INVALID_ARGUMENT. When every seat asked has answered, the table
 * moves on (calls resolved by priority: ron over pon and kan over chi). */
MJK_API int mjk_table_apply(mjk_table* table, int seat, int action, mjk_table_error* error);
/* At MJK_PHASE_ROUND_OVER: deals the next round (its wall from the seed, or
 * the n ids given; ids NULL: the seed's), or ends the game. MJK_OK,
 * MJK_ERR_NOT_ROUND_OVER, MJK_ERR_BAD_WALL or MJK_ERR_INVALID_ARGUMENT. */
MJK_API int mjk_table_next_round(mjk_table* table, const uint8_t* ids, size_t n, mjk_table_error* error);
/* A "discard 5mr", "chi mid red", "kan C", "pass" name of an action id
 * (NUL-terminated into buf, cap bytes; 32 always suffice). MJK_OK,
 * MJK_ERR_INVALID_ARGUMENT (an id out of 0..123, buf NULL) or MJK_ERR_OUTPUT_TOO_SMALL. */
MJK_API int mjk_action_name(int action, char* buf, size_t cap);

/* The game's events so far as mjai lines (docs/engine.md), each ending in
 * '\n', NUL-terminated into buf (cap bytes), *needed (may be NULL) = their
 * length + 1. viewer -1: every tile shown; 0..3: what that seat may see
 * (the others' hands and draws "?"). from_line: the first line written (0:
 * from start_game), for a server sending only what is new. MJK_OK,
 * MJK_ERR_OUTPUT_TOO_SMALL (retry with *needed bytes) or MJK_ERR_INVALID_ARGUMENT. */
MJK_API int mjk_table_events(const mjk_table* table, int viewer, size_t from_line, char* buf, size_t cap,
                             size_t* needed);

/* The game so far as a record: MJK_RECORD_MJAI (the mjai lines of
 * mjk_table_events), MJK_RECORD_TENHOU6 (tenhou.net/6 JSON) or
 * MJK_RECORD_MJLOG (Tenhou's mjlog XML), written by the game-record writers
 * from the events (docs/records.md), NUL-terminated into buf (cap bytes),
 * *needed (may be NULL) = its length + 1. MJK_OK, MJK_ERR_OUTPUT_TOO_SMALL
 * (retry with *needed bytes), MJK_ERR_RECORD_UNWRITABLE (the format cannot
 * carry the game: error says what), MJK_ERR_INVALID_ARGUMENT (an unknown
 * format; in WebAssembly, which has no game records, every format but mjai). */
enum { MJK_RECORD_MJAI = 0, MJK_RECORD_TENHOU6 = 1, MJK_RECORD_MJLOG = 2 };
MJK_API int mjk_table_record(const mjk_table* table, int format, char* buf, size_t cap, size_t* needed,
                             mjk_table_error* error);

typedef struct mjk_table_state {
  uint8_t phase;      /* MJK_PHASE_* */
  uint8_t players;    /* 4 or 3 */
  uint8_t actors;     /* bit per seat that must answer now */
  uint8_t done;       /* 1: the game is over */
  uint8_t turn;       /* the seat whose turn it is (or who discarded `claim`) */
  uint8_t drawn;      /* the pai `turn` drew, MJK_NO_PAI after a call */
  uint8_t claim;      /* the pai being answered (MJK_PHASE_REACTION, MJK_PHASE_CHANKAN), else MJK_NO_PAI */
  uint8_t round_wind; /* 0 East .. 3 North (at MJK_PHASE_ROUND_OVER: the next round's) */
  uint8_t kyoku;      /* 0-based round number in its wind = the dealer's seat */
  uint8_t dealer;
  uint8_t honba, sticks; /* riichi sticks on the table */
  uint8_t tiles_left;    /* live tiles still to draw */
  uint8_t dora_count;    /* dora indicators shown */
  uint8_t dora[5];       /* their pai */
  uint8_t riichi[4];     /* per seat: 0, 1 riichi, 2 double riichi */
  uint8_t placements[4]; /* per seat, 0 first (ties by seat order) */
  /* the last round's result (meaningful from its end until the next round's first action) */
  uint8_t result_win;     /* 1: a win; 0: a draw */
  uint8_t result_draw;    /* the draw's kind: 0 exhaustive, nagashi_mangan, nine_terminals, four_winds,
                             four_riichi, four_kans, three_rons */
  uint8_t result_winners; /* bit per seat */
  uint8_t result_from;    /* ron: the discarder; tsumo: the winner */
  uint8_t reserved[6];
  int32_t scores[4];        /* per seat (three players: scores[3] is 0) */
  int32_t result_deltas[4]; /* the last round's payments, sticks and honba included */
  uint64_t seed;
  uint32_t game;
  uint8_t reserved2[4];
} mjk_table_state;
/* The state into *out. MJK_OK or MJK_ERR_INVALID_ARGUMENT. */
MJK_API int mjk_table_get_state(const mjk_table* table, mjk_table_state* out);

/* ---- what every door of a table shares (docs/c-abi.md, "Observations and batches") ----
 * The acting seat: the lowest seat asked (on a discard several seats are;
 * they answer one at a time in seat order). -1 when nobody must act (a
 * round or the game over) or table is NULL. */
MJK_API int mjk_table_seat(const mjk_table* table);
/* At a round's end: deals the next rounds (each wall from the seed) until a
 * seat must act or the game is over, adding each ended round's payments
 * (mjk_table_state's result_deltas) into deltas[4] (may be NULL). Returns 1
 * when the game is over, 0 when a seat must act, -MJK_ERR_INVALID_ARGUMENT
 * (table NULL) or -MJK_ERR_OUT_OF_MEMORY. */
MJK_API int mjk_table_play_on(mjk_table* table, int32_t* deltas);
/* The engine's invariants: "" when they hold, else what is broken
 * (NUL-terminated into buf, cap bytes, cut to fit). For tests. MJK_OK or
 * MJK_ERR_INVALID_ARGUMENT. */
MJK_API int mjk_table_check(const mjk_table* table, char* buf, size_t cap);

/* The observation encoding: the acting seat's view as MJK_OBSERVATION_SIZE
 * floats, seats relative to it (0 itself, 1 the next to play, 2 across, 3
 * the previous), values raw (counts, points, a pai as pai + 1, 0 none), and
 * on its own turn each discard's shanten and ukeire from the kernel. Its
 * fields (docs/python.md has the table): field i's name ("hand", "melds",
 * "shanten_after", ...), first float and length; MJK_OK, or
 * MJK_ERR_INVALID_ARGUMENT for i outside 0..MJK_OBSERVATION_FIELDS - 1. */
#define MJK_OBSERVATION_SIZE 556
#define MJK_OBSERVATION_FIELDS 13
MJK_API int mjk_observation_field(int i, const char** name, int* offset, int* size);
/* table's acting seat's observation into out (zeros when nobody acts).
 * MJK_OK or MJK_ERR_INVALID_ARGUMENT. */
MJK_API int mjk_table_observe(const mjk_table* table, float out[MJK_OBSERVATION_SIZE]);

/* n games stepped together in one loop, for self-play and learning: table
 * i plays games i, i + n, i + 2n, ... of the seed, one action a table for
 * its acting seat; round ends are dealt past within the step and a finished
 * game is replaced at once by the table's next. No event list is kept (a
 * table is mjk_tables_table_bytes() bytes). Not thread-safe (one thread at a
 * time per batch). The arrays a step or a reset writes are the caller's,
 * n rows each; a NULL one is not written. */
typedef struct mjk_tables mjk_tables;
typedef struct mjk_tables_out {
  uint8_t* mask;         /* n * MJK_ACTIONS: 1 where the acting seat may play the action, else 0 */
  int8_t* seat;          /* n: the acting seat */
  int32_t* deltas;       /* n * 4: every seat's payments of the rounds the step ended */
  int32_t* final_scores; /* n * 4: where a game ended, its final scores (else kept) */
  float* rewards;        /* n: the acting seat's share of deltas (the seat that took the step) */
  uint8_t* done;         /* n: 1 where the game ended in the step */
} mjk_tables_out;
/* n >= 1 tables under the preset, at their first games of seed (out, which
 * may be NULL, is written as by mjk_tables_reset). NULL on error (error
 * says why: MJK_ERR_UNKNOWN_RULES, MJK_ERR_INVALID_ARGUMENT for n 0 or a
 * NULL name, MJK_ERR_OUT_OF_MEMORY). */
MJK_API mjk_tables* mjk_tables_new(const char* rules_name, int length, uint64_t seed, size_t n,
                                   const mjk_tables_out* out, mjk_table_error* error);
MJK_API void mjk_tables_free(mjk_tables* tables); /* NULL: nothing */
MJK_API size_t mjk_tables_size(const mjk_tables* tables);
MJK_API size_t mjk_tables_table_bytes(void); /* the engine state one table takes */
/* Every table back to its first game of seed: mask and seat written,
 * deltas, final_scores, rewards and done zeroed. MJK_OK or MJK_ERR_INVALID_ARGUMENT. */
MJK_API int mjk_tables_reset(mjk_tables* tables, uint64_t seed, const mjk_tables_out* out);
/* actions[i] (n of them; int64, NumPy's default integer) for table i's
 * acting seat. Every action is checked first: an illegal one (the first in
 * table order) is MJK_ERR_ILLEGAL_ACTION, error naming the table, the seat,
 * the action and why ("table 2: seat 0 may not play ron: ... (nothing was
 * applied)"), and no table moves. Else MJK_OK and out written. */
MJK_API int mjk_tables_step(mjk_tables* tables, const int64_t* actions, const mjk_tables_out* out,
                            mjk_table_error* error);
/* The acting seats' observations, n * MJK_OBSERVATION_SIZE floats into out. */
MJK_API int mjk_tables_encode(const mjk_tables* tables, float* out);
/* Each table's game number (n into games) and scores now (n * 4 into scores; either may be NULL). */
MJK_API int mjk_tables_games(const mjk_tables* tables, uint32_t* games, int32_t* scores);
/* Table i's invariants, as mjk_table_check. */
MJK_API int mjk_tables_check(const mjk_tables* tables, size_t i, char* buf, size_t cap);

/* ---- self-play by the built-in bots (docs/c-abi.md, "Self-play") ----
 * Games as `mjk play` plays and writes them, the same bytes: the records
 * layer's play_recorded, the bots' choices keyed by (seed, game) alone, so
 * a game played on any machine or thread is the same game. Not in
 * WebAssembly (no game records there). A player allocates; one thread at a
 * time per player. */
typedef struct mjk_selfplay mjk_selfplay;
enum { MJK_RECORD_NONE = -1 }; /* the figures alone, no record written */
typedef struct mjk_selfplay_game {
  uint32_t rounds, wins, draws;
  uint32_t reserved;
  int64_t decisions;
  int32_t scores[4];     /* final, per seat (three players: scores[3] is 0) */
  uint8_t placements[4]; /* per seat, 0 first */
  const char* text;      /* the record (format's), valid until the next game or mjk_selfplay_free */
  size_t size;           /* its bytes (0 for MJK_RECORD_NONE) */
} mjk_selfplay_game;
/* A player of games under the preset (length MJK_LENGTH_*), bots[s] the
 * built-in bot of seat s ("random", "tsumogiri", "advice", "ev"; n one a
 * seat of the preset), written as format (MJK_RECORD_* or MJK_RECORD_NONE).
 * NULL on error, error naming it: MJK_ERR_UNKNOWN_RULES, or
 * MJK_ERR_INVALID_ARGUMENT ("unknown bot 'x' for seat 2 (the bots: ...)",
 * "bots names 3 bots for 4 players", a format that cannot carry the
 * preset's games: "--format mjlog states Tenhou's rules, and ..."). */
MJK_API mjk_selfplay* mjk_selfplay_new(const char* rules_name, int length, const char* const* bots, size_t n,
                                       int format, mjk_table_error* error);
/* Plays game `game` of `seed` into *out. MJK_OK, MJK_ERR_RECORD_UNWRITABLE
 * (a writer refused the game: error says why), MJK_ERR_INVALID_ARGUMENT or
 * MJK_ERR_OUT_OF_MEMORY. */
MJK_API int mjk_selfplay_play(mjk_selfplay* player, uint64_t seed, uint32_t game, mjk_selfplay_game* out,
                              mjk_table_error* error);
/* A game's figures (played here or elsewhere: rounds, wins, draws,
 * decisions, scores, placements; text is not read) added into the player's
 * summary. MJK_OK or MJK_ERR_INVALID_ARGUMENT. */
MJK_API int mjk_selfplay_add(mjk_selfplay* player, const mjk_selfplay_game* game);
/* The summary `mjk play` prints of the games added (json 0: its text, a
 * newline ending every line; 1: the one line of `mjk play --json`, no
 * newline), seed as it names them, seconds the time they took (for the
 * rate), NUL-terminated into buf (cap bytes), *needed (may be NULL) = its
 * length + 1. MJK_OK, MJK_ERR_OUTPUT_TOO_SMALL or MJK_ERR_INVALID_ARGUMENT. */
MJK_API int mjk_selfplay_summary(const mjk_selfplay* player, uint64_t seed, double seconds, int json, char* buf,
                                 size_t cap, size_t* needed);
MJK_API void mjk_selfplay_free(mjk_selfplay* player); /* NULL: nothing */
/* mjk play's options checked together as the command checks them (the
 * records layer's plan_play, which `mjk play` calls too): each option's text
 * as its command line takes it, NULL where it is not given (the command's
 * default). */
typedef struct mjk_selfplay_options {
  const char* games;   /* "1" to "4294967295" (default 1) */
  const char* seed;    /* "0" to "18446744073709551615" (default 0) */
  const char* players; /* "4" or "3" (3 with a four-player preset: its -sanma rules; default the preset's) */
  const char* length;  /* "one", "east" or "south" (default the preset's) */
  const char* rules;   /* a preset's name (default "tenhou") */
  const char* bots;    /* one a seat or one for every seat, comma-separated (default "advice") */
  const char* format;  /* "mjai", "tenhou6", "mjlog" or "none" (default mjai with out, else none) */
  const char* out;     /* where the records go ("-": standard output); the plan asks only whether it is given */
  /* NULL: the caller runs cmd:COMMAND bots as mjk play does (a command's
   * commas kept); else the caller's name, which plays the built-in bots
   * alone: "--bots cmd:x for seat 0: NAME plays the built-in bots alone
   * (...); external bots are mjk play's". */
  const char* door;
  int standard_output; /* 1: out "-" writes standard output (said where out is missing) */
} mjk_selfplay_options;
typedef struct mjk_selfplay_plan {
  uint64_t games, seed;
  int32_t players;         /* 4 or 3 */
  int32_t length;          /* MJK_LENGTH_ONE, _EAST or _SOUTH */
  int32_t format;          /* MJK_RECORD_MJAI, _TENHOU6, _MJLOG or MJK_RECORD_NONE */
  char rules[32];          /* the preset played: "tenhou-sanma" for rules tenhou with players 3 */
  const char* length_name; /* "one", "east" or "south" */
  const char* format_name; /* "mjai", "tenhou6", "mjlog" or "none" */
  const char* extension;   /* a record file's: ".mjson", ".json", ".xml" ("" for none) */
  /* Seat s's bot (seats players): bot_sizes[s] bytes from bots[s], within
   * options->bots (or a static "advice"), not NUL-terminated; a cmd:COMMAND whole. */
  const char* bots[4];
  size_t bot_sizes[4];
} mjk_selfplay_plan;
/* The plan of the options into *plan: MJK_OK, or MJK_ERR_INVALID_ARGUMENT
 * with mjk play's sentence naming the option ("--bots names 2 bots for 4
 * players: one a seat, or one for every seat", "--format tenhou6 needs
 * --out DIR", "--format mjlog states Tenhou's rules, and ..."; a NULL
 * pointer). A plan's rules, length, bots and format make its player
 * (mjk_selfplay_new). */
MJK_API int mjk_selfplay_make_plan(const mjk_selfplay_options* options, mjk_selfplay_plan* plan,
                                   mjk_table_error* error);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* MJK_TABLE_H */
