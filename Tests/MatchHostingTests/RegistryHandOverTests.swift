import Foundation
import Logging
import MatchStore
import MatchWords
import Synchronization
import Testing

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
        let (wakes, wake) = AsyncStream.makeStream(of: Void.self)
        let alice = Connection(remoteAddress: "alice", queueLimit: 64, wake: { wake.yield() })
        #expect(await old.connect(alice) == .connected)
        store.holdAppends()
        await old.handle(.login(name: "Alice"), from: alice.id)  // its seatTaken waits in the store

        let handingOver = Task { await registry.handOver(id) }
        for await _ in wakes where alice.queue.closeQueued { break }  // the old host is closing: the hand-over began
        let lookup = Task { try await registry.host(for: id) }
        // The lookup either loads at once or says it waits for the hand-over.
        try await store.waitUntil { $0.contains("load \(id)") || $0.contains { $0.hasPrefix("log waiting for the host handed over") } }
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
        try await store.waitUntil { $0.contains("load \(id)") }
        await registry.handOver(id)  // another server took the match after this load read its log
        store.releaseLoads()
        let host = try await lookup.value

        #expect(store.journal.filter { $0 == "load \(id)" }.count == 2, "\(store.journal)")
        #expect(!store.journal.contains("release \(id)"), "the new load's hold was let go of: \(store.journal)")
        #expect(await !host.isClosed)
        #expect(try await registry.host(for: id) === host)
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
private final class JournalingStore: MatchStore {
    private struct State {
        var journal: [String] = []
        var appendsHeld = false
        var loadsHeld = false
        var heldAppends: [CheckedContinuation<Void, Never>] = []
        var heldLoads: [CheckedContinuation<Void, Never>] = []
        var watchers: [(condition: @Sendable ([String]) -> Bool, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let base = InMemoryMatchStore()
    private let state = Mutex(State())

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

    /// Returns once the journal satisfies `condition`.
    func waitUntil(_ condition: @escaping @Sendable ([String]) -> Bool) async throws {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state in
                if condition(state.journal) { return true }
                state.watchers.append((condition, continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }

    func write(_ entry: String) {
        let satisfied = state.withLock { state in
            state.journal.append(entry)
            let journal = state.journal
            let (met, waiting) = (state.watchers.filter { $0.condition(journal) }, state.watchers.filter { !$0.condition(journal) })
            state.watchers = waiting
            return met.map(\.continuation)
        }
        satisfied.forEach { $0.resume() }
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
        await pass(\.loadsHeld, \.heldLoads)
        return try await base.records(of: id)
    }

    func release(_ id: MatchID) { write("release \(id)") }

    func append(_ records: [MatchRecord], summary: StoredSummary?, to id: MatchID, at date: Date) async throws {
        await pass(\.appendsHeld, \.heldAppends)
        try await base.append(records, summary: summary, to: id, at: date)
        write("append done \(id)")
    }

    func createMatch(id: MatchID, at date: Date) async throws { try await base.createMatch(id: id, at: date) }
    func releaseMemory() { base.releaseMemory() }
    func records(of id: MatchID) async throws -> [StoredRecord]? { try await base.records(of: id) }
    func summary(of id: MatchID) async throws -> StoredSummary? { try await base.summary(of: id) }
    func match(_ id: MatchID) async throws -> StoredMatch? { try await base.match(id) }
    func listSummaries(withFreeSeat: Bool, limit: Int) async throws -> [StoredMatch] {
        try await base.listSummaries(withFreeSeat: withFreeSeat, limit: limit)
    }
    func deleteMatches(updatedBefore date: Date, keeping: Set<MatchID>, limit: Int) async throws -> [MatchID] {
        try await base.deleteMatches(updatedBefore: date, keeping: keeping, limit: limit)
    }
    func close() async throws { try await base.close() }
}
