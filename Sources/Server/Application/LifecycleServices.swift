import Foundation
import Logging
import MatchHosting
import MatchStore
import MatchWords
import ServiceLifecycle
import WebSocketTransport

/// Owns the store's lifetime and the expiry of idle matches: ready once started; on shutdown, waits for
/// the registry's pending writes and closes the store (it is shut down last).
struct MatchLifecycleService: Service, CustomStringConvertible {
    var description: String { "MatchLifecycleService" }

    let registry: MatchRegistry
    let store: any MatchStore
    let state: ServerState
    let idleTimeout: Duration
    /// `--retain-days`: stored matches unchanged for longer are deleted; nil keeps them all.
    var retention: RetentionPolicy?
    /// Expired sessions and challenges removed; nil without an account store.
    var accountSweep: AccountSweep?
    var memoryRelease: MemoryReleaseSchedule
    let logger: Logger

    func run() async throws {
        var memoryRelease = memoryRelease
        // Matches other servers take are handed over as they go; the stream ends when the store closes.
        let handOvers = Task { [registry] in await registry.handOverLostMatches() }
        defer { handOvers.cancel() }
        // So are the audiences other servers relay of the matches here, and what their hosts tell.
        let audiences = Task { [registry] in await registry.serveAudiences() }
        defer { audiences.cancel() }
        var retention = retention
        var accountSweep = accountSweep
        state.set(.ready)
        // Check a few times per idle period, and at least every 30 s. The sleep ends early on shutdown,
        // so that SIGTERM never waits for the rest of an interval.
        let interval = min(idleTimeout / 4, .seconds(30))
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            do { try await cancelWhenGracefulShutdown { try await registry.clock.sleep(for: interval) } } catch { break }
            let expired = await registry.expireIdle(longerThan: idleTimeout)
            if expired > 0 { logger.info("expired idle matches", metadata: ["count": "\(expired)"]) }
            memoryRelease.tick(expired: expired)
            await retention?.sweepIfDue(registry: registry, logger: logger)
            await accountSweep?.sweepIfDue(clock: registry.clock, logger: logger)
        }
        await registry.shutdown()
        try await store.close()
        logger.info("store closed; bye")
    }
}

/// The first service to hear of a shutdown: `/healthz` turns 503, every WebSocket is closed with 1001
/// and every pending write finishes, before the HTTP server stops.
struct DrainService: Service, CustomStringConvertible {
    var description: String { "DrainService" }

    let registry: MatchRegistry
    let state: ServerState
    let logger: Logger

    func run() async throws {
        try? await gracefulShutdown()
        state.set(.draining)
        logger.info("shutting down: closing connections with 1001")
        await registry.shutdown()
    }
}
