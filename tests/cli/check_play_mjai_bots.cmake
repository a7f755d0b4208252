# mjk play with external bots speaking mjai (tests/cli/mjai_bot.sh): a bot
# that answers well plays whole games that mjk log reads back with no
# disagreement, and no report; bots that answer garbage, an illegal discard,
# late, or that exit are each named on standard error with the fallback
# played, and the run ends with status 0 and its summary; and the same bytes
# for one thread and two, each game's bots processes of their own.
#   cmake -DMJK=mjk -DBOT=mjai_bot.sh -DWORK=dir -P check_play_mjai_bots.cmake
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
function(run out err)
  execute_process(COMMAND ${MJK} ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE stdout ERROR_VARIABLE stderr)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "mjk ${ARGN}: exit status ${status}\n${stdout}${stderr}")
  endif()
  set(${out} "${stdout}" PARENT_SCOPE)
  set(${err} "${stderr}" PARENT_SCOPE)
endfunction()
function(expect text pattern what)
  if(NOT text MATCHES "${pattern}")
    message(FATAL_ERROR "${what}: no match of ${pattern} in:\n${text}")
  endif()
endfunction()

# A bot that discards what it draws: no report, its games read back whole.
run(out err play --games 3 --seed 9 --length east --bots "advice,random,cmd:sh ${BOT},advice" --out ${WORK}/good)
if(NOT err STREQUAL "")
  message(FATAL_ERROR "a bot answering well was reported:\n${err}")
endif()
expect("${out}" "fallbacks  0 " "the good bot's summary")
expect("${out}" "\n2     cmd:sh " "the good bot's seat in the summary")
file(GLOB games ${WORK}/good/*.mjson)
list(LENGTH games count)
if(NOT count EQUAL 3)
  message(FATAL_ERROR "3 games expected, got ${games}")
endif()
foreach(g ${games})
  run(log_out log_err log ${g})
  expect("${log_out}" "\n  0 disagreements" "mjk log ${g}")
  # seat 2 discarded each tile it drew
  file(STRINGS ${g} own REGEX "\"type\":\"dahai\",\"actor\":2,")
  file(STRINGS ${g} own_tsumogiri REGEX "\"type\":\"dahai\",\"actor\":2,.*\"tsumogiri\":true")
  if(NOT own STREQUAL own_tsumogiri)
    message(FATAL_ERROR "${g}: seat 2 discarded another tile than its draw")
  endif()
endforeach()

# Misbehaving bots: each named (game, round, seat, what it sent, why), the fallback played.
set(modes garbage illegal "sleep 1" "exit 5")
set(garbage_says "game 0, round E1-0, seat 1 \\(cmd:sh [^)]* garbage\\): sent 'this is not json': not JSON: expected a JSON value at byte 0; played tsumogiri instead")
set(illegal_says "game 0, round E1-0, seat 1 \\(cmd:sh [^)]* illegal\\): sent '{\"type\":\"dahai\",\"pai\":\"5mr\",\"tsumogiri\":false}': dahai 5mr, not in its legal set: dahai [^;]*; the hand does not hold that tile[^;]*; played tsumogiri instead")
set(sleep_says "game 0, round E1-0, seat 1 \\(cmd:sh [^)]* sleep 1\\): no answer within 300 ms \\(--bot-timeout\\); played tsumogiri instead")
set(exit_says "game 0, round E1-0, seat 1 \\(cmd:sh [^)]* exit 5\\): the bot exited with status 3; its seat plays the fallback \\(pass, else tsumogiri\\) for the rest of the game")
foreach(mode garbage illegal sleep exit)
  set(arg ${mode})
  if(mode STREQUAL "sleep")
    set(arg "sleep 1")
  elseif(mode STREQUAL "exit")
    set(arg "exit 5")
  endif()
  run(out err play --games 2 --seed 3 --length one --bot-timeout 300 --threads 1
      --bots "advice,cmd:sh ${BOT} ${arg},advice,advice" --out ${WORK}/${mode})
  expect("${err}" "^mjk play: ${${mode}_says}\n" "${mode}")
  expect("${out}" "games      2 " "${mode}: the summary")
  expect("${out}" "fallbacks  [1-9][0-9]* " "${mode}: the fallbacks counted")
  file(GLOB games ${WORK}/${mode}/*.mjson)
  foreach(g ${games})
    run(log_out log_err log ${g})
    expect("${log_out}" "\n  0 disagreements" "${mode}: mjk log ${g}")
  endforeach()
endforeach()

# A bot writing on without a newline: done with past 1 MiB, its seat the
# fallback's (its bytes once piled up for the whole --bot-timeout of every ask).
run(out err play --games 1 --seed 3 --length one --bot-timeout 1000 --threads 1
    --bots "advice,cmd:head -c 2000000 /dev/zero && sleep 30,advice,advice")
expect("${err}" "^mjk play: game 0, round E1-0, seat 1 \\(cmd:head [^)]*\\): the bot sent a line of more than 1048576 bytes; its seat plays the fallback \\(pass, else tsumogiri\\) for the rest of the game\n$" "flood")
expect("${out}" "games      1 " "flood: the summary")

# The same bytes and summary for --threads 1 and 2.
set(common play --games 4 --seed 77 --length east --json --out - --bots "cmd:sh ${BOT},advice,cmd:sh ${BOT},random")
run(one one_err ${common} --threads 1)
run(two two_err ${common} --threads 2)
if(NOT one STREQUAL two)
  message(FATAL_ERROR "the games differ between --threads 1 and 2")
endif()
string(REGEX REPLACE "\"seconds\":[0-9.]+,\"hanchan_per_s\":[0-9.]+" "" one_err "${one_err}")
string(REGEX REPLACE "\"seconds\":[0-9.]+,\"hanchan_per_s\":[0-9.]+" "" two_err "${two_err}")
if(NOT one_err STREQUAL two_err)
  message(FATAL_ERROR "the summaries differ between --threads 1 and 2:\n${one_err}\n${two_err}")
endif()
expect("${one_err}" "\"fallbacks\":0," "the deterministic bots' summary")

# mjai's riichi through the process: a bot answering reach to every draw is
# refused while it may not riichi, and the game goes on.
run(out err play --games 1 --seed 3 --length one --bots "advice,advice,cmd:sh ${BOT} reach,advice")
expect("${err}" "seat 2 \\(cmd:sh [^)]* reach\\): sent '{\"type\":\"reach\",\"actor\":2}': reach, not in its legal set: dahai " "reach")
expect("${out}" "games      1 " "reach: the summary")
