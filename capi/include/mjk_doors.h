/* mjk_doors.h: what the language doors (the Python package, the Node addon,
 * any FFI that hands arrays and lines over in bulk) share, part of mjk.h
 * (which includes it; include either). docs/c-abi.md, "For bindings":
 * every batch operation described and run on the caller's flat arrays, many
 * request lines scored into columns or into `mjk --json`'s score objects,
 * each winning tile's score object, and many expected-value searches spread
 * over threads. Unlike the rest of mjk.h these calls may allocate scratch
 * memory (MJK_ERR_OUT_OF_MEMORY when it cannot be had). */
#ifndef MJK_DOORS_H
#define MJK_DOORS_H

#include <stddef.h>
#include <stdint.h>

#include "mjk.h" /* MJK_API, MJK_KINDS, mjk_request_info, mjk_ev_options, mjk_ev_answer, mjk_cancel */

#ifdef __cplusplus
extern "C" {
#endif

/* ---- every batch operation, described and run on flat arrays ----
 * A door allocates one array per output (row-major, n rows of per_row
 * elements of dtype; "bool" is bytes of 0/1, masks spread out) and one
 * error code per row, and mjk_batch_run fills every byte of them, so the
 * arrays may be uninitialised. The operations, their C calls and outputs:
 *   is_agari         value bool ()
 *   agari_forms      value uint8 ()  (MJK_FORM_*_BIT flags)
 *   waits            value bool (34)
 *   waits_by_form    value bool (3, 34)  (standard, chiitoi, kokushi)
 *   tenpai_discards  discards bool (34), waits bool (34, 34) [discarded kind][wait kind]
 *   shanten          best, standard, chiitoi, kokushi int8 ()  (127: not applicable)
 *   necessary_tiles  shanten int8 (), ukeire uint8 (), tiles bool (34)  (reads visible)
 *   advice           count uint8 (), discard uint8 (14) (255 past count), shanten int8 (14),
 *                    ukeire uint8 (14), necessary bool (14, 34)  (reads visible)
 *   decompositions   count uint8 (), form uint8 (16), block_count uint8 (16), win int8 (16),
 *                    wait int8 (16), block_kind uint8 (16, 13), block_first uint8 (16, 13)
 *                    (readings past count zero; reads winning: an int8 kind per row, -1 none) */
#define MJK_BATCH_MAX_OUTPUTS 7
typedef struct mjk_batch_output {
  const char* name;  /* "value", "discards", "best", ... */
  const char* dtype; /* "bool", "uint8" or "int8" (numpy's names) */
  uint8_t dims;      /* per row: 0 (one element), 1 or 2 */
  uint16_t shape[2]; /* dims of them used */
  uint32_t per_row;  /* elements per row: the product of the shape (1 for dims 0) */
} mjk_batch_output;
typedef struct mjk_batch_op {
  const char* name;     /* "is_agari", ... */
  const char* question; /* "complete" (3k+2 tiles), "waits" (3k+1) or "shanten" (either) */
  uint8_t reads_visible, reads_winning, output_count;
  mjk_batch_output outputs[MJK_BATCH_MAX_OUTPUTS];
} mjk_batch_op;
/* The operations in the order above: op i, NULL past the last. */
MJK_API const mjk_batch_op* mjk_batch_op_at(size_t i);
/* The operation of that name (length bytes), or NULL. */
MJK_API const mjk_batch_op* mjk_batch_op_named(const char* name, size_t length);

typedef struct mjk_batch {
  const uint8_t* rows; /* n rows of 34 counts */
  size_t n;
  int players;                          /* 4 or 3 */
  const uint8_t* visible;               /* NULL, or visible_rows rows of 34 counts */
  size_t visible_rows;                  /* 0 (none), 1 (every row) or n (one per row) */
  const int8_t* winning;                /* NULL, or n kinds (-1: none); only an operation that reads it */
  uint8_t* errors;                      /* n codes */
  void* outputs[MJK_BATCH_MAX_OUTPUTS]; /* op's output_count arrays, in its order */
} mjk_batch;
/* Runs op on batch. Unlike the batch calls of mjk.h, an input may overlap
 * an output: it is copied first, so the answer is the one without overlap
 * (as numpy's ufuncs do); outputs that overlap each other are refused
 * (MJK_ERR_INVALID_ARGUMENT, why "outputs value and errors overlap"; no
 * order of writes answers both). Returns MJK_OK (each row its own code in
 * errors), or the error that stopped the whole call with the sentence in why
 * (why_cap bytes, NUL-terminated; why may be NULL): a NULL pointer, players
 * not 3 or 4, visible_rows neither 0, 1 nor n, winning given to an operation
 * that does not read it, MJK_ERR_OUT_OF_MEMORY. */
MJK_API int mjk_batch_run(const mjk_batch_op* op, const mjk_batch* batch, char* why, size_t why_cap);

/* ---- tile names and mpsz text ----
 * Kinds 0..33 (1-9m, 1-9p, 1-9s, 1-7z) named and read as the library names
 * them (tile_name, parse_tile, to_mpsz of mjk/hand.hpp), so that no door
 * writes the naming again. A refusal comes with why: a static sentence about
 * the value (never NULL), which a door writes after its own spelling of the
 * value ("kind must be 0..33, not 34"; "'8z' is not a tile ..."). */
/* Kind's name ("1m" .. "7z") into buf (3 bytes, NUL-terminated). MJK_OK, or
 * MJK_ERR_INVALID_ARGUMENT for a kind outside 0..33 (buf "", *why "must be
 * 0..33"; why may be NULL). */
MJK_API int mjk_tile_name(long long kind, char buf[3], const char** why);
/* The kind (0..33) of one tile name of length bytes: a digit and m, p, s or
 * z, lower case ("0m", "0p", "0s" the red fives: 4, 13, 22); -1 for anything
 * else, *why (may be NULL) "is not a tile name (a digit and m, p, s or z:
 * \"5m\", \"0p\", \"7z\")" or, for 0z, 8z and 9z, "is not a tile (honours
 * are 1z..7z)". */
MJK_API int mjk_tile_kind(const char* name, size_t length, const char** why);
/* The longest mpsz text of 34 counts of at most 4, with its NUL. */
#define MJK_MPSZ_CAP 141
/* 34 counts in kind order as canonical mpsz text: suits in the order m p s z,
 * digits ascending, no red fives ("119m19p19s1234567z"; "" for no tiles)
 * into buf (MJK_MPSZ_CAP bytes, NUL-terminated). MJK_OK; MJK_ERR_FIFTH_COPY
 * where a count passes 4 (buf "", *bad_kind the first such kind; bad_kind may
 * be NULL); MJK_ERR_INVALID_ARGUMENT for counts or buf NULL. */
MJK_API int mjk_counts_mpsz(const uint8_t* counts, char* buf, size_t* bad_kind);

/* ---- a game record's review as columns ----
 * mjk_review_columns' fields described, in the order of Python's read_log
 * dict: name (the field's), dtype ("bool" bytes of 0/1, "uint8", "int8",
 * "uint16", "uint32") and width (1, 3 or 34 elements per discard). */
typedef struct mjk_review_column {
  const char* name;
  const char* dtype;
  uint8_t width;
} mjk_review_column;
MJK_API const mjk_review_column* mjk_review_column_at(size_t i); /* NULL past the last */
/* mjk_review_columns_write with arrays[i] (NULL: left out) the array of
 * column i, n x width elements of its dtype. MJK_ERR_INVALID_ARGUMENT:
 * arrays NULL, rows NULL with n > 0. */
MJK_API int mjk_review_columns_write_arrays(const mjk_review_row* rows, size_t n, void* const* arrays);

/* ---- many request lines scored ----
 * Each line (SCORING.md §1's JSON object, or mpsz text with meld words and
 * the winning tile) read by mjk_parse_request and scored by mjk_score. A line
 * naming no winning tile is MJK_ERR_BAD_WINNING_TILE ("nothing to score: ...";
 * one that asks "each_win" is told to ask mjk_score_each_win_json). built
 * (NULL: none; for a single line 0 or 1): 1 where the door wrote the line
 * from its caller's fields, whose errors mjk_request_error_in_field then
 * places in the field. */
typedef struct mjk_score_columns {
  uint8_t* complete; /* 0: not complete with its winning tile */
  int8_t* han;       /* dora included; 0 for yakuman */
  uint8_t* fu;
  uint8_t* yakuman;
  int32_t* points;
  int32_t* payments; /* 4 a line, by seat wind East South West North */
  uint64_t* yaku;    /* bit y: mjk_yaku_name(y) */
  uint8_t* codes;    /* MJK_OK, or why the line was rejected (its row then zero) */
} mjk_score_columns;
/* n lines (texts[i], lengths[i] bytes) into row i of every column (none may
 * be NULL). first_bad (may be NULL) gets the first rejected line's info
 * (error MJK_OK when none was) and *first_bad_row (may be NULL) its row.
 * A line whose text is NULL with a length above 0 is that line's
 * MJK_ERR_INVALID_ARGUMENT (the others are read). Returns MJK_OK or
 * MJK_ERR_INVALID_ARGUMENT. */
MJK_API int mjk_score_lines(const char* const* texts, const size_t* lengths, size_t n, const uint8_t* built,
                            const mjk_score_columns* out, mjk_request_info* first_bad, size_t* first_bad_row);
/* One line's "score" object exactly as `mjk --json` writes it (mjk_score_json;
 * "null" when not complete, or when the line is rejected: info->error then
 * says why, with the sentence) into buf (cap bytes, NUL-terminated, *needed =
 * its length + 1). Returns MJK_OK, MJK_ERR_OUTPUT_TOO_SMALL (call again with
 * *needed bytes) or MJK_ERR_INVALID_ARGUMENT. */
MJK_API int mjk_score_line_json(const char* text, size_t length, int built, char* buf, size_t cap, size_t* needed,
                                mjk_request_info* info);
/* Every winning tile of a waiting hand's line (no "win"; its visible tiles
 * counted, mjk_score_each_win_visible): the JSON object {tile: "score"
 * object} of the tiles that complete the hand, in tile order, each exactly
 * the score object of the line won on that tile ("{}" when none does), into
 * buf as mjk_score_line_json writes; codes[k] (may be NULL) the code of kind
 * k (a fifth copy, 2m-8m with three players, more than four with the visible
 * tiles; MJK_OK otherwise). The request's own error, every tile's (a named
 * "win", a complete hand: the sentence saying what a waiting hand holds),
 * is info->error with buf "{}". Returns as mjk_score_line_json. */
MJK_API int mjk_score_each_win_json(const char* text, size_t length, int built, char* buf, size_t cap, size_t* needed,
                                    uint8_t* codes, mjk_request_info* info);

/* ---- many expected-value searches ----
 * Options given by a door's caller replace each line's own "ev" options:
 * bit i of given (MJK_EV_GIVEN_*, mjk_ev_options' order) says values' field
 * i is given. */
#define MJK_EV_GIVEN_HAND_CHANGE 1u
#define MJK_EV_GIVEN_SHANTEN_BACK 2u
#define MJK_EV_GIVEN_EXTRA 4u
#define MJK_EV_GIVEN_URADORA 8u
#define MJK_EV_GIVEN_RED 16u
#define MJK_EV_GIVEN_TURN 32u
#define MJK_EV_GIVEN_MAX_VERTICES 64u
typedef struct mjk_ev_overrides {
  uint32_t given;
  mjk_ev_options values; /* progress is not read */
} mjk_ev_overrides;
/* The options themselves, io's field table of the request's "ev" object in
 * mjk_ev_options' order (option i is bit i of given): name (the JSON key),
 * type ("boolean"; "integer", whose range the search checks, its own error
 * codes; "count", min..max), bounds and default (as JSON). NULL past the last. */
typedef struct mjk_ev_option {
  const char* name;
  const char* type;
  uint64_t min, max;
  const char* fallback;
} mjk_ev_option;
MJK_API const mjk_ev_option* mjk_ev_option_at(size_t i);
/* Option i (mjk_ev_option_at's order) given as value: bit i of
 * overrides->given set and values' field i = value, a byte field's saturated
 * at 255 (which the search then refuses as out of its range), so that a door
 * holding the options as numbers in the table's order sets them by index.
 * MJK_OK, or MJK_ERR_INVALID_ARGUMENT (overrides NULL, i past the last). */
MJK_API int mjk_ev_overrides_set(mjk_ev_overrides* overrides, size_t i, uint64_t value);
/* One line's answer: info.error MJK_OK, or why (info.message the sentence; answer zero). */
typedef struct mjk_ev_row {
  mjk_ev_answer answer;
  mjk_request_info info;
} mjk_ev_row;
/* How many threads a batch of n lines gets: threads (0: one per core the
 * process may run on), never more than n (at least 1). */
MJK_API unsigned mjk_ev_threads(size_t n, unsigned threads);
/* n lines (texts[i], lengths[i] bytes; read by mjk_parse_ev_request, the
 * overrides laid over, searched by mjk_ev_cancellable) into out[i], on
 * mjk_ev_threads(n, threads) threads taking lines one at a time (the calling
 * thread one of them), each with a workspace the library keeps between calls
 * (one grown past 64 MiB by a large search is freed instead). Once cancel
 * (NULL: never) is requested the searches under way stop and every line not
 * answered gets MJK_ERR_CANCELLED. built: as for mjk_score_lines. overrides
 * may be NULL (none). A line whose text is NULL with a length above 0 is
 * that line's MJK_ERR_INVALID_ARGUMENT. Returns MJK_OK or
 * MJK_ERR_INVALID_ARGUMENT. */
MJK_API int mjk_ev_lines(const char* const* texts, const size_t* lengths, size_t n, const uint8_t* built,
                         const mjk_ev_overrides* overrides, unsigned threads, const mjk_cancel* cancel,
                         mjk_ev_row* out);
/* A discard's name as `mjk --json` writes it ("6s"; "0s" a red five) into
 * buf (3 bytes: two and the NUL), by its discard and discard_red alone; ""
 * for no tile (a kind past 33, discard_red on a kind that is not a five, a
 * NULL discard). A NULL buf is left alone. */
MJK_API void mjk_ev_discard_name(const mjk_ev_discard* discard, char buf[3]);

/* ---- what a door reads of the library to make its functions (capi/src/doors_json.cpp) ----
 * mjk_score_lines' columns described as mjk_review_column_at describes the
 * review's, in mjk_score_columns' order: complete bool, han int8, fu uint8,
 * yakuman uint8, points int32, payments int32 (width 4), yaku uint64, codes
 * uint8. NULL past the last. */
MJK_API const mjk_review_column* mjk_score_column_at(size_t i);
/* mjk_score_lines with arrays[i] the array of column i (n x width elements
 * of its dtype; none NULL): a door allocates them by the table. */
MJK_API int mjk_score_lines_arrays(const char* const* texts, const size_t* lengths, size_t n, const uint8_t* built,
                                   void* const* arrays, mjk_request_info* first_bad, size_t* first_bad_row);
/* An expected-value answer's per-discard arrays described as the review's
 * columns are, in this order: discard_shanten int8 (width 1), necessary bool
 * (34: the kinds that lower the shanten), necessary_counts uint8 (34: each
 * necessary kind's copies in the start wall, else 0), tenpai, win and score
 * float64 (MJK_EV_TURNS, index t = draws made). NULL past the last. */
MJK_API const mjk_review_column* mjk_ev_column_at(size_t i);
/* The answer's count discards into arrays[i] (count x width elements of
 * column i's dtype; NULL: left out). MJK_OK, or MJK_ERR_INVALID_ARGUMENT
 * for answer or arrays NULL. */
MJK_API int mjk_ev_answer_write_arrays(const mjk_ev_answer* answer, void* const* arrays);
/* The tables a door makes its functions from, as one JSON object (a door
 * whose language reads JSON faster than it walks C tables reads this):
 * "operations" (mjk_batch_op_at: name, question, reads_visible,
 * reads_winning, outputs [{name, dtype, shape}]), "ev_options"
 * (mjk_ev_option_at: name, type, minimum, maximum, default), "yaku"
 * (mjk_yaku_name in bit order), "review_columns", "score_columns" and
 * "ev_columns" ({name, dtype, width}), "max_record_bytes" (MJK_DEFAULT_MAX_RECORD_BYTES)
 * and "ev_max_vertices" (MJK_EV_DEFAULT_MAX_VERTICES). Static text, written
 * on the first call; NULL when that call ran out of memory. */
MJK_API const char* mjk_doors_json(void);
/* Or'd into mjk_corpus_json's flags: a directory among paths is walked as
 * `mjk log` walks it (every file but README.md, sorted bytewise; everything
 * but a directory is a record to read). A directory that cannot be listed
 * fails the call: MJK_ERR_BAD_REQUEST, buf "cannot list DIR: why" (as far
 * as it fits, *needed its length + 1). */
#define MJK_CORPUS_WALK 4
/* The records mjk_corpus_json with MJK_CORPUS_WALK reads, for a door that
 * hands them out in batches itself (Python's Dask runner): paths[0..n) with
 * each directory walked as `mjk log` walks it, into buf as one text, each
 * file name followed by a NUL and one more NUL ending the list (*needed its
 * length, both NULs counted). MJK_OK; MJK_ERR_OUTPUT_TOO_SMALL (call again
 * with *needed bytes); MJK_ERR_BAD_REQUEST for a directory that cannot be
 * listed, buf "cannot list DIR: why" as mjk_corpus_json writes it;
 * MJK_ERR_INVALID_ARGUMENT for a NULL path, or buf NULL with cap > 0. */
MJK_API int mjk_corpus_files(const char* const* paths, size_t n, char* buf, size_t cap, size_t* needed);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* MJK_DOORS_H */
