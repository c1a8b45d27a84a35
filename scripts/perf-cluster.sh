#!/usr/bin/env bash
# Runs one measurement of docs/SCALING.md ("Measured: through nginx"): starts a private PostgreSQL,
# SERVERS release servers on it and, unless SERVERS is 0, the private nginx in front of them; runs
# tictactoe-bench against nginx (or, with SERVERS=0, straight against one server); stops everything;
# prints the bench's table and the CPU seconds used by the servers, nginx and PostgreSQL, in all and
# per move.
#
#   scripts/perf-cluster.sh NAME SERVERS "BENCH OPTIONS"
#   scripts/perf-cluster.sh three 3 "--matches 400 --spectators 1 --think-ms 150-250 --duration 30 --warmup 5 --threads 2"
#
# With `--audience N` in the bench options (docs/SCALING.md, "An audience over every server") the bench
# is given every server's pid (--server-pid, for each one's memory and CPU), and the spectators each
# server holds are counted while the bench runs (its established connections from nginx, at most).
# Raise nginx's connections for a large audience: PRIVATE_NGINX_CONNECTIONS=20000 (two per spectator).
#
# Build first: swift build -c release --product tictactoe && swift build -c release --product tictactoe-bench
# Output goes to ${OUT:-/tmp/tictactoe-perf}/NAME.* (bench log and JSON, server logs).
set -euo pipefail
cd "$(dirname "$0")/.."
name=$1; count=$2; bench_opts=${3:-}
out=${OUT:-/tmp/tictactoe-perf}; mkdir -p "$out"
server_bin=${SERVER_BIN:-.build/release/tictactoe}; bench_bin=${BENCH_BIN:-.build/release/tictactoe-bench}
ulimit -n "$(ulimit -Hn)"
. scripts/private-postgres.sh
. scripts/private-nginx.sh
servers=()
cleanup() {
  for pid in "${servers[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${servers[@]}"; do wait "$pid" 2>/dev/null || true; done
  stop_private_nginx
  stop_private_postgres
}
trap cleanup EXIT
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
busy() { awk '/^cpu /{print $2+$3+$4+$7+$8}' /proc/stat; }
# CPU ticks (user + system) of a process and of its children now alive.
ticks_of_tree() {
  local total=0 pid
  for pid in "$@" $(for parent in "$@"; do pgrep -P "$parent" || true; done); do
    [ -r "/proc/$pid/stat" ] || continue
    total=$(( total + $(awk '{print $14 + $15}' "/proc/$pid/stat") ))
  done
  echo "$total"
}

start_private_postgres >/dev/null
postmaster=$(head -1 "$PRIVATE_POSTGRES_DIR/data/postmaster.pid")
addresses=()
for index in $(seq "$(( count > 0 ? count : 1 ))"); do
  port=$(free_port)
  "$server_bin" --port "$port" --db "$PRIVATE_POSTGRES_URL" --matches-per-minute 1000000 --max-connections 20000 --max-connections-per-address 1000000 --connects-per-minute 100000000 --log-level warning \
    --trusted-proxy 127.0.0.1 > "$out/$name.server$index.log" 2>&1 &
  servers+=($!)
  addresses+=("127.0.0.1:$port")
  for _ in $(seq 100); do curl -sf "127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
done
if [ "$count" -gt 0 ]; then
  start_private_nginx "${addresses[@]}"
  target=$PRIVATE_NGINX_PORT
  nginx_master=$(cat "$PRIVATE_NGINX_DIR/nginx.pid")
else
  target=${addresses[0]##*:}
  nginx_master=""
fi
# Wait (up to QUIET_WAIT seconds, 10 minutes by default) for a quiet machine: under 10 % busy over 3 s.
for _ in $(seq $(( ${QUIET_WAIT:-600} / 3 ))); do q0=$(busy); sleep 3; q1=$(busy); [ $(( q1 - q0 )) -lt 60 ] && break; done

audience_opts=""
sampler=""
if [[ " $bench_opts " == *" --audience "* ]]; then
  for pid in "${servers[@]}"; do audience_opts="$audience_opts --server-pid $pid"; done
  # The most connections each server held at once (nginx's to it), every 2 s while the bench runs.
  ( declare -A most
    while sleep 2; do
      for address in "${addresses[@]}"; do
        held=$(ss -Htn state established "( sport = :${address##*:} )" | wc -l)
        [ "$held" -gt "${most[$address]:-0}" ] && most[$address]=$held
      done
      for address in "${addresses[@]}"; do printf '%s %s\n' "$address" "${most[$address]:-0}"; done > "$out/$name.held"
    done ) &
  sampler=$!
fi
s0=$(ticks_of_tree "${servers[@]}"); n0=$( [ -n "$nginx_master" ] && ticks_of_tree "$nginx_master" || echo 0 ); p0=$(ticks_of_tree "$postmaster"); b0=$(busy)
# shellcheck disable=SC2086
"$bench_bin" --port "$target" --json "$out/$name.json" $bench_opts $audience_opts > "$out/$name.bench.log" 2>&1 || echo "tictactoe-bench failed: see $out/$name.bench.log"
[ -n "$sampler" ] && kill "$sampler" 2>/dev/null
s1=$(ticks_of_tree "${servers[@]}"); n1=$( [ -n "$nginx_master" ] && ticks_of_tree "$nginx_master" || echo 0 ); p1=$(ticks_of_tree "$postmaster"); b1=$(busy)

moves=$(python3 -c "import json; print(json.load(open('$out/$name.json'))['movesSentTotal'])")
awk -v s=$(( s1 - s0 )) -v n=$(( n1 - n0 )) -v p=$(( p1 - p0 )) -v all=$(( b1 - b0 )) -v m="$moves" -v count="$count" 'BEGIN {
  hz = 100
  printf "%s server(s)%s; cpu seconds during the bench: servers %.1f, nginx %.1f, PostgreSQL %.1f, machine %.1f\n", (count > 0 ? count : 1), (count > 0 ? " behind nginx" : ", no proxy"), s / hz, n / hz, p / hz, all / hz
  if (m > 0) printf "per move sent (%d): servers %.0f us, nginx %.0f us, PostgreSQL %.0f us\n", m, s / hz / m * 1e6, n / hz / m * 1e6, p / hz / m * 1e6
}'
sed -n '/^tictactoe-bench results/,$p' "$out/$name.bench.log"
if [ -n "$sampler" ] && [ -s "$out/$name.held" ]; then
  echo "connections each server held at most (players and spectators):"
  cat "$out/$name.held"
fi
