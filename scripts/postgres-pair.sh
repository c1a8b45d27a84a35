#!/usr/bin/env bash
# A private PostgreSQL primary with a synchronous standby (docs/SCALING.md, "Losing the database
# server"), on free loopback ports, in a folder of its own: for the failover tests and by hand.
#
#   scripts/postgres-pair.sh start DIR        # prints postgres://tictactoe:…@127.0.0.1:P1,127.0.0.1:P2/tictactoe (also in DIR/url)
#   scripts/postgres-pair.sh kill-primary DIR # SIGKILL, as a machine lost
#   scripts/postgres-pair.sh promote DIR      # pg_ctl promote on the standby (it becomes the primary)
#   scripts/postgres-pair.sh restart-old DIR  # starts the killed primary again, as it was (split-brain bait)
#   scripts/postgres-pair.sh stop DIR         # stops both and removes DIR
#
# The standby is made with pg_basebackup -R (streaming, its primary_conninfo written for it) and named
# `standby` (cluster_name, which its WAL receiver gives as application_name); the primary then waits
# for it at every commit: synchronous_standby_names = 'standby', synchronous_commit = on. The setting is
# made after the base backup, so the promoted standby does not wait for a standby of its own.
set -euo pipefail
# The servers started here outlive the script: they must not inherit a descriptor of the caller's (a
# pipe, or the socket Foundation's Process watches for the script's end), or the caller waits for ever.
for fd in "/proc/$$/fd/"*; do
  fd=${fd##*/}
  if [ "$fd" -gt 2 ] 2>/dev/null; then eval "exec $fd>&-" 2>/dev/null || true; fi
done
# shellcheck disable=SC1091 # private-postgres.sh is this folder's; shellcheck -x follows it
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=scripts/private-postgres.sh
. "$here/private-postgres.sh"

command=${1:?usage: postgres-pair.sh start|kill-primary|promote|restart-old|stop DIR}
dir=${2:?usage: postgres-pair.sh $command DIR}

owner() {
  if [ "$(id -u)" -eq 0 ]; then
    if id postgres >/dev/null 2>&1; then echo postgres; else echo nobody; fi
  else
    id -un
  fi
}
PRIVATE_POSTGRES_OWNER=$(owner)
bin=$(private_postgres_bin)

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# Starts the server in $dir/$1 on port $2 (its settings on the command line, as private-postgres.sh does).
start_node() {
  private_postgres_as_owner "$bin/pg_ctl" -D "$dir/$1" -l "$dir/$1.log" -w -t 60 \
    -o "-p $2 -k $dir -c listen_addresses=127.0.0.1 -c max_connections=200 -c cluster_name=$1" start >/dev/null \
    || { cat "$dir/$1.log" >&2; return 1; }
}

psql_on() {
  PGPASSWORD=$(cat "$dir/password") "$bin/psql" -h 127.0.0.1 -p "$1" -U tictactoe -d tictactoe -XAtq -c "$2"
}

case $command in
start)
  mkdir -p "$dir"
  chmod 700 "$dir"
  password=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
  printf '%s\n' "$password" >"$dir/password"
  chmod 600 "$dir/password"
  [ "$(id -u)" -eq 0 ] && chown -R "$PRIVATE_POSTGRES_OWNER" "$dir"
  primary_port=$(free_port)
  standby_port=$(free_port)
  echo "$primary_port" >"$dir/primary.port"
  echo "$standby_port" >"$dir/standby.port"
  private_postgres_as_owner "$bin/initdb" -D "$dir/primary" -U tictactoe --pwfile="$dir/password" \
    --auth-host=scram-sha-256 --auth-local=scram-sha-256 -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; exit 1; }
  start_node primary "$primary_port"
  PGPASSWORD=$password "$bin/createdb" -h 127.0.0.1 -p "$primary_port" -U tictactoe tictactoe
  # The replication connection is allowed by initdb's pg_hba.conf (host replication all 127.0.0.1/32).
  private_postgres_as_owner env PGPASSWORD="$password" "$bin/pg_basebackup" -h 127.0.0.1 -p "$primary_port" -U tictactoe \
    -D "$dir/standby" -R -X stream -c fast >"$dir/basebackup.log" 2>&1 || { cat "$dir/basebackup.log" >&2; exit 1; }
  start_node standby "$standby_port"
  psql_on "$primary_port" "ALTER SYSTEM SET synchronous_standby_names = 'standby'" >/dev/null
  psql_on "$primary_port" "SELECT pg_reload_conf()" >/dev/null
  for _ in $(seq 1 100); do
    [ "$(psql_on "$primary_port" "SELECT sync_state FROM pg_stat_replication WHERE application_name = 'standby'")" = sync ] && break
    sleep 0.1
  done
  [ "$(psql_on "$primary_port" "SELECT sync_state FROM pg_stat_replication WHERE application_name = 'standby'")" = sync ] \
    || { echo "the standby did not become synchronous" >&2; exit 1; }
  # In a file too: a caller reading the output through a pipe may wait for ever, if a server holds it.
  echo "postgres://tictactoe:$password@127.0.0.1:$primary_port,127.0.0.1:$standby_port/tictactoe" | tee "$dir/url"
  ;;
kill-primary)
  # The postmaster and every backend and WAL sender at once, as when its machine is lost (a postmaster
  # killed alone leaves its backends to finish what they were doing).
  postmaster=$(head -n 1 "$dir/primary/postmaster.pid")
  # shellcheck disable=SC2046 # one pid a word
  kill -KILL "$postmaster" $(pgrep -P "$postmaster") 2>/dev/null || true
  ;;
promote)
  private_postgres_as_owner "$bin/pg_ctl" -D "$dir/standby" -w -t 60 promote >/dev/null
  ;;
restart-old)
  # Crash recovery, then a primary again on its old timeline, knowing nothing of the promotion.
  port=$(cat "$dir/primary.port")
  rm -f "$dir/primary/postmaster.pid" "$dir/.s.PGSQL.$port.lock"
  start_node primary "$port"
  ;;
stop)
  for node in primary standby; do
    if [ -f "$dir/$node/postmaster.pid" ]; then
      private_postgres_as_owner "$bin/pg_ctl" -D "$dir/$node" -m immediate -w stop >/dev/null 2>&1 || true
    fi
  done
  rm -rf "$dir"
  ;;
*)
  echo "unknown command $command" >&2
  exit 2
  ;;
esac
