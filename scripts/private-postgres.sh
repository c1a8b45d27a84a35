# Sourced by scripts/test.sh (and usable by hand for the store benchmark): a private PostgreSQL server in
# a temporary folder, on a free loopback port, with a random password, that nothing else uses and that
# `stop_private_postgres` removes entirely.
#
#   . scripts/private-postgres.sh
#   start_private_postgres            # sets PRIVATE_POSTGRES_URL=postgres://tictactoe:…@127.0.0.1:PORT/tictactoe
#   trap stop_private_postgres EXIT
#
# initdb refuses to run as root: as root, the server runs as the system user `postgres` (which Debian's
# postgresql package creates) or else `nobody`, owning the folder.

private_postgres_bin() {
  local bin
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  [ -n "$bin" ] && [ -x "$bin/initdb" ] || { echo "no PostgreSQL server binaries in /usr/lib/postgresql/*/bin" >&2; return 1; }
  echo "$bin"
}

# Runs a command as the server's user (as is, when not root).
private_postgres_as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u "$PRIVATE_POSTGRES_OWNER" -- "$@"
  else
    "$@"
  fi
}

start_private_postgres() {
  local bin port password
  bin=$(private_postgres_bin) || return 1
  PRIVATE_POSTGRES_OWNER=$(id -un)
  if [ "$(id -u)" -eq 0 ]; then
    if id postgres >/dev/null 2>&1; then PRIVATE_POSTGRES_OWNER=postgres; else PRIVATE_POSTGRES_OWNER=nobody; fi
  fi
  PRIVATE_POSTGRES_DIR=$(mktemp -d "${TMPDIR:-/tmp}/tictactoe-postgres.XXXXXX")
  PRIVATE_POSTGRES_BIN=$bin
  chmod 700 "$PRIVATE_POSTGRES_DIR"
  password=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
  printf '%s\n' "$password" >"$PRIVATE_POSTGRES_DIR/password"
  chmod 600 "$PRIVATE_POSTGRES_DIR/password"
  [ "$(id -u)" -eq 0 ] && chown -R "$PRIVATE_POSTGRES_OWNER" "$PRIVATE_POSTGRES_DIR"
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  # Password authentication over TCP (scram-sha-256), so that the tests see a real password refused.
  private_postgres_as_owner "$bin/initdb" -D "$PRIVATE_POSTGRES_DIR/data" -U tictactoe --pwfile="$PRIVATE_POSTGRES_DIR/password" \
    --auth-host=scram-sha-256 --auth-local=scram-sha-256 -E UTF8 --locale=C.UTF-8 >"$PRIVATE_POSTGRES_DIR/initdb.log" 2>&1 \
    || { cat "$PRIVATE_POSTGRES_DIR/initdb.log" >&2; return 1; }
  # Its socket in its own folder (the system's /run/postgresql may not exist or be writable); fsync and
  # synchronous_commit stay at their defaults (on): the store's write-before-tell is what is tested.
  private_postgres_as_owner "$bin/pg_ctl" -D "$PRIVATE_POSTGRES_DIR/data" -l "$PRIVATE_POSTGRES_DIR/server.log" -w -t 60 \
    -o "-p $port -k $PRIVATE_POSTGRES_DIR -c listen_addresses=127.0.0.1 -c max_connections=200" start >/dev/null \
    || { cat "$PRIVATE_POSTGRES_DIR/server.log" >&2; return 1; }
  PGPASSWORD=$password "$bin/createdb" -h 127.0.0.1 -p "$port" -U tictactoe tictactoe
  PRIVATE_POSTGRES_URL="postgres://tictactoe:$password@127.0.0.1:$port/tictactoe"
  PRIVATE_POSTGRES_ADDRESS="127.0.0.1:$port"
  export PRIVATE_POSTGRES_URL
}

# Stops the server and removes its folder; does nothing when none was started. Safe to call twice.
stop_private_postgres() {
  [ -n "${PRIVATE_POSTGRES_DIR:-}" ] || return 0
  if [ -f "$PRIVATE_POSTGRES_DIR/data/postmaster.pid" ]; then
    private_postgres_as_owner "$PRIVATE_POSTGRES_BIN/pg_ctl" -D "$PRIVATE_POSTGRES_DIR/data" -m fast -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$PRIVATE_POSTGRES_DIR"
  PRIVATE_POSTGRES_DIR=""
}
