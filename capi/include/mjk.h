/* mjk.h: the C ABI of mjk (C99; usable from C++, and through any FFI).
 *
 * A thin door onto the same kernel as the C++ API (mjk/analysis.hpp). Every
 * function here is thread-safe, never throws, never allocates and never
 * keeps a pointer it was given.
 *
 * Hands are rows of 34 tile counts (uint8_t) in kind order: 1-9m (0-8),
 * 1-9p (9-17), 1-9s (18-26), then East South West North White Green Red
 * (27-33). A batch is n such rows back to back (n * 34 bytes). Sets of kinds
 * are uint64_t masks, bit k for kind k.
 *
 * Errors are values. A function returns MJK_OK or the error that stopped the
 * whole call (a null pointer, players not 3 or 4, ...); then it wrote
 * nothing. Otherwise every row gets its own code in errors[i] (which may be
 * NULL if the caller does not want them): one bad row never hides the
 * others, and a bad row's answer is zero (shanten: 0 too, check the code).
 * The codes are mjk::Error's values; new codes are only ever appended.
 *
 * Aliasing: inputs (rows, visible, winning, text, visible34) are only read
 * and may overlap each other in any way. An output (every pointer a function
 * writes through: its results, storage, slices, errors, buf, needed) must not
 * overlap any input or any other output, not even exactly (no in-place
 * calls): the behaviour is then undefined, as for C99 `restrict` pointers.
 * (The Python and Node bindings copy an input that overlaps an output before
 * the call, as numpy's ufuncs do, and refuse outputs that overlap each other.)
 *
 * Link: cc -std=c99 prog.c $(pkg-config --cflags --libs mjk)
 */
#ifndef MJK_H
#define MJK_H

#include <stddef.h>
#include <stdint.h>

#include "mjk/export.h"  /* MJK_API */
#include "mjk/version.h" /* MJK_VERSION_MAJOR, MJK_VERSION_MINOR, MJK_VERSION_PATCH, MJK_VERSION_STRING */

#ifdef __cplusplus
extern "C" {
#endif

#define MJK_KINDS 34

/* ---- library ---- */

/* "MAJOR.MINOR.PATCH" of the library actually loaded (compare with MJK_VERSION_STRING). */
MJK_API const char* mjk_version(void);
/* The kernel implementation in use: "avx2", "sse4.2", "sse2", "portable", ...
 * (the best this CPU runs, or the one the environment variable MJK_FORCE_IMPL names). */
MJK_API const char* mjk_implementation(void);

/* ---- errors (= mjk::Error; append-only) ---- */
enum {
  MJK_OK = 0,
  MJK_ERR_EMPTY_INPUT = 1,                      /* no tiles at all */
  MJK_ERR_UNKNOWN_CHARACTER = 2,                /* a byte that is not a digit, suit letter or space */
  MJK_ERR_DIGIT_WITHOUT_SUIT = 3,               /* "123" with no m/p/s/z after it */
  MJK_ERR_SUIT_WITHOUT_DIGIT = 4,               /* "m" with no digit before it (mpsz) or after it (suit-first form) */
  MJK_ERR_INVALID_HONOUR = 5,                   /* 8z, 9z, 0z */
  MJK_ERR_FIFTH_COPY = 6,                       /* a fifth tile of one kind */
  MJK_ERR_TOO_MANY_TILES = 7,                   /* more than 14 tiles */
  MJK_ERR_WRONG_TILE_COUNT = 8,                 /* the count does not fit the question (waits 3k+1, agari 3k+2) */
  MJK_ERR_BAD_WINNING_TILE = 9,                 /* not exactly one tile after the space; a winning kind not held */
  MJK_ERR_WRONG_COUNT_BEFORE_WINNING_TILE = 10, /* "HAND TILE" where HAND is not 3k+1 tiles */
  MJK_ERR_BAD_TILE_ID = 11,                     /* a 136-id outside 0..135, or the same id twice */
  MJK_ERR_BAD_SLOT = 12,                        /* a count above 4 */
  MJK_ERR_COUNT_MISMATCH = 13,                  /* (C++ Hand only) tiles field differs from the sum */
  MJK_ERR_OUTPUT_TOO_SMALL = 14,                /* the caller's storage is too small */
  MJK_ERR_NOT_IN_RULES = 15,                    /* a tile the rules do not have (2m-8m with three players) */
  MJK_ERR_PARTIAL_ROW = 16,                     /* (C++ only) rows not a multiple of 34 bytes */
  MJK_ERR_VISIBLE_OVER_FOUR = 17,               /* a kind held + visible more than four times */
  MJK_ERR_TOO_MANY_RED_FIVES = 18,              /* a second red five of one suit (parsing) */
  MJK_ERR_INVALID_ARGUMENT = 19, /* a null pointer where data is needed, players not 3 or 4, a bad stride */
  /* scoring requests (SCORING.md's "Bad input") */
  MJK_ERR_BAD_MELD = 20,        /* a meld's tiles do not make its type (chi a run of one suit, pon 3 equal, kan 4) */
  MJK_ERR_BAD_MELD_SOURCE = 21, /* a chi not from kamicha, an ankan from someone, toimen with three players */
  MJK_ERR_CHI_WITH_THREE_PLAYERS = 22,
  MJK_ERR_WRONG_MELD_COUNT = 23, /* more than four melds, or concealed tiles that do not fit them */
  MJK_ERR_WINNING_TILE_NOT_HELD = 24,
  MJK_ERR_RIICHI_ON_OPEN_HAND = 25,
  MJK_ERR_IPPATSU_WITHOUT_RIICHI = 26,
  MJK_ERR_RINSHAN_WITHOUT_KAN = 27,
  MJK_ERR_RINSHAN_ON_RON = 28,
  MJK_ERR_CHANKAN_ON_TSUMO = 29,
  MJK_ERR_HAITEI_WITH_RINSHAN = 30,
  MJK_ERR_TENHOU_WITH_CALL = 31,
  MJK_ERR_BAD_SEAT = 32, /* seat or round wind out of range, a North seat with three players, ron from oneself */
  MJK_ERR_BAD_NUKI = 33, /* nuki with four players, or more than four */
  MJK_ERR_TOO_MANY_INDICATORS = 34, /* more than five dora or ura indicators */
  MJK_ERR_BAD_REQUEST = 35, /* a malformed request: not JSON, a wrong type, an unknown field or rule key, a bad value */
  MJK_ERR_DEALER_RON_WITH_TENHOU = 36, /* tenhou set on the dealer's ron (renhou is a non-dealer's) */
  /* expected-value searches (EV.md) */
  MJK_ERR_TOO_FEW_TILES = 37,      /* fewer than 13 tiles counting 3 per meld */
  MJK_ERR_COMPLETE_HAND = 38,      /* a 14-tile hand that is already complete */
  MJK_ERR_IMPOSSIBLE_WALL = 39,    /* more copies of a kind (or a red five) seen than the game has */
  MJK_ERR_WALL_TOO_SMALL = 40,     /* fewer tiles in the wall than the 18 draws searched */
  MJK_ERR_EXTRA_OUT_OF_RANGE = 41, /* extra not 0..3 */
  MJK_ERR_TURN_OUT_OF_RANGE = 42,  /* turn not 1..17 */
  MJK_ERR_TOO_MANY_VERTICES = 43,  /* the search passed max_vertices */
  MJK_ERR_OUT_OF_MEMORY = 44,      /* the search could not get the memory it needed */
  MJK_ERR_CANCELLED = 45,          /* the caller's mjk_cancel stopped the search */
  /* 45-59 are kept for the expected-value search. */
  MJK_ERR_RECORD_UNREADABLE = 60, /* a game record that cannot be read (the output names the file and why) */
  /* game tables (mjk_table_*, docs/c-abi.md) */
  MJK_ERR_UNKNOWN_RULES = 61,    /* a rules preset name the engine does not know, or a bad game length */
  MJK_ERR_BAD_WALL = 62,         /* a wall that is not 136 (108) distinct tile ids of the rules */
  MJK_ERR_ILLEGAL_ACTION = 63,   /* an action outside the seat's legal set (mjk_table_error says why) */
  MJK_ERR_NOT_ROUND_OVER = 64,   /* mjk_table_next_round while the round is still being played */
  MJK_ERR_RECORD_UNWRITABLE = 65 /* a game the record format cannot carry (mjk_table_error says what) */
};
/* Short fixed description of a code ("fifth copy of a tile"); never NULL,
 * "unknown error" for a code this library does not know. */
MJK_API const char* mjk_error_message(int code);

/* ---- parsing ---- */
typedef struct mjk_parsed {
  uint8_t counts[MJK_KINDS]; /* the hand, winning tile included */
  uint8_t red_fives[3];      /* red 5m, 5p, 5s held */
  uint8_t tiles;             /* sum of counts */
  int8_t winning;            /* kind named after a space ("123m... 1s"), or -1 */
  uint8_t error;             /* MJK_OK, or why the text was rejected (then the rest is zero) */
  uint8_t error_tile;        /* the kind concerned (e.g. the fifth copy), or 255 */
  uint8_t winning_red;       /* 1 if the winning tile was written as a red five ("0m") */
  uint32_t error_position;   /* byte offset of the problem in the text */
} mjk_parsed;
/* mpsz ("123m456p789s11z23s 1s", red fives as 0) or the suit-first form
 * ("m1m1m2p8p9 p7"), told apart by the first character. `text` is
 * NUL-terminated (mjk_parse) or `length` bytes (mjk_parse_n). Returns
 * out->error, or MJK_ERR_INVALID_ARGUMENT (out or text NULL). */
MJK_API int mjk_parse(const char* text, mjk_parsed* out);
MJK_API int mjk_parse_n(const char* text, size_t length, mjk_parsed* out);
/* Why mjk_parse_n rejects text, as the sentence `mjk` prints ("fifth copy
 * of 1m at position 4"), NUL-terminated into buf (cut at cap - 1 bytes;
 * MJK_MAX_MESSAGE bytes always suffice); "" when text parses. Returns the
 * parse's code (MJK_OK when it parses), or MJK_ERR_INVALID_ARGUMENT (text
 * NULL with length > 0, buf NULL with cap > 0). */
#define MJK_MAX_MESSAGE 256
MJK_API int mjk_parse_message(const char* text, size_t length, char* buf, size_t cap);

/* ---- batch operations on rows of 34 counts ----
 * rows: n * 34 bytes; players: 4 or 3 (sanma: 2m-8m do not exist, a row
 * holding one gets MJK_ERR_NOT_IN_RULES). Outputs hold n elements. */

/* Agari forms as bits. */
#define MJK_FORM_STANDARD_BIT 1
#define MJK_FORM_CHIITOI_BIT 2
#define MJK_FORM_KOKUSHI_BIT 4

/* 3k+2 rows: agari[i] = 1 if complete in any form, else 0. */
MJK_API int mjk_is_agari(const uint8_t* rows, size_t n, int players, uint8_t* agari, uint8_t* errors);
/* 3k+2 rows: forms[i] = MJK_FORM_*_BIT of every form the row is complete in. */
MJK_API int mjk_agari_forms(const uint8_t* rows, size_t n, int players, uint8_t* forms, uint8_t* errors);
/* 3k+1 rows: every kind that completes the hand (kinds held four times excluded). */
MJK_API int mjk_waits(const uint8_t* rows, size_t n, int players, uint64_t* waits, uint8_t* errors);
/* The same waits as rows of 34 bytes, 1 for a kind that completes the hand
 * and 0 otherwise (waits: n * 34 bytes; what numpy's (N, 34) bool array and
 * Node's Uint8Array hold), written straight from the kernel's answers. */
MJK_API int mjk_waits_rows(const uint8_t* rows, size_t n, int players, uint8_t* waits, uint8_t* errors);

typedef struct mjk_form_waits {
  uint64_t standard, chiitoi, kokushi; /* a kind may complete more than one form */
} mjk_form_waits;
/* 3k+1 rows: the waits split by the form they complete. */
MJK_API int mjk_waits_by_form(const uint8_t* rows, size_t n, int players, mjk_form_waits* waits, uint8_t* errors);

typedef struct mjk_tenpai_result {
  uint64_t discards;         /* kinds whose discard leaves the hand tenpai */
  uint64_t waits[MJK_KINDS]; /* waits[k]: the waits after discarding kind k (0 if not tenpai) */
} mjk_tenpai_result;
/* 3k+2 rows: every discard that leaves a tenpai hand, with its waits. */
MJK_API int mjk_tenpai_discards(const uint8_t* rows, size_t n, int players, mjk_tenpai_result* out, uint8_t* errors);

/* ---- decompositions ---- */
enum { MJK_BLOCK_PAIR = 0, MJK_BLOCK_TRIPLET = 1, MJK_BLOCK_SEQUENCE = 2, MJK_BLOCK_SINGLE = 3 };
enum { MJK_FORM_STANDARD = 0, MJK_FORM_CHIITOI = 1, MJK_FORM_KOKUSHI = 2 };
enum {
  MJK_WAIT_NONE = -1,
  MJK_WAIT_RYANMEN = 0,
  MJK_WAIT_KANCHAN = 1,
  MJK_WAIT_PENCHAN = 2,
  MJK_WAIT_TANKI = 3,
  MJK_WAIT_SHANPON = 4,
  MJK_WAIT_KOKUSHI = 5,
  MJK_WAIT_KOKUSHI13 = 6
};
typedef struct mjk_block {
  uint8_t kind;  /* MJK_BLOCK_* */
  uint8_t first; /* the lowest kind; a sequence is first, first+1, first+2 */
} mjk_block;
/* One reading of a complete hand (mirrors mjk::Decomposition): the head (for
 * thirteen orphans, the pair) first, then the other blocks ascending. */
typedef struct mjk_decomposition {
  uint8_t form; /* MJK_FORM_STANDARD, MJK_FORM_CHIITOI, MJK_FORM_KOKUSHI */
  uint8_t block_count;
  int8_t win;  /* index of the block holding the winning tile, -1 if none was named */
  int8_t wait; /* MJK_WAIT_*, MJK_WAIT_NONE without a winning tile */
  mjk_block blocks[13];
} mjk_decomposition;
typedef struct mjk_slice {
  uint32_t offset, count; /* row i's readings: storage[offset .. offset + count) */
} mjk_slice;
/* Storage of MJK_MAX_DECOMPOSITIONS per row always suffices. */
#define MJK_MAX_DECOMPOSITIONS 16
/* 3k+2 rows: every distinct reading of each complete row, packed in row
 * order into storage (capacity elements). winning: NULL, or n kinds (-1: no
 * winning tile for that row); a named winning kind must be held
 * (MJK_ERR_BAD_WINNING_TILE). A row whose readings no longer fit gets
 * MJK_ERR_OUTPUT_TOO_SMALL; a row that is not complete has count 0. */
MJK_API int mjk_decompositions(const uint8_t* rows, size_t n, const int8_t* winning, int players,
                               mjk_decomposition* storage, size_t capacity, mjk_slice* slices, uint8_t* errors);

/* ---- shanten, necessary tiles, advice ---- */
#define MJK_SHANTEN_NOT_APPLICABLE 127
typedef struct mjk_shanten_forms {
  int8_t best, standard;
  int8_t chiitoi, kokushi; /* 13/14 concealed tiles only, else MJK_SHANTEN_NOT_APPLICABLE */
} mjk_shanten_forms;
/* 3k+1 or 3k+2 rows: shanten by form (-1: complete). */
MJK_API int mjk_shanten(const uint8_t* rows, size_t n, int players, mjk_shanten_forms* out, uint8_t* errors);

/* visible (tiles seen outside the hand: discards, melds, dora indicators),
 * as 34 counts: NULL (none), one row shared by every hand (visible_stride
 * 0), or a row per hand, visible_stride bytes apart (>= 34). A kind held +
 * visible more than four times is MJK_ERR_VISIBLE_OVER_FOUR; else, with three
 * players, a 2m-8m visible is MJK_ERR_NOT_IN_RULES (as a request's). */
typedef struct mjk_necessary {
  int8_t shanten; /* best shanten of the hand */
  uint8_t ukeire; /* unseen copies of `tiles`: neither in the hand nor visible */
  uint8_t reserved[6];
  uint64_t tiles; /* the kinds whose draw lowers the best shanten */
} mjk_necessary;
/* 3k+1 rows. */
MJK_API int mjk_necessary_tiles(const uint8_t* rows, size_t n, int players, const uint8_t* visible,
                                size_t visible_stride, mjk_necessary* out, uint8_t* errors);

typedef struct mjk_discard_option {
  uint8_t discard; /* kind */
  int8_t shanten;  /* best shanten after the discard */
  uint8_t ukeire;  /* the discarded copy is not in the wall either */
  uint8_t reserved[5];
  uint64_t necessary;
} mjk_discard_option;
typedef struct mjk_advice_result {
  uint8_t count; /* distinct kinds held = options used */
  uint8_t reserved[7];
  mjk_discard_option options[14]; /* shanten ascending, then ukeire descending, then kind; zero past count */
} mjk_advice_result;
/* 3k+2 rows: what discarding each distinct held kind leaves. */
MJK_API int mjk_advice(const uint8_t* rows, size_t n, int players, const uint8_t* visible, size_t visible_stride,
                       mjk_advice_result* out, uint8_t* errors);

/* ---- scoring a win (SCORING.md) ---- */
enum { MJK_CHI = 0, MJK_PON = 1, MJK_MINKAN = 2, MJK_ANKAN = 3, MJK_KAKAN = 4 };
/* Seats relative to the winner: who discarded a called tile or the ron tile. */
enum { MJK_SELF = 0, MJK_SHIMOCHA = 1, MJK_TOIMEN = 2, MJK_KAMICHA = 3 };
enum { MJK_RENHOU_NONE = 0, MJK_RENHOU_MANGAN = 1, MJK_RENHOU_YAKUMAN = 2 };

typedef struct mjk_meld {
  uint8_t type; /* MJK_CHI ... MJK_KAKAN */
  uint8_t tile; /* the lowest kind (a chi's first tile; the kind of a pon or kan) */
  uint8_t red;  /* red fives among its tiles, 0 or 1 */
  uint8_t from; /* MJK_KAMICHA, MJK_TOIMEN, MJK_SHIMOCHA; MJK_SELF for an ankan */
} mjk_meld;

/* The rule switches (SCORING.md §1); mjk_default_rules() fills the defaults. */
typedef struct mjk_score_rules {
  uint8_t open_tanyao;         /* 1 */
  uint8_t kiriage;             /* 0 */
  uint8_t kazoe_yakuman;       /* 1 */
  uint8_t double_yakuman;      /* 1 */
  uint8_t yakuman_stacking;    /* 1 */
  uint8_t double_wind_pair_fu; /* 4 (or 2) */
  uint8_t pao;                 /* 1 */
  uint8_t renhou;              /* MJK_RENHOU_NONE */
  uint8_t sanma_tsumo_loss;    /* 1 */
  uint8_t reserved[7];
} mjk_score_rules;

/* One win (mirrors mjk::ScoreRequest). Zero it, set the rules with
 * mjk_default_rules, then fill what applies (or use mjk_parse_request).
 * The fields' bounds and the request text's spellings are those of the
 * library's field table: docs/request.md, io/request.schema.json. */
typedef struct mjk_score_request {
  uint8_t counts[MJK_KINDS]; /* the concealed tiles WITH the winning tile: 14 - 3 * meld_count */
  uint8_t red_fives[3];      /* red 5m, 5p, 5s among them */
  uint8_t meld_count;
  mjk_meld melds[4];   /* in the order they were made */
  uint8_t win;         /* the winning kind (held in counts) */
  uint8_t win_red;     /* the winning tile is the red five */
  uint8_t tsumo;       /* 1: self-drawn; 0: ron from `from` */
  uint8_t from;        /* ron: the discarder, MJK_KAMICHA / MJK_TOIMEN / MJK_SHIMOCHA */
  uint8_t seat, round; /* winds 0..3: East (the dealer) South West North */
  uint8_t riichi;      /* 0, 1, 2 (double riichi) */
  uint8_t ippatsu, rinshan, chankan, haitei, tenhou;
  uint8_t dora_count, ura_count;
  uint8_t dora[5], ura[5]; /* indicator kinds (ura counts only with riichi) */
  uint8_t nuki;            /* north tiles set aside (three players) */
  uint8_t players;         /* 4 or 3 */
  uint16_t honba, sticks;
  uint8_t reserved[12];
  mjk_score_rules rules;
} mjk_score_request;

/* The answer (mirrors mjk::Score). */
typedef struct mjk_score_result {
  uint8_t complete;             /* 0: the hand is not complete with `win` (JSON "score": null) */
  uint8_t closed;               /* no open meld */
  uint8_t han;                  /* of the reading chosen, dora included; 0 for a yakuman hand */
  uint8_t fu;                   /* 0 for a yakuman hand or a hand without a yaku */
  uint8_t yakuman;              /* the multiple of yakuman paid (0: none) */
  uint8_t dora, aka, ura, nuki; /* counted */
  uint8_t reserved[7];
  uint64_t yaku;       /* bit y: yaku y counted (mjk_yaku_name(y)) */
  int32_t points;      /* the hand's value, without honba and sticks */
  int32_t payments[4]; /* each seat's change by seat wind, honba, sticks and pao included */
  uint8_t reserved2[4];
} mjk_score_result;

#define MJK_YAKU_COUNT 51
/* A yaku's name as SCORING.md spells it ("riichi", "kokushi_13", ...), "unknown" past the last. */
MJK_API const char* mjk_yaku_name(int yaku);
typedef struct mjk_yaku_value {
  uint8_t yaku;    /* bit index in mjk_score_result.yaku */
  uint8_t han;     /* its han (a dora kind: its count); 0 for a yakuman */
  uint8_t yakuman; /* 1 or 2 for a yakuman, else 0 */
  uint8_t reserved;
} mjk_yaku_value;
/* The listed yaku of a score with their value, in order, into out (cap
 * entries; MJK_YAKU_COUNT always suffice); returns how many were written. */
MJK_API size_t mjk_score_yaku(const mjk_score_result* score, const mjk_score_rules* rules, mjk_yaku_value* out,
                              size_t cap);

/* ---- the score as players say it ----
 * The pieces of the "score" object's readable fields (README, "--json"), for
 * front ends that build their own objects; mjk_score_json below writes them
 * all as JSON. */
enum { MJK_NAME_ID = 0, MJK_NAME_EN = 1, MJK_NAME_JA = 2 };
/* A yaku's display name: its id ("menzen_tsumo"), English ("Fully concealed
 * hand") or Japanese (UTF-8, "門前清自摸和"); "" out of range. */
MJK_API const char* mjk_yaku_label(int yaku, int language);
/* Limits: 0 none, 1 mangan, haneman, baiman, sanbaiman, kazoe_yakuman,
 * yakuman, double_yakuman, ... 11 sextuple_yakuman; "" for none and out of range. */
#define MJK_LIMIT_COUNT 12
MJK_API const char* mjk_limit_label(int limit, int language);
/* Fu parts by reason (mjk_fu_reason_name: "base", ...; "unknown" past them). */
enum {
  MJK_FU_BASE = 0,
  MJK_FU_CHIITOITSU = 1,
  MJK_FU_CLOSED_RON = 2,
  MJK_FU_TSUMO = 3,
  MJK_FU_WAIT = 4,
  MJK_FU_PAIR = 5,
  MJK_FU_CLOSED_TRIPLET = 6,
  MJK_FU_OPEN_TRIPLET = 7,
  MJK_FU_CLOSED_KAN = 8,
  MJK_FU_OPEN_KAN = 9,
  MJK_FU_OPEN_PINFU = 10,
  MJK_FU_ROUNDING = 11,
  MJK_FU_REASON_COUNT = 12
};
MJK_API const char* mjk_fu_reason_name(int reason);
/* A wait's name ("ryanmen", "kanchan", ... for MJK_WAIT_*); "unknown" out of range. */
MJK_API const char* mjk_wait_name(int wait);
typedef struct mjk_fu_part {
  uint8_t reason; /* mjk_fu_reason_name */
  uint8_t fu;
  uint8_t tiles; /* a pair, triplet or kan: its size (2, 3, 4) of `tile`; else 0 */
  uint8_t tile;  /* that kind */
  uint8_t wait;  /* MJK_FU_WAIT: MJK_WAIT_KANCHAN, MJK_WAIT_PENCHAN or MJK_WAIT_TANKI */
  uint8_t reserved[3];
} mjk_fu_part;
typedef struct mjk_readable {
  uint8_t limit;    /* mjk_limit_label(limit, ...) */
  uint8_t fu_count; /* parts in fu, in order, summing to the score's fu (0 without fu) */
  uint8_t reserved[6];
  mjk_fu_part fu[16];
  char payment_text[32]; /* "3000/6000", "4000 all", "12000", NUL-terminated; "" when nothing is won */
} mjk_readable;
/* The readable side of result, mjk_score's answer to request, into *out.
 * Returns MJK_OK or MJK_ERR_INVALID_ARGUMENT (a NULL pointer). */
MJK_API int mjk_score_readable(const mjk_score_request* request, const mjk_score_result* result, mjk_readable* out);

/* The "score" value `mjk --json` prints for a request (a JSON object, or
 * "null" when result->complete is 0): SCORING.md §2's fields, each yaku's
 * display names ("en", "ja"), "limit", "limit_en", "limit_ja",
 * "payment_text" and "fu_details" (README, "--json"). result is mjk_score's
 * answer to request (fu_details re-reads the request's hand; for a request
 * that is not valid it is []). Writes the JSON, NUL-terminated, into buf
 * (cap bytes); *needed (may be NULL) = its length + 1. Returns MJK_OK,
 * MJK_ERR_OUTPUT_TOO_SMALL (retry with *needed bytes) or
 * MJK_ERR_INVALID_ARGUMENT (a NULL pointer). */
MJK_API int mjk_score_json(const mjk_score_request* request, const mjk_score_result* result, char* buf, size_t cap,
                           size_t* needed);

/* The default rules of SCORING.md. */
MJK_API void mjk_default_rules(mjk_score_rules* rules);

/* Scores n wins: out[i] answers requests[i]; errors[i] (may be NULL) is
 * MJK_OK or why that request was rejected (its out[i] is then zero). A hand
 * that is not complete with its winning tile is no error: out[i].complete
 * is 0. Returns MJK_OK or MJK_ERR_INVALID_ARGUMENT (a NULL pointer). */
MJK_API int mjk_score(const mjk_score_request* requests, size_t n, mjk_score_result* out, uint8_t* errors);

/* Every winning tile of one waiting hand at once: what each tile would pay
 * (the wait table), faster than 34 mjk_score calls. request is a win's
 * request but for the winning tile: counts hold the 3k+1 concealed tiles
 * (13 - 3 * meld_count), win and win_red are not read; the context (tsumo,
 * from, riichi, dora, ...) is the request's for every tile. out[k], k a kind
 * (0..33), is mjk_score's answer to request with one tile of kind k added to
 * counts and won (not a red five); errors[k] (may be NULL) its code. A tile
 * that does not complete the hand is no error: out[k].complete is 0. A tile
 * that cannot be added gets its own code (MJK_ERR_FIFTH_COPY for a fifth
 * copy across hand, melds, indicators and north tiles; MJK_ERR_NOT_IN_RULES
 * for 2m-8m with three players) and a zero
 * out[k]; the other tiles are answered. Returns MJK_OK; the request's own
 * error, which every tile would share (MJK_ERR_WRONG_TILE_COUNT or
 * MJK_ERR_WRONG_MELD_COUNT for a hand that is not 13 - 3 * meld_count tiles,
 * such as a complete hand; a bad meld, a contradictory context, a red five
 * not held, ...), writing nothing; or MJK_ERR_INVALID_ARGUMENT (request or
 * out NULL). mjk_parse_request reads such a request from a line without a
 * winning tile (info.has_win 0). */
MJK_API int mjk_score_each_win(const mjk_score_request* request, mjk_score_result out[MJK_KINDS],
                               uint8_t errors[MJK_KINDS]);
/* The same with the tiles seen elsewhere (visible34: 34 counts, or NULL, as
 * mjk_parse_request writes them): a tile whose win would make more than four
 * copies with them gets MJK_ERR_VISIBLE_OVER_FOUR, as the request line with
 * that tile as its win is rejected. */
MJK_API int mjk_score_each_win_visible(const mjk_score_request* request, const uint8_t* visible34,
                                       mjk_score_result out[MJK_KINDS], uint8_t errors[MJK_KINDS]);

/* A request line (SCORING.md §1's JSON object, or mpsz text with meld words
 * "678m345p67s55s chi:234m 8s") into a request struct. */
typedef struct mjk_request_info {
  uint8_t error;                 /* MJK_OK or the error */
  uint8_t has_win;               /* a winning tile was named (only then can the request be scored) */
  uint8_t any_visible;           /* the line named visible tiles (then in visible34) */
  uint8_t each_win;              /* the JSON line asked "each_win": true (answer it with mjk_score_each_win) */
  uint32_t error_position;       /* byte offset in the line, or UINT32_MAX */
  char message[MJK_MAX_MESSAGE]; /* the whole sentence, NUL-terminated (mjk --json's "error") */
} mjk_request_info;
/* Parses and checks a line (length bytes): out gets the request (the
 * defaults of SCORING.md where the line says nothing), visible34 (NULL, or
 * 34 bytes) the visible tiles. Returns info->error, or MJK_ERR_INVALID_ARGUMENT
 * (out or info NULL; or text NULL with length > 0, which info says, out then
 * the defaults, so that a batch's row gets that line's error). */
MJK_API int mjk_parse_request(const char* text, size_t length, mjk_score_request* out, uint8_t* visible34,
                              mjk_request_info* info);
/* For a door that writes the JSON line itself from fields its caller gave
 * (a dict, keyword arguments, an object): info (as mjk_parse_request,
 * mjk_parse_ev_request or mjk_analyse_json_info wrote it for that line)
 * placed in the field the caller wrote. An error inside the string value of
 * one of the object's fields gets as error_position the character (code
 * point; an escape is one) of that value, and the sentence says so
 * ("unknown character at position 6: in the field hand"); returns 1. Any
 * other error is left as it is (0). */
MJK_API int mjk_request_error_in_field(const char* text, size_t length, mjk_request_info* info);

/* ---- cancelling a search ----
 * A cancel flag for searches running on other threads: create one, pass it
 * to mjk_ev_cancellable or mjk_analyse_json_cancellable, and call
 * mjk_cancel_request from any thread (a signal handler included: it only
 * stores to an atomic flag) to stop every search reading it; each then
 * returns MJK_ERR_CANCELLED within a fraction of a second (the flag is read
 * every few thousand vertices while the graph grows and at each turn).
 * A flag stays set; free it once no search reads it. */
typedef struct mjk_cancel mjk_cancel;
MJK_API mjk_cancel* mjk_cancel_new(void); /* not set; NULL when out of memory */
MJK_API void mjk_cancel_request(mjk_cancel* cancel);
MJK_API int mjk_cancel_requested(const mjk_cancel* cancel); /* 1 once requested, else 0 (NULL: 0) */
MJK_API void mjk_cancel_free(mjk_cancel* cancel);           /* NULL: nothing */

/* ---- the CLI's analysis ----
 * text is a line as `mjk --json` reads it: mpsz (with meld words) or a JSON
 * request object, which then gets its "score" (SCORING.md §2).
 * Writes exactly the line `mjk --json TEXT` prints for that hand (without
 * the newline, NUL-terminated) into buf (cap bytes), *needed = its length
 * + 1. A malformed hand is not an error here: the line is then the CLI's
 * {"hand":..., "error":...} object. players 4 or 3; visible34: NULL or 34
 * counts. Returns MJK_OK, MJK_ERR_OUTPUT_TOO_SMALL (buf holds nothing
 * useful; retry with *needed bytes) or MJK_ERR_INVALID_ARGUMENT. text is
 * NUL-terminated (mjk_analyse_json) or `length` bytes (mjk_analyse_json_n,
 * which takes any bytes: a NUL in them is an unknown character, as in
 * mjk_parse_n, and text may be NULL when length is 0). The line is always
 * valid UTF-8 JSON, whatever the bytes of text. */
MJK_API int mjk_analyse_json(const char* text, int players, const uint8_t* visible34, char* buf, size_t cap,
                             size_t* needed);
MJK_API int mjk_analyse_json_n(const char* text, size_t length, int players, const uint8_t* visible34, char* buf,
                               size_t cap, size_t* needed);
/* mjk_analyse_json_n whose "ev" search stops once `cancel` (NULL: never) is
 * requested: the line is then {"hand", "error": "the search was cancelled"}
 * and the call returns MJK_OK, as for any hand's error; ask
 * mjk_cancel_requested to tell a cancelled line apart. */
MJK_API int mjk_analyse_json_cancellable(const char* text, size_t length, int players, const uint8_t* visible34,
                                         const mjk_cancel* cancel, char* buf, size_t cap, size_t* needed);
/* mjk_analyse_json_cancellable that also says why the line is an error
 * object: info (NULL: not wanted) gets the line's own error, its code
 * (MJK_OK when the hand was answered), its byte position in text (or
 * UINT32_MAX) and the sentence the line's "error" holds; with a return
 * other than MJK_OK, that code. What a door needs to raise the error
 * without reading the line or analysing the hand again. */
MJK_API int mjk_analyse_json_info(const char* text, size_t length, int players, const uint8_t* visible34,
                                  const mjk_cancel* cancel, char* buf, size_t cap, size_t* needed,
                                  mjk_request_info* info);

/* ---- the expected value of a hand (EV.md) ----
 * For every discard of a 14-tile hand (or for a 13-tile hand as it stands):
 * the probability of being tenpai, of winning, and the expected score at
 * every turn, in the one-player tsumo model of EV.md (ev/README.md states it
 * rule by rule). Unlike the batch calls above, a search allocates: its
 * memory lives in a workspace the caller keeps (one per thread; a search
 * reuses and grows it, and never keeps a pointer it was given). */

/* The search's budget unless told otherwise: a search stopped there has
 * held at most about 0.45 GB (300-440 bytes a vertex, ev/README.md). */
#define MJK_EV_DEFAULT_MAX_VERTICES 1000000u
/* The search's options (mirrors mjk::EvOptions); mjk_ev_default_options fills the defaults. */
typedef struct mjk_ev_options {
  uint8_t hand_change;  /* 0; 1: a draw vertex not in riichi follows every kind in the wall (te-gawari) */
  uint8_t shanten_back; /* 0; 1: a discard vertex not in riichi tries every discard (shanten modoshi) */
  uint8_t extra;        /* 1; 0..3: a vertex is widened while dist + shanten < start shanten + extra */
  uint8_t uradora;      /* 1: ura-dora counted as an exact expectation (riichi wins) */
  uint8_t red;          /* 1: red fives score (0: plain fives everywhere) */
  uint8_t turn;         /* 1; 1..17: the turn a table shows (the answer holds every turn) */
  uint8_t reserved[2];
  /* MJK_EV_DEFAULT_MAX_VERTICES; the search stops with MJK_ERR_TOO_MANY_VERTICES past this many
   * vertices. A positive count: 0 is MJK_ERR_BAD_REQUEST; UINT64_MAX lifts the limit. */
  uint64_t max_vertices;
  /* NULL, or called from the searching thread every few ten thousand vertices
   * while the graph grows (turns_left -1) and once per turn after. */
  void (*progress)(void* user, uint64_t vertices, int turns_left);
  void* progress_user;
} mjk_ev_options;
MJK_API void mjk_ev_default_options(mjk_ev_options* options);

/* Tiles seen outside the hand besides its melds and dora indicators (which
 * the request holds): discards, other players' melds. red: the red fives
 * known out of the wall (5m, 5p, 5s: 0 or 1), among these counts or a dora
 * indicator that was a red five (the request's indicators have no colour);
 * 2 or more is mjk_ev's MJK_ERR_IMPOSSIBLE_WALL. */
typedef struct mjk_ev_visible {
  uint8_t counts[MJK_KINDS];
  uint8_t red[3];
  uint8_t reserved[3];
} mjk_ev_visible;

#define MJK_EV_TURNS 19 /* t = 0..18: draws made; a 14-tile hand is read at t = 1, a 13-tile one at t = 0 */
/* One discard of a 14-tile hand (or the 13-tile hand itself). */
typedef struct mjk_ev_discard {
  uint8_t has_discard; /* 0: the entry of a 13-tile hand */
  uint8_t discard;     /* the kind discarded */
  uint8_t discard_red; /* the discard is a red five (listed after the plain five) */
  int8_t shanten;      /* of the 13 tiles left */
  uint8_t reserved[4];
  uint64_t necessary; /* the kinds that lower that shanten (their copies: mjk_ev_answer.wall_counts) */
  /* Index t = draws made; an index the search does not compute is 0. Values may exceed 1 (ev/README.md). */
  double tenpai[MJK_EV_TURNS], win[MJK_EV_TURNS], score[MJK_EV_TURNS];
} mjk_ev_discard;
/* What the search built. */
typedef struct mjk_ev_stats {
  uint64_t draw_vertices, discard_vertices; /* 3k+1 and 3k+2 tiles */
  uint64_t edges, wins, group_rows;
  uint64_t peak_bytes; /* the workspace's memory at its largest */
} mjk_ev_stats;
/* The answer (mirrors mjk::EvAnswer): a fixed-size value, 6712 bytes. */
typedef struct mjk_ev_answer {
  int8_t shanten; /* of the hand as given */
  uint8_t count;  /* entries in discards (1 for a 13-tile hand) */
  uint8_t reserved[2];
  int32_t wall;                   /* S: the tiles in the wall at the start */
  uint64_t vertices;              /* draw + discard vertices searched */
  uint8_t wall_counts[MJK_KINDS]; /* each kind's copies in the start wall */
  uint8_t reserved2[2];
  /* The search's own time in microseconds (wall clock, UINT32_MAX past 71
   * minutes): not part of the answer, it differs from run to run. In what
   * were reserved bytes, so the layout of every other field is unchanged. */
  uint32_t search_us;
  mjk_ev_discard discards[14]; /* kind order, a red five after its plain five; zero past count */
  mjk_ev_stats stats;
} mjk_ev_answer;

/* The memory of the searches of one thread: create one per thread, pass it
 * to every mjk_ev call of that thread, free it when done. NULL when out of memory. */
typedef struct mjk_ev_workspace mjk_ev_workspace;
MJK_API mjk_ev_workspace* mjk_ev_workspace_new(void);
MJK_API void mjk_ev_workspace_free(mjk_ev_workspace* workspace);          /* NULL: nothing */
MJK_API size_t mjk_ev_workspace_bytes(const mjk_ev_workspace* workspace); /* held now (0 for NULL) */
/* A workspace kept between searches held past `keep` bytes (one large search
 * must not keep its memory for the thread's life): the last search's graph is
 * freed, the group rows the next searches of new hands read are kept (at most
 * 18 MB). MJK_EV_KEPT_WORKSPACE_BYTES is the bound mjk_ev_lines and
 * mjk_analyse_json's "ev" lines keep their workspaces to. NULL: nothing. */
#define MJK_EV_KEPT_WORKSPACE_BYTES ((size_t)64 << 20)
MJK_API void mjk_ev_workspace_trim(mjk_ev_workspace* workspace, size_t keep);

/* Searches the hand of `request`: counts hold the concealed tiles as they
 * stand (13 or 14 counting 3 per meld; red_fives among them), melds, dora,
 * seat, round, players, nuki, honba, sticks and rules price the wins; the
 * fields of a particular win (win_red, tsumo, riichi, ippatsu, rinshan,
 * chankan, haitei, tenhou, ura_count) must be 0 (win is ignored). options:
 * NULL for the defaults; visible: NULL for none; workspace: NULL to allocate
 * and free one for this call. Returns MJK_OK (out holds the answer) or the
 * request's error (out is zero): the scoring request's own codes,
 * MJK_ERR_TOO_MANY_TILES / MJK_ERR_TOO_FEW_TILES, MJK_ERR_COMPLETE_HAND,
 * MJK_ERR_IMPOSSIBLE_WALL, MJK_ERR_WALL_TOO_SMALL,
 * MJK_ERR_EXTRA_OUT_OF_RANGE, MJK_ERR_TURN_OUT_OF_RANGE,
 * MJK_ERR_BAD_REQUEST (max_vertices 0), MJK_ERR_TOO_MANY_VERTICES (past
 * max_vertices: MJK_EV_DEFAULT_MAX_VERTICES unless raised),
 * MJK_ERR_OUT_OF_MEMORY, or MJK_ERR_INVALID_ARGUMENT (request or out NULL). info (may be NULL) gets
 * the code, and the sentence `mjk --json` gives (error_position UINT32_MAX
 * when the error has no place). One workspace must not be used by two
 * threads at once; otherwise thread-safe. */
MJK_API int mjk_ev(const mjk_score_request* request, const mjk_ev_options* options, const mjk_ev_visible* visible,
                   mjk_ev_workspace* workspace, mjk_ev_answer* out, mjk_request_info* info);

/* mjk_ev, stopped with MJK_ERR_CANCELLED (out zero, the workspace still
 * usable) once `cancel` is requested; cancel NULL: mjk_ev. */
MJK_API int mjk_ev_cancellable(const mjk_score_request* request, const mjk_ev_options* options,
                               const mjk_ev_visible* visible, mjk_ev_workspace* workspace, const mjk_cancel* cancel,
                               mjk_ev_answer* out, mjk_request_info* info);

/* A request line as `mjk --json` reads it (a JSON request object with its
 * "ev" options, EV.md; or mpsz text with meld words, which takes the
 * defaults) into what mjk_ev takes: the request, the options (the line's
 * "ev" object over the defaults) and the visible tiles (the line's
 * "visible", with the red fives written 0 in "visible" and "dora" as
 * visible->red). A line naming a winning tile is refused
 * (MJK_ERR_BAD_REQUEST: an expected-value request has no win). Returns
 * info->error (then out, options and visible hold the defaults), or
 * MJK_ERR_INVALID_ARGUMENT (out, options, visible or info NULL; or text NULL
 * with length > 0, which info says, the rest then the defaults). */
MJK_API int mjk_parse_ev_request(const char* text, size_t length, mjk_score_request* out, mjk_ev_options* options,
                                 mjk_ev_visible* visible, mjk_request_info* info);

/* ---- game records ----
 * The review of one game record (Tenhou mjlog XML, plain or gzip;
 * tenhou.net/6 JSON; mjai JSON lines; told apart by the content): read,
 * replayed with every check, every discard reviewed, as JSON, the one
 * pipeline `mjk log` and the Python and Node packages use. Unlike the rest
 * of this header these functions allocate while they work (nothing is
 * kept); running out of memory is the record's error.
 *
 * flags 0: one object (no newline): file, format, players, names, rounds (label,
 * wind, number, dealer, honba, sticks, scores, riichi (seats); wins: winner, from, tsumo,
 * han, fu, yakuman, points, yaku [{name, han}], payments; draw: kind,
 * tenpai seats, payments), final_scores, places, decisions (one object a
 * discard, as `mjk log --json` prints them), disagreements, error (the
 * replay stopped there, or null).
 * flags MJK_REVIEW_LINES: exactly what `mjk log --json FILE` prints for the
 * record, one object a line, each ending in '\n'.
 * flags MJK_REVIEW_TEXT: the review for people `mjk log FILE` prints (the
 * rounds, each player's discards against the best, the mistakes, the
 * standings, the disagreements).
 * A record that cannot be read (no such file, larger than max_bytes read or
 * inflated, malformed) returns MJK_ERR_RECORD_UNREADABLE and the output is
 * {"file": ..., "error": <where and what>}; a record read whatever its
 * disagreements returns MJK_OK.
 * The output (NUL-terminated) goes into buf (cap bytes), *needed = its
 * length + 1; MJK_ERR_OUTPUT_TOO_SMALL when it does not fit (buf holds
 * nothing useful; call again with *needed bytes: the record is reviewed
 * again). max_bytes: the most bytes a record may have, read and again once
 * inflated; 0 means the default (16 MiB). MJK_ERR_INVALID_ARGUMENT: path or
 * data NULL (data may be NULL when n is 0), buf NULL with cap > 0, unknown
 * flags (0 or one of them). name names the bytes in the output (NULL: ""). */
#define MJK_REVIEW_LINES 1
#define MJK_REVIEW_TEXT 2
MJK_API int mjk_review_record_json(const char* path, size_t max_bytes, int flags, char* buf, size_t cap,
                                   size_t* needed);
MJK_API int mjk_review_bytes_json(const uint8_t* data, size_t n, const char* name, size_t max_bytes, int flags,
                                  char* buf, size_t cap, size_t* needed);

/* The same review with the discards as numbers, one row each, for doors that
 * hand them over as arrays (the Python and Node packages' read_log).
 * Rows of 34 are counts in kind order (best: 1 for each best discard);
 * shanten, shanten_after, best_shanten, ukeire, best_ukeire and best mean
 * something only when reviewed is 1 (a discard after the player's riichi is
 * not reviewed). */
typedef struct mjk_review_row {
  uint8_t hand[MJK_KINDS];    /* the concealed tiles, the drawn one included */
  uint8_t visible[MJK_KINDS]; /* seen elsewhere: discards, the others' melds */
  uint8_t melds[MJK_KINDS];   /* the tiles of the player's own melds */
  uint8_t dora[MJK_KINDS];    /* the dora indicators shown */
  uint8_t best[MJK_KINDS];    /* the best discards */
  uint32_t event;             /* the event's index in its round */
  uint16_t round;             /* the round's index */
  uint16_t turn;              /* the player's discards so far, this one included */
  uint8_t seat;               /* absolute seat, 0 the first dealer */
  uint8_t seat_wind;          /* 0 East .. 3 North */
  uint8_t discard;            /* the discarded kind */
  uint8_t discard_red;        /* 1: a red five */
  uint8_t riichi;             /* 1: the discard declares riichi */
  uint8_t reviewed;
  int8_t shanten, shanten_after, best_shanten;
  uint8_t ukeire, best_ukeire;
  uint8_t hand_red[3];    /* red fives among hand's fives, by suit (m, p, s) */
  uint8_t visible_red[3]; /* red fives among visible's fives, by suit */
} mjk_review_row;

/* The review of the record at path: its rows into rows (rows_cap of them,
 * *rows_needed = how many), and into json (json_cap bytes, NUL-terminated,
 * *json_needed = its length + 1) the one object of mjk_review_record_json
 * without "decisions" (file, format, players, names, rounds, final_scores,
 * places, disagreements, error). A record that cannot be read returns
 * MJK_ERR_RECORD_UNREADABLE, no rows, and {"file", "error" (where and what,
 * as mjk_review_record_json writes it), "offset" (bytes), "line", "column"
 * (1-based; 0 unknown), "what"}. MJK_ERR_OUTPUT_TOO_SMALL when either does not
 * fit (call again with both needed sizes: the record is reviewed again).
 * max_bytes as for mjk_review_record_json. MJK_ERR_INVALID_ARGUMENT: path
 * NULL, rows NULL with rows_cap > 0, json NULL with json_cap > 0. */
MJK_API int mjk_review_record_rows(const char* path, size_t max_bytes, mjk_review_row* rows, size_t rows_cap,
                                   size_t* rows_needed, char* json, size_t json_cap, size_t* json_needed);

/* Review rows as columns, what a door hands over as arrays (numpy, typed
 * arrays): one array per field of mjk_review_row, row-major (n x 34 for the
 * rows of counts, n x 3 for the red fives), each NULL to leave it out.
 * A field that means something only when reviewed (shanten, shanten_after,
 * best_shanten, ukeire, best_ukeire, best) is 0 in a row not reviewed.
 * MJK_ERR_INVALID_ARGUMENT: rows NULL with n > 0, columns NULL. */
typedef struct mjk_review_columns {
  uint8_t *hand, *visible, *melds, *dora, *best; /* n x 34 */
  uint8_t *hand_red, *visible_red;               /* n x 3 */
  uint8_t *seat, *seat_wind, *discard, *discard_red, *riichi, *reviewed, *ukeire, *best_ukeire;
  int8_t *shanten, *shanten_after, *best_shanten;
  uint16_t *round, *turn;
  uint32_t* event;
} mjk_review_columns;
MJK_API int mjk_review_columns_write(const mjk_review_row* rows, size_t n, const mjk_review_columns* columns);

/* ---- statistics over a corpus of game records ----
 * Every record read, replayed with every check and reviewed (one thread),
 * its figures summed: a record that cannot be read is one of the errors,
 * never a failure of the call. Written into buf (cap bytes, NUL-terminated,
 * *needed = its length + 1; MJK_ERR_OUTPUT_TOO_SMALL: call again with
 * *needed bytes) as flags says: 0 the object `mjk log --stats --json`
 * prints, MJK_CORPUS_TEXT what `mjk log --stats` prints, MJK_CORPUS_PARTIAL
 * the partial statistics (a JSON object of the sums and counts, the
 * "disagreement_list" and the "error_list") that mjk_corpus_merge_json adds
 * up exactly: statistics computed in pieces (processes, machines) merged.
 * max_bytes as for mjk_review_record_json (0: the default). */
#define MJK_DEFAULT_MAX_RECORD_BYTES ((size_t)16 << 20) /* what max_bytes 0 means: 16 MiB */
#define MJK_CORPUS_TEXT 1
#define MJK_CORPUS_PARTIAL 2
MJK_API int mjk_corpus_json(const char* const* paths, size_t n, size_t max_bytes, int flags, char* buf, size_t cap,
                            size_t* needed);
/* n partial statistics (parts[i], lengths[i] bytes each, as
 * MJK_CORPUS_PARTIAL writes them) merged and written as flags says; a part
 * that is not such an object is MJK_ERR_BAD_REQUEST with the sentence naming
 * it in buf (when it fits). */
MJK_API int mjk_corpus_merge_json(const char* const* parts, const size_t* lengths, size_t n, int flags, char* buf,
                                  size_t cap, size_t* needed);

#ifdef __cplusplus
} /* extern "C" */
#endif

/* The game tables (mjk_table_*): mjk_table.h, included here. */
#include "mjk_table.h"
/* What the language doors share (mjk_batch_*, mjk_score_lines, mjk_ev_lines, ...): mjk_doors.h. */
#include "mjk_doors.h"

#endif /* MJK_H */
