#!/usr/bin/env bash
# pg_auto_failover on this machine (docs/SCALING.md, "Losing the database server"): a monitor and two
# data nodes (Debian's postgresql-15-auto-failover, `pg_autoctl`), which it keeps one primary and one
# synchronous standby, on free loopback ports, in a folder of its own that nothing else uses.
#
#   scripts/pg-auto-failover.sh start DIR         # prints the formation's URI (also in DIR/uri)
#   scripts/pg-auto-failover.sh state DIR         # pg_autoctl show state
#   scripts/pg-auto-failover.sh failover DIR      # pg_autoctl perform failover (a planned switch)
#   scripts/pg-auto-failover.sh kill-primary DIR  # SIGKILL the primary's postgres (its pg_autoctl restarts it)
#   scripts/pg-auto-failover.sh kill-primary-node DIR  # SIGKILL the primary's pg_autoctl and postgres (a machine lost)
#   scripts/pg-auto-failover.sh restart-node DIR NODE  # pg_autoctl run again on a killed node (it rejoins as a standby)
#   scripts/pg-auto-failover.sh primary DIR       # the primary's port
#   scripts/pg-auto-failover.sh stop DIR          # stops every node and the monitor, removes DIR
#
# `pg_autoctl show uri --formation default` prints postgres://127.0.0.1:P1,127.0.0.1:P2/tictactoe?
# target_session_attrs=read-write&sslmode=prefer: no user (libpq's default, PGUSER: give the servers
# PGUSER=postgres) and no password (the nodes trust loopback here: --auth trust). --no-ssl because the
# store speaks to PostgreSQL without TLS (it refuses sslmode=require, which --ssl-self-signed prints).
# pg_autoctl refuses to run as root: as root, everything runs as the system user postgres. Its
# configuration and state go to DIR (XDG_CONFIG_HOME, XDG_DATA_HOME), its sockets too (PG_REGRESS_SOCK_DIR
# for the servers, PGHOST for its own local connections: the default /var/run/postgresql is not theirs).
set -euo pipefail
# The nodes started here outlive the script: they must not inherit a descriptor of the caller's (a pipe
# the caller reads to its end would never end).
for fd in "/proc/$$/fd/"*; do
  fd=${fd##*/}
  if [ "$fd" -gt 2 ] 2>/dev/null; then eval "exec $fd>&-" 2>/dev/null || true; fi
done
command=${1:?usage: pg-auto-failover.sh start|state|failover|kill-primary|kill-primary-node|restart-node|primary|stop DIR}
dir=${2:?usage: pg-auto-failover.sh $command DIR}
command -v pg_autoctl >/dev/null || { echo "pg_autoctl missing: apt-get install -y postgresql-15-auto-failover" >&2; exit 1; }
# shellcheck disable=SC2012 # version-sorted folder names of one package
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
owner=$(id -un); [ "$(id -u)" -eq 0 ] && owner=postgres

# A command as the owner, in pg_autoctl's environment (its files in DIR).
autoctl_as_owner() {
  local environment=(env "HOME=$dir" "XDG_CONFIG_HOME=$dir/config" "XDG_DATA_HOME=$dir/share" "XDG_RUNTIME_DIR=$dir/run"
    "PG_REGRESS_SOCK_DIR=$dir" "PGHOST=$dir" "PATH=$bin:/usr/bin:/bin")
  if [ "$(id -u)" -eq 0 ]; then runuser -u "$owner" -- "${environment[@]}" "$@"; else "${environment[@]}" "$@"; fi
}
autoctl() { autoctl_as_owner pg_autoctl "$@"; }

# Starts `pg_autoctl create … --run` in the background (it creates the node, then keeps running it), in
# a session of its own (its pid, in DIR/NAME.pid, is its process group: the node's pg_autoctl processes
# and its postgres), its output in DIR/NAME.log.
run_in_background() {
  local name=$1; shift
  # shellcheck disable=SC2016 # expanded by that sh
  autoctl_as_owner sh -c 'echo $$ >"$0.pid"; exec setsid pg_autoctl "$@" </dev/null >"$0.log" 2>&1' "$dir/$name" "$@" \
    </dev/null >/dev/null 2>&1 &
  for _ in $(seq 50); do [ -s "$dir/$name.pid" ] && break; sleep 0.1; done
}

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# Waits until the monitor's state shows `want` (a grep pattern) or fails after $2 seconds.
wait_for_state() {
  local want=$1 seconds=$2
  for _ in $(seq $((seconds * 2))); do
    autoctl show state --pgdata "$dir/monitor" 2>/dev/null | grep -Eq "$want" && return 0
    sleep 0.5
  done
  echo "pg_auto_failover: no \"$want\" after $seconds s" >&2
  autoctl show state --pgdata "$dir/monitor" >&2 || true
  return 1
}

primary_node() { autoctl show state --pgdata "$dir/monitor" | awk -F'|' '$6 ~ /primary/ && $7 ~ /primary/ { gsub(/ /, "", $1); print $1 }' | head -n 1; }

case $command in
start)
  mkdir -p "$dir"
  chmod 700 "$dir"
  [ "$(id -u)" -eq 0 ] && chown "$owner" "$dir"
  monitor_port=$(free_port)
  run_in_background monitor create monitor --pgdata "$dir/monitor" --pgport "$monitor_port" --hostname 127.0.0.1 \
    --auth trust --no-ssl --run
  for _ in $(seq 120); do autoctl show uri --pgdata "$dir/monitor" --formation monitor >/dev/null 2>&1 && break; sleep 0.5; done
  monitor=$(autoctl show uri --pgdata "$dir/monitor" --formation monitor)
  # One node at a time: the first becomes `single`, the second its standby; then both `primary` and
  # `secondary`, the primary naming the standby in synchronous_standby_names.
  for node in node1 node2; do
    run_in_background "$node" create postgres --pgdata "$dir/$node" --pgport "$(free_port)" --hostname 127.0.0.1 \
      --listen 127.0.0.1 --name "$node" --dbname tictactoe --auth trust --no-ssl --monitor "$monitor" --run
    if [ $node = node1 ]; then wait_for_state 'node1 .*\| +single +\| +single' 120; fi
  done
  wait_for_state 'primary +\| +primary' 180
  wait_for_state 'secondary +\| +secondary' 180
  autoctl show uri --pgdata "$dir/monitor" --formation default >"$dir/uri"
  cat "$dir/uri"
  ;;
state)
  autoctl show state --pgdata "$dir/monitor"
  ;;
failover)
  autoctl perform failover --pgdata "$dir/monitor" --formation default --group 0
  ;;
primary)
  node=$(primary_node)
  awk -F= '/^port/ { gsub(/ /, "", $2); print $2 }' "$dir/config/pg_autoctl$dir/$node/pg_autoctl.cfg"
  ;;
kill-primary)
  # SIGKILL the primary's postgres (the postmaster and its backends): its pg_autoctl, still running,
  # sees Postgres gone and starts it again; the monitor fails over only if that takes too long.
  node=$(primary_node)
  [ -n "$node" ] || { echo "no primary" >&2; exit 1; }
  postmaster=$(head -n 1 "$dir/$node/postmaster.pid")
  # shellcheck disable=SC2046
  kill -KILL "$postmaster" $(pgrep -P "$postmaster") 2>/dev/null || true
  echo "$node"
  ;;
kill-primary-node)
  # SIGKILL the primary's pg_autoctl and its postgres together (its process group): a machine lost.
  # The monitor fails over once the node misses its health checks.
  node=$(primary_node)
  [ -n "$node" ] || { echo "no primary" >&2; exit 1; }
  # pg_ctl, which pg_autoctl uses to start Postgres again after a crash, gives the postmaster a session
  # of its own: kill it and its backends by its pid too.
  postmaster=$(head -n 1 "$dir/$node/postmaster.pid")
  # shellcheck disable=SC2046
  kill -KILL -- "-$(cat "$dir/$node.pid")" "$postmaster" $(pgrep -P "$postmaster") 2>/dev/null || true
  echo "$node"
  ;;
restart-node)
  # Runs a node's pg_autoctl again (after kill-primary-node): it rejoins as a standby (pg_rewind).
  node=${3:?usage: pg-auto-failover.sh restart-node DIR NODE}
  run_in_background "$node" run --pgdata "$dir/$node"
  ;;
stop)
  [ -d "$dir" ] || exit 0
  for name in node2 node1 monitor; do
    if [ -d "$dir/$name" ]; then autoctl stop --pgdata "$dir/$name" >/dev/null 2>&1 || true; fi
  done
  for name in node2 node1 monitor; do
    [ -f "$dir/$name.pid" ] || continue
    pid=$(cat "$dir/$name.pid")
    for _ in $(seq 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
    kill -KILL -- "-$pid" 2>/dev/null || true
    # A postmaster left behind: stop it too.
    if [ -f "$dir/$name/postmaster.pid" ]; then
      postmaster=$(head -n 1 "$dir/$name/postmaster.pid")
      kill -QUIT "$postmaster" 2>/dev/null || true
    fi
  done
  rm -rf "$dir"
  ;;
*)
  echo "unknown command $command" >&2
  exit 2
  ;;
esac
