# shellcheck shell=bash
# shellcheck disable=SC2034  # its variables are read by scripts/container-check.sh, which sources it
# The recipes of the local stand-ins for the base images (step 1 of scripts/container-check.sh, which
# sources this file and uses it nowhere else): the functions that make them and the Containerfiles and
# entrypoint they are built from. Uses the variables the check sets first: WORK, STANDIN_LABEL.

# An image is made again when the recipe that made it changed (its hash is in a label).
standin_current() { # NAME RECIPE_HASH
  [ "$(podman image inspect --format "{{index .Labels \"$STANDIN_LABEL\"}}" "$1" 2>/dev/null)" = "$2" ]
}
recipe_hash() { sha256sum | cut -c1-16; }

make_debian_slim() {
  local root=$WORK/rootfs
  rm -rf "$root"
  nice debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian >"$WORK/debootstrap.log" 2>&1 \
    || { tail -20 "$WORK/debootstrap.log"; return 1; }
  # As the official image: the same package sources, and no documentation, manual pages or
  # locales, now or in packages installed later.
  rm -f "$root/etc/apt/sources.list"
  cat > "$root/etc/apt/sources.list.d/debian.sources" <<'EOF'
Types: deb
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: http://deb.debian.org/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
  cat > "$root/etc/dpkg/dpkg.cfg.d/docker" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/locale/*
EOF
  cat > "$root/etc/apt/apt.conf.d/docker-clean" <<'EOF'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
EOF
  echo 'Acquire::Languages "none";' > "$root/etc/apt/apt.conf.d/docker-no-languages"
  echo 'APT::AutoRemove::SuggestsImportant "false";' > "$root/etc/apt/apt.conf.d/docker-autoremove-suggests"
  find "$root/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete
  find "$root/usr/share/doc" -mindepth 1 -type d -empty -delete
  rm -rf "$root"/usr/share/{man,groff,info,lintian,linda,locale}/* "$root"/var/lib/apt/lists/* \
    "$root"/var/cache/apt/*.bin "$root"/var/cache/apt/archives/*.deb "$root"/var/log/*.log "$root"/var/log/apt/*
  tar --numeric-owner -C "$root" -c . | podman import \
    --change 'CMD ["bash"]' \
    --change "LABEL $STANDIN_LABEL=$1" \
    --change 'LABEL description="Local stand-in for the official debian:bookworm-slim: debootstrap --variant=minbase bookworm, without documentation, manual pages and locales"' \
    - debian:bookworm-slim >/dev/null
  rm -rf "$root"
}

# Builds a stand-in from a Containerfile read on standard input: build_standin TAG HASH [podman build options]
build_standin() {
  local tag=$1 hash=$2; shift 2
  local dir=$WORK/build-context
  rm -rf "$dir"; mkdir -p "$dir"
  cat > "$dir/Containerfile"
  [ -f "$WORK/standin-entrypoint.sh" ] && cp "$WORK/standin-entrypoint.sh" "$dir/"
  nice podman build --format docker --layers=false --force-rm --label "$STANDIN_LABEL=$hash" \
    "$@" -t "$tag" -f "$dir/Containerfile" "$dir" >"$WORK/build-$tag.log" 2>&1 \
    || { tail -30 "$WORK/build-$tag.log"; return 1; }
  rm -rf "$dir"
}

# The Swift build image the Dockerfile names (its first FROM).
SWIFT_IMAGE=$(awk 'toupper($1) == "FROM" { print $2; exit }' Dockerfile)
SWIFT_CONTAINERFILE=$(cat <<EOF
# Local stand-in for the official $SWIFT_IMAGE: a bookworm root with the packages the official image
# installs for building, and this machine's Swift toolchain copied into /usr as the official image
# unpacks its own.
FROM debian:bookworm-slim
RUN export DEBIAN_FRONTEND=noninteractive && apt-get -q update && apt-get -q install -y --no-install-recommends \\
      binutils libicu-dev libcurl4-openssl-dev libedit-dev libsqlite3-dev libncurses-dev libpython3-dev \\
      libxml2-dev pkg-config uuid-dev tzdata git gcc libc6-dev libstdc++-12-dev ca-certificates \\
    && rm -rf /var/lib/apt/lists/*
RUN cp -a /toolchain/usr/. /usr/ && chmod -R o+r /usr/lib/swift && swift --version
LABEL description="Local stand-in for the official $SWIFT_IMAGE: bookworm with $(/opt/swift/usr/bin/swift --version 2>/dev/null | head -1)"
CMD ["bash"]
EOF
)

POSTGRES_ENTRYPOINT=$(cat <<'EOF'
#!/bin/bash
# The official postgres image's contract, as far as the compose file uses it: POSTGRES_USER,
# POSTGRES_PASSWORD and POSTGRES_DB make the cluster in an empty PGDATA; then postgres runs as
# the postgres user, listening on every address with password authentication.
set -euo pipefail
if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chown -R postgres:postgres "$PGDATA" /var/run/postgresql
  chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD must be set}"
  user=${POSTGRES_USER:-postgres}
  db=${POSTGRES_DB:-$user}
  printf '%s\n' "$POSTGRES_PASSWORD" > /tmp/pwfile
  initdb --username="$user" --pwfile=/tmp/pwfile --auth-local=trust --auth-host=scram-sha-256 -D "$PGDATA" >/dev/null
  rm -f /tmp/pwfile
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  if [ "$db" != postgres ]; then
    pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
    psql -v ON_ERROR_STOP=1 --username "$user" --dbname postgres -c "CREATE DATABASE \"$db\"" >/dev/null
    pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  fi
  echo "database cluster made for $user, database $db"
fi
exec postgres -D "$PGDATA" -c listen_addresses='*' "$@"
EOF
)
POSTGRES_CONTAINERFILE=$(cat <<'EOF'
# Local stand-in for the official postgres:15-bookworm: Debian's postgresql-15 and an entrypoint with
# the official image's environment variables.
FROM debian:bookworm-slim
RUN export DEBIAN_FRONTEND=noninteractive && apt-get -q update \
    && apt-get -q install -y --no-install-recommends postgresql-15 \
    && rm -rf /var/lib/apt/lists/*
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
COPY standin-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
RUN chmod 755 /usr/local/bin/docker-entrypoint.sh
VOLUME /var/lib/postgresql/data
EXPOSE 5432
STOPSIGNAL SIGINT
ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]
LABEL description="Local stand-in for the official postgres:15-bookworm: Debian's postgresql-15"
EOF
)
