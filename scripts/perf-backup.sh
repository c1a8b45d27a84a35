#!/usr/bin/env bash
# What a backup costs the players (docs/PERFORMANCE.md "Backups"): the same load twice on the release
# build, 1,000 matches with a spectator each at 1,000 moves/s offered (think 900-1100 ms), SQLite
# `synchronous full`; the second time `tictactoe backup` copies the live database again and again
# (every INTERVAL seconds, default 2) from the start of the run to its end. Prints each run's moves/s and
# move -> opponent p50/p99, and how long the backups took and how big they were.
#
#   scripts/perf-backup.sh [SECONDS]          (default 40)
#
# Build first: swift build -c release --product tictactoe && swift build -c release --product tictactoe-bench
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-40}; interval=${INTERVAL:-2}
out=${OUT:-/tmp/tictactoe-perf}; mkdir -p "$out"
tag=${TAG:-bk$(date +%H%M%S)}
bench="--matches 1000 --spectators 1 --think-ms 900-1100 --duration $seconds --warmup 5 --threads 2 --no-progress"
echo "== without backups ($(date +%T))"
scripts/perf.sh "$tag-quiet" "" "$bench" | grep -E '^cpu seconds|moves per second|opponent|errors' || true
echo "== with a backup every $interval s ($(date +%T))"
: > "$out/$tag-backups.log"
(
  # Once perf.sh's bench runs (perf.sh may first wait for a quiet machine), every interval until it ends.
  bench_running() { pgrep -f "tictactoe-bench .*--json $out/$tag-backup.json" >/dev/null; }
  for _ in $(seq 9000); do bench_running && break; sleep 0.1; done
  while bench_running; do
    start=$(date +%s.%N)
    "${SERVER_BIN:-.build/release/tictactoe}" backup --db "$out/$tag-backup.sqlite" --to "$out/$tag-copy.sqlite" --force >> "$out/$tag-backups.log" 2>&1
    echo "took $(echo "$(date +%s.%N) - $start" | bc) s" >> "$out/$tag-backups.log"
    sleep "$interval"
  done
) &
copier=$!
scripts/perf.sh "$tag-backup" "" "$bench" | grep -E '^cpu seconds|moves per second|opponent|errors' || true
wait "$copier" || true
rm -f "$out/$tag-copy.sqlite"
awk '/^took/{n++; s+=$2; if ($2>m) m=$2} /^backed up/{size=$(NF-1); gsub(/[(]/, "", size)} END {printf "backups: %d, mean %.2f s, longest %.2f s, last %s bytes\n", n, s/n, m, size}' "$out/$tag-backups.log"
