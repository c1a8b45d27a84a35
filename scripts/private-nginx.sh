#!/usr/bin/env bash
# A private nginx in front of tictactoe servers, with the repository's routing (scripts/nginx/
# tictactoe.conf), in a temporary folder, on a free loopback port; nothing else uses it and it never
# touches the system's nginx service or /etc/nginx. Installs Debian's `nginx` package when missing.
#
# Sourced (scripts/test.sh):
#   . scripts/private-nginx.sh
#   start_private_nginx 127.0.0.1:8001 127.0.0.1:8002   # sets PRIVATE_NGINX_URL=http://127.0.0.1:PORT
#   trap stop_private_nginx EXIT
#
# Run (Tests/cluster from Python): `scripts/private-nginx.sh start HOST:PORT...` starts it, prints
# PRIVATE_NGINX_DIR=…, PRIVATE_NGINX_PORT=… and PRIVATE_NGINX_URL=… lines and leaves it running;
# `scripts/private-nginx.sh stop DIR` stops it and removes DIR. A failed start removes what it made.
#
# In the folder: nginx.conf (the environment: pid, logs, temporary files), a copy of tictactoe.conf,
# the generated tictactoe-servers.conf and tictactoe-listen.conf, error.log, and access.log with one
# line per request: `method uri status upstream=ADDRESSES key=KEY` (every server tried, in order; the
# key of the hash: the match's id, empty for a request of no match and for a watch-only WebSocket).
# As root, nginx's workers run as `nobody`, as nginx would choose itself.

PRIVATE_NGINX_CONFIG_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/nginx"

private_nginx_bin() {
  local bin
  bin=$(command -v nginx || true)
  [ -n "$bin" ] || { [ -x /usr/sbin/nginx ] && bin=/usr/sbin/nginx; }
  if [ -z "$bin" ]; then
    echo "installing nginx" >&2
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    # Debian's package may start the system's nginx service, as it always does; this script never
    # starts, stops or configures that one.
    { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq nginx; } >&2 || return 1
    bin=$(command -v nginx || echo /usr/sbin/nginx)
  fi
  [ -x "$bin" ] || { echo "no nginx binary" >&2; return 1; }
  echo "$bin"
}

# Writes the configuration for `upstreams` (HOST:PORT each) listening on 127.0.0.1:`port` into `dir`.
private_nginx_render() {
  local dir=$1 port=$2
  shift 2
  local user_line=""
  [ "$(id -u)" -eq 0 ] && user_line="user nobody nogroup;"
  cp "$PRIVATE_NGINX_CONFIG_DIR/tictactoe.conf" "$dir/tictactoe.conf"
  local reuse=""
  [ "${PRIVATE_NGINX_WORKERS:-1}" -gt 1 ] && reuse=" reuseport"
  printf 'listen 127.0.0.1:%s%s;\n' "$port" "$reuse" >"$dir/tictactoe-listen.conf"
  : >"$dir/tictactoe-servers.conf"
  local upstream
  for upstream in "$@"; do
    printf 'server %s max_fails=0;\n' "$upstream" >>"$dir/tictactoe-servers.conf"
  done
  cat >"$dir/nginx.conf" <<CONF
$user_line
worker_processes ${PRIVATE_NGINX_WORKERS:-1};
# Every WebSocket through nginx holds two connections (client and server): the default 1024 would stop
# at about 500 WebSockets (measured with tictactoe-bench through nginx). An audience larger than 4,500
# spectators needs more: PRIVATE_NGINX_CONNECTIONS per worker, and where the open-file hard limit holds
# a worker under it (worker_rlimit_nofile cannot pass it without CAP_SYS_RESOURCE: 20,000 here, so about
# 9,500 WebSockets a worker), more workers, PRIVATE_NGINX_WORKERS, which share the port (reuseport).
worker_rlimit_nofile $(( ${PRIVATE_NGINX_CONNECTIONS:-9000} * 2 + 2000 ));
daemon on;
pid $dir/nginx.pid;
error_log $dir/error.log notice;
events { worker_connections ${PRIVATE_NGINX_CONNECTIONS:-9000}; }
http {
    client_body_temp_path $dir/temp/client_body;
    proxy_temp_path $dir/temp/proxy;
    fastcgi_temp_path $dir/temp/fastcgi;
    uwsgi_temp_path $dir/temp/uwsgi;
    scgi_temp_path $dir/temp/scgi;
    log_format tictactoe_routing '\$request_method \$request_uri \$status upstream=\$upstream_addr key=\$tictactoe_route_key';
    access_log $dir/access.log tictactoe_routing;
    include tictactoe.conf;
}
CONF
}

start_private_nginx() {
  [ $# -gt 0 ] || { echo "start_private_nginx: give the servers as HOST:PORT" >&2; return 1; }
  local bin port
  bin=$(private_nginx_bin) || return 1
  PRIVATE_NGINX_BIN=$bin
  PRIVATE_NGINX_DIR=$(mktemp -d "${TMPDIR:-/tmp}/tictactoe-nginx.XXXXXX")
  # Workers (nobody, as root) read nothing here but write their temporary files below it.
  chmod 755 "$PRIVATE_NGINX_DIR"
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  mkdir "$PRIVATE_NGINX_DIR/temp"
  private_nginx_render "$PRIVATE_NGINX_DIR" "$port" "$@"
  if ! "$bin" -p "$PRIVATE_NGINX_DIR" -c "$PRIVATE_NGINX_DIR/nginx.conf" -e "$PRIVATE_NGINX_DIR/error.log" -q; then
    cat "$PRIVATE_NGINX_DIR/error.log" >&2 2>/dev/null
    stop_private_nginx
    return 1
  fi
  PRIVATE_NGINX_PORT=$port
  PRIVATE_NGINX_URL="http://127.0.0.1:$port"
  export PRIVATE_NGINX_URL
}

# Stops nginx and removes its folder; does nothing when none was started. Safe to call twice.
stop_private_nginx() {
  [ -n "${PRIVATE_NGINX_DIR:-}" ] || return 0
  private_nginx_stop_dir "$PRIVATE_NGINX_DIR"
  PRIVATE_NGINX_DIR=""
}

# Stops the nginx whose folder is `dir` (TERM: a fast shutdown) and removes the folder.
private_nginx_stop_dir() {
  local dir=$1 pid tries=0
  [ -d "$dir" ] || return 0
  if [ -s "$dir/nginx.pid" ]; then
    pid=$(cat "$dir/nginx.pid")
    kill -TERM "$pid" 2>/dev/null || true
    while kill -0 "$pid" 2>/dev/null && [ $tries -lt 100 ]; do sleep 0.1; tries=$((tries + 1)); done
    kill -KILL "$pid" 2>/dev/null || true
  fi
  rm -rf "$dir"
}

# Run as a command (not sourced): start or stop, for programs that are not shells.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  case "${1:-}" in
    start)
      shift
      start_private_nginx "$@"
      printf 'PRIVATE_NGINX_DIR=%s\nPRIVATE_NGINX_PORT=%s\nPRIVATE_NGINX_URL=%s\n' "$PRIVATE_NGINX_DIR" "$PRIVATE_NGINX_PORT" "$PRIVATE_NGINX_URL"
      ;;
    stop)
      [ $# -eq 2 ] && [ -f "$2/nginx.conf" ] || { echo "usage: $0 stop DIR (a folder start printed)" >&2; exit 2; }
      private_nginx_stop_dir "$2"
      ;;
    *)
      echo "usage: $0 start HOST:PORT... | stop DIR" >&2
      exit 2
      ;;
  esac
fi
