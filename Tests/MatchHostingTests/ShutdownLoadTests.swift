import AllGames
import Foundation
import Logging
import MatchStore
import MatchStoreContract
import MatchWords
import Testing
import VirtualTime

@testable import MatchHosting

/// Issue 17, item 13: during shutdown a connection already past the upgrade check asks for its match;
/// the host being closed still has a write pending, so a second copy loaded from the store would miss it.
struct ShutdownLoadTests {
    @Test func test_lookupDuringShutdown_withAWritePending_isRefused_neverASecondCopyOfTheMatch() async throws {
        let store = HeldStore(base: InMemoryMatchStore(), held: true)
        var logger = Logger(label: "shutdown-load")
        logger.logLevel = .critical
        let registry = MatchRegistry(
            store: store, games: .standard, seatTimeout: .seconds(60), maxConnectionsPerMatch: 10, trackRIBObjects: false,
            metrics: ServerMetrics(),
            logger: logger)
        let id = try await registry.create()
        let host = try await registry.host(for: id)
        let alice = Connection(remoteAddress: "alice", queueLimit: 64)
        #expect(await host.connect(alice) == .connected)
        await host.handle(.login(name: "Alice"), from: alice.id)  // its seatTaken waits in the store
        let shutdown = Task { await registry.shutdown() }
        // Until shutdown begins the lookup finds the loaded host; from then on it must not load another.
        var copy: MatchHost?
        var refusal: MatchRegistry.LookupError?
        let decided = await eventually(within: .seconds(5)) {
            do {
                let found = try await registry.host(for: id)
                if found !== host { copy = found }
                return found !== host
            } catch {
                refusal = error as? MatchRegistry.LookupError
                return true
            }
        }
        #expect(decided, "shutdown never began within 5 s")
        #expect(copy == nil, "a second copy of the match was loaded while its first still had a write pending")
        if case .shuttingDown? = refusal {} else { Issue.record("lookup during shutdown: \(String(describing: refusal))") }
        store.release()
        await shutdown.value
        #expect(try await store.records(of: id)?.count == 2, "created and Alice's seatTaken, written once")
    }
}
