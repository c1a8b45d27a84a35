import Foundation
import Storage
import Testing
import TicTacToe

/// The contract of `MatchStore`, run against every store.
@Suite("MatchStore contract")
struct MatchStoreContractTests {
    @Test(arguments: StoreKind.allCases)
    func createMatch_storesCreatedRecordAndEmptySummary(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            try await store.createMatch(id: "m1", at: Sample.date(0))

            #expect(try await store.records(of: "m1") == [StoredRecord(sequence: 1, record: .created, at: Sample.date(0))])
            #expect(try await store.summary(of: "m1") == .empty)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func append_addsRecordsInOrderAndReplacesSummary(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            try await store.createMatch(id: "m1", at: Sample.date(0))
            try await store.append(Array(Sample.everyKind.prefix(3)), summary: Sample.oneSeated, to: "m1", at: Sample.date(1))
            try await store.append([], summary: Sample.oneSeated, to: "m1", at: Sample.date(2))
            try await store.append(Array(Sample.everyKind.dropFirst(3)), summary: Sample.twoSeated, to: "m1", at: Sample.date(3))

            let records = try #require(try await store.records(of: "m1"))
            #expect(records.map(\.sequence) == Array(1...(1 + Sample.everyKind.count)))
            #expect(records.map(\.record) == [.created] + Sample.everyKind)
            let dates = [Sample.date(0)] + Array(repeating: Sample.date(1), count: 3)
                + Array(repeating: Sample.date(3), count: Sample.everyKind.count - 3)
            #expect(records.map(\.at) == dates)
            #expect(try await store.summary(of: "m1") == Sample.twoSeated)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func append_withoutASummary_keepsTheStoredOne_andStillAddsTheRecords(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            try await store.createMatch(id: "m1", at: Sample.date(0))
            try await store.append([.left(seat: .player1)], summary: Sample.oneSeated, to: "m1", at: Sample.date(1))
            try await store.append([.left(seat: .player2)], summary: nil, to: "m1", at: Sample.date(2))

            #expect(try await store.summary(of: "m1") == Sample.oneSeated)
            #expect(try await store.records(of: "m1")?.map(\.record) == [.created, .left(seat: .player1), .left(seat: .player2)])
            await #expect(throws: MatchStoreError.unknownMatch("nope")) {
                try await store.append([.left(seat: .player1)], summary: nil, to: "nope", at: Sample.date(3))
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func append_keepsMillisecondsOfDates(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let date = Date(timeIntervalSince1970: 1_700_000_000.123)
            try await store.createMatch(id: "m1", at: date)
            try await store.append([.left(seat: .player1)], summary: .empty, to: "m1", at: date.addingTimeInterval(0.456))

            let records = try #require(try await store.records(of: "m1"))
            #expect(abs(records[0].at.timeIntervalSince(date)) < 0.001)
            #expect(abs(records[1].at.timeIntervalSince(date) - 0.456) < 0.001)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func unknownMatch_readsAsNil(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            try await store.createMatch(id: "m1", at: Sample.date(0))

            #expect(try await store.records(of: "nope") == nil)
            #expect(try await store.summary(of: "nope") == nil)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func append_toUnknownMatch_throwsAndWritesNothing(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            await #expect(throws: MatchStoreError.unknownMatch("nope")) {
                try await store.append([.left(seat: .player1)], summary: Sample.oneSeated, to: "nope", at: Sample.date(1))
            }
            let records = try await store.records(of: "nope")
            let listed = try await store.listSummaries(withFreeSeat: false, limit: 50)
            #expect(records == nil)
            #expect(listed.isEmpty)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func createMatch_withTakenId_throwsAndKeepsTheMatch(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            try await store.createMatch(id: "m1", at: Sample.date(0))
            try await store.append([Sample.marker(1)], summary: Sample.oneSeated, to: "m1", at: Sample.date(1))

            await #expect(throws: MatchStoreError.duplicateMatch("m1")) {
                try await store.createMatch(id: "m1", at: Sample.date(2))
            }
            #expect(try await store.records(of: "m1")?.map(\.record) == [.created, Sample.marker(1)])
            #expect(try await store.summary(of: "m1") == Sample.oneSeated)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func listSummaries_newestFirst_filteredAndLimited(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            for index in 0..<6 {
                try await store.createMatch(id: "m\(index)", at: Sample.date(index))
            }
            try await store.append([], summary: Sample.twoSeated, to: "m1", at: Sample.date(10))
            try await store.append([], summary: Sample.twoSeated, to: "m4", at: Sample.date(11))
            try await store.append([], summary: Sample.oneSeated, to: "m5", at: Sample.date(12))

            let all = try await store.listSummaries(withFreeSeat: false, limit: 50)
            #expect(all.map(\.id) == ["m5", "m4", "m3", "m2", "m1", "m0"])
            #expect(all[1] == StoredMatch(id: "m4", createdAt: Sample.date(4), updatedAt: Sample.date(11), summary: Sample.twoSeated))

            let lobby = try await store.listSummaries(withFreeSeat: true, limit: 3)
            #expect(lobby.map(\.id) == ["m5", "m3", "m2"])
            #expect(lobby.first?.summary == Sample.oneSeated)
            #expect(try await store.listSummaries(withFreeSeat: true, limit: 0).isEmpty)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func listSummaries_sameCreationDate_newestCreatedFirst(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            for id in ["b", "a", "c"] {
                try await store.createMatch(id: id, at: Sample.date(0))
            }
            #expect(try await store.listSummaries(withFreeSeat: true, limit: 50).map(\.id) == ["c", "a", "b"])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func afterClose_callsThrowClosedAndCloseAgainDoesNothing(kind: StoreKind) async throws {
        try await withTemporaryDirectory { directory in
            let store = try kind.open(in: directory)
            try await store.createMatch(id: "m1", at: Sample.date(0))
            try await store.close()

            await #expect(throws: MatchStoreError.closed) { try await store.createMatch(id: "m2", at: Sample.date(1)) }
            await #expect(throws: MatchStoreError.closed) {
                try await store.append([], summary: .empty, to: "m1", at: Sample.date(1))
            }
            await #expect(throws: MatchStoreError.closed) { try await store.records(of: "m1") }
            await #expect(throws: MatchStoreError.closed) { try await store.summary(of: "m1") }
            await #expect(throws: MatchStoreError.closed) { try await store.listSummaries(withFreeSeat: true, limit: 1) }
            try await store.close()
        }
    }

    @Test(arguments: StoreKind.allCases)
    func concurrentAppendsToManyMatches_keepEachMatchInCallOrder(kind: StoreKind) async throws {
        let matches = 24
        let appendsPerMatch = 30
        try await withStore(kind) { store in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for match in 0..<matches {
                    group.addTask {
                        try await store.createMatch(id: "m\(match)", at: Sample.date(0))
                        for index in 1...appendsPerMatch {
                            let records = index.isMultiple(of: 3) ? [Sample.marker(index), .left(seat: .player2)] : [Sample.marker(index)]
                            try await store.append(records, summary: Sample.oneSeated, to: "m\(match)", at: Sample.date(index))
                        }
                    }
                }
                try await group.waitForAll()
            }

            for match in 0..<matches {
                let records = try #require(try await store.records(of: "m\(match)"))
                #expect(records.map(\.sequence) == Array(1...records.count))
                #expect(records.compactMap { Sample.index(of: $0.record) } == Array(1...appendsPerMatch))
                #expect(records.count == 1 + appendsPerMatch + appendsPerMatch / 3)
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func readsDuringWrites_seeWholeAppends(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            try await store.createMatch(id: "m1", at: Sample.date(0))
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for index in 1...40 {
                        try await store.append([Sample.marker(index), .left(seat: .player1)], summary: Sample.oneSeated, to: "m1", at: Sample.date(index))
                    }
                }
                group.addTask {
                    for _ in 1...40 {
                        let records = try #require(try await store.records(of: "m1"))
                        #expect(records.count % 2 == 1, "an append is seen whole or not at all")
                    }
                }
                try await group.waitForAll()
            }
        }
    }
}
