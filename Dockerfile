# Build with the official Swift image, run on a slim Debian image as a non-root user.
FROM swift:6.2-bookworm AS build
WORKDIR /src
RUN apt-get update && apt-get install -y --no-install-recommends libsqlite3-dev && rm -rf /var/lib/apt/lists/*
# Resolve dependencies first so that this layer is cached across source changes.
COPY Package.swift ./
RUN swift package resolve
COPY Sources ./Sources
COPY Tests ./Tests
RUN swift build -c release --product tictactoe --static-swift-stdlib \
    && mkdir -p /staging \
    && cp "$(swift build -c release --show-bin-path)/tictactoe" /staging/

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
