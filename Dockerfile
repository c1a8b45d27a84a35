# Build with the official Swift image, run on a slim Debian image as a non-root user.
# scripts/container-check.sh builds and starts it (README, "Containers").
FROM swift:6.3-bookworm AS build
WORKDIR /src
RUN apt-get update && apt-get install -y --no-install-recommends libsqlite3-dev && rm -rf /var/lib/apt/lists/*
# Resolve dependencies first so that this layer is cached across source changes; with a Package.resolved
# (the glob copies it only when there is one) the versions it pins.
COPY Package.swift Package.resolve[d] ./
RUN swift package resolve
COPY Sources ./Sources
COPY Tests ./Tests
# Stripped: the symbols and debug information are most of the binary, and the runtime image has no
# debugger or backtracer that would read them.
RUN swift build -c release --product tictactoe --static-swift-stdlib \
    && mkdir -p /staging \
    && cp "$(swift build -c release --show-bin-path)/tictactoe" /staging/ \
    && ls -l /staging/tictactoe && strip /staging/tictactoe && ls -l /staging/tictactoe

FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends libsqlite3-0 ca-certificates curl \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --create-home --home-dir /app --uid 10001 tictactoe
WORKDIR /app
COPY --from=build /staging/tictactoe /usr/local/bin/tictactoe
COPY Public ./Public
RUN mkdir -p /app/data && chown -R tictactoe:tictactoe /app/data
USER tictactoe
ENV TICTACTOE_HOST=0.0.0.0 \
    TICTACTOE_PORT=8080 \
    TICTACTOE_DB=/app/data/tictactoe.sqlite \
    TICTACTOE_PUBLIC=/app/Public
EXPOSE 8080
VOLUME ["/app/data"]
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 CMD curl -fsS http://127.0.0.1:8080/healthz || exit 1
# SIGTERM is handled: sockets closed with 1001, pending writes finished, exit 0.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/tictactoe"]
