#!/usr/bin/env bash
# The audience against the machine's floor (issue 44, docs/PERFORMANCE.md measurement 15): one match
# watched by N watch-only spectators and nothing else, and a bare C program that writes one frame to
# each of N loopback TCP sockets per round, alternately in one run, same N, same rate, same bytes.
#
#   scripts/perf-fanout.sh FLOOR.c [ROUNDS]     # ROUNDS rounds (default 2): the floor and each server, the
#                                               # order reversed in even rounds
#   SERVERS="before=/tmp/old/tictactoe after=.build/release/tictactoe" scripts/perf-fanout.sh FLOOR.c 2
#
# FLOOR.c is the bare writer's source (the team's fanout-floor.c: one thread writes a frame to each
# socket per round, another epoll-reads the other ends; it prints the writer's CPU per write). The
# script builds it with `gcc -O2 -pthread`, prints its SHA-256, and runs it with the frame size the
# server's spectators received per board in the round before (a board, or a change's frames together:
# one write each), RATE rounds a second for as long as the server side measures.
#
# The server side is scripts/perf-audience.sh with MATCHES=0 (the hot match only): its CPU from /proc over
# the measured window, divided by the boards the spectators received in that window.
#
# Environment (defaults in brackets): SPECTATORS [9000], RATE [5], DURATION [20], FRAME [the server's
# bytes per board, from a first sizing run], SERVERS [server=.build/release/tictactoe: NAME=BINARY pairs
# to compare], BUILD [1], OUT [/tmp/tictactoe-perf-fanout], BENCH_BIN (as perf-audience.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
floor_src=${1:?"usage: $0 FLOOR.c [ROUNDS]"}
rounds=${2:-2}
spectators=${SPECTATORS:-9000}
rate=${RATE:-5}
duration=${DURATION:-20}
frame=${FRAME:-350}
out=${OUT:-/tmp/tictactoe-perf-fanout}; mkdir -p "$out"
ulimit -n "$(ulimit -Hn)"
floor_bin="$out/fanout-floor"
gcc -O2 -pthread -o "$floor_bin" "$floor_src"
echo "floor: $floor_src, sha256 $(sha256sum "$floor_src" | cut -d' ' -f1)"
if [ "${BUILD:-1}" = 1 ]; then
  swift build -c release --product tictactoe >/dev/null
  swift build -c release --product tictactoe-bench >/dev/null
fi
gap_ms=$(( 1000 / rate ))
floor_rounds=$(( duration * rate ))

run_floor() { # ROUND
  echo "== floor-$1 ($(date -u +%H:%M:%S), load $(cut -d' ' -f1-3 /proc/loadavg)): $spectators sockets, $floor_rounds rounds of $frame bytes, every $gap_ms ms"
  "$floor_bin" "$spectators" "$floor_rounds" "$frame" "$gap_ms" | tee "$out/floor-$1.json"
}

read -r -a servers <<< "${SERVERS:-server=.build/release/tictactoe}"

run_server() { # NAME=BINARY ROUND
  local name=${1%%=*} bin=${1#*=}
  echo "== $name-$2 ($(date -u +%H:%M:%S), load $(cut -d' ' -f1-3 /proc/loadavg)): $bin"
  BUILD=0 SERVER_BIN="$bin" SIDES=with MATCHES=0 SPECTATORS="$spectators" RATE="$rate" DURATION="$duration" TAG="$name" OUT="$out" \
    TIMED=${TIMED:-200} scripts/perf-audience.sh 1 >/dev/null
  mv "$out/$name-with-1.json" "$out/$name-$2.json"
  local measured
  measured=$(jq '.audience.window.bytesPerBoard // empty' "$out/$name-$2.json")
  [ -n "$measured" ] && frame=$measured
  jq -c '.audience | {boards: .window.boards, frames: .window.frames, bytesPerBoard: .window.bytesPerBoard,
          perBoard: .window.serverMicrosecondsPerBoard, user: .window.serverUserMicrosecondsPerBoard,
          kernel: .window.serverSystemMicrosecondsPerBoard, hotMovesPerSecond, p50: .latencyMs.p50, p99: .latencyMs.p99,
          lost: .counts.lost, outOfOrder: .counts.outOfOrder}' "$out/$name-$2.json"
}

# The first server run sizes the floor's frame, unless FRAME was given.
[ -z "${FRAME:-}" ] && { echo "== sizing run"; run_server "${servers[-1]}" 0; }
for round in $(seq "$rounds"); do
  if [ $(( round % 2 )) = 1 ]; then
    run_floor "$round"; for server in "${servers[@]}"; do run_server "$server" "$round"; done
  else
    for (( i = ${#servers[@]} - 1; i >= 0; i-- )); do run_server "${servers[i]}" "$round"; done; run_floor "$round"
  fi
done

echo
printf '%-5s | %-34s | %-8s | %-62s | %s\n' round "floor: writer µs/write (p50/p99 ms)" server "CPU µs/board: all (user + kernel) (p50/p99 ms, moves/s)" "× floor"
for round in $(seq "$rounds"); do
  f=$(jq -r '"\(.writer_us_per_write) (\(.p50_ms)/\(.p99_ms))"' "$out/floor-$round.json")
  for server in "${servers[@]}"; do
    name=${server%%=*}
    s=$(jq -r '.audience | "\(.window.serverMicrosecondsPerBoard) (\(.window.serverUserMicrosecondsPerBoard) + \(.window.serverSystemMicrosecondsPerBoard)) (\(.latencyMs.p50)/\(.latencyMs.p99), \(.hotMovesPerSecond))"' "$out/$name-$round.json")
    r=$(jq -rn --slurpfile f "$out/floor-$round.json" --slurpfile s "$out/$name-$round.json" \
      '($s[0].audience.window.serverMicrosecondsPerBoard / $f[0].writer_us_per_write * 100 | round) / 100')
    printf '%-5s | %-34s | %-8s | %-62s | %s\n' "$round" "$f" "$name" "$s" "$r"
  done
done | tee "$out/summary.txt"
