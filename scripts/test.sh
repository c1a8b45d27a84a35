#!/usr/bin/env bash
# Runs every test of the project: the Swift tests (RIBs core, RIBs, rules, wire protocol, storage,
# the live server, crash recovery, WebSocket conformance), the browser tests in headless Chromium and
# the interop tests with WebSocket clients we did not write (Tests/browser/test_interop.py), and the
# PostgreSQL store's tests against a private PostgreSQL server it starts (scripts/private-postgres.sh),
# and the cluster tests (Tests/cluster: several servers on that PostgreSQL behind a private nginx,
# scripts/private-nginx.sh); everything it starts is stopped at the end, also on failure.
# Installs what a fresh Debian machine with Swift may lack; safe to run again (idempotent).
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step says when it starts, from the script's start: where the time goes, in any CI log.
log() { printf '\n==> %s (at %dm%02ds)\n' "$*" $((SECONDS / 60)) $((SECONDS % 60)); }

# 1. System packages: Chromium and its driver for the browser tests, SQLite headers for GRDB, PostgreSQL
#    for the PostgreSQL store's tests, nginx for the cluster tests, openssl for the TLS tests' certificates,
#    and a font with Korean glyphs, so that the screenshots of the page in Korean show its words.
missing=()
for pkg in chromium chromium-driver libsqlite3-dev python3-venv postgresql nginx openssl fonts-noto-cjk; do
  dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  log "installing ${missing[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}"
fi

# 2. Python packages for the browser and interop tests (Selenium, pytest, websockets, aiohttp), in a
#    virtualenv of the project.
if [ ! -x .venv/bin/python ]; then
  log "creating .venv"
  python3 -m venv .venv
fi
if ! .venv/bin/python -c 'import selenium, pytest, websockets, aiohttp' >/dev/null 2>&1 || [ Tests/browser/requirements.txt -nt .venv/.installed ]; then
  log "installing Python test packages"
  .venv/bin/pip install --quiet --disable-pip-version-check -r Tests/browser/requirements.txt
  touch .venv/.installed
fi

# 3. Swift: one build of every product and test target (the browser and cluster tests run the server
#    binary, BenchSmokeTests runs tictactoe-bench), then every Swift test without building again. One
#    `swift build --build-tests` is one build graph: both cores stay busy to the end, where building the
#    server, then the bench, then `swift test`'s own build of the tests ran three plans one after the
#    other, each ending on a link or two with a core idle.
log "swift build --build-tests"
swift build --build-tests
# The PostgreSQL tests run against a private server; here they must run (TICTACTOE_TEST_POSTGRES_REQUIRED:
# a missing URL fails a test instead of skipping the suite).
log "starting a private PostgreSQL"
. scripts/private-postgres.sh
. scripts/private-nginx.sh
# The cluster tests' servers and nginx live below this folder. pytest stops them after each test, also
# on failure; should pytest itself be killed, the trap stops what is left: every nginx folder, and
# every server whose pid file is still there (removed when the harness has stopped it) and that is
# still this binary.
CLUSTER_TMP=$(mktemp -d "${TMPDIR:-/tmp}/tictactoe-cluster-tests.XXXXXX")
chmod 755 "$CLUSTER_TMP"  # nginx's workers (nobody, as root) write their temporary files below it
stop_cluster_leftovers() {
  local dir pidfile pid
  for dir in "$CLUSTER_TMP"/tictactoe-nginx.*; do
    [ -d "$dir" ] && private_nginx_stop_dir "$dir"
  done
  while IFS= read -r pidfile; do
    pid=$(cat "$pidfile")
    if grep -qa "$PWD/.build/debug/tictactoe" "/proc/$pid/cmdline" 2>/dev/null; then kill -KILL "$pid" 2>/dev/null || true; fi
  done < <(find "$CLUSTER_TMP" -name 'server-*.pid' 2>/dev/null)
  rm -rf "$CLUSTER_TMP"
}
cleanup() {
  stop_cluster_leftovers
  stop_private_postgres
}
trap cleanup EXIT
start_private_postgres
echo "PostgreSQL on $PRIVATE_POSTGRES_ADDRESS"
log "swift test"
# The output is long and a CI log may keep only its end: on failure, the failing tests and their
# expectations are printed again last.
SWIFT_TEST_LOG=.build/swift-test.log
# Swift Testing runs every test at once by default. The suite starts hundreds of servers and clients
# in one debug process, so on two cores each test then waits on all the others, and the tests that
# check a timing of the server (the ping interval, the close timeout, a rate per second) measured the
# suite's own load instead and failed now and then. Four tests at a time still keep two cores busy.
export SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=${SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH:-4}
if ! TICTACTOE_TEST_POSTGRES_URL="$PRIVATE_POSTGRES_URL" TICTACTOE_TEST_POSTGRES_REQUIRED=1 swift test --skip-build 2>&1 | tee "$SWIFT_TEST_LOG"; then
  log "swift test failed; what failed (the whole output is in $SWIFT_TEST_LOG):"
  grep -a -E '✘|error:|Fatal error|Expectation failed|Test Case .* failed' "$SWIFT_TEST_LOG" | cut -c1-600 | head -n 120
  exit 1
fi

# 4. Cluster tests: servers on the private PostgreSQL behind a private nginx each (the tests start and
#    stop their own servers and nginx, also when one fails). Run one after the other with the browser
#    suite, on purpose: side by side they would save the cluster tests' 79 s, but both check timings
#    (a failover back within 10 s, a page drawn within 10 s) that the other's load disturbs on two cores,
#    and a red run costs more than 79 s (tried in stop 50: one failure of each kind in the first run).
log "cluster tests"
TMPDIR="$CLUSTER_TMP" TICTACTOE_BIN="$PWD/.build/debug/tictactoe" TICTACTOE_TEST_POSTGRES_URL="$PRIVATE_POSTGRES_URL" \
  TICTACTOE_TEST_POSTGRES_REQUIRED=1 .venv/bin/python -m pytest -q Tests/cluster --basetemp "$CLUSTER_TMP/pytest"
stop_cluster_leftovers
stop_private_postgres

# 5. Browser and interop tests against the real server binary (the Node interop test needs Node 20 or
#    later, which Debian does not package; it is skipped, saying so, where there is none).
log "browser and interop tests"
# Two pytest processes (pytest-xdist), each with its own server, Chromium sessions and temporary folders:
# the tests mostly wait on pages and the server's timers, so on two cores this about halves the time.
TICTACTOE_BIN="$PWD/.build/debug/tictactoe" .venv/bin/python -m pytest -q -n 2 Tests/browser
log "every test passed"
