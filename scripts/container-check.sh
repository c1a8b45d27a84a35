#!/usr/bin/env bash
# Builds the project's Dockerfile and starts docker-compose.yml with podman, as a person hosting the
# server would, and checks what they rely on (README, "Containers"):
#   1. base images: made here from Debian's packages when missing (no registry is reachable), each a
#      local stand-in for the official image of the same name, labelled as such, and kept for the
#      next run: debian:bookworm-slim (debootstrap, minbase, stripped as the official slim is), the
#      Dockerfile's Swift build image (a bookworm root with this machine's Swift toolchain and the build
#      packages the official image installs), postgres:15-bookworm (Debian's postgresql-15 with an
#      entrypoint that honours POSTGRES_USER, POSTGRES_PASSWORD and POSTGRES_DB);
#   2. the project's image, built anew from the Dockerfile as it is (its size and build time reported);
#   3. the single server of `compose up`: a whole game through its published port, the match kept
#      across `down`/`up` on its named volume, a non-root user, healthy by its HEALTHCHECK, exit 0
#      on SIGTERM within the stop grace;
#   4. the `cluster` profile: PostgreSQL, three servers and nginx (built by the compose file from
#      Debian's package); a game through nginx that goes on while the server hosting it is killed,
#      and a lobby that lists the matches of every server.
# Exits 0 only when every step passed. Removes every container, pod, network and volume it made, and
# the images it built (not the cached base images: `--remove-base-images` removes those too), also on
# failure. Traffic goes only to 127.0.0.1 and to the containers on the networks it creates.
#
# Options:
#   --fresh               first remove every image the check made (the stand-ins, labelled
#                         org.tictactoe.local-stand-in, the project's image and the compose project's)
#                         and .build-containers/, so that the run meets the machine as a newcomer's
#                         would: how a change to the Dockerfile, docker-compose.yml, Package.swift or
#                         this script is checked before it is resolved (README, "Containers").
#   --remove-base-images  remove the stand-ins too at the end.
#
# Runs as root (podman rootful); installs podman, runc and debootstrap from Debian's packages and
# podman-compose from PyPI (in .build-containers/venv) when missing. The release build inside the
# container takes long on a small machine (docs/PERFORMANCE.md, "Containers"); it runs under `nice`.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$PWD
WORK=$REPO/.build-containers
PROJECT=tictactoe-container-check
STANDIN_LABEL=org.tictactoe.local-stand-in
# Host ports for the published ones (the compose file's 8080 and 8090), on 127.0.0.1 only.
SINGLE_PORT=${CONTAINER_CHECK_SINGLE_PORT:-18480}
CLUSTER_PORT=${CONTAINER_CHECK_CLUSTER_PORT:-18490}

REMOVE_BASE_IMAGES=0
FRESH=0
for arg in "$@"; do
  case "$arg" in
    --fresh) FRESH=1 ;;
    --remove-base-images) REMOVE_BASE_IMAGES=1 ;;
    # The comment at the top, up to its first line that is not one.
    -h | --help) awk 'NR == 1 { next } !/^#/ { exit } { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
    *) echo "unknown argument: $arg" >&2; exit 2 ;;
  esac
done

log() { printf '\n==> %s\n' "$*"; }
RESULTS=()
result() { RESULTS+=("$1"); printf '    %s\n' "$1"; }
fail() { result "FAIL: $*"; exit 1; }
# A command that fails where the script did not expect it (set -e) says which and where before the
# clean-up runs, rather than ending the run with only its exit status.
trap 'status=$?; result "FAIL: line $LINENO: \`$BASH_COMMAND\` exited $status (a mistake of this script, or of what it ran)"' ERR
# How long each step took, for the summary: step NAME ends the step before it.
STEP_NAME=
STEP_STARTED=$SECONDS
RUN_STARTED=$SECONDS
TIMES=()
step() {
  [ -z "$STEP_NAME" ] || TIMES+=("$STEP_NAME $((SECONDS - STEP_STARTED)) s")
  STEP_NAME=$1 STEP_STARTED=$SECONDS
}
step "tools"

# --- Tools ----------------------------------------------------------------------------------------

[ "$(id -u)" -eq 0 ] || { echo "run as root: podman runs rootful here" >&2; exit 2; }
missing=()
for pkg in podman runc debootstrap python3-venv curl; do
  dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  log "installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi

# podman without systemd: cgroupfs and runc, and no default ulimits (the sandbox refuses setrlimit of
# RLIMIT_NPROC, even to its current value). BUILDAH_FORMAT=docker keeps HEALTHCHECK in every image
# built, the compose file's nginx image included (the OCI format has no place for it).
write_containers_conf() {
  mkdir -p "$WORK"
  cat > "$WORK/containers.conf" <<'EOF'
[containers]
default_ulimits = []
[engine]
cgroup_manager = "cgroupfs"
runtime = "runc"
EOF
}
write_containers_conf
export CONTAINERS_CONF=$WORK/containers.conf BUILDAH_FORMAT=docker

# --fresh: what an earlier run made goes first, the containers, pods, volumes and networks of the
# compose project (left only by a run that was killed), then every image the check made, then
# .build-containers/ (podman-compose's venv and the stand-ins' recipes with it).
if [ "$FRESH" = 1 ]; then
  step "fresh: removing what earlier runs made"
  log "--fresh: removing every image the check made and $WORK"
  label=io.podman.compose.project=$PROJECT
  podman ps -aq --filter "label=$label" | xargs -r podman rm -f -v >/dev/null
  podman pod ps -q --filter "label=$label" | xargs -r podman pod rm -f >/dev/null
  podman volume ls -q --filter "label=$label" | xargs -r podman volume rm -f >/dev/null
  podman network ls -q --filter "label=$label" | xargs -r podman network rm -f >/dev/null
  images=$( (podman images -q --filter "label=$STANDIN_LABEL"; podman images -q --filter "label=$label"
    for name in tictactoe-server:latest tictactoe-nginx:latest; do
      podman image inspect --format '{{.Id}}' "$name" 2>/dev/null || true
    done) | cut -c1-12 | sort -u)
  if [ -n "$images" ]; then
    podman images --format '{{.ID}} {{.Repository}}:{{.Tag}}' | grep -F -f <(echo "$images") | sed 's/^/    removing /' || true
    echo "$images" | xargs podman rmi -f >/dev/null
  fi
  # --one-file-system: a debootstrap that was killed may have left /proc mounted in its root.
  rm -rf --one-file-system "$WORK"
  write_containers_conf
  result "fresh: removed $(echo "$images" | grep -c . || true) images and $WORK"
fi

if ! "$WORK/venv/bin/python" -c 'import podman_compose, websockets' >/dev/null 2>&1; then
  log "installing podman-compose and websockets in $WORK/venv"
  python3 -m venv "$WORK/venv"
  "$WORK/venv/bin/pip" install --quiet --disable-pip-version-check podman-compose==1.6.0 websockets==17.4
fi
COMPOSE=("$WORK/venv/bin/podman-compose" -p "$PROJECT" -f docker-compose.yml -f "$WORK/compose.override.yml")
compose() { "${COMPOSE[@]}" "$@"; }

# --- Clean-up, also on failure ---------------------------------------------------------------------

# The volumes made since the run began (VOLUMES_BEFORE), labelled by compose or not.
made_volumes() {
  comm -13 <(printf '%s\n' "${VOLUMES_BEFORE:-}") <(podman volume ls -q | sort)
}
cleanup() {
  local status=$? id
  set +e
  trap - ERR
  step "clean-up"
  log "removing what this run made"
  if [ "$status" -ne 0 ]; then
    # What the containers logged, for the failure's cause.
    rm -rf "$WORK/logs"; mkdir -p "$WORK/logs"
    for id in $(podman ps -a --format '{{.Names}}' --filter "label=io.podman.compose.project=$PROJECT"); do
      podman logs "$id" >"$WORK/logs/$id.log" 2>&1
    done
    result "the containers' logs: $WORK/logs/"
  fi
  # The containers first, each with its anonymous volumes (the image's VOLUME gives every cluster server
  # one, which `compose down -v` leaves behind), then what compose made.
  podman ps -q --filter "label=io.podman.compose.project=$PROJECT" | xargs -r podman stop -t 5 >/dev/null 2>&1
  for id in $(podman ps -aq --filter "label=io.podman.compose.project=$PROJECT"); do podman rm -f -v "$id" >/dev/null; done
  compose --profile cluster down -v -t 5 >/dev/null 2>&1
  for id in $(podman pod ps -q --filter "label=io.podman.compose.project=$PROJECT"); do podman pod rm -f "$id" >/dev/null; done
  for id in $(podman volume ls -q --filter "label=io.podman.compose.project=$PROJECT"); do podman volume rm -f "$id" >/dev/null; done
  for id in $(podman network ls -q --filter "label=io.podman.compose.project=$PROJECT"); do podman network rm -f "$id" >/dev/null; done
  for id in $(made_volumes); do podman volume rm -f "$id" >/dev/null; done
  # The images this run built (with the compose build's intermediate layers); a failed build removed
  # its own containers (--force-rm).
  for id in tictactoe-server:latest tictactoe-nginx:latest; do podman rmi -f "$id" >/dev/null 2>&1; done
  if [ "$REMOVE_BASE_IMAGES" = 1 ]; then
    podman images --format '{{.Repository}}:{{.Tag}}' --filter "label=$STANDIN_LABEL" | xargs -r podman rmi -f >/dev/null 2>&1
  fi
  rm -rf "$WORK/rootfs" "$WORK/build-context"
  result "left behind: $(podman ps -aq --filter "label=io.podman.compose.project=$PROJECT" | wc -l) containers, $(made_volumes | wc -l) volumes, $(podman network ls -q --filter "label=io.podman.compose.project=$PROJECT" | wc -l) networks, $(podman images -q --filter dangling=true | wc -l) dangling images"
  printf '\n==> summary (base images are local stand-ins made from Debian'"'"'s packages, not the official images)\n'
  printf '    %s\n' "${RESULTS[@]}"
  step ""
  printf '==> times: %s; in all %d s\n' "$(printf '%s\n' "${TIMES[@]}" | paste -sd';' | sed 's/;/; /g')" $((SECONDS - RUN_STARTED))
  if [ "$status" -eq 0 ]; then echo "container check: every step passed"; else echo "container check: FAILED (exit $status)"; fi
  exit "$status"
}
# The volumes there are now: a volume that appears during the run and is not one of these was made by
# it (an anonymous volume of the image's VOLUME, which carries no compose label), and goes at the end.
VOLUMES_BEFORE=$(podman volume ls -q | sort)
trap cleanup EXIT
trap 'exit 130' INT TERM

# The compose file as it is, with its published ports on 127.0.0.1 (and ports free here) instead of
# every address: the only change.
cat > "$WORK/compose.override.yml" <<EOF
# Written by scripts/container-check.sh: publish on 127.0.0.1 only.
services:
  tictactoe:
    ports: !override
      - "127.0.0.1:$SINGLE_PORT:8080"
  nginx:
    ports: !override
      - "127.0.0.1:$CLUSTER_PORT:8080"
EOF

# What an earlier run that was killed may have left.
compose --profile cluster down -v -t 5 >/dev/null 2>&1 || true

# --- 1. Base images ----------------------------------------------------------------------------------

# The stand-ins' recipes: how each is made, and from what.
# shellcheck source=scripts/container-standins.sh
. "$REPO/scripts/container-standins.sh"

step "1. base images"
log "1. base images (local stand-ins, kept between runs)"
started=$SECONDS
hash=$(echo "debian-slim-1" | recipe_hash)
if standin_current debian:bookworm-slim "$hash"; then
  result "debian:bookworm-slim: stand-in kept from an earlier run"
else
  make_debian_slim "$hash" || fail "debian:bookworm-slim: debootstrap failed"
  result "debian:bookworm-slim: stand-in made by debootstrap ($((SECONDS - started)) s)"
fi
base_hash=$(podman image inspect --format '{{.Id}}' debian:bookworm-slim)
step=$SECONDS
hash=$( (echo "$base_hash"; echo "$SWIFT_CONTAINERFILE"; /opt/swift/usr/bin/swift --version 2>&1) | recipe_hash)
if standin_current "$SWIFT_IMAGE" "$hash"; then
  result "$SWIFT_IMAGE: stand-in kept from an earlier run"
else
  rm -f "$WORK/standin-entrypoint.sh"
  echo "$SWIFT_CONTAINERFILE" | build_standin "$SWIFT_IMAGE" "$hash" -v /opt/swift:/toolchain:ro \
    || fail "$SWIFT_IMAGE: stand-in build failed"
  result "$SWIFT_IMAGE: stand-in made with $(/opt/swift/usr/bin/swift --version 2>/dev/null | head -1) ($((SECONDS - step)) s)"
fi
step=$SECONDS
hash=$( (echo "$base_hash"; echo "$POSTGRES_CONTAINERFILE"; echo "$POSTGRES_ENTRYPOINT") | recipe_hash)
if standin_current postgres:15-bookworm "$hash"; then
  result "postgres:15-bookworm: stand-in kept from an earlier run"
else
  echo "$POSTGRES_ENTRYPOINT" > "$WORK/standin-entrypoint.sh"
  echo "$POSTGRES_CONTAINERFILE" | build_standin postgres:15-bookworm "$hash" || fail "postgres:15-bookworm: stand-in build failed"
  rm -f "$WORK/standin-entrypoint.sh"
  result "postgres:15-bookworm: stand-in made from Debian's postgresql-15 ($((SECONDS - step)) s)"
fi

# --- 2. The project's image ---------------------------------------------------------------------------

step "2. project image"
log "2. the project's image, built from the Dockerfile"
# SwiftPM fetches the packages from their github.com addresses. Where git is set to read those from a
# local copy (url.<base>.insteadOf, as on our machines), the build gets the same settings and a
# read-only view of that copy; elsewhere it fetches them as a user's build does.
build_mounts=()
: > "$WORK/gitconfig"
while read -r key value; do
  base=${key#url.}; base=${base%.insteadof}
  git config --file "$WORK/gitconfig" --add "url.$base.insteadOf" "$value"
  case " ${build_mounts[*]} " in *" $base:$base:ro "*) ;; *) [ -d "$base" ] && build_mounts+=(-v "$base:$base:ro") ;; esac
done < <(git config --get-regexp '^url\..*\.insteadof$' || true)
if [ -s "$WORK/gitconfig" ]; then
  build_mounts+=(-v "$WORK/gitconfig:/etc/gitconfig:ro")
  result "packages: from the local copy git is set to use ($(git config --get-regexp '^url\..*\.insteadof$' | awk '{print $1}' | sort -u | sed 's/^url\.//; s/\.insteadof$//' | paste -sd' '))"
fi
[ -f Package.resolved ] && result "Package.resolved: copied into the build (the versions it pins)"
podman rmi -f tictactoe-server:latest >/dev/null 2>&1 || true
step=$SECONDS
if ! nice podman build --format docker --layers=false --force-rm "${build_mounts[@]}" \
    -t tictactoe-server:latest . >"$WORK/build-project.log" 2>&1; then
  tail -40 "$WORK/build-project.log"
  fail "project image: build failed after $((SECONDS - step)) s (log: $WORK/build-project.log)"
fi
build_s=$((SECONDS - step))
size_bytes=$(podman image inspect --format '{{.Size}}' tictactoe-server:latest)
size_mb=$(( (size_bytes + 500000) / 1000000 ))
binary=$(grep -o '[0-9]\{6,\} [A-Z][a-z][a-z] .*tictactoe$' "$WORK/build-project.log" | awk '{printf "%s%d MB", sep, ($1+500000)/1000000; sep=" unstripped, "} END {print " stripped"}')
result "project image: built in $((build_s / 60)) min $((build_s % 60)) s; tictactoe-server:latest is $size_mb MB (binary $binary)"
[ "$size_mb" -le 120 ] || result "note: the image is over 120 MB"

# --- Helpers for the running containers -----------------------------------------------------------------

# The container of a compose service.
container_of() {
  podman ps -a --filter "label=io.podman.compose.project=$PROJECT" --filter "label=com.docker.compose.service=$1" \
    --format '{{.Names}}' | awk 'NR == 1'
}
# Podman 4.3 runs HEALTHCHECKs from systemd timers, which this machine lacks: run them here, as often
# as the timer would, until one passes (the image's or the compose file's start period and retries are
# podman's to apply). Prints the seconds it took.
wait_healthy() { # SERVICE TIMEOUT_S
  local name since=$SECONDS
  name=$(container_of "$1")
  [ -n "$name" ] || { echo "no container for $1" >&2; return 1; }
  until podman healthcheck run "$name" >/dev/null 2>&1; do
    if [ $((SECONDS - since)) -ge "$2" ]; then
      echo "$1 not healthy after $2 s: $(podman inspect --format '{{.State.Status}} {{.State.Health.Status}}' "$name")" >&2
      podman logs --tail 20 "$name" >&2
      return 1
    fi
    sleep 2
  done
  [ "$(podman inspect --format '{{.State.Health.Status}}' "$name")" = healthy ] || return 1
  echo $((SECONDS - since))
}
play() { "$WORK/venv/bin/python" scripts/container-check-play.py "$@"; }

# --- 3. The single server -------------------------------------------------------------------------------

step "3. single server"
log "3. the single server: compose up"
SINGLE=http://127.0.0.1:$SINGLE_PORT
compose up -d >"$WORK/compose-single.log" 2>&1 || { tail -20 "$WORK/compose-single.log"; fail "single: compose up failed"; }
server=$(container_of tictactoe)
took=$(wait_healthy tictactoe 60) || fail "single: not healthy within 60 s"
result "single: healthy by its HEALTHCHECK ($(podman inspect --format '{{.Config.Healthcheck.Test}}' "$server")) after $took s"
published=$(podman port "$server" | paste -sd' ')
[ "$published" = "8080/tcp -> 127.0.0.1:$SINGLE_PORT" ] || fail "single: published as '$published'"
pid=$(podman inspect --format '{{.State.Pid}}' "$server")
uid=$(stat -c %u "/proc/$pid")
[ "$uid" != 0 ] || fail "single: the server runs as root"
result "single: runs as uid $uid ($(podman exec "$server" id -un)), published on $published"
match=$(play single-game "$SINGLE") || fail "single: the game through the published port failed"
result "single: a whole game played through 127.0.0.1:$SINGLE_PORT (match $match)"
compose down >>"$WORK/compose-single.log" 2>&1 || fail "single: compose down failed"
[ -z "$(container_of tictactoe)" ] || fail "single: a container is left after down"
podman volume exists "${PROJECT}_tictactoe-data" || fail "single: the named volume is gone after down"
compose up -d >>"$WORK/compose-single.log" 2>&1 || fail "single: compose up (again) failed"
server=$(container_of tictactoe)
wait_healthy tictactoe 60 >/dev/null || fail "single: not healthy again within 60 s"
kept=$(play kept "$SINGLE" "$match") || fail "single: the match was not kept across down/up"
result "single: down/up on the named volume ${PROJECT}_tictactoe-data: $kept"
# `compose stop` sends the image's STOPSIGNAL (SIGTERM) and waits the compose file's stop_grace_period.
# (awk reads to the end: a writer that lost its reader would fail the pipeline.)
grace=$(compose config 2>/dev/null | awk '/^  tictactoe:/ { s = 1 } s && /stop_grace_period:/ && !g { g = $2 } END { print g }')
grace_s=${grace%s}
step=$(date +%s%N)
compose stop tictactoe >>"$WORK/compose-single.log" 2>&1 || fail "single: compose stop failed"
stop_ms=$(( ($(date +%s%N) - step) / 1000000 ))
code=$(podman inspect --format '{{.State.ExitCode}}' "$server")
[ "$code" = 0 ] || fail "single: exit code $code on SIGTERM"
[ "$stop_ms" -lt $((grace_s * 1000)) ] || fail "single: took $stop_ms ms to stop, the grace is $grace"
result "single: compose stop (SIG$(kill -l "$(podman inspect --format '{{.Config.StopSignal}}' "$server")")): exit 0 after $stop_ms ms (grace $grace); its last line: $(podman logs --tail 1 "$server" 2>&1 | cut -c1-100)"
compose down >>"$WORK/compose-single.log" 2>&1 || fail "single: compose down failed"

# --- 4. The cluster profile -----------------------------------------------------------------------------

step "4. cluster"
log "4. the cluster profile: PostgreSQL, three servers, nginx"
CLUSTER=http://127.0.0.1:$CLUSTER_PORT
step=$SECONDS
nice "${COMPOSE[@]}" --profile cluster build nginx >"$WORK/build-nginx.log" 2>&1 \
  || { tail -20 "$WORK/build-nginx.log"; fail "cluster: building the nginx image failed"; }
result "cluster: nginx image built by the compose file from Debian's nginx ($((SECONDS - step)) s, $(( ($(podman image inspect --format '{{.Size}}' tictactoe-nginx:latest) + 500000) / 1000000 )) MB)"
# podman-compose waits for `service_healthy` only on podman 4.6 and later: start each level once the
# one it depends on is healthy, as the compose file asks.
compose --profile cluster up -d postgres >"$WORK/compose-cluster.log" 2>&1 || fail "cluster: starting postgres failed"
took=$(wait_healthy postgres 60) || fail "cluster: postgres not healthy within 60 s"
servers=(tictactoe-1 tictactoe-2 tictactoe-3)
compose --profile cluster up -d "${servers[@]}" >>"$WORK/compose-cluster.log" 2>&1 || fail "cluster: starting the servers failed"
for service in "${servers[@]}"; do
  wait_healthy "$service" 60 >/dev/null || fail "cluster: $service not healthy within 60 s"
done
compose --profile cluster up -d nginx >>"$WORK/compose-cluster.log" 2>&1 || fail "cluster: starting nginx failed"
nginx=$(container_of nginx)
address=$(podman inspect --format '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}' "$nginx")
[ "$address" = 172.31.250.10 ] || fail "cluster: nginx has address $address, not the servers' trusted proxy 172.31.250.10"
for _ in $(seq 20); do curl -fsS -o /dev/null "$CLUSTER/healthz" 2>/dev/null && break; sleep 0.5; done
curl -fsS -o /dev/null "$CLUSTER/healthz" || fail "cluster: nginx does not answer on 127.0.0.1:$CLUSTER_PORT"
result "cluster: postgres healthy after $took s, three servers healthy, nginx on 127.0.0.1:$CLUSTER_PORT at $address"
containers=()
for service in "${servers[@]}"; do containers+=("$(container_of "$service")"); done
match=$(play single-game "$CLUSTER") || fail "cluster: a game through nginx failed"
result "cluster: a whole game played through nginx (match $match)"
lobby=$(play lobby "$CLUSTER" "${containers[@]}") || fail "cluster: the lobby check failed"
result "cluster: lobby: $lobby"
failover=$(play failover "$CLUSTER" "${containers[@]}") || fail "cluster: the game did not survive its server being killed"
result "cluster: kill -9: $failover"
