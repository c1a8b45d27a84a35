#!/usr/bin/env bash
# Runs one measurement of docs/PERFORMANCE.md: starts the release server on a fresh SQLite file (or
# with DB=:memory:), runs tictactoe-bench against it with the given options, stops the server, and
# prints the bench's table plus the CPU seconds the server, the bench and everything else used.
#
#   scripts/perf.sh NAME "SERVER OPTIONS" "BENCH OPTIONS"
#   scripts/perf.sh tput60 "" "--matches 1000 --duration 60 --warmup 5"
#
# Build first: swift build -c release --product tictactoe && swift build -c release --product tictactoe-bench
# SERVER_BIN / BENCH_BIN run other builds (a copy of the binary before a change, say).
# BEFORE_BENCH: a shell command run once the server answers and before the bench (perf-compare.sh
# registers accounts there); its output goes to NAME.before.log. The server's CPU is counted from
# after it (and its disk writes), so that what it costs is not taken for the bench run's.
# Output goes to ${OUT:-/tmp/tictactoe-perf}/NAME.*  (bench log, JSON, server log, /metrics at the end).
set -euo pipefail
cd "$(dirname "$0")/.."
name=$1; server_opts=${2:-}; bench_opts=${3:-}
out=${OUT:-/tmp/tictactoe-perf}; mkdir -p "$out"
port=${PORT:-18181}
metrics_port=${METRICS_PORT:-18182}
ulimit -n "$(ulimit -Hn)"
busy() { awk '/^cpu /{print $2+$3+$4+$7+$8}' /proc/stat; }
# Wait (up to QUIET_WAIT seconds, 10 minutes by default) for a quiet machine: under 10 % busy over
# 3 seconds. The "other" CPU-seconds printed at the end tell whether it was quiet during the run.
for _ in $(seq $(( ${QUIET_WAIT:-600} / 3 ))); do q0=$(busy); sleep 3; q1=$(busy); [ $(( q1 - q0 )) -lt 60 ] && break; done
rm -f "$out/$name.sqlite"*
# shellcheck disable=SC2086
"${SERVER_BIN:-.build/release/tictactoe}" --port "$port" --db "${DB:-$out/$name.sqlite}" --matches-per-minute 1000000 --max-connections 20000 --max-connections-per-address 1000000 --connects-per-minute 100000000 \
  --metrics-address "127.0.0.1:$metrics_port" --log-level warning $server_opts \
  > "$out/$name.server.log" 2>&1 &
server=$!
# SCHEME=https for a server with --tls-cert (its certificate is not checked here).
for _ in $(seq 100); do curl -skf "${SCHEME:-http}://localhost:$port/healthz" >/dev/null && break; sleep 0.1; done
if [ -n "${BEFORE_BENCH:-}" ] && ! bash -c "$BEFORE_BENCH" > "$out/$name.before.log" 2>&1; then
  echo "BEFORE_BENCH failed: see $out/$name.before.log"; kill -TERM "$server"; wait "$server" || true; exit 1
fi
read -r -a stat0 < "/proc/$server/stat"
written0=$(awk '/^write_bytes/{print $2}' "/proc/$server/io")
b0=$(busy)
# shellcheck disable=SC2086
/usr/bin/time -f "%U %S %e" -o "$out/$name.time" "${BENCH_BIN:-.build/release/tictactoe-bench}" --port "$port" --server-pid "$server" \
  --metrics-port "$metrics_port" --json "$out/$name.json" $bench_opts > "$out/$name.bench.log" 2>&1 || echo "tictactoe-bench failed: see $out/$name.bench.log"
b1=$(busy)
curl -s "localhost:$metrics_port/metrics" > "$out/$name.metrics" || true
read -r -a stat < "/proc/$server/stat"
written=$(awk '/^write_bytes/{print $2}' "/proc/$server/io")
kill -TERM "$server"; wait "$server" || true
read -r bench_user bench_sys bench_wall < "$out/$name.time"
awk -v cores="$(nproc)" -v b0="$b0" -v b1="$b1" -v su="$(( stat[13] - stat0[13] ))" -v ss="$(( stat[14] - stat0[14] ))" -v bu="$bench_user" -v bs="$bench_sys" -v bw="$bench_wall" 'BEGIN {
  total = (b1 - b0) / 100; server = (su + ss) / 100; bench = bu + bs
  printf "cpu seconds during the bench (%.1f s wall, %.1f available): machine %.1f, server %.1f, bench %.1f, other %.1f\n", bw, cores * bw, total, server, bench, total - server - bench
}'
moves=$(awk '/^tictactoe_moves_total/{print $2}' "$out/$name.metrics")
awk -v w="$(( written - written0 ))" -v m="$moves" 'BEGIN { if (m > 0) printf "server wrote %.1f MB to disk, %.0f bytes per move (/proc/PID/io write_bytes over tictactoe_moves_total)\n", w / 1e6, w / m }'
sed -n '/^tictactoe-bench results/,$p' "$out/$name.bench.log"
