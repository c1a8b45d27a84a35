import Foundation
import Logging
import MatchStore
import MatchStoreContract
import MatchWords
import Synchronization
import Testing
import VirtualTime

@testable import MatchHosting

/// Issue 43: a host reads the relaying servers' counts from the store (when installed, then every 5 s)
/// and hears each count as it is committed. A read's snapshot can be older than a count heard while the
/// read was in flight: a relay opened on another server just as this one took the match over. The count
/// heard (and the welcome it asked for) must stand; the older read must not make the host forget that
/// relay, which would then be told nothing more (the database failover cluster test's relayed spectator
/// that saw nothing).
struct AudienceReadTests {
    @Test func test_aCountHeardWhileTheCountsAreRead_isNotUndoneByTheOlderRead_andTheRelayIsToldTheMoves() async throws {
        let store = AudienceStore()
        var logger = Logger(label: "audience-read")
        logger.logLevel = .critical
        let registry = MatchRegistry(
            store: store, games: .hostingTests, seatTimeout: .seconds(60), maxConnectionsPerMatch: 10, trackRIBObjects: false,
            metrics: ServerMetrics(), logger: logger)
        let id = MatchID(rawValue: "relayedAtTakeover")
        try await store.createMatch(id: id, at: Date())
        // Loaded (taken over): once installed it reads the counts, which the store holds.
        let host = try await registry.host(for: id)
        #expect(await eventually { store.readsWaiting == 1 }, "the installed host never read the counts")

        // Another server begins to relay the match: its count is committed after the read's snapshot and
        // heard before the read returns.
        await host.audienceHeard(AudienceCount(match: id, server: "relaying", spectators: 1, wantsWelcome: true))
        #expect(await eventually { !store.told.isEmpty }, "the relay was not welcomed")
        store.answerReads(with: [:])  // as the counts were before that one
        #expect(await eventually { await host.audienceReads.inFlight == 0 }, "the read never returned")
        #expect(await host.audience == ["relaying": 1], "the older read undid the count heard")

        // A player sits down: the relay is told.
        let toldBefore = store.told.count
        let alice = Connection(remoteAddress: "alice", queueLimit: 64)
        #expect(await host.connect(alice) == .connected)
        await host.handle(.login(name: "Alice"), from: alice.id)
        let toldMore = await eventually(within: .seconds(3)) { store.told.dropFirst(toldBefore).contains { !$0.broadcasts.isEmpty } }
        #expect(toldMore, "the relay was told nothing after its welcome")
        #expect(store.told.allSatisfy { $0.hosting == host.hosting })
    }

    @Test func test_aServerNotHeardDuringTheRead_isCountedAsTheReadSaysIt() {
        var reads = AudienceReads()
        reads.heard(from: "before")
        let begun = reads.begin()
        reads.heard(from: "during")
        let counts = reads.counts(
            read: ["before": 3, "during": 0, "gone": 2], begun: begun, heard: ["before": 1, "during": 4, "heardOnly": 5])
        // "before" and "gone": the read is the newer; "during": heard after the read began; "heardOnly"
        // was heard before it began and the read no longer has it (its server stopped).
        #expect(counts == ["before": 3, "during": 4, "gone": 2])
        #expect(reads.inFlight == 1)
    }
}

/// An in-memory store that relays audiences: it writes down what hosts tell the relays, and holds each
/// read of the counts until the test answers it.
private final class AudienceStore: ForwardingLogStore {
    private struct State {
        var told: [AudienceFrames] = []
        var reads: [CheckedContinuation<[String: Int], Never>] = []
    }

    let base = InMemoryMatchStore()
    private let state = Mutex(State())

    var told: [AudienceFrames] { state.withLock { $0.told } }
    var readsWaiting: Int { state.withLock { $0.reads.count } }

    /// Answers every read waiting with `counts`.
    func answerReads(with counts: [String: Int]) {
        let reads = state.withLock { state in
            defer { state.reads = [] }
            return state.reads
        }
        for read in reads { read.resume(returning: counts) }
    }

    var relaysAudiences: Bool { true }
    func tell(_ frames: AudienceFrames) { state.withLock { $0.told.append(frames) } }
    func audience(of id: MatchID) async throws -> [String: Int] {
        await withCheckedContinuation { continuation in state.withLock { $0.reads.append(continuation) } }
    }
}
