#!/usr/bin/env bash
# The connections-held measurement of docs/PERFORMANCE.md: one release server on a fresh SQLite file and
# two bench processes of 4,990 matches each (two players per match, 19,960 connections in all), bound to
# different loopback source addresses, playing lightly (a move every 5 s) for 20 s. Each bench prints
# the server's resident memory (--server-pid) with everything held.
#
#   scripts/perf-hold.sh ["SERVER OPTIONS"]        e.g. scripts/perf-hold.sh "--ping-interval 0"
#
# Needs `ulimit -n` of 20,000 (the hard limit here). Output: ${OUT:-/tmp/tictactoe-perf}/hold.{a,b}.log
set -euo pipefail
cd "$(dirname "$0")/.."
server_opts=${1:-}
out=${OUT:-/tmp/tictactoe-perf}; mkdir -p "$out"
port=${PORT:-18183}
ulimit -n "$(ulimit -Hn)"
rm -f "$out/hold.sqlite"*
# shellcheck disable=SC2086
"${SERVER_BIN:-.build/release/tictactoe}" --port "$port" --db "$out/hold.sqlite" --matches-per-minute 1000000 --max-connections 20000 --max-connections-per-address 1000000 --connects-per-minute 100000000 --log-level warning \
  $server_opts > "$out/hold.server.log" 2>&1 &
server=$!
for _ in $(seq 100); do curl -sf "localhost:$port/healthz" >/dev/null && break; sleep 0.1; done
benches=()
for run in "a 127.0.0.2,127.0.0.3" "b 127.0.0.4,127.0.0.5"; do
  set -- $run
  "${BENCH_BIN:-.build/release/tictactoe-bench}" --port "$port" --server-pid "$server" --matches 4990 --think-ms 5000 --duration 20 \
    --connect-concurrency 128 --create-concurrency 4 --no-progress --source-addresses "$2" --json "$out/hold.$1.json" \
    > "$out/hold.$1.log" 2>&1 &
  benches+=($!)
done
wait "${benches[@]}" || echo "a bench failed: see $out/hold.*.log"
kill -TERM "$server"; wait "$server" || true
grep -hE "connections attempted|connections held|errors|move -> opponent|server memory \(" "$out/hold.a.log" "$out/hold.b.log"
