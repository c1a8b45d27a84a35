#!/usr/bin/env bash
# Measurement 4 of docs/PERFORMANCE.md as cycles: one release server (a fresh SQLite file, or DB=:memory:)
# plays CYCLES rounds of GAMES games on 1,000 matches, each round followed by the teardown (every
# connection closed, every match unloaded, SETTLE seconds more); prints the server's resident memory
# after each teardown and the last one against the first (the goal: within 5 %).
#
#   scripts/perf-memory-cycles.sh [CYCLES] [GAMES]      (defaults: 5 cycles of 20,000 games)
#
# Output goes to ${OUT:-/tmp/tictactoe-perf}/cycles-N.* (bench log and JSON per cycle, server log).
set -euo pipefail
cd "$(dirname "$0")/.."
cycles=${1:-5}; games=${2:-20000}; settle=${SETTLE:-20}
out=${OUT:-/tmp/tictactoe-perf}; mkdir -p "$out"
port=${PORT:-18185}
metrics_port=${METRICS_PORT:-18186}
ulimit -n "$(ulimit -Hn)"
rm -f "$out/cycles.sqlite"*
"${SERVER_BIN:-.build/release/tictactoe}" --port "$port" --db "${DB:-$out/cycles.sqlite}" --matches-per-minute 1000000 --max-connections 20000 \
  --max-connections-per-address 1000000 --connects-per-minute 100000000 --metrics-address "127.0.0.1:$metrics_port" \
  --log-level warning --idle-timeout 5 --seat-timeout 2 > "$out/cycles.server.log" 2>&1 &
server=$!
trap 'kill -TERM "$server" 2>/dev/null || true' EXIT
for _ in $(seq 100); do curl -sf "localhost:$port/healthz" >/dev/null && break; sleep 0.1; done
for cycle in $(seq "$cycles"); do
  "${BENCH_BIN:-.build/release/tictactoe-bench}" --port "$port" --metrics-port "$metrics_port" --server-pid "$server" --matches 1000 --games "$games" \
    --teardown-wait 60 --settle "$settle" --no-progress --json "$out/cycles-$cycle.json" > "$out/cycles-$cycle.bench.log" 2>&1 \
    || echo "cycle $cycle: tictactoe-bench failed, see $out/cycles-$cycle.bench.log"
  jq -r --arg c "$cycle" '"cycle \($c): \(.games) games, \(.movesPerSecond) moves/s; resident start \(.memory.startMB) MB, peak \(.memory.peakMB) MB, after teardown \(.memory.afterTeardownMB) MB (matches loaded \(.memory.matchesLoadedAfterTeardown))"' \
    "$out/cycles-$cycle.json"
  # What the resident memory is made of after the teardown: heap and stacks (anonymous), the binary's
  # and libraries' pages (file), shared mappings (SQLite's -shm file is one).
  awk '/^Rss(Anon|File|Shmem):/ { printf "  %s %.1f MB", $1, $2 / 1024 } END { print "" }' "/proc/$server/status"
done
jq -s -r '(.[0].memory.afterTeardownMB) as $first | (.[-1].memory.afterTeardownMB) as $last
  | "after the last teardown against the first: \($last) / \($first) MB = \((($last / $first - 1) * 1000 | round) / 10) % (goal: within 5 %)"' \
  $(for c in $(seq "$cycles"); do echo "$out/cycles-$c.json"; done)
