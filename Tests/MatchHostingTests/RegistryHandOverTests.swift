import Foundation
import Logging
import MatchStore
import MatchStoreContract
import MatchWords
import Synchronization
import Testing
import VirtualTime

@testable import MatchHosting

/// A match another server takes (`MatchStore.lostMatches`, PostgreSQL's takeovers) while this server is
/// still closing its host, or still loading it. Letting go of a match (`MatchStore.release`) after a new
/// load would let go of the new host: the store would no longer refuse its appends when yet another
/// server took the match, nor tell this one, and two servers would write one log. A load that read the
/// log before the takeover would host what may already be out of date.
struct RegistryHandOverTests {
    /// A registry whose log lines go to the store's journal, among its loads and releases.
    private static func registry(on store: JournalingStore) -> MatchRegistry {
        var logger = Logger(label: "registry-hand-over") { _ in JournalLogHandler(store: store) }
        logger.logLevel = .debug
        return MatchRegistry(
            store: store, games: .hostingTests, seatTimeout: .seconds(60), maxConnectionsPerMatch: 10, trackRIBObjects: false,
            metrics: ServerMetrics(), logger: logger)
    }

    @Test func test_aMatchLookedUpWhileItsHandedOverHostStillWrites_isLoadedOnlyOnceTheStoreLetGoOfTheOldHost() async throws {
        let store = JournalingStore()
        let registry = Self.registry(on: store)
        let id = try await registry.create()
        let old = try await registry.host(for: id)
        let alice = Connection(remoteAddress: "alice", queueLimit: 64)
        #expect(await old.connect(alice) == .connected)
        store.holdAppends()
        await old.handle(.login(name: "Alice"), from: alice.id)  // its seatTaken waits in the store

        store.markLost(id)  // another server took the match
        let handingOver = Task { await registry.handOver(id) }
        #expect(await eventually { alice.queue.closeQueued }, "the hand-over never began")
        let lookup = Task { try await registry.host(for: id) }
        // The lookup either loads at once or says it waits for the hand-over.
        let waits = await eventually {
            store.journal.contains { $0 == "load \(id)" || $0.hasPrefix("log waiting for the host handed over") }
        }
        #expect(waits, "the lookup neither loaded nor waited: \(store.journal)")
        store.releaseAppends()
        await handingOver.value
        let new = try await lookup.value

        let journal = store.journal
        let released = try #require(journal.firstIndex(of: "release \(id)"), "the old host was never let go of: \(journal)")
        let loaded = try #require(journal.lastIndex(of: "load \(id)"), "the match was never loaded again: \(journal)")
        #expect(released < loaded, "loaded again before the old host was let go of: \(journal)")
        #expect(journal.firstIndex(of: "append done \(id)").map { $0 < loaded } == true, "loaded before the old write returned: \(journal)")
        #expect(new !== old)
        #expect(await !new.isClosed)
        #expect(try await registry.host(for: id) === new)
    }

    @Test func test_aTakeoverDuringALoad_dropsWhatTheLoadRead_andLoadsTheMatchAgain() async throws {
        let store = JournalingStore()
        let registry = Self.registry(on: store)
        let id = MatchID(rawValue: "takenWhileLoading")
        try await store.createMatch(id: id, at: Date())
        store.holdLoads()

        let lookup = Task { try await registry.host(for: id) }
        #expect(await eventually { store.journal.contains("load \(id)") }, "the lookup never loaded")
        store.markLost(id)  // another server took the match after this load read its log
        await registry.handOver(id)
        store.releaseLoads()
        let host = try await lookup.value

        #expect(store.journal.filter { $0 == "load \(id)" }.count == 2, "\(store.journal)")
        #expect(!store.journal.contains("release \(id)"), "the new load's hold was let go of: \(store.journal)")
        #expect(await !host.isClosed)
        #expect(try await registry.host(for: id) === host)
    }

    @Test func test_aTakeoverHeardAfterTheMatchWasLoadedAgain_closesNothing() async throws {
        let store = JournalingStore()
        let registry = Self.registry(on: store)
        let id = try await registry.create()
        let host = try await registry.host(for: id)
        // The store heard of a takeover and queued it, but this server loaded the match again since
        // (in a newer epoch): the store no longer marks it lost when the registry reads the queue.
        await registry.handOver(id)

        #expect(await !host.isClosed)
        #expect(try await registry.host(for: id) === host)
        #expect(!store.journal.contains("release \(id)"), "\(store.journal)")
    }
}

/// Writes each log line into the store's journal, as "log <message>".
private struct JournalLogHandler: LogHandler {
    let store: JournalingStore
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .debug

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        store.write("log \(event.message)")
    }
}

/// An in-memory store that writes down, in order, each load, each release and each append's end, and
/// whose appends or loads wait while held: the test decides when they return.
private final class JournalingStore: ForwardingLogStore {
    private struct State {
        var journal: [String] = []
        var appendsHeld = false
        var loadsHeld = false
        var heldAppends: [CheckedContinuation<Void, Never>] = []
        var heldLoads: [CheckedContinuation<Void, Never>] = []
    }

    let base = InMemoryMatchStore()
    private let state = Mutex(State())
    /// The matches another server took, as a shared store marks them until this one loads or releases.
    private let lost = Mutex(Set<MatchID>())

    func markLost(_ id: MatchID) { _ = lost.withLock { $0.insert(id) } }
    func isLost(_ id: MatchID) -> Bool { lost.withLock { $0.contains(id) } }

    var journal: [String] { state.withLock { $0.journal } }

    func holdAppends() { state.withLock { $0.appendsHeld = true } }
    func holdLoads() { state.withLock { $0.loadsHeld = true } }

    func releaseAppends() { open(\.appendsHeld, \.heldAppends) }
    func releaseLoads() { open(\.loadsHeld, \.heldLoads) }

    private func open(_ gate: WritableKeyPath<State, Bool>, _ waiting: WritableKeyPath<State, [CheckedContinuation<Void, Never>]>) {
        let held = state.withLock { state in
            state[keyPath: gate] = false
            defer { state[keyPath: waiting] = [] }
            return state[keyPath: waiting]
        }
        held.forEach { $0.resume() }
    }

    func write(_ entry: String) {
        state.withLock { $0.journal.append(entry) }
    }

    private func pass(_ gate: WritableKeyPath<State, Bool>, _ waiting: WritableKeyPath<State, [CheckedContinuation<Void, Never>]>) async {
        await withCheckedContinuation { continuation in
            let passes = state.withLock { state in
                guard state[keyPath: gate] else { return true }
                state[keyPath: waiting].append(continuation)
                return false
            }
            if passes { continuation.resume() }
        }
    }

    func load(_ id: MatchID) async throws -> [StoredRecord]? {
        write("load \(id)")
        _ = lost.withLock { $0.remove(id) }  // loading takes the match anew
        await pass(\.loadsHeld, \.heldLoads)
        return try await base.records(of: id)
    }

    func release(_ id: MatchID) {
        _ = lost.withLock { $0.remove(id) }
        write("release \(id)")
    }

    func append(_ records: [MatchRecord], summary: StoredSummary?, to id: MatchID, at date: Date) async throws {
        await pass(\.appendsHeld, \.heldAppends)
        try await base.append(records, summary: summary, to: id, at: date)
        write("append done \(id)")
    }
}
