#!/usr/bin/env bash
# The audience measurement of docs/PERFORMANCE.md (issue 31): one hot match watched by many watch-only
# spectators beside ordinary matches, and the same load without the audience, side by side.
#
#   scripts/perf-audience.sh [ROUNDS]         # "without" and "with" the audience, alternately (default 1 round)
#   MODE=memory scripts/perf-audience.sh      # 19,000 spectators of one match from two bench processes
#
# Each run starts the release server on a fresh SQLite file in a temporary directory, runs tictactoe-bench
# with --server-pid (memory and CPU from /proc) and stops the server. Every run's raw figures are kept in
# ${OUT:-/tmp/tictactoe-perf-audience}/NAME.{bench.log,json,server.log,time}, and the summary table is
# printed (and written to $OUT/summary-TAG.txt).
#
# Environment (defaults in brackets): SPECTATORS [10000], MATCHES [1000], THINK [900-1100] (ms: about
# 1,000 moves/s over 1,000 matches), RATE [5] (hot match moves/s), TIMED [200], SILENT [0], DURATION [30],
# WARMUP [5], THREADS [2], SIDES ["without with"; "with" runs the audience side only], SERVER_OPTS (more server options, e.g. "--ping-interval 10"), BUILD [1] (0 skips
# the release build), TAG [aud], PORT [18191]. MODE=memory: SPECTATORS [19000] split over two processes;
# the mover runs DURATION + MOVER_EXTRA [240] s so that it still moves while the second one measures.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-1}
out=${OUT:-/tmp/tictactoe-perf-audience}; mkdir -p "$out"
tag=${TAG:-aud}
port=${PORT:-18191}
mode=${MODE:-compare}
matches=${MATCHES:-1000}
think=${THINK:-900-1100}
rate=${RATE:-5}
timed=${TIMED:-200}
silent=${SILENT:-0}
duration=${DURATION:-30}
warmup=${WARMUP:-5}
threads=${THREADS:-2}
ulimit -n "$(ulimit -Hn)"
if [ "${BUILD:-1}" = 1 ]; then
  swift build -c release --product tictactoe >/dev/null
  swift build -c release --product tictactoe-bench >/dev/null
fi
server_bin=${SERVER_BIN:-.build/release/tictactoe}
bench_bin=${BENCH_BIN:-.build/release/tictactoe-bench}
tmp=$(mktemp -d /tmp/perf-audience.XXXXXX)
server=
cleanup() { [ -n "$server" ] && kill -TERM "$server" 2>/dev/null; wait 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT

start_server() { # NAME
  rm -f "$tmp"/*.sqlite*
  # shellcheck disable=SC2086
  "$server_bin" --port "$port" --db "$tmp/$1.sqlite" --matches-per-minute 1000000 --max-connections 19950 \
    --match-connection-share 1 --max-connections-per-address 1000000 --connects-per-minute 100000000 \
    --log-level warning ${SERVER_OPTS:-} > "$out/$1.server.log" 2>&1 &
  server=$!
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && return; sleep 0.1; done
  echo "the server did not start: see $out/$1.server.log" >&2; exit 1
}

stop_server() {
  kill -TERM "$server"; wait "$server" || true; server=
}

bench() { # NAME BENCH-OPTIONS...
  local name=$1; shift
  /usr/bin/time -f "%U %S %e" -o "$out/$name.time" "$bench_bin" --port "$port" --server-pid "$server" --json "$out/$name.json" \
    --threads "$threads" "$@" > "$out/$name.bench.log" 2>&1 || echo "tictactoe-bench failed: see $out/$name.bench.log" >&2
}

run_side() { # SIDE ROUND
  local name="$tag-$1-$2"
  echo "== $name ($(date -u +%H:%M:%S), load $(cut -d' ' -f1-3 /proc/loadavg))"
  start_server "$name"
  local audience=()
  [ "$1" = with ] && audience=(--audience "${SPECTATORS:-10000}" --audience-rate "$rate" --timed-spectators "$timed" --silent-spectators "$silent")
  bench "$name" --matches "$matches" --spectators 1 --think-ms "$think" --duration "$duration" --warmup "$warmup" \
    --create-concurrency 32 --no-progress "${audience[@]}"
  stop_server
}

summary() { # NAMES...
  printf '%-22s %8s %9s %9s %8s | %8s %8s %8s %6s %5s %6s %9s | %s\n' run moves/s "opp p50" "opp p99" errors \
    "aud p50" "aud p99" "aud max" lost "ooo" skips "KB/spect" "CPU % of a core (servers…, bench)"
  for name in "$@"; do
    [ -f "$out/$name.json" ] || { echo "$name: no results"; continue; }
    jq -r --arg n "$name" '
      def f(x): if x == null then "-" else (x | tostring) end;
      [$n, (.movesPerSecond|tostring), (.opponentLatencyMs.p50|tostring), (.opponentLatencyMs.p99|tostring), (.errorTotal|tostring),
       f(.audience.latencyMs.p50), f(.audience.latencyMs.p99), f(.audience.latencyMs.max), f(.audience.counts.lost),
       f(.audience.counts.outOfOrder), f(.audience.counts.freshWelcomes), f(.audience.kilobytesPerSpectator),
       (if .audience then ([.audience.cpu[].percentOfCore|tostring]|join(" ")) else "server \(.serverCPUPercentSteady // "-")" end)]
      | "\(.[0]|.[0:22]|. + " " * (22 - length)) \(.[1]|. + " " * (8 - length)) \(.[2]) \(.[3]) \(.[4]) | \(.[5]) \(.[6]) \(.[7]) \(.[8]) \(.[9]) \(.[10]) \(.[11]) | \(.[12])"
    ' "$out/$name.json"
  done
}

if [ "$mode" = memory ]; then
  total=${SPECTATORS:-19000}
  first=$(( total / 2 )); second=$(( total - first ))
  name="$tag-memory"
  echo "== $name ($(date -u +%H:%M:%S), load $(cut -d' ' -f1-3 /proc/loadavg))"
  start_server "$name"
  times="$tmp/hot-times"
  # The mover: the hot match and the first half of the audience, for long enough to outlast the second.
  bench "$name-a" --matches 0 --audience "$first" --audience-rate "$rate" --timed-spectators "$timed" --hot-times "$times" \
    --duration "$(( duration + ${MOVER_EXTRA:-240} ))" --warmup 0 --no-progress &
  mover=$!
  id=
  for _ in $(seq 600); do
    id=$(sed -n 's/^audience: hot match //p' "$out/$name-a.bench.log" 2>/dev/null || true)
    grep -q 'spectators upgraded' "$out/$name-a.bench.log" 2>/dev/null && break
    sleep 0.5
  done
  [ -n "$id" ] || { echo "the mover did not open its audience: see $out/$name-a.bench.log" >&2; exit 1; }
  # The second process: spectators only, timed against the mover's file.
  bench "$name-b" --audience "$second" --watch-match="$id" --timed-spectators "$timed" --hot-times "$times" \
    --duration "$duration" --warmup 0 --no-progress
  cp "$times" "$out/$name.hot-times"
  wait "$mover" || true
  stop_server
  sed -n '/^audience:/,$p' "$out/$name-a.bench.log" "$out/$name-b.bench.log"
  jq -rs --argjson n "$total" '
    (.[0].audience.memory[0].beforeMB) as $before | (.[1].audience.memory[0].withAudienceMB) as $with
    | "server VmRSS before the audience \($before) MB, with \($n) spectators \($with) MB: \((($with - $before) * 1048576 / 1024 / $n * 100 | round) / 100) KB per spectator"
  ' "$out/$name-a.json" "$out/$name-b.json" | tee "$out/summary-$name.txt"
  exit 0
fi

names=()
for round in $(seq "$rounds"); do
  if [ $(( round % 2 )) = 1 ]; then sides=${SIDES:-without with}; else sides=$(echo "${SIDES:-without with}" | awk '{for (i = NF; i > 0; i--) printf "%s%s", $i, (i > 1 ? " " : "")}'); fi
  for side in $sides; do
    run_side "$side" "$round"
    names+=("$tag-$side-$round")
  done
done
summary "${names[@]}" | tee "$out/summary-$tag.txt"
