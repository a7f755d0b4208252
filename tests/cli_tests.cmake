# Each case runs mjk and matches its whole output (or exit status).
function(mjk_cli_test name expected)
  add_test(NAME cli.${name} COMMAND mjk ${ARGN})
  set_tests_properties(cli.${name} PROPERTIES PASS_REGULAR_EXPRESSION "${expected}")
endfunction()
function(mjk_cli_fails name expected)
  # The message must appear and the exit status must be non-zero.
  add_test(NAME cli.${name} COMMAND ${CMAKE_COMMAND} -DMJK=$<TARGET_FILE:mjk> -DEXPECT=${expected}
           "-DARGS=${ARGN}" -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_failure.cmake)
endfunction()

mjk_cli_test(help "usage: mjk" --help)
mjk_cli_test(readable_waits "waits     1m 2m 3m 4m 5m 6m 7m 8m 9m" 1112345678999m)
mjk_cli_test(readable_agari "agari     yes.*99p 111m 222m 333m \\[789p\\]  \\(penchan\\)" "m1m1m1m2m2m2m3m3m3p8p9p9p9" "p7")
mjk_cli_test(json_waits
  "^{\"hand\":\"1112345678999m\",\"tiles\":13,\"shanten\":0,\"shanten_standard\":0,\"shanten_chiitoi\":4,\"shanten_kokushi\":10,\"waits\":\\[\"1m\",\"2m\",\"3m\",\"4m\",\"5m\",\"6m\",\"7m\",\"8m\",\"9m\"\\],\"necessary\":\\[\"1m\",\"2m\",\"3m\",\"4m\",\"5m\",\"6m\",\"7m\",\"8m\",\"9m\"\\],\"ukeire\":23}\n$"
  --json 1112345678999m)
mjk_cli_test(json_agari
  "\"agari\":true,.*\"decompositions\":\\[{\"form\":\"standard\",\"blocks\":\\[\"99p\",\"111m\",\"222m\",\"333m\",\"789p\"\\],\"win\":4,\"wait\":\"penchan\"},{\"form\":\"standard\",\"blocks\":\\[\"99p\",\"123m\",\"123m\",\"123m\",\"789p\"\\],\"win\":4,\"wait\":\"penchan\"}\\],\"score\":{"
  --json "m1m1m1m2m2m2m3m3m3p8p9p9p9 p7")
mjk_cli_test(json_no_win "\"win\":null,\"wait\":null" --json 123m456p789s11z234s)
mjk_cli_test(json_called "\"shanten_chiitoi\":null,\"shanten_kokushi\":null,\"waits\":\\[\"2m\",\"4m\",\"5m\"\\]" --json 3334m)
mjk_cli_test(json_discards "\"agari\":false,\"discards\":{\"1m\":\\[\"2m\",\"5m\"\\],\"2m\":\\[\"1m\"\\],\"4m\":\\[\"5m\"\\],\"5m\":\\[\"1m\",\"4m\"\\]},\"advice\"" --json 12345m)
mjk_cli_test(json_kokushi "\"form\":\"kokushi\",\"blocks\":\\[\"11m\",\"9m\",.*\"7z\"\\],\"win\":0,\"wait\":\"kokushi13\"" --json "19m19p19s1234567z 1m")
mjk_cli_fails(json_bad_line_answers_others
  "{\"hand\":\"123x\",\"error\":\"unknown character at position 3\"}\n{\"hand\":\"5z\"" --json 123x 5z)
mjk_cli_fails(json_twelve_tiles "12 tiles do not fit" --json 123456789m123p)
mjk_cli_fails(readable_fifth_copy "fifth copy of 1m at position 4" 11111m)
mjk_cli_fails(unknown_option "unknown option '--frobnicate'" --frobnicate)
mjk_cli_test(impl_lists_active "\\* avx512 .*active: avx512|\\* avx2 .*active: avx2|\\* sse4.2 .*active: sse4.2|\\* sse2 .*active: sse2|\\* portable .*active: portable" --impl)
mjk_cli_test(ref_engine "waits     1m 4m 7m" --ref 1234567m)
mjk_cli_test(ref_json_same "\"discards\":{\"1m\":\\[\"2m\",\"5m\"\\],\"2m\":\\[\"1m\"\\],\"4m\":\\[\"5m\"\\],\"5m\":\\[\"1m\",\"4m\"\\]},\"advice\"" --ref --json 12345m)

# Shanten, necessary tiles, discard advice; three players; visible tiles.
set(MJK_ADVICE_12345M "\"advice\":\\[{\"discard\":\"1m\",\"shanten\":0,\"necessary\":\\[\"2m\",\"5m\"\\],\"ukeire\":6},{\"discard\":\"5m\",\"shanten\":0,\"necessary\":\\[\"1m\",\"4m\"\\],\"ukeire\":6},{\"discard\":\"2m\",\"shanten\":0,\"necessary\":\\[\"1m\"\\],\"ukeire\":3},{\"discard\":\"4m\",\"shanten\":0,\"necessary\":\\[\"5m\"\\],\"ukeire\":3},{\"discard\":\"3m\",\"shanten\":1,\"necessary\":\\[\"1m\",\"2m\",\"3m\",\"4m\",\"5m\",\"6m\"\\],\"ukeire\":19}\\]}\n$")
mjk_cli_test(json_advice_order "${MJK_ADVICE_12345M}" --json 12345m)
mjk_cli_test(ref_json_advice_order "${MJK_ADVICE_12345M}" --ref --json 12345m)
mjk_cli_test(json_necessary "\"shanten\":1,.*\"waits\":\\[\\],\"necessary\":\\[\"2s\",\"5z\",\"6z\"\\],\"ukeire\":10}\n$" --json 123m456p13789s56z)
mjk_cli_test(ref_json_necessary "\"necessary\":\\[\"2s\",\"5z\",\"6z\"\\],\"ukeire\":10}\n$" --ref --json 123m456p13789s56z)
mjk_cli_test(readable_necessary "necessary 2s 5z 6z  \\(ukeire 10\\)" 123m456p13789s56z)
mjk_cli_test(readable_advice
  "advice    discard  shanten  ukeire  necessary\n          6z             0       4  2s\n          1s             1      23  1s 2s 3s 4s 5s 5z 6z\n"
  123m456p13789s556z)
mjk_cli_test(players_four "\"shanten\":1,\"shanten_standard\":1," --json 1111m111122233z)
mjk_cli_test(players_three "\"shanten\":2,\"shanten_standard\":2," --players 3 --json 1111m111122233z)
mjk_cli_test(players_three_necessary "\"necessary\":\\[\"1m\",\"9m\",\"1z\"\\],\"ukeire\":8}" --players 3 --json 19m123p456789s11z)
mjk_cli_fails(players_three_no_2m "2m does not exist with three players" --players 3 123m456p789s11z23s)
mjk_cli_fails(players_bad "--players must be 3 or 4" --players 5 1m)
mjk_cli_test(visible_ukeire "\"necessary\":\\[\"1m\",\"2m\",\"3m\",\"4m\",\"5m\",\"6m\",\"7m\",\"8m\",\"9m\"\\],\"ukeire\":20}" --json --visible 155m777z 1112345678999m)
mjk_cli_fails(visible_over_four "{\"hand\":\"1112345678999m\",\"error\":\"more than four copies of 1m in the hand and the visible tiles\"}" --json --visible 11m 1112345678999m)
mjk_cli_fails(visible_fifth_copy "--visible: more than four copies of 5z" --visible 55555z 1m)
mjk_cli_fails(visible_malformed "--visible: expected mpsz tiles" --visible 12x 1m)

# mjk forms: seed 002's puzzle
mjk_cli_test(forms_one_reading "^\\(111\\)\\(222\\)\\(888\\)\\(99\\)\\[45\\]\n$" forms 1112224588899)
mjk_cli_test(forms_with_suits "^\\(123m\\)\\(456p\\)\\(789s\\)\\(11z\\)\\[23s\\]\n$" forms 123m456p789s11z23s)
mjk_cli_test(forms_seven_pairs "^\\(11m\\)\\(33m\\)\\(55p\\)\\(77p\\)\\(99s\\)\\(11z\\)\\[2z\\]\n$" forms 1133m5577p99s112z)
mjk_cli_test(forms_kokushi13 "^\\[1m9m1p9p1s9s1z2z3z4z5z6z7z\\]\n$" forms 19m19p19s1234567z)
add_test(NAME cli.forms_not_tenpai COMMAND ${CMAKE_COMMAND} -DMJK=$<TARGET_FILE:mjk> "-DARGS=forms;1111m123p112233s"
         -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_silence.cmake)
mjk_cli_fails(forms_malformed "mjk forms: 12x: unknown character at position 2" forms 12x)
mjk_cli_fails(forms_wrong_count "14 tiles do not fit" forms 123m456p789s11z23s4s)
# The nine-sided wait has exactly eleven readings, these two among them.
add_test(NAME cli.forms_nine_sided COMMAND ${CMAKE_COMMAND} -DMJK=$<TARGET_FILE:mjk> -DHAND=1112345678999
         -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_nine_sided.cmake)

# mjk census
mjk_cli_test(census_json_m14
  "^{\"tiles\":14,\"kinds\":\"m\",\"partial\":false,\"hands\":118800,\"agari\":13277,\"standard\":13259,\"chiitoi\":36,\"both\":18,\"kokushi\":0,\"seconds\":[0-9.]+,\"hands_per_second\":[0-9]+}\n$"
  census --tiles 14 --kinds m --json)
mjk_cli_test(census_text_m13 "hands +93600 \\(13 tiles, kinds m\\).*tenpai +40196.* 9 waits +1\n.*M hands/s" census --tiles 13 --kinds m --threads 1)
mjk_cli_fails(census_needs_kinds "--tiles and --kinds are required" census --tiles 14)
mjk_cli_fails(census_bad_tiles "--tiles must be 13 or 14" census --tiles 12 --kinds m)

# The full brute-force census (about half an hour each on 2 cores): -DMJK_LONG_TESTS=ON.
if(MJK_LONG_TESTS)
  mjk_cli_test(census_all14
    "\"hands\":326520504500,\"agari\":16873619,\"standard\":11498658,\"chiitoi\":5379616,\"both\":4668,\"kokushi\":13,"
    census --tiles 14 --kinds all --json)
  mjk_cli_test(census_all13
    "\"hands\":98521596000,\"tenpai\":92371838,\"standard\":54747045,\"chiitoi\":37657312,\"both\":32676,\"kokushi\":157,\"waits\":{\"1\":64152121,\"2\":25337340,\"3\":2549634,\"4\":271155,\"5\":56145,\"6\":4686,\"7\":471,\"8\":282,\"9\":3,\"13\":1}"
    census --tiles 13 --kinds all --json)
  set_tests_properties(cli.census_all14 cli.census_all13 PROPERTIES TIMEOUT 7200)
endif()

# Honest I/O: write and read errors, one output line per input line, UTF-8.
add_test(NAME cli.io_errors_and_lines COMMAND ${CMAKE_COMMAND} -DMJK=$<TARGET_FILE:mjk>
         -DDATA=${CMAKE_CURRENT_SOURCE_DIR}/data/cli -P ${CMAKE_CURRENT_SOURCE_DIR}/cli_io.cmake)
mjk_cli_test(json_red_winning_tile "^{\"hand\":\"1m 0m\"," --json "1m 0m")
mjk_cli_test(json_red_hand_plain_winning "^{\"hand\":\"0m 5m\"," --json "0m 5m")

# Scoring: request objects and the meld notation through mjk --json, the exact
# "score" of SCORING.md §5's cases (non-dealer South, East round, indicator 9p).
function(mjk_cli_score name score)
  mjk_cli_test(${name} ",\"score\":${score}}\n$" --json ${ARGN})
endfunction()
set(S5 "\"seat\": \"2z\", \"dora\": \"9p\"")
mjk_cli_score(score_pinfu_tsumo
  "{\"yaku\":\\[{\"name\":\"menzen_tsumo\",\"han\":1},{\"name\":\"pinfu\",\"han\":1}\\],\"han\":2,\"fu\":20,\"yakuman\":0,\"points\":1500,\"payments\":\\[-700,1500,-400,-400\\]}"
  "{\"hand\": \"123678m345p67s55s\", \"win\": \"8s\", \"tsumo\": true, ${S5}}")
mjk_cli_score(score_open_pinfu_shape
  "{\"yaku\":\\[{\"name\":\"tanyao\",\"han\":1}\\],\"han\":1,\"fu\":30,\"yakuman\":0,\"points\":1000,\"payments\":\\[-1000,1000,0,0\\]}"
  "{\"hand\": \"678m345p67s55s\", \"melds\": [{\"type\": \"chi\", \"tiles\": \"234m\"}], \"win\": \"8s\", ${S5}}")
mjk_cli_score(score_chiitoitsu
  "{\"yaku\":\\[{\"name\":\"chiitoitsu\",\"han\":2}\\],\"han\":2,\"fu\":25,\"yakuman\":0,\"points\":1600,\"payments\":\\[-1600,1600,0,0\\]}"
  "{\"hand\": \"1199m3377p2288s5z\", \"win\": \"5z\", ${S5}}")
mjk_cli_score(score_seven_pairs_with_a_quad "null" "{\"hand\": \"1111m2233p4455s6z\", \"win\": \"6z\", ${S5}}")
mjk_cli_score(score_closed_kan_fu
  "{\"yaku\":\\[{\"name\":\"riichi\",\"han\":1}\\],\"han\":1,\"fu\":70,\"yakuman\":0,\"points\":2300,\"payments\":\\[-2300,2300,0,0\\]}"
  "{\"hand\": \"234m567p34s22p\", \"melds\": [{\"type\": \"ankan\", \"tiles\": \"9999s\"}], \"win\": \"5s\", \"riichi\": 1, ${S5}}")
mjk_cli_score(score_stacking
  "{\"yaku\":\\[{\"name\":\"suuankou_tanki\",\"yakuman\":2},{\"name\":\"tsuuiisou\",\"yakuman\":1}\\],\"han\":null,\"fu\":null,\"yakuman\":3,\"points\":96000,\"payments\":\\[-48000,96000,-24000,-24000\\]}"
  "{\"hand\": \"111z222z555z666z7z\", \"win\": \"7z\", \"tsumo\": true, ${S5}}")
mjk_cli_score(score_dora_alone
  "{\"yaku\":\\[\\],\"han\":0,\"fu\":null,\"yakuman\":0,\"points\":0,\"payments\":\\[0,0,0,0\\]}"
  "{\"hand\": \"789p456s78s11z\", \"melds\": [{\"type\": \"chi\", \"tiles\": \"123m\"}], \"win\": \"9s\", ${S5}}")
mjk_cli_score(score_honba_and_sticks
  "{\"yaku\":\\[{\"name\":\"pinfu\",\"han\":1}\\],\"han\":1,\"fu\":30,\"yakuman\":0,\"points\":1500,\"payments\":\\[3100,0,0,-2100\\]}"
  "{\"hand\": \"123678m345p67s55s\", \"win\": \"8s\", \"seat\": \"1z\", \"dora\": \"9p\", \"honba\": 2, \"sticks\": 1}")
# --ref scores with the reference scorer (mjk::ref::score): the same answers.
function(mjk_cli_ref_score name score)
  mjk_cli_test(${name} ",\"score\":${score}}\n$" --ref --json ${ARGN})
endfunction()
mjk_cli_ref_score(ref_score_honba_and_sticks
  "{\"yaku\":\\[{\"name\":\"pinfu\",\"han\":1}\\],\"han\":1,\"fu\":30,\"yakuman\":0,\"points\":1500,\"payments\":\\[3100,0,0,-2100\\]}"
  "{\"hand\": \"123678m345p67s55s\", \"win\": \"8s\", \"seat\": \"1z\", \"dora\": \"9p\", \"honba\": 2, \"sticks\": 1}")
mjk_cli_ref_score(ref_score_stacking
  "{\"yaku\":\\[{\"name\":\"suuankou_tanki\",\"yakuman\":2},{\"name\":\"tsuuiisou\",\"yakuman\":1}\\],\"han\":null,\"fu\":null,\"yakuman\":3,\"points\":96000,\"payments\":\\[-48000,96000,-24000,-24000\\]}"
  "{\"hand\": \"111z222z555z666z7z\", \"win\": \"7z\", \"tsumo\": true, ${S5}}")
mjk_cli_test(ref_score_readable "yaku      menzen_tsumo 1, hatsu 1, dora 1\nscore     3 han 40 fu, 5200 points"
  --ref --seat 2z --dora 9p --tsumo "678s11m12345p666z 3p")
# The same win in the meld notation with the context as options.
mjk_cli_test(score_notation_options ",\"score\":{\"yaku\":\\[{\"name\":\"menzen_tsumo\",\"han\":1},{\"name\":\"pinfu\",\"han\":1}\\],\"han\":2,\"fu\":20,"
  --json --tsumo --seat 2z --dora 9p "123678m345p67s55s 8s")
mjk_cli_test(score_notation_meld "^{\"hand\":\"678m345p5567s chi:234m 8s\",\"tiles\":11,.*\"score\":{\"yaku\":\\[{\"name\":\"tanyao\",\"han\":1}\\]"
  --json --seat south --dora 9p "678m345p67s55s chi:234m 8s")
mjk_cli_test(score_readable "yaku      menzen_tsumo 1, hatsu 1, dora 1\nscore     3 han 40 fu, 5200 points  \\(payments: East -2600 South \\+5200 West -1300 North -1300\\)\n$"
  --seat 2z --dora 9p --tsumo "678s11m12345p666z 3p")
# SCORING.md §5 double-wind pair (dealer, East round): 4 han 40 fu, 30 fu under the 2-fu rule.
mjk_cli_test(score_rule_option "\"han\":4,\"fu\":30," --json --rule double_wind_pair_fu=2 --tsumo --dora 9p
  "123m123p1z chi:123s pon:555z 1z")
mjk_cli_test(score_short_plain_hand_not_scored "\"wait\":\"shanpon\"}\\]}\n$" --json "55z11m 5z")
# Bad requests: each line its own error object, the others answered, exit 1.
mjk_cli_fails(score_bad_lines_answer_others
  "error\":\"riichi on an open hand\"}\n{\"hand\":\"123678m345p5567s 8s\",.*\"score\":{.*\n{\"hand\":\"{.*\"error\":\"malformed request at position 24: tsumo must be true or false\"}"
  --json --riichi "678m345p67s55s chi:234m 8s" "123678m345p67s55s 8s" "{\"hand\": \"1m\", \"tsumo\": 1}")
mjk_cli_fails(score_bad_meld "a meld's tiles do not make its type at position 9: a chi is three tiles in a row of one suit" "123m chi:235m 5m")
mjk_cli_fails(score_unknown_rule "--rule kiryage=true: unknown rule key" --rule kiryage=true 1m)
mjk_cli_fails(score_bad_seat "--seat must be a wind" --seat 5z 1m)
mjk_cli_fails(score_bad_ron "--ron must be kamicha, toimen or shimocha" --ron left 1m)
mjk_cli_fails(score_three_players_chi "no chi with three players at position 15: meld 1" --players 3 "11m456p789s11z chi:123p 1z")
mjk_cli_fails(score_fifth_copy_dora "fifth copy of a tile \\(1m\\): counting the hand, the melds, the winning tile, the indicators"
  --dora 1m1m "1112345678999m 5m")
mjk_cli_test(score_double_wind_pair_4fu "\"han\":4,\"fu\":40," --json --tsumo --dora 9p "123m123p1z chi:123s pon:555z 1z")

# mjk ev: the expected-value table (EV.md).
mjk_cli_test(ev_help "usage: mjk ev" ev --help)
# The two riichi of 123m456p789s5s1222z, best expected score first; the 1z discard waits on the 5s (three left).
mjk_cli_test(ev_table "shanten   0   wall 121   vertices 6 .*\ndiscard  shanten   tenpai      win    score  necessary\n1z             0   100.0%    37.0%     3822  5s\\(3\\)\n5s             0   100.0%    37.0%     3454  1z\\(3\\)\n$"
  ev --dora 9m 123m456p789s5s1222z)
mjk_cli_test(ev_json "^{\"hand\":\"123m456p789s1222z\",.*\"ev\":{\"shanten\":0,\"vertices\":2,\"wall\":122,\"discards\":\\[{\"discard\":null,\"shanten\":0,\"necessary\":\\[\\[\"1z\",3\\]\\],\"tenpai\":\\[1,1,.*\\],\"win\":\\[0.383.*,0\\],\"score\":\\[.*,0\\]}\\]}}\n$"
  ev --json --dora 9m 123m456p789s1222z)
mjk_cli_test(ev_melds_and_options "options   hand change, shanten back, extra 2, no ura-dora, no red fives"
  ev --hand-change --shanten-back --extra 2 --no-uradora --no-red "4567m22z34p567s pon:111z@toimen")
mjk_cli_fails(ev_complete "the hand is already complete" ev 123m456p789s11222z)
mjk_cli_fails(ev_extra "extra must be 0..3" ev --extra 4 123m456p789s1222z)
mjk_cli_fails(ev_budget "the search passed max_vertices" ev --max-vertices 10 --hand-change --shanten-back 12359m2468p1357s2z)
mjk_cli_fails(ev_json_error_line "{\"hand\":\"123m456p789s11222z\",\"error\":\"the hand is already complete\"}" ev --json 123m456p789s11222z)
