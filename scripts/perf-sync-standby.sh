#!/usr/bin/env bash
# The cost of the synchronous standby (issue 43; docs/PERFORMANCE.md, "Measurement 14, continued"): one
# release server on a private PostgreSQL primary (scripts/postgres-pair.sh), the same load run
#   single: the standby stopped, synchronous_standby_names = '' (a primary alone), and
#   sync:   the standby streaming, synchronous_standby_names = 'standby', synchronous_commit = on,
# alternately (single, sync, then sync, single, …) ROUNDS times, so that the machine's shared load hits
# both alike. Every other setting is the same (wal_keep_size = 1GB on both sides, so that the standby
# stopped for a run catches up when started again). Before each run the server's tables are dropped and
# a CHECKPOINT is taken: each run starts from an empty database.
#
#   scripts/perf-sync-standby.sh [ROUNDS] [SECONDS]        (defaults: 2 rounds of 60 s)
#   MATCHES=200 THINK=150-250 scripts/perf-sync-standby.sh 2 60   (the defaults: 200 / 0.2 s = 1,000 moves/s offered)
#
# Prints per run: the load average (1 min) when it started, moves/s, move -> opponent p50/p99, the
# server's CPU per move over the bench's steady window (from /proc/PID/stat), and PostgreSQL's CPU per
# move over the whole run (the primary's postmaster and every process under it, then the standby's,
# utime+stime of the live ones plus what the postmaster reaped, over tictactoe_moves_total); then the
# medians per side. Build first: swift build -c release --product tictactoe --product tictactoe-bench
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-2}; seconds=${2:-60}
matches=${MATCHES:-200}; think=${THINK:-150-250}
out=${OUT:-/tmp/tictactoe-perf}; mkdir -p "$out"
tag=${TAG:-sync-$(date +%H%M%S)}
pair=$(mktemp -d "${TMPDIR:-/tmp}/tictactoe-syncperf.XXXXXX")
trap 'scripts/postgres-pair.sh stop "$pair"' EXIT
scripts/postgres-pair.sh start "$pair" >/dev/null
# shellcheck source=scripts/private-postgres.sh
. scripts/private-postgres.sh
PRIVATE_POSTGRES_OWNER=$(stat -c %U "$pair/primary")
bin=$(private_postgres_bin)
primary_port=$(cat "$pair/primary.port"); standby_port=$(cat "$pair/standby.port")
password=$(cat "$pair/password")
url="postgres://tictactoe:$password@127.0.0.1:$primary_port/tictactoe"
psql_primary() { PGPASSWORD=$password "$bin/psql" -h 127.0.0.1 -p "$primary_port" -U tictactoe -d tictactoe -XAtq -c "$1"; }
psql_primary "ALTER SYSTEM SET wal_keep_size = '1GB'" >/dev/null
psql_primary "SELECT pg_reload_conf()" >/dev/null

standby_running() { [ -f "$pair/standby/postmaster.pid" ]; }
side() {
  case $1 in
    single)
      psql_primary "ALTER SYSTEM SET synchronous_standby_names = ''" >/dev/null
      psql_primary "SELECT pg_reload_conf()" >/dev/null
      if standby_running; then private_postgres_as_owner "$bin/pg_ctl" -D "$pair/standby" -m fast -w stop >/dev/null; fi
      ;;
    sync)
      if ! standby_running; then
        private_postgres_as_owner "$bin/pg_ctl" -D "$pair/standby" -l "$pair/standby.log" -w -t 60 \
          -o "-p $standby_port -k $pair -c listen_addresses=127.0.0.1 -c max_connections=200 -c cluster_name=standby" start >/dev/null
      fi
      psql_primary "ALTER SYSTEM SET synchronous_standby_names = 'standby'" >/dev/null
      psql_primary "SELECT pg_reload_conf()" >/dev/null
      for _ in $(seq 600); do
        [ "$(psql_primary "SELECT sync_state FROM pg_stat_replication WHERE application_name = 'standby'")" = sync ] && break
        sleep 0.1
      done
      [ "$(psql_primary "SELECT sync_state FROM pg_stat_replication WHERE application_name = 'standby'")" = sync ] \
        || { echo "the standby did not become synchronous" >&2; exit 1; }
      ;;
  esac
}

# CPU ticks of a PostgreSQL instance: its postmaster (with what it reaped) and every live process under it.
postgres_ticks() {
  local postmaster total=0 pid
  [ -f "$1/postmaster.pid" ] || { echo 0; return; }
  postmaster=$(head -n 1 "$1/postmaster.pid")
  total=$(awk '{ sub(/^.*\) /, ""); print $12 + $13 + $14 + $15 }' "/proc/$postmaster/stat")
  for pid in $(pgrep -P "$postmaster"); do
    total=$((total + $(awk '{ sub(/^.*\) /, ""); print $12 + $13 }' "/proc/$pid/stat" 2>/dev/null || echo 0)))
  done
  echo "$total"
}

runs=()
for round in $(seq "$rounds"); do
  order=(single sync); [ $((round % 2)) -eq 0 ] && order=(sync single)
  for store in "${order[@]}"; do
    name="$tag-$round-$store"
    side "$store"
    psql_primary "DROP SCHEMA public CASCADE; CREATE SCHEMA public" >/dev/null 2>&1
    psql_primary "CHECKPOINT" >/dev/null
    load=$(cut -d' ' -f1-3 /proc/loadavg)
    echo "== round $round: $store ($(date +%T), load average $load)"
    p0=$(postgres_ticks "$pair/primary"); s0=$(postgres_ticks "$pair/standby")
    QUIET_WAIT=0 DB=$url scripts/perf.sh "$name" "" \
      "--matches $matches --spectators 0 --think-ms $think --duration $seconds --warmup 5 --threads 2 --no-progress" \
      > "$out/$name.perf"
    p1=$(postgres_ticks "$pair/primary"); s1=$(postgres_ticks "$pair/standby")
    grep -E '^cpu seconds|failed' "$out/$name.perf" || true
    echo "$load $((p1 - p0)) $((s1 - s0)) $(getconf CLK_TCK)" > "$out/$name.pg"
    runs+=("$name")
  done
done
python3 - "$out" "$matches" "$think" "${runs[@]}" <<'EOF'
import json, re, statistics, sys
out, matches, think, names = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
low, _, high = think.partition("-")
offered = matches * 1000 / ((int(low) + int(high or low)) / 2)
print(f"\noffered: {offered:,.0f} moves/s ({matches} matches, think {think} ms); PostgreSQL µs/move over the whole run")
header = f"{'run':<24} {'load avg':>16} {'moves/s':>8} {'p50 ms':>7} {'p99 ms':>7} {'server µs/move':>15} {'primary µs/move':>16} {'standby µs/move':>16}"
print(header)
rows = {"single": [], "sync": []}
for name in names:
    side = name.rsplit("-", 1)[1]
    try:
        result = json.load(open(f"{out}/{name}.json"))
    except (OSError, ValueError):
        print(f"{name:<24} no result: see {out}/{name}.bench.log")
        continue
    load1, load5, load15, primary, standby, hz = open(f"{out}/{name}.pg").read().split()
    metrics = open(f"{out}/{name}.metrics").read()
    moves = float(re.search(r"^tictactoe_moves_total (\S+)", metrics, re.M).group(1))
    row = dict(load=f"{load1} {load5} {load15}", rate=result["movesPerSecond"], p50=result["opponentLatencyMs"]["p50"],
               p99=result["opponentLatencyMs"]["p99"], cpu=result.get("serverCPUMicrosecondsPerMove") or float("nan"),
               primary=int(primary) / int(hz) * 1e6 / moves, standby=int(standby) / int(hz) * 1e6 / moves, errors=result["errorTotal"])
    rows[side].append(row)
    print(f"{name:<24} {row['load']:>16} {row['rate']:>8,.0f} {row['p50']:>7.2f} {row['p99']:>7.2f} {row['cpu']:>15.1f} "
          f"{row['primary']:>16.1f} {row['standby']:>16.1f}" + (f"  errors {row['errors']}" if row["errors"] else ""))
print(f"\n{'median':<24} {'':>16} {'moves/s':>8} {'p50 ms':>7} {'p99 ms':>7} {'server µs/move':>15} {'primary µs/move':>16} {'standby µs/move':>16}")
for side, side_rows in rows.items():
    if not side_rows:
        continue
    m = {k: statistics.median(r[k] for r in side_rows) for k in ("rate", "p50", "p99", "cpu", "primary", "standby")}
    print(f"{side:<24} {'':>16} {m['rate']:>8,.0f} {m['p50']:>7.2f} {m['p99']:>7.2f} {m['cpu']:>15.1f} {m['primary']:>16.1f} {m['standby']:>16.1f}")
EOF
