/* A C99 user of the installed libmjk: parses hands, runs every batch
 * operation with one bad row among good ones, checks known answers, per-row
 * errors and messages. Built by run.sh with cc -std=c99 and pkg-config. */
#include <mjk.h>

#include <stdio.h>
#include <string.h>

static int failures = 0;
#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
      ++failures;                                                              \
    }                                                                          \
  } while (0)

/* Kind of "5m", "7z", ... */
static int kind(const char* t) {
  int base = t[1] == 'm' ? 0 : t[1] == 'p' ? 9 : t[1] == 's' ? 18 : 27;
  return base + (t[0] - '1');
}
static uint64_t bit(const char* t) { return (uint64_t)1 << kind(t); }

/* Parses text into row (34 counts); the hand must be valid. */
static void row_of(const char* text, uint8_t* row) {
  mjk_parsed p;
  int e = mjk_parse(text, &p);
  if (e != MJK_OK) {
    fprintf(stderr, "parse(%s): %s\n", text, mjk_error_message(e));
    ++failures;
  }
  memcpy(row, p.counts, MJK_KINDS);
}

static void test_library(void) {
  CHECK(strcmp(mjk_version(), MJK_VERSION_STRING) == 0);
  CHECK(MJK_VERSION_MAJOR >= 0 && MJK_VERSION_MINOR >= 0 && MJK_VERSION_PATCH >= 0);
  CHECK(strlen(mjk_implementation()) > 0);
  CHECK(strcmp(mjk_error_message(MJK_OK), "no error") == 0);
  CHECK(strcmp(mjk_error_message(MJK_ERR_FIFTH_COPY), "fifth copy of a tile") == 0);
  CHECK(strcmp(mjk_error_message(MJK_ERR_NOT_IN_RULES), "tile not used by the rules (2m-8m with three players)") == 0);
  CHECK(strcmp(mjk_error_message(200), "unknown error") == 0);
  CHECK(strcmp(mjk_error_message(-1), "unknown error") == 0);
  printf("mjk %s, implementation %s\n", mjk_version(), mjk_implementation());
}

static void test_parse(void) {
  mjk_parsed p;
  CHECK(mjk_parse("123m406p789s11z23s 1s", &p) == MJK_OK);
  CHECK(p.error == MJK_OK && p.tiles == 14 && p.winning == kind("1s"));
  CHECK(p.counts[kind("1m")] == 1 && p.counts[kind("5p")] == 1 && p.counts[kind("1s")] == 1 &&
        p.counts[kind("1z")] == 2);
  CHECK(p.red_fives[0] == 0 && p.red_fives[1] == 1 && p.red_fives[2] == 0);

  CHECK(mjk_parse("m1m1m1m2m2m2m3m3m3p8p9p9p9 p7", &p) == MJK_OK); /* the suit-first form */
  CHECK(p.tiles == 14 && p.winning == kind("7p") && p.counts[kind("9p")] == 3);

  CHECK(mjk_parse("123x", &p) == MJK_ERR_UNKNOWN_CHARACTER);
  CHECK(p.error == MJK_ERR_UNKNOWN_CHARACTER && p.error_position == 3 && p.tiles == 0);
  CHECK(mjk_parse("11111m", &p) == MJK_ERR_FIFTH_COPY);
  CHECK(p.error_tile == kind("1m"));
  CHECK(mjk_parse("", &p) == MJK_ERR_EMPTY_INPUT);
  CHECK(mjk_parse("8z", &p) == MJK_ERR_INVALID_HONOUR);
  CHECK(mjk_parse_n("123m456mXYZ", 8, &p) == MJK_OK && p.tiles == 6);
  CHECK(mjk_parse(NULL, &p) == MJK_ERR_INVALID_ARGUMENT);
  CHECK(mjk_parse("1m", NULL) == MJK_ERR_INVALID_ARGUMENT);
}

static void test_agari(void) {
  uint8_t rows[5][MJK_KINDS];
  uint8_t agari[5], forms[5], errors[5];
  row_of("123m456p789s11z123s", rows[0]); /* standard */
  row_of("11223344556677z", rows[1]);     /* seven pairs */
  memset(rows[2], 0, MJK_KINDS);
  rows[2][0] = 5;                        /* bad: a count above 4 */
  row_of("19m19p19s12345677z", rows[3]); /* thirteen orphans */
  row_of("22334455667788p", rows[4]);    /* standard and seven pairs */
  memset(agari, 9, sizeof agari);
  CHECK(mjk_is_agari(&rows[0][0], 5, 4, agari, errors) == MJK_OK);
  CHECK(agari[0] == 1 && agari[1] == 1 && agari[2] == 0 && agari[3] == 1 && agari[4] == 1);
  CHECK(errors[0] == MJK_OK && errors[1] == MJK_OK && errors[2] == MJK_ERR_BAD_SLOT && errors[3] == MJK_OK &&
        errors[4] == MJK_OK);
  CHECK(mjk_agari_forms(&rows[0][0], 5, 4, forms, errors) == MJK_OK);
  CHECK(forms[0] == MJK_FORM_STANDARD_BIT && forms[1] == MJK_FORM_CHIITOI_BIT && forms[2] == 0 &&
        forms[3] == MJK_FORM_KOKUSHI_BIT && forms[4] == (MJK_FORM_STANDARD_BIT | MJK_FORM_CHIITOI_BIT));
  CHECK(errors[2] == MJK_ERR_BAD_SLOT);

  /* Three players: 2m-8m do not exist. */
  CHECK(mjk_is_agari(&rows[0][0], 5, 3, agari, errors) == MJK_OK);
  CHECK(errors[0] == MJK_ERR_NOT_IN_RULES && agari[0] == 0);
  CHECK(errors[1] == MJK_OK && agari[1] == 1);
  CHECK(errors[3] == MJK_OK && agari[3] == 1);

  /* Errors that stop the whole call write nothing. */
  agari[0] = 7;
  CHECK(mjk_is_agari(&rows[0][0], 5, 5, agari, errors) == MJK_ERR_INVALID_ARGUMENT && agari[0] == 7);
  CHECK(mjk_is_agari(NULL, 5, 4, agari, errors) == MJK_ERR_INVALID_ARGUMENT);
  CHECK(mjk_is_agari(&rows[0][0], 5, 4, NULL, errors) == MJK_ERR_INVALID_ARGUMENT);
  CHECK(mjk_is_agari(NULL, 0, 4, NULL, NULL) == MJK_OK);
  CHECK(mjk_is_agari(&rows[0][0], 5, 4, agari, NULL) == MJK_OK); /* errors may be NULL */
}

static void test_waits(void) {
  uint8_t rows[4][MJK_KINDS];
  uint64_t waits[4];
  mjk_form_waits by_form[4];
  uint8_t errors[4];
  row_of("1112345678999m", rows[0]);      /* nine-sided */
  row_of("123m456p789s11z12s", rows[1]);  /* 3s */
  row_of("123m456p789s11z123s", rows[2]); /* bad: 14 tiles */
  row_of("19m19p19s1234567z", rows[3]);   /* thirteen-sided */
  CHECK(mjk_waits(&rows[0][0], 4, 4, waits, errors) == MJK_OK);
  CHECK(waits[0] == 0x1ff && errors[0] == MJK_OK);
  CHECK(waits[1] == bit("3s") && errors[1] == MJK_OK);
  CHECK(waits[2] == 0 && errors[2] == MJK_ERR_WRONG_TILE_COUNT);
  CHECK(errors[3] == MJK_OK &&
        waits[3] == (bit("1m") | bit("9m") | bit("1p") | bit("9p") | bit("1s") | bit("9s") | 0x3f8000000ull));
  {
    uint8_t dense[4][MJK_KINDS];
    int k;
    CHECK(mjk_waits_rows(&rows[0][0], 4, 4, &dense[0][0], errors) == MJK_OK);
    for (k = 0; k < MJK_KINDS; ++k) CHECK(dense[0][k] == (k < 9) && dense[2][k] == 0);
    CHECK(dense[1][20] == 1 && errors[2] == MJK_ERR_WRONG_TILE_COUNT); /* 3s */
  }
  CHECK(mjk_waits_by_form(&rows[0][0], 4, 4, by_form, errors) == MJK_OK);
  CHECK(by_form[0].standard == 0x1ff && by_form[0].chiitoi == 0 && by_form[0].kokushi == 0);
  CHECK(by_form[2].standard == 0 && errors[2] == MJK_ERR_WRONG_TILE_COUNT);
  CHECK(by_form[3].standard == 0 && by_form[3].kokushi == waits[3]);

  /* Three players: 1m and 9m only. */
  row_of("111999m123p456s7z", rows[0]);
  CHECK(mjk_waits(&rows[0][0], 1, 3, waits, errors) == MJK_OK);
  CHECK(errors[0] == MJK_OK && waits[0] == bit("7z"));
}

static void test_tenpai_discards(void) {
  static mjk_tenpai_result out[3];
  uint8_t rows[3][MJK_KINDS], errors[3];
  row_of("1112345678999m1p", rows[0]);
  row_of("1112345678999m", rows[1]); /* bad: 13 tiles */
  row_of("123m456p789s11z12s5z", rows[2]);
  CHECK(mjk_tenpai_discards(&rows[0][0], 3, 4, out, errors) == MJK_OK);
  CHECK(errors[0] == MJK_OK && (out[0].discards & bit("1p")) && out[0].waits[kind("1p")] == 0x1ff);
  CHECK(errors[1] == MJK_ERR_WRONG_TILE_COUNT && out[1].discards == 0);
  CHECK(errors[2] == MJK_OK && out[2].discards == bit("5z") && out[2].waits[kind("5z")] == bit("3s"));
}

static void test_decompositions(void) {
  uint8_t rows[3][MJK_KINDS], errors[3];
  int8_t winning[3] = {-1, -1, -1};
  mjk_decomposition storage[3 * MJK_MAX_DECOMPOSITIONS];
  mjk_slice slices[3];
  row_of("111222333m456p77z", rows[0]);  /* three triplets, or three 123m */
  row_of("123m456p789s11z12s", rows[1]); /* bad: 13 tiles */
  row_of("123m456p789s11z123s", rows[2]);
  winning[2] = (int8_t)kind("3s");
  CHECK(mjk_decompositions(&rows[0][0], 3, winning, 4, storage, 3 * MJK_MAX_DECOMPOSITIONS, slices, errors) == MJK_OK);
  CHECK(errors[0] == MJK_OK && slices[0].offset == 0 && slices[0].count == 2);
  CHECK(errors[1] == MJK_ERR_WRONG_TILE_COUNT && slices[1].count == 0);
  CHECK(errors[2] == MJK_OK && slices[2].offset == 2 && slices[2].count == 1);
  {
    const mjk_decomposition* d = &storage[slices[2].offset];
    CHECK(d->form == MJK_FORM_STANDARD && d->block_count == 5);
    CHECK(d->blocks[0].kind == MJK_BLOCK_PAIR && d->blocks[0].first == kind("1z"));
    CHECK(d->win >= 0 && d->blocks[d->win].kind == MJK_BLOCK_SEQUENCE && d->blocks[d->win].first == kind("1s"));
    CHECK(d->wait == MJK_WAIT_PENCHAN);
  }
  CHECK(storage[0].wait == MJK_WAIT_NONE && storage[0].win == -1);
  /* Storage for one reading only: row 0 no longer fits, row 2 still does. */
  CHECK(mjk_decompositions(&rows[0][0], 3, winning, 4, storage, 1, slices, errors) == MJK_OK);
  CHECK(errors[0] == MJK_ERR_OUTPUT_TOO_SMALL && slices[0].count == 0);
  CHECK(errors[2] == MJK_OK && slices[2].offset == 0 && slices[2].count == 1);
  /* A winning kind the row does not hold. */
  winning[2] = (int8_t)kind("5z");
  CHECK(mjk_decompositions(&rows[0][0], 3, winning, 4, storage, 3 * MJK_MAX_DECOMPOSITIONS, slices, errors) == MJK_OK);
  CHECK(errors[2] == MJK_ERR_BAD_WINNING_TILE && slices[2].count == 0);
}


static void test_shanten(void) {
  uint8_t rows[4][MJK_KINDS], errors[4];
  mjk_shanten_forms sh[4];
  row_of("1112345678999m", rows[0]);      /* tenpai */
  row_of("123m456p789s11z123s", rows[1]); /* complete */
  memset(rows[2], 0, MJK_KINDS);          /* bad: no tiles */
  row_of("11122m", rows[3]);              /* 5 tiles: three calls, no seven pairs or orphans */
  CHECK(mjk_shanten(&rows[0][0], 4, 4, sh, errors) == MJK_OK);
  CHECK(errors[0] == MJK_OK && sh[0].best == 0 && sh[0].standard == 0 && sh[0].chiitoi == 4 && sh[0].kokushi == 10);
  CHECK(errors[1] == MJK_OK && sh[1].best == -1 && sh[1].standard == -1);
  CHECK(errors[2] == MJK_ERR_WRONG_TILE_COUNT);
  CHECK(errors[3] == MJK_OK && sh[3].chiitoi == MJK_SHANTEN_NOT_APPLICABLE &&
        sh[3].kokushi == MJK_SHANTEN_NOT_APPLICABLE);
}

static void test_necessary_and_advice(void) {
  uint8_t rows[2][MJK_KINDS], errors[2], visible[2][MJK_KINDS];
  mjk_necessary nec[2];
  static mjk_advice_result adv[2];
  row_of("1112345678999m", rows[0]);
  row_of("1112345678999m", rows[1]);
  CHECK(mjk_necessary_tiles(&rows[0][0], 2, 4, NULL, 0, nec, errors) == MJK_OK);
  CHECK(errors[0] == MJK_OK && nec[0].shanten == 0 && nec[0].tiles == 0x1ff && nec[0].ukeire == 23);
  /* One visible row shared by both hands: a 5m seen. */
  memset(visible, 0, sizeof visible);
  visible[0][kind("5m")] = 1;
  CHECK(mjk_necessary_tiles(&rows[0][0], 2, 4, visible[0], 0, nec, errors) == MJK_OK);
  CHECK(nec[0].ukeire == 22 && nec[1].ukeire == 22);
  /* A row per hand: the second sees two more 1m, five in all: its own error. */
  visible[1][kind("1m")] = 2;
  CHECK(mjk_necessary_tiles(&rows[0][0], 2, 4, &visible[0][0], MJK_KINDS, nec, errors) == MJK_OK);
  CHECK(errors[0] == MJK_OK && nec[0].ukeire == 22);
  CHECK(errors[1] == MJK_ERR_VISIBLE_OVER_FOUR);
  CHECK(mjk_necessary_tiles(&rows[0][0], 2, 4, &visible[0][0], 5, nec, errors) == MJK_ERR_INVALID_ARGUMENT);

  row_of("1112345678999m1p", rows[0]);
  row_of("1112345678999m", rows[1]); /* bad: 13 tiles */
  CHECK(mjk_advice(&rows[0][0], 2, 4, NULL, 0, adv, errors) == MJK_OK);
  CHECK(errors[0] == MJK_OK && adv[0].count == 10);
  CHECK(adv[0].options[0].discard == kind("1p") && adv[0].options[0].shanten == 0 && adv[0].options[0].ukeire == 23 &&
        adv[0].options[0].necessary == 0x1ff);
  CHECK(adv[0].options[1].shanten >= 0 && adv[0].options[10].discard == 0 && adv[0].options[10].necessary == 0);
  CHECK(errors[1] == MJK_ERR_WRONG_TILE_COUNT && adv[1].count == 0);
}


static void test_analyse_json(void) {
  char small[8], big[4096];
  size_t needed = 0;
  const char* hand = "1112345678999m";
  CHECK(mjk_analyse_json(hand, 4, NULL, small, sizeof small, &needed) == MJK_ERR_OUTPUT_TOO_SMALL);
  CHECK(needed > sizeof small && needed < sizeof big);
  CHECK(mjk_analyse_json(hand, 4, NULL, NULL, 0, &needed) == MJK_ERR_OUTPUT_TOO_SMALL); /* size query */
  CHECK(mjk_analyse_json(hand, 4, NULL, big, needed, &needed) == MJK_OK);
  CHECK(strlen(big) + 1 == needed);
  CHECK(strncmp(big, "{\"hand\":\"1112345678999m\",", 25) == 0);
  CHECK(strstr(big, "\"waits\":[\"1m\",\"2m\",\"3m\",\"4m\",\"5m\",\"6m\",\"7m\",\"8m\",\"9m\"]") != NULL);
  /* A malformed hand is an answer too: the CLI's error object. */
  CHECK(mjk_analyse_json("11111m", 4, NULL, big, sizeof big, &needed) == MJK_OK);
  CHECK(strstr(big, "\"error\":") != NULL);
  CHECK(mjk_analyse_json(hand, 2, NULL, big, sizeof big, &needed) == MJK_ERR_INVALID_ARGUMENT);
  CHECK(mjk_analyse_json(NULL, 4, NULL, big, sizeof big, &needed) == MJK_ERR_INVALID_ARGUMENT);
  /* mjk_analyse_json_n takes any bytes: a NUL is an unknown character, as in mjk_parse_n. */
  CHECK(mjk_analyse_json_n(hand, 14, 4, NULL, big, sizeof big, &needed) == MJK_OK);
  CHECK(strncmp(big, "{\"hand\":\"1112345678999m\",", 25) == 0);
  CHECK(mjk_analyse_json_n("1112345678999m\0", 15, 4, NULL, big, sizeof big, &needed) == MJK_OK);
  CHECK(strstr(big, "\"error\":\"unknown character at position 14\"") != NULL);
  CHECK(mjk_analyse_json_n(NULL, 0, 4, NULL, big, sizeof big, &needed) == MJK_OK && strstr(big, "\"error\":") != NULL);
  CHECK(mjk_analyse_json_n(NULL, 1, 4, NULL, big, sizeof big, &needed) == MJK_ERR_INVALID_ARGUMENT);
}

static void test_parse_message(void) {
  char m[MJK_MAX_MESSAGE];
  CHECK(mjk_parse_message("11111m", 6, m, sizeof m) == MJK_ERR_FIFTH_COPY);
  CHECK(strcmp(m, "fifth copy of 1m at position 4") == 0);                                      /* the CLI's sentence */
  CHECK(mjk_parse_message("11111m", 6, m, 6) == MJK_ERR_FIFTH_COPY && strcmp(m, "fifth") == 0); /* cut */
  CHECK(mjk_parse_message("1112345678999m", 14, m, sizeof m) == MJK_OK && m[0] == '\0');
  CHECK(mjk_parse_message("1m\0", 3, NULL, 0) == MJK_ERR_UNKNOWN_CHARACTER);
  CHECK(mjk_parse_message(NULL, 1, m, sizeof m) == MJK_ERR_INVALID_ARGUMENT);
}

/* Requests parsed from both notations, scored in one batch with a bad row
 * and an incomplete one among good ones. */
static void test_score(void) {
  mjk_score_request req[4];
  mjk_score_result out[4];
  mjk_request_info info;
  uint8_t errors[4] = {99, 99, 99, 99};
  uint8_t visible[MJK_KINDS];
  mjk_yaku_value values[MJK_YAKU_COUNT];
  const char* pinfu =
      "{\"hand\": \"123678m345p67s55s\", \"win\": \"8s\", \"tsumo\": true, \"seat\": \"2z\", \"dora\": \"9p\"}";
  const char* open = "678m345p67s55s chi:234m 8s";
  size_t n, i;
  int tanyao = 0;
  CHECK(mjk_parse_request(pinfu, strlen(pinfu), &req[0], visible, &info) == MJK_OK);
  CHECK(info.has_win == 1 && req[0].tsumo == 1 && req[0].seat == 1 && req[0].dora_count == 1 &&
        req[0].dora[0] == kind("9p") && req[0].counts[kind("8s")] == 1 && req[0].players == 4 &&
        req[0].rules.double_wind_pair_fu == 4);
  CHECK(mjk_parse_request(open, strlen(open), &req[1], NULL, &info) == MJK_OK);
  CHECK(req[1].meld_count == 1 && req[1].melds[0].type == MJK_CHI && req[1].melds[0].tile == kind("2m") &&
        req[1].melds[0].from == MJK_KAMICHA);
  req[1].seat = 1;
  req[2] = req[1];
  req[2].riichi = 1; /* riichi on an open hand: this row's error only */
  req[3] = req[0];
  req[3].counts[kind("8s")] = 0;
  req[3].counts[kind("9s")] = 1;
  req[3].win = (uint8_t)kind("9s"); /* 123678m345p67s55s + 9s: not complete */
  CHECK(mjk_score(req, 4, out, errors) == MJK_OK);
  CHECK(errors[0] == MJK_OK && errors[1] == MJK_OK && errors[2] == MJK_ERR_RIICHI_ON_OPEN_HAND && errors[3] == MJK_OK);
  CHECK(out[0].complete == 1 && out[0].han == 2 && out[0].fu == 20 && out[0].points == 1500);
  CHECK(out[0].payments[0] == -700 && out[0].payments[1] == 1500 && out[0].payments[2] == -400 &&
        out[0].payments[3] == -400);
  CHECK(out[1].complete == 1 && out[1].han == 1 && out[1].fu == 30 && out[1].points == 1000 && out[1].closed == 0);
  n = mjk_score_yaku(&out[1], &req[1].rules, values, MJK_YAKU_COUNT);
  for (i = 0; i < n; ++i) tanyao += strcmp(mjk_yaku_name(values[i].yaku), "tanyao") == 0 && values[i].han == 1;
  CHECK(n == 1 && tanyao == 1);
  CHECK(out[2].complete == 0 && out[2].points == 0);
  CHECK(out[3].complete == 0);
  CHECK(strcmp(mjk_yaku_name(MJK_YAKU_COUNT), "unknown") == 0);

  /* Every winning tile of the waiting hand 123678m345p67s55s: 5s and 8s. */
  {
    mjk_score_result each[MJK_KINDS];
    uint8_t each_errors[MJK_KINDS];
    req[3].counts[kind("9s")] = 0;
    CHECK(mjk_score_each_win(&req[3], each, each_errors) == MJK_OK);
    for (i = 0; i < MJK_KINDS; ++i)
      CHECK(each_errors[i] == MJK_OK && each[i].complete == (i == (size_t)kind("5s") || i == (size_t)kind("8s")));
    CHECK(each[kind("8s")].points == 1500 && each[kind("8s")].payments[1] == 1500);
    CHECK(mjk_score_each_win(&req[0], each, NULL) == MJK_ERR_WRONG_TILE_COUNT); /* a complete hand */
    CHECK(mjk_score_each_win(&req[3], NULL, each_errors) == MJK_ERR_INVALID_ARGUMENT);
  }

  CHECK(mjk_parse_request("{\"hand\": \"123m\", \"rules\": {\"kiryage\": true}}", 44, &req[0], NULL, &info) ==
        MJK_ERR_BAD_REQUEST);
  CHECK(info.error == MJK_ERR_BAD_REQUEST && info.error_position == 27);
  CHECK(strncmp(info.message, "malformed request at position 27: unknown rule key", 50) == 0);
  CHECK(mjk_parse_request("123m chi:235m 5m", 16, &req[0], NULL, &info) == MJK_ERR_BAD_MELD &&
        info.error_position == 9);
  CHECK(mjk_score(NULL, 1, out, errors) == MJK_ERR_INVALID_ARGUMENT);
}

/* The same record from a file as rows of numbers (what the bindings'
 * read_log hands over) and the review's JSON without the discards. */
static void test_review_rows(const char* record, size_t n) {
  static const char path[] = "c_consumer_record.mjson";
  static char json[1 << 14];
  mjk_review_row rows[4];
  size_t rows_needed = 99, json_needed = 0;
  FILE* f = fopen(path, "wb");
  CHECK(f != NULL && fwrite(record, 1, n, f) == n && fclose(f) == 0);
  /* The size query: one discard, the object's length. */
  CHECK(mjk_review_record_rows(path, 0, NULL, 0, &rows_needed, NULL, 0, &json_needed) == MJK_ERR_OUTPUT_TOO_SMALL);
  CHECK(rows_needed == 1 && json_needed > 1 && json_needed < sizeof json);
  CHECK(mjk_review_record_rows(path, 0, rows, 4, &rows_needed, json, json_needed, &json_needed) == MJK_OK);
  CHECK(rows_needed == 1 && strlen(json) + 1 == json_needed);
  CHECK(strncmp(json, "{\"file\":\"c_consumer_record.mjson\",\"format\":\"mjai\",\"players\":4,", 62) == 0);
  CHECK(strstr(json, "\"decisions\"") == NULL && strstr(json, ",\"disagreements\":[") != NULL);
  /* East draws E to 123m456p789s EE SS and discards S: the hand (the drawn tile
   * included) holds 2m once, E three times, S twice; the indicator is 1m. */
  CHECK(rows[0].seat == 0 && rows[0].seat_wind == 0 && rows[0].round == 0 && rows[0].turn == 1);
  CHECK(rows[0].discard == 28 && rows[0].discard_red == 0 && rows[0].riichi == 0 && rows[0].reviewed == 1);
  CHECK(rows[0].hand[1] == 1 && rows[0].hand[27] == 3 && rows[0].hand[28] == 2 && rows[0].dora[0] == 1);
  CHECK(rows[0].melds[28] == 0 && rows[0].visible[28] == 0);
  remove(path);
  /* No such file: the place in parts. */
  CHECK(mjk_review_record_rows("/nonexistent/record.mjlog", 0, rows, 4, &rows_needed, json, sizeof json,
                               &json_needed) == MJK_ERR_RECORD_UNREADABLE);
  CHECK(rows_needed == 0 && strncmp(json, "{\"file\":\"/nonexistent/record.mjlog\",\"error\":", 44) == 0);
  CHECK(strstr(json, ",\"offset\":0,\"line\":0,\"column\":0,\"what\":") != NULL);
  CHECK(mjk_review_record_rows(NULL, 0, rows, 4, &rows_needed, json, sizeof json, &json_needed) ==
        MJK_ERR_INVALID_ARGUMENT);
  CHECK(mjk_review_record_rows(path, 0, NULL, 1, &rows_needed, json, sizeof json, &json_needed) ==
        MJK_ERR_INVALID_ARGUMENT);
}

/* A game record reviewed through the C ABI: the one object, the lines of
 * `mjk log --json`, a record that cannot be read, the size query. */
static void test_review(void) {
  static const char record[] =
      "{\"type\":\"start_game\",\"names\":[\"a\",\"b\",\"c\",\"d\"]}\n"
      "{\"type\":\"start_kyoku\",\"bakaze\":\"E\",\"dora_marker\":\"1m\",\"kyoku\":1,\"honba\":0,\"kyotaku\":0,\"oya\":0,"
      "\"scores\":[25000,25000,25000,25000],\"tehais\":[[\"1m\",\"2m\",\"3m\",\"4p\",\"5p\",\"6p\",\"7s\",\"8s\",\"9s\",\"E\","
      "\"E\",\"S\",\"S\"],[\"1p\",\"1p\",\"2p\",\"2p\",\"3p\",\"3p\",\"4s\",\"4s\",\"5s\",\"5s\",\"6s\",\"6s\",\"7m\"],[\"2m\","
      "\"2m\",\"2m\",\"3s\",\"3s\",\"3s\",\"W\",\"W\",\"W\",\"N\",\"N\",\"P\",\"P\"],[\"5mr\",\"6m\",\"7m\",\"8p\",\"8p\",\"8p\","
      "\"9p\",\"9p\",\"9p\",\"F\",\"F\",\"C\",\"C\"]]}\n"
      "{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"E\"}\n"
      "{\"type\":\"dahai\",\"actor\":0,\"pai\":\"S\",\"tsumogiri\":false}\n"
      "{\"type\":\"pon\",\"actor\":2,\"target\":0,\"pai\":\"S\",\"consumed\":[\"S\",\"S\"]}\n"
      "{\"type\":\"hora\",\"actor\":1,\"target\":0,\"deltas\":[-1000,1000,0,0]}\n";
  static char big[1 << 14];
  char small[8];
  size_t needed = 0;
  const uint8_t* data = (const uint8_t*)record;
  CHECK(mjk_review_bytes_json(data, sizeof record - 1, "round.mjson", 0, 0, small, sizeof small, &needed) ==
        MJK_ERR_OUTPUT_TOO_SMALL);
  CHECK(needed > sizeof small && needed < sizeof big);
  CHECK(mjk_review_bytes_json(data, sizeof record - 1, "round.mjson", 0, 0, big, needed, &needed) == MJK_OK);
  CHECK(strlen(big) + 1 == needed);
  CHECK(strncmp(big, "{\"file\":\"round.mjson\",\"format\":\"mjai\",\"players\":4,\"names\":[\"a\",\"b\",\"c\",\"d\"],",
                76) == 0);
  CHECK(strstr(big, "\"wins\":[{\"winner\":1,\"from\":0,\"tsumo\":false,") != NULL);
  CHECK(strstr(big, "\"final_scores\":[24000,26000,25000,25000],\"places\":[4,1,2,3]") != NULL);
  CHECK(
      strstr(big, "\"decisions\":[{\"file\": \"round.mjson\", \"round\": \"E1-0\", \"player\": \"1z\", \"turn\": 1") !=
      NULL);
  /* The lines of `mjk log --json`: one discard, no disagreement. */
  CHECK(mjk_review_bytes_json(data, sizeof record - 1, "round.mjson", 0, MJK_REVIEW_LINES, big, sizeof big, &needed) ==
        MJK_OK);
  CHECK(strncmp(big, "{\"file\": \"round.mjson\", \"round\": \"E1-0\"", 39) == 0);
  CHECK(big[strlen(big) - 1] == '\n');
  /* The review for people: the header line, the standings. */
  CHECK(mjk_review_bytes_json(data, sizeof record - 1, "round.mjson", 0, MJK_REVIEW_TEXT, big, sizeof big, &needed) ==
        MJK_OK);
  CHECK(strncmp(big, "round.mjson  (mjai, 4 players, 1 rounds)\n", 41) == 0);
  CHECK(strstr(big, "  standings:\n    1. seat 1 (b)  26000\n") != NULL);
  CHECK(mjk_review_bytes_json(data, 1, "x", 0, MJK_REVIEW_LINES | MJK_REVIEW_TEXT, big, sizeof big, &needed) ==
        MJK_ERR_INVALID_ARGUMENT);
  /* Past max_bytes, malformed, or no such file: the record's error, named. */
  CHECK(mjk_review_bytes_json(data, sizeof record - 1, "round.mjson", 16, 0, big, sizeof big, &needed) ==
        MJK_ERR_RECORD_UNREADABLE);
  CHECK(strncmp(big, "{\"file\":\"round.mjson\",\"error\":", 30) == 0);
  CHECK(mjk_review_bytes_json((const uint8_t*)"<mjloggm", 8, "x", 0, 0, big, sizeof big, &needed) ==
        MJK_ERR_RECORD_UNREADABLE);
  CHECK(mjk_review_record_json("/nonexistent/record.mjlog", 0, 0, big, sizeof big, &needed) ==
        MJK_ERR_RECORD_UNREADABLE);
  CHECK(strstr(big, "/nonexistent/record.mjlog") != NULL);
  CHECK(strcmp(mjk_error_message(MJK_ERR_RECORD_UNREADABLE), "the game record cannot be read") == 0);
  CHECK(mjk_review_record_json(NULL, 0, 0, big, sizeof big, &needed) == MJK_ERR_INVALID_ARGUMENT);
  CHECK(mjk_review_bytes_json(NULL, 1, "x", 0, 0, big, sizeof big, &needed) == MJK_ERR_INVALID_ARGUMENT);
  CHECK(mjk_review_bytes_json(data, 1, "x", 0, 4, big, sizeof big, &needed) == MJK_ERR_INVALID_ARGUMENT);
  test_review_rows(record, sizeof record - 1);
}

/* consumer --review FILE...: what mjk_review_record_json writes with
 * MJK_REVIEW_LINES, file after file (run.sh compares it with the installed
 * `mjk log --json FILE...`). */
static int print_review_lines(int argc, char** argv) {
  static char buf[1 << 24];
  int i;
  for (i = 2; i < argc; ++i) {
    size_t needed = 0;
    int e = mjk_review_record_json(argv[i], 0, MJK_REVIEW_LINES, buf, sizeof buf, &needed);
    if (e != MJK_OK && e != MJK_ERR_RECORD_UNREADABLE) {
      fprintf(stderr, "mjk_review_record_json(%s): %s\n", argv[i], mjk_error_message(e));
      return 1;
    }
    fputs(buf, stdout);
  }
  return 0;
}

/* consumer --json HAND...: the lines mjk_analyse_json writes, one per hand
 * (run.sh compares them with the installed `mjk --json HAND...`). */
static int print_json_lines(int argc, char** argv) {
  static char buf[1 << 16];
  int i;
  for (i = 2; i < argc; ++i) {
    size_t needed = 0;
    int e = mjk_analyse_json(argv[i], 4, NULL, buf, sizeof buf, &needed);
    if (e != MJK_OK) {
      fprintf(stderr, "mjk_analyse_json(%s): %s\n", argv[i], mjk_error_message(e));
      return 1;
    }
    puts(buf);
  }
  return 0;
}

/* A game table from C99: a whole east game with the first legal action
 * each time (pass when offered, else the lowest id), points conserved, a
 * refusal named with the state unchanged, the events as mjai lines. */
static void test_table(void) {
  mjk_table_error err;
  mjk_table_state s, before;
  uint8_t ids[MJK_ACTIONS];
  char lines[1 << 16];
  size_t needed = 0;
  int seat, n, steps = 0;
  mjk_table* t = mjk_table_new("tenhou", 1, 0, MJK_LENGTH_EAST, &err);
  CHECK(t != NULL && err.code == MJK_OK);
  if (!t) return;
  CHECK(mjk_table_get_state(t, &before) == MJK_OK);
  CHECK(mjk_table_apply(t, 1, MJK_ACT_TSUMOGIRI, &err) == MJK_ERR_ILLEGAL_ACTION);
  CHECK(err.refusal == MJK_REFUSAL_NOT_ASKED && strstr(err.message, "seat 1") != NULL);
  CHECK(mjk_table_get_state(t, &s) == MJK_OK && memcmp(&s, &before, sizeof s) == 0);
  for (mjk_table_get_state(t, &s); !s.done && steps < 100000; mjk_table_get_state(t, &s), ++steps) {
    if (s.phase == MJK_PHASE_ROUND_OVER) {
      CHECK(s.scores[0] + s.scores[1] + s.scores[2] + s.scores[3] + 1000 * s.sticks == 100000);
      CHECK(mjk_table_next_round(t, NULL, 0, &err) == MJK_OK);
      continue;
    }
    for (seat = 0; seat < 4; ++seat) {
      if (!((s.actors >> seat) & 1)) continue;
      n = mjk_table_legal(t, seat, ids, sizeof ids);
      CHECK(n > 0);
      if (n <= 0) return;
      CHECK(mjk_table_apply(t, seat, ids[n - 1] == MJK_ACT_PASS ? MJK_ACT_PASS : ids[0], &err) == MJK_OK);
    }
  }
  CHECK(s.done == 1 && s.scores[0] + s.scores[1] + s.scores[2] + s.scores[3] == 100000);
  CHECK(mjk_table_events(t, -1, 0, lines, sizeof lines, &needed) == MJK_OK);
  CHECK(strncmp(lines, "{\"type\":\"start_game\"", 20) == 0 && strstr(lines, "\"end_game\"") != NULL);
  CHECK(strcmp(mjk_error_message(MJK_ERR_BAD_WALL), "bad wall (not 136 or 108 distinct tile ids of the rules)") == 0);
  mjk_table_free(t);
  CHECK(mjk_table_new("nope", 0, 0, MJK_LENGTH_RULES, &err) == NULL && err.code == MJK_ERR_UNKNOWN_RULES);
}

/* Tile names and mpsz text from C99 (mjk_doors.h), the library's naming. */
static void test_tile_names(void) {
  char name[3], text[MJK_MPSZ_CAP];
  const char* why = NULL;
  uint8_t counts[MJK_KINDS];
  size_t bad = 0;
  CHECK(mjk_tile_name(30, name, &why) == MJK_OK && strcmp(name, "4z") == 0);
  CHECK(mjk_tile_name(34, name, &why) == MJK_ERR_INVALID_ARGUMENT && strcmp(why, "must be 0..33") == 0);
  CHECK(mjk_tile_kind("0p", 2, &why) == kind("5p"));
  CHECK(mjk_tile_kind("8z", 2, &why) == -1 && strcmp(why, "is not a tile (honours are 1z..7z)") == 0);
  row_of("19m19p19s1234567z1m", counts);
  CHECK(mjk_counts_mpsz(counts, text, &bad) == MJK_OK && strcmp(text, "119m19p19s1234567z") == 0);
  counts[kind("9s")] = 5;
  CHECK(mjk_counts_mpsz(counts, text, &bad) == MJK_ERR_FIFTH_COPY && bad == (size_t)kind("9s"));
}

int main(int argc, char** argv) {
  if (argc > 1 && strcmp(argv[1], "--json") == 0) return print_json_lines(argc, argv);
  if (argc > 1 && strcmp(argv[1], "--review") == 0) return print_review_lines(argc, argv);
  test_library();
  test_review();
  test_parse();
  test_agari();
  test_waits();
  test_tenpai_discards();
  test_decompositions();
  test_shanten();
  test_necessary_and_advice();
  test_analyse_json();
  test_parse_message();
  test_score();
  test_table();
  test_tile_names();
  if (failures) {
    fprintf(stderr, "%d checks failed\n", failures);
    return 1;
  }
  printf("C ABI: every check passed\n");
  return 0;
}
