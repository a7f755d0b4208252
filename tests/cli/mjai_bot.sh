#!/bin/sh
# A tiny bot speaking mjai for mjk play's tests: one answer a line read. It
# discards each tile it draws (its own draws are the ones it sees) and
# answers {"type":"none"} to everything else. MODE, at its first own draw
# (or its Nth event for exit), misbehaves once:
#   tsumogiri  never (the default)
#   garbage    answers a line that is not JSON
#   illegal    answers a discard of 5mr with tsumogiri false (a tile its hand
#              does not hold, in the tests' seeded game)
#   sleep      sleeps SECONDS (2nd argument, default 1) before answering
#   exit       exits after N events (2nd argument, default 5)
# and, every turn:
#   reach      answers reach to each tile it draws (refused unless it may),
#              and, told its reach, discards the drawn tile
mode=${1:-tsumogiri}
arg=${2:-}
events=0
first=1
seat=
drawn=
while IFS= read -r line; do
  events=$((events + 1))
  if [ "$mode" = exit ] && [ "$events" -gt "${arg:-5}" ]; then exit 3; fi
  case $line in
    *'"type":"start_game","id":'*)
      seat=${line#*\"id\":}
      seat=${seat%%,*}
      answer='{"type":"none"}'
      ;;
    "{\"type\":\"reach\",\"actor\":$seat}")
      answer="{\"type\":\"dahai\",\"actor\":$seat,\"pai\":\"$drawn\",\"tsumogiri\":true}"
      ;;
    *'"type":"tsumo"'*'"pai":"?"'*) answer='{"type":"none"}' ;;
    *'"type":"tsumo"'*)
      pai=${line#*\"pai\":\"}
      pai=${pai%%\"*}
      drawn=$pai
      answer="{\"type\":\"dahai\",\"pai\":\"$pai\",\"tsumogiri\":true}"
      [ "$mode" = reach ] && answer="{\"type\":\"reach\",\"actor\":$seat}"
      if [ "$first" = 1 ]; then
        first=0
        case $mode in
          garbage) answer='this is not json' ;;
          illegal) answer='{"type":"dahai","pai":"5mr","tsumogiri":false}' ;;
          sleep) sleep "${arg:-1}" ;;
        esac
      fi
      ;;
    *) answer='{"type":"none"}' ;;
  esac
  printf '%s\n' "$answer"
done
