import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle

/// The Hummingbird application with the services around it, run in the order a shutdown needs.
///
/// Hummingbird's own `run()` stops the HTTP server before the services attached to it, but a shutdown
/// here must first turn `/healthz` to 503, close every WebSocket with 1001 and let pending writes
/// finish (`DrainService`), then stop the HTTP server, then close the store (`MatchLifecycleService`):
/// a service group shuts its services down in the reverse of their order. So `run()` is this type's own.
struct GameApplication<Base: ApplicationProtocol>: ApplicationProtocol, CustomStringConvertible {
    let base: Base
    /// The `/metrics` listener (`--metrics-address`), if any; it stops with the HTTP server.
    let metricsListener: (any Service)?
    /// With TLS: the SIGHUP reload of the certificate and the `--redirect-http-port` listener, if any;
    /// they stop with the HTTP server.
    var tlsServices: [any Service] = []
    let context: ServerContext

    var responder: Base.Responder {
        get async throws { try await base.responder }
    }
    var server: HTTPServerBuilder { base.server }
    var configuration: ApplicationConfiguration { base.configuration }
    var logger: Logger { base.logger }
    var eventLoopGroup: any EventLoopGroup { base.eventLoopGroup }
    /// How ServiceLifecycle names it in its logs (by default it prints every stored property).
    var description: String { "GameApplication" }

    @Sendable func onServerRunning(_ channel: any Channel) async {
        await base.onServerRunning(channel)
    }

    func run() async throws {
        let lifecycle = MatchLifecycleService(
            registry: context.registry, store: context.store, state: context.state,
            idleTimeout: context.configuration.idleTimeout,
            retention: context.configuration.retainDays.map {
                RetentionPolicy(retention: $0 * 24 * 60 * 60, sweepInterval: context.configuration.retentionSweepInterval)
            },
            accountSweep: context.accountStore.map { AccountSweep(store: $0) },
            memoryRelease: MemoryReleaseSchedule { [store = context.store] in
                store.releaseMemory()
                MemoryRelease.returnFreedMemory()
            },
            logger: logger
        )
        let drain = DrainService(registry: context.registry, state: context.state, logger: logger)
        // A graceful shutdown of whatever runs this application (`runService()`'s signals, a test's
        // cancellation) reaches this group too.
        let services: [any Service] = [lifecycle, base] + (metricsListener.map { [$0] } ?? []) + tlsServices + [drain]
        let group = ServiceGroup(configuration: .init(services: services, logger: logger))
        try await group.run()
    }
}
