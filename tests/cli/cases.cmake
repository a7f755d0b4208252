# The command-line tool, end to end. Each case runs mjk with its arguments
# and compares its standard output and error with golden/<case>.out
# (check_output.cmake); FAILS: the exit status must be non-zero, else zero.
# Outputs that depend on the machine (timings, its instruction sets) are
# matched against a regular expression instead (mjk_cli_matches).
# To rewrite the golden files from the current mjk:
#   cmake --preset release -DMJK_UPDATE_GOLDEN=ON && ctest --preset release -L door -R '^cli\.'
# then check the diff and configure again with -DMJK_UPDATE_GOLDEN=OFF.
option(MJK_UPDATE_GOLDEN "Write the CLI's golden files instead of comparing with them" OFF)
function(mjk_cli_golden name)
  set(fails OFF)
  set(args ${ARGN})
  if(args AND "${ARGV1}" STREQUAL "FAILS")
    set(fails ON)
    list(REMOVE_AT args 0)
  endif()
  string(ASCII 31 separator)  # the arguments as one: a list would be split on its way to the script
  string(REPLACE ";" "${separator}" args "${args}")
  mjk_add_test(cli.${name} LABELS door
    COMMAND ${CMAKE_COMMAND} -DMJK=$<TARGET_FILE:mjk> -DGOLDEN=${CMAKE_CURRENT_SOURCE_DIR}/cli/golden/${name}.out
            -DFAILS=${fails} -DUPDATE=${MJK_UPDATE_GOLDEN} "-DARGS=${args}" -P ${CMAKE_CURRENT_SOURCE_DIR}/cli/check_output.cmake)
endfunction()
# A golden case whose output holds timings: the matches of MASK are replaced
# by "<masked>" before the comparison.
function(mjk_cli_golden_masked name mask)
  string(ASCII 31 separator)
  string(REPLACE ";" "${separator}" args "${ARGN}")
  mjk_add_test(cli.${name} LABELS door
    COMMAND ${CMAKE_COMMAND} -DMJK=$<TARGET_FILE:mjk> -DGOLDEN=${CMAKE_CURRENT_SOURCE_DIR}/cli/golden/${name}.out
            -DFAILS=OFF -DUPDATE=${MJK_UPDATE_GOLDEN} "-DMASK=${mask}" "-DARGS=${args}" -P ${CMAKE_CURRENT_SOURCE_DIR}/cli/check_output.cmake)
endfunction()
function(mjk_cli_matches name expected)
  mjk_add_test(cli.${name} LABELS door COMMAND mjk ${ARGN} PROPERTIES PASS_REGULAR_EXPRESSION "${expected}")
endfunction()

mjk_cli_golden(help --help)
# help takes one topic: more words were dropped without a word.
mjk_cli_golden(help_two_topics FAILS help score extra)
mjk_cli_golden(readable_waits 1112345678999m)
mjk_cli_golden(readable_agari "m1m1m1m2m2m2m3m3m3p8p9p9p9" "p7")
mjk_cli_golden(json_waits --json 1112345678999m)
mjk_cli_golden(json_agari --json "m1m1m1m2m2m2m3m3m3p8p9p9p9 p7")
mjk_cli_golden(json_no_win --json 123m456p789s11z234s)
mjk_cli_golden(json_called --json 3334m)
mjk_cli_golden(json_discards --json 12345m)
mjk_cli_golden(json_kokushi --json "19m19p19s1234567z 1m")
mjk_cli_golden(json_bad_line_answers_others FAILS --json 123x 5z)
mjk_cli_golden(json_twelve_tiles FAILS --json 123456789m123p)
mjk_cli_golden(readable_fifth_copy FAILS 11111m)
mjk_cli_golden(unknown_option FAILS --frobnicate)
mjk_cli_matches(impl_lists_active "\\* avx512 .*active: avx512|\\* avx2 .*active: avx2|\\* sse4.2 .*active: sse4.2|\\* sse2 .*active: sse2|\\* portable .*active: portable" --impl)
mjk_cli_golden(ref_engine --ref 1234567m)
mjk_cli_golden(ref_json_same --ref --json 12345m)

# Shanten, necessary tiles, discard advice; three players; visible tiles.
mjk_cli_golden(json_advice_order --json 12345m)
mjk_cli_golden(ref_json_advice_order --ref --json 12345m)
mjk_cli_golden(json_necessary --json 123m456p13789s56z)
mjk_cli_golden(ref_json_necessary --ref --json 123m456p13789s56z)
mjk_cli_golden(readable_necessary 123m456p13789s56z)
mjk_cli_golden(readable_advice 123m456p13789s556z)
mjk_cli_golden(players_four --json 1111m111122233z)
mjk_cli_golden(players_three --players 3 --json 1111m111122233z)
mjk_cli_golden(players_three_necessary --players 3 --json 19m123p456789s11z)
mjk_cli_golden(players_three_no_2m FAILS --players 3 123m456p789s11z23s)
# No 2m-8m seen either (--visible, a request's "visible"), as mjk ev says: they were taken silently.
mjk_cli_golden(players_three_no_2m_visible FAILS --players 3 --visible 1m2m 19m19p19s1234567z)
mjk_cli_golden(players_three_no_8m_visible_json FAILS --json
               "{\"hand\": \"19m19p19s1234567z\", \"players\": 3, \"visible\": \"8m\"}"
               "{\"hand\": \"111m999m111p99p11z\", \"win\": \"1z\", \"players\": 3, \"visible\": \"5m\"}"
               "{\"hand\": \"19m19p19s1234567z\", \"players\": 3, \"visible\": \"1m9m5p\"}")
mjk_cli_golden(players_bad FAILS --players 5 1m)
mjk_cli_golden(visible_ukeire --json --visible 155m777z 1112345678999m)
mjk_cli_golden(visible_over_four FAILS --json --visible 11m 1112345678999m)
mjk_cli_golden(visible_fifth_copy FAILS --visible 55555z 1m)
mjk_cli_golden(visible_malformed FAILS --visible 12x 1m)

# mjk forms: every tenpai reading
mjk_cli_golden(forms_one_reading forms 1112224588899)
mjk_cli_golden(forms_with_suits forms 123m456p789s11z23s)
mjk_cli_golden(forms_seven_pairs forms 1133m5577p99s112z)
mjk_cli_golden(forms_kokushi13 forms 19m19p19s1234567z)
mjk_cli_golden(forms_not_tenpai forms 1111m123p112233s)
mjk_cli_golden(forms_malformed FAILS forms 12x)
mjk_cli_golden(forms_wrong_count FAILS forms 123m456p789s11z23s4s)
# The nine-sided wait has exactly eleven readings, these two among them.
mjk_cli_golden(forms_nine_sided forms 1112345678999)

# mjk census
mjk_cli_matches(census_json_m14 "^{\"tiles\":14,\"kinds\":\"m\",\"partial\":false,\"hands\":118800,\"agari\":13277,\"standard\":13259,\"chiitoi\":36,\"both\":18,\"kokushi\":0,\"seconds\":[0-9.]+,\"hands_per_second\":[0-9]+}\n$"
  census --tiles 14 --kinds m --json)
mjk_cli_matches(census_text_m13 "hands +93600 \\(13 tiles, kinds m\\).*tenpai +40196.* 9 waits +1\n.*M hands/s" census --tiles 13 --kinds m --threads 1)
mjk_cli_golden(census_needs_kinds FAILS census --tiles 14)
mjk_cli_golden(census_bad_tiles FAILS census --tiles 12 --kinds m)

# The full brute-force census (about half an hour each on 2 cores): -DMJK_LONG_TESTS=ON.
if(MJK_LONG_TESTS)
  mjk_cli_matches(census_all14 "\"hands\":326520504500,\"agari\":16873619,\"standard\":11498658,\"chiitoi\":5379616,\"both\":4668,\"kokushi\":13,"
    census --tiles 14 --kinds all --json)
  mjk_cli_matches(census_all13 "\"hands\":98521596000,\"tenpai\":92371838,\"standard\":54747045,\"chiitoi\":37657312,\"both\":32676,\"kokushi\":157,\"waits\":{\"1\":64152121,\"2\":25337340,\"3\":2549634,\"4\":271155,\"5\":56145,\"6\":4686,\"7\":471,\"8\":282,\"9\":3,\"13\":1}"
    census --tiles 13 --kinds all --json)
  set_tests_properties(cli.census_all14 cli.census_all13 PROPERTIES TIMEOUT 7200 LABELS exhaustive)
endif()

# Honest I/O: write and read errors, one output line per input line, UTF-8.
mjk_add_test(cli.io_errors_and_lines LABELS door COMMAND ${CMAKE_COMMAND} -DMJK=$<TARGET_FILE:mjk>
  -DDATA=${CMAKE_CURRENT_SOURCE_DIR}/cli/data -P ${CMAKE_CURRENT_SOURCE_DIR}/cli/io.cmake)
# mjk log's review of a public record: its structure (skipped without the records).
mjk_add_test(cli.log_review LABELS door PROPERTIES SKIP_RETURN_CODE 77
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/cli_log_review.sh $<TARGET_FILE:mjk> ${MJK_SHARED_DATA_DIR}/logs
          ${CMAKE_CURRENT_BINARY_DIR}/log_review)

# mjk log --to mjlog of public records: the mjlog written reviews as its source does.
mjk_add_test(cli.log_to_mjlog LABELS door PROPERTIES SKIP_RETURN_CODE 77
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/cli_log_mjlog.sh $<TARGET_FILE:mjk> ${MJK_SHARED_DATA_DIR}/logs
          ${CMAKE_CURRENT_BINARY_DIR}/log_to_mjlog)

mjk_cli_matches(log_plot_needs_stats "--plot goes with --stats" log --plot x.svg x.mjlog)

# mjk log given hostile records (made at test time): each an error naming it,
# the good record after it still read.
mjk_add_test(cli.log_hostile_records LABELS door PROPERTIES TIMEOUT 300
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/cli_log_hostile.sh $<TARGET_FILE:mjk> ${CMAKE_CURRENT_BINARY_DIR}/log_hostile
          $<$<OR:$<BOOL:${MJK_SANITIZE}>,$<BOOL:${MJK_FUZZ}>>:sanitized>)
# mjk --json given a line too large for its memory: the lines before it answered, exit 1 with the reason.
mjk_add_test(cli.json_out_of_memory LABELS door PROPERTIES TIMEOUT 300
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/cli_json_memory.sh $<TARGET_FILE:mjk> ${CMAKE_CURRENT_BINARY_DIR}/json_memory
          $<$<OR:$<BOOL:${MJK_SANITIZE}>,$<BOOL:${MJK_FUZZ}>>:sanitized>)
mjk_cli_golden(json_red_winning_tile --json "1m 0m")
mjk_cli_golden(json_red_hand_plain_winning --json "0m 5m")

# Scoring: request objects and the meld notation through mjk --json, the exact
# "score" of SCORING.md §5's cases (non-dealer South, East round, indicator 9p).
set(S5 "\"seat\": \"2z\", \"dora\": \"9p\"")
mjk_cli_golden(score_pinfu_tsumo --json
  "{\"hand\": \"123678m345p67s55s\", \"win\": \"8s\", \"tsumo\": true, ${S5}}")
mjk_cli_golden(score_open_pinfu_shape --json
  "{\"hand\": \"678m345p67s55s\", \"melds\": [{\"type\": \"chi\", \"tiles\": \"234m\"}], \"win\": \"8s\", ${S5}}")
mjk_cli_golden(score_chiitoitsu --json
  "{\"hand\": \"1199m3377p2288s5z\", \"win\": \"5z\", ${S5}}")
mjk_cli_golden(score_seven_pairs_with_a_quad --json "{\"hand\": \"1111m2233p4455s6z\", \"win\": \"6z\", ${S5}}")
mjk_cli_golden(score_closed_kan_fu --json
  "{\"hand\": \"234m567p34s22p\", \"melds\": [{\"type\": \"ankan\", \"tiles\": \"9999s\"}], \"win\": \"5s\", \"riichi\": 1, ${S5}}")
mjk_cli_golden(score_stacking --json
  "{\"hand\": \"111z222z555z666z7z\", \"win\": \"7z\", \"tsumo\": true, ${S5}}")
mjk_cli_golden(score_dora_alone --json
  "{\"hand\": \"789p456s78s11z\", \"melds\": [{\"type\": \"chi\", \"tiles\": \"123m\"}], \"win\": \"9s\", ${S5}}")
mjk_cli_golden(score_honba_and_sticks --json
  "{\"hand\": \"123678m345p67s55s\", \"win\": \"8s\", \"seat\": \"1z\", \"dora\": \"9p\", \"honba\": 2, \"sticks\": 1}")
# Every winning tile of a waiting hand (each_win): 5s and 8s, each its score.
mjk_cli_golden(score_each_win --json "{\"hand\": \"123678m345p67s55s\", \"each_win\": true, \"tsumo\": true, ${S5}}")
mjk_cli_golden(score_each_win_complete_hand FAILS --json "{\"hand\": \"123678m345p67s558s\", \"each_win\": true}")
# --ref scores with the reference scorer (mjk::ref::score): the same answers.
mjk_cli_golden(ref_score_each_win --ref --json "{\"hand\": \"123678m345p67s55s\", \"each_win\": true, \"tsumo\": true, ${S5}}")
mjk_cli_golden(ref_score_honba_and_sticks --ref --json
  "{\"hand\": \"123678m345p67s55s\", \"win\": \"8s\", \"seat\": \"1z\", \"dora\": \"9p\", \"honba\": 2, \"sticks\": 1}")
mjk_cli_golden(ref_score_stacking --ref --json
  "{\"hand\": \"111z222z555z666z7z\", \"win\": \"7z\", \"tsumo\": true, ${S5}}")
mjk_cli_golden(ref_score_readable --ref --seat 2z --dora 9p --tsumo "678s11m12345p666z 3p")
# The same win in the meld notation with the context as options.
mjk_cli_golden(score_notation_options --json --tsumo --seat 2z --dora 9p "123678m345p67s55s 8s")
mjk_cli_golden(score_notation_meld --json --seat south --dora 9p "678m345p67s55s chi:234m 8s")
mjk_cli_golden(score_readable --seat 2z --dora 9p --tsumo "678s11m12345p666z 3p")
# A second --dora replaces the first with its red fives: --dora 0m --dora 0m once said "a second red five".
mjk_cli_golden(score_dora_given_again score --seat 2z --dora 0m --dora 4p --visible 0m --tsumo "678s11m12345p666z 3p")
mjk_cli_golden(score_dora_red_given_again score --seat 2z --dora 0p --dora 0p --tsumo "678s11m12345p666z 3p")
# The readable line names the limit and the payment as players say them.
mjk_cli_golden(score_readable_limit --riichi --tsumo --seat 2z --dora 7p "223344m567p67s88p 8s")
# mjk score: the score first, then the yaku with English names, the fu part
# by part and the payments; a 14-tile hand's last written tile is the winning tile.
mjk_cli_golden(score_command_haneman score --riichi --tsumo --seat 2z --dora 7p "223344m567p67s88p8s")
mjk_cli_golden(score_command_fu_parts score --seat 2z --honba 1 --sticks 1 --ron toimen "111m222p789s33z55z 5z")
mjk_cli_golden(score_command_yakuman score --tsumo "1112345678999m5m")
mjk_cli_golden(score_command_no_yaku score --seat 2z "789p456s78s11z chi:123m 9s")
mjk_cli_golden(score_last_tile_readable --tsumo --seat 2z --dora 9p "678s11m12345p666z3p")
mjk_cli_golden(score_command_no_win FAILS score 123m456p789s1z23s5z)
mjk_cli_golden(score_command_implied_calls FAILS score 123m456p789s1z)
# A waiting hand with no winning tile named: the score of each winning tile.
mjk_cli_golden(score_command_each_win score --tsumo --riichi --dora 4s "123678m345p67s55s")
mjk_cli_golden(score_command_each_win_ref score --ref --tsumo --riichi --dora 4s "123678m345p67s55s")
mjk_cli_golden(score_command_each_win_no_yaku score 123m456p789s11z23s)
mjk_cli_golden(score_command_each_win_seen score --dora 8s --visible 888s "123678m345p67s55s")
mjk_cli_golden(score_command_each_win_meld score --seat 3z "123m456p789s1z pon:555z")
mjk_cli_golden(score_command_each_win_nine_gates score --tsumo 1112345678999m)
# mjk HAND of a tenpai hand given a win's context: the analysis, then each winning tile's score.
mjk_cli_golden(readable_wins --tsumo --riichi --dora 4s 123678m345p67s55s)
mjk_cli_golden(readable_wins_unicode --format unicode --seat 2z --dora 8s --visible 888s 123678m345p67s55s)
mjk_cli_golden(readable_wins_not_scored --riichi "678m345p67s55s chi:234m")
mjk_cli_golden(readable_no_wins_without_context 123678m345p67s55s)
# mjk score --json: each line's object as mjk score reads it (the last tile
# the winning tile, a waiting hand's each_win), nothing to score an error line.
mjk_cli_golden(score_command_json score --json "123m456p789s11z23s 1s" 123678m345p55678s)
mjk_cli_golden(score_command_json_each_win score --json --tsumo --riichi --dora 4s 123678m345p67s55s)
mjk_cli_golden(score_command_json_nothing_to_score FAILS score --json 123m456p789s1z23s5z)
# mjk score prints its tiles as --format writes them; an option may come
# before the subcommand; majiang-core's calls score as meld words do.
mjk_cli_golden(score_command_format_unicode score --format unicode --tsumo "1112345678999m5m")
mjk_cli_golden(score_command_format_majiang score --format majiang --seat 2z --honba 1 --sticks 1 --ron toimen
  "111m222p789s33z55z 5z")
mjk_cli_golden(score_command_each_win_unicode score --format unicode --tsumo --riichi --dora 4s 123678m345p67s55s)
mjk_cli_golden(option_before_subcommand --format unicode score --tsumo "1112345678999m5m")
mjk_cli_golden(score_command_majiang_calls score m123p456s789z11,z555=)
mjk_cli_golden(score_command_meld_words score "123m456p789s11z pon:555z@toimen")
# SCORING.md §5 double-wind pair (dealer, East round): 4 han 40 fu, 30 fu under the 2-fu rule.
mjk_cli_golden(score_rule_option --json --rule double_wind_pair_fu=2 --tsumo --dora 9p
  "123m123p1z chi:123s pon:555z 1z")
mjk_cli_golden(score_short_plain_hand_not_scored --json "55z11m 5z")
# Bad requests: each line its own error object, the others answered, exit 1.
mjk_cli_golden(score_bad_lines_answer_others FAILS
  --json --riichi "678m345p67s55s chi:234m 8s" "123678m345p67s55s 8s" "{\"hand\": \"1m\", \"tsumo\": \"yes\"}")
mjk_cli_golden(score_bad_meld FAILS "123m chi:235m 5m")
mjk_cli_golden(score_unknown_rule FAILS --rule kiryage=true 1m)
mjk_cli_golden(score_bad_seat FAILS --seat 5z 1m)
mjk_cli_golden(score_bad_ron FAILS --ron left 1m)
mjk_cli_golden(score_three_players_chi FAILS --players 3 "11m456p789s11z chi:123p 1z")
mjk_cli_golden(score_fifth_copy_dora FAILS
  --dora 1m1m "1112345678999m 5m")
mjk_cli_golden(score_double_wind_pair_4fu --json --tsumo --dora 9p "123m123p1z chi:123s pon:555z 1z")

# The short help and each subcommand's help, from the option table (options.cpp).
mjk_cli_golden(help_all --help-all)
mjk_cli_golden(help_forms forms --help)
mjk_cli_golden(help_census census --help)
mjk_cli_golden(help_log log --help)
mjk_cli_golden(help_rules help rules)
mjk_cli_golden(unknown_command FAILS foo)
mjk_cli_golden(honor_word_is_a_hand 1234567z)
mjk_cli_matches(version "^mjk [0-9]+\\.[0-9]+\\.[0-9]+ \\(implementation: [a-z0-9_.]+\\)\n$" --version)
mjk_add_test(cli.completions_name_every_option LABELS door
  COMMAND ${CMAKE_COMMAND} -DMJK=$<TARGET_FILE:mjk> -P ${CMAKE_CURRENT_SOURCE_DIR}/cli/check_completion.cmake)
find_program(MJK_MAN man)
if(MJK_MAN)
  mjk_add_test(cli.man_page_renders LABELS door COMMAND sh -c "$<TARGET_FILE:mjk> --print-man > mjk_test.1 && MANWIDTH=80 ${MJK_MAN} -l mjk_test.1 2>&1 | grep -q 'riichi mahjong hand analysis' && ! MANWIDTH=80 ${MJK_MAN} --warnings -l mjk_test.1 2>&1 >/dev/null | grep -q warning")
endif()
mjk_cli_golden(help_topic_log help log)
mjk_cli_golden(help_topic_unknown FAILS help nothing)
# Notations: read in any, printed with --format.
mjk_cli_golden(format_unicode --format unicode "123m406p789s123s1z 1z")
mjk_cli_golden(format_majiang_melds --format majiang "678m340p67s55s chi:234m 8s")
mjk_cli_golden(format_unknown FAILS --format bogus 1m)
# The advice's columns stay aligned in Unicode tiles, the red dragon (two columns wide) too.
mjk_cli_golden(format_unicode_red_dragon_aligned --format unicode 123m456p789s1177z7z)
mjk_cli_golden(majiang_input "m123p456s789z1,z333= z1")
mjk_cli_golden(majiang_bad_call FAILS "m123p456s789z1,z333 z1")
mjk_cli_golden(unicode_input "🀇🀈🀉🀙🀚🀛🀐🀑🀒🀀🀀🀄🀄 🀄")
mjk_cli_golden(upper_case_input 123M456P789S11Z)
mjk_cli_golden(json_majiang_calls_in_hand FAILS --json "{\"hand\": \"m123p456s789z1,z333=\"}")
# mjk ev: the expected-value table (EV.md). The table and the JSON line are
# matched (the table shows the search's time; the values are floating point).
mjk_cli_golden(ev_help ev --help)
# The two riichi of 123m456p789s5s1222z, best expected score first; the 1z discard waits on the 5s (three left).
mjk_cli_matches(ev_table "shanten   0   wall 121   vertices 6 .*\ndiscard  shanten   tenpai      win    score  necessary\n1z             0   100.0%    37.0%     3822  5s\\(3\\)\n5s             0   100.0%    37.0%     3454  1z\\(3\\)\n$"
  ev --dora 9m 123m456p789s5s1222z)
mjk_cli_matches(ev_json "^{\"hand\":\"123m456p789s1222z\",.*\"ev\":{\"shanten\":0,\"vertices\":2,\"wall\":122,\"discards\":\\[{\"discard\":null,\"shanten\":0,\"necessary\":\\[\\[\"1z\",3\\]\\],\"tenpai\":\\[1,1,.*\\],\"win\":\\[0.383.*,0\\],\"score\":\\[.*,0\\]}\\]}}\n$"
  ev --json --dora 9m 123m456p789s1222z)
mjk_cli_matches(ev_melds_and_options "options   hand change, shanten back, extra 2, no ura-dora, no red fives"
  ev --hand-change --shanten-back --extra 2 --no-uradora --no-red "4567m22z34p567s pon:111z@toimen")
mjk_cli_golden(ev_complete FAILS ev 123m456p789s11222z)
mjk_cli_golden(ev_extra FAILS ev --extra 4 123m456p789s1222z)
mjk_cli_golden(ev_budget FAILS ev --max-vertices 10 --hand-change --shanten-back 12359m2468p1357s2z)
mjk_cli_golden(ev_budget_zero FAILS ev --max-vertices 0 12359m2468p1357s2z)
mjk_cli_golden(ev_json_error_line FAILS ev --json 123m456p789s11222z)
# An input quoted in an error is a bounded, escaped excerpt (here 100,081 bytes, a control byte first).
string(ASCII 7 bell)
string(REPEAT "1" 100076 ones)
mjk_cli_golden(ev_long_input_excerpt FAILS ev "${bell}123m${ones}")
mjk_cli_golden(long_input_excerpt FAILS "${bell}123m${ones}")
# mjk ev --json is the analysis with "ev" asked: the same line as mjk --json
# of the JSON request asking it, computed once.
mjk_add_test(cli.ev_json_is_the_json_request_with_ev LABELS door
  COMMAND ${CMAKE_COMMAND} -DMJK=$<TARGET_FILE:mjk> -P ${CMAKE_CURRENT_SOURCE_DIR}/cli/check_ev_json.cmake)
# An option missing its value names the option and what it wants.
mjk_cli_golden(log_max_bytes_needs_value FAILS log --max-bytes)
mjk_cli_golden(ev_option_of_another_command FAILS ev --tsumo 123m456p789s5s1222z)
# Every example printed in every --help runs; no option is read but through the option table.
mjk_add_test(cli.help_examples_run LABELS door
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/check_help_examples.sh $<TARGET_FILE:mjk> ${CMAKE_CURRENT_BINARY_DIR}/help_examples)
mjk_add_test(cli.option_table_reads_every_option LABELS door
  COMMAND ${CMAKE_COMMAND} -DCLI=${PROJECT_SOURCE_DIR}/cli -P ${CMAKE_CURRENT_SOURCE_DIR}/cli/check_option_reads.cmake)
mjk_cli_golden(help_ev help ev)
mjk_cli_golden(help_score score --help)
# mjk ev reads winds with parse_wind and tiles with the one mpsz scanner, as every option does.
mjk_cli_matches(ev_any_wind_spelling "hand      123m456p789s5s1222z .*\n1z             0   100.0%"
  ev --seat South --round E --dora 9M 123m456p789s5s1222z)

# mjk play: whole games with the engine's bots. The summaries of a small
# deterministic run (its timings masked), bad options named, and the same
# bytes and summary for one thread and two (check_play_threads.cmake).
mjk_cli_golden(help_play play --help)
set(play_timing "[0-9]+\\.[0-9]+ s, [0-9]+\\.[0-9] hanchan/s|\"seconds\":[0-9.]+,\"hanchan_per_s\":[0-9.]+")
mjk_cli_golden_masked(play_summary "${play_timing}" play --games 6 --seed 42 --bots advice,random,tsumogiri,advice --threads 2)
mjk_cli_golden_masked(play_summary_json "${play_timing}" play --games 6 --seed 42 --players 3 --length east --json --threads 2)
mjk_cli_golden(play_games_zero FAILS play --games 0)
mjk_cli_golden(play_seed_negative FAILS play --seed -1)
mjk_cli_golden(play_seed_too_large FAILS play --seed 18446744073709551616)
mjk_cli_golden(play_unknown_rules FAILS play --rules tenho)
mjk_cli_golden(play_unknown_bot FAILS play --bots random,rnadom,random,random)
mjk_cli_golden(play_bot_count FAILS play --players 3 --bots random,random,random,random)
mjk_cli_golden(play_cmd_bot_empty FAILS play --bots cmd:)
mjk_cli_golden(play_format_needs_out FAILS play --format tenhou6)
mjk_cli_golden(play_players_contradict FAILS play --rules tenhou-sanma --players 4)
mjk_cli_golden(play_out_not_a_directory FAILS play --out /dev/null)

mjk_add_test(cli.play_same_bytes_for_any_threads LABELS door
  COMMAND ${CMAKE_COMMAND} -DMJK=$<TARGET_FILE:mjk> -DWORK=${CMAKE_CURRENT_BINARY_DIR}/play_threads
          -P ${CMAKE_CURRENT_SOURCE_DIR}/cli/check_play_threads.cmake)

# mjk play with external bots speaking mjai (tests/cli/mjai_bot.sh), well and badly behaved.
mjk_add_test(cli.play_mjai_bots LABELS door
  COMMAND ${CMAKE_COMMAND} -DMJK=$<TARGET_FILE:mjk> -DBOT=${CMAKE_CURRENT_SOURCE_DIR}/cli/mjai_bot.sh
          -DWORK=${CMAKE_CURRENT_BINARY_DIR}/play_mjai_bots -P ${CMAKE_CURRENT_SOURCE_DIR}/cli/check_play_mjai_bots.cmake)
