import Foundation
import MatchStore
import MatchWords
import PostgresStore
import Testing

/// Two servers' stores on one database: a server relaying a match says how many spectators it holds,
/// which the host hears (and reads back); the host tells a change once, which the relaying server hears
/// in order, and a server relaying nothing of that match does not pass it on.
@Suite("PostgreSQL: audiences relayed", .enabled(if: TestDatabase.isAvailable, TestDatabase.skipMessage))
struct AudienceTests {
    /// The first element of `stream` that `accepts`, or nil after 3 s.
    private func first<Element: Sendable>(of stream: AsyncStream<Element>, where accepts: @escaping @Sendable (Element) -> Bool)
        async -> Element?
    {
        await within(.seconds(3)) {
            for await element in stream where accepts(element) { return element }
            return nil
        } ?? nil
    }

    /// What `work` answers, or nil when it takes longer than `timeout`: a test that waits for a
    /// notification fails when it is lost rather than hanging the run.
    private func within<Value: Sendable>(_ timeout: Duration, _ work: @escaping @Sendable () async -> Value) async -> Value? {
        await withTaskGroup(of: Value?.self) { group in
            group.addTask { await work() }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let found = await group.next() ?? nil
            group.cancelAll()
            return found
        }
    }

    private static func frames(_ match: MatchID, from version: Int, _ broadcasts: [String]) -> AudienceFrames {
        AudienceFrames(
            match: match, hosting: 42, firstVersion: version, welcomeVersion: version + broadcasts.count - 1,
            welcome: #"{"type":"welcome","v":\#(version + broadcasts.count - 1)}"#, broadcasts: broadcasts)
    }

    @Test func test_aRelayingServersCount_reachesTheHost_andStaysReadable_untilItSaysNone() async throws {
        try await TestDatabase.withTwoStores { host, relay in
            let id = MatchID(rawValue: "audience-\(UUID().uuidString.prefix(8))")
            #expect(relay.relaysAudiences)
            relay.relay(3, of: id, wantsWelcome: true)
            let heard = await first(of: host.audienceCounts) { $0.match == id }
            #expect(heard == AudienceCount(match: id, server: relay.serverName, spectators: 3, wantsWelcome: true))
            let counted = try await host.audience(of: id)
            #expect(counted == [relay.serverName: 3])
            relay.relay(0, of: id, wantsWelcome: false)
            let none = await first(of: host.audienceCounts) { $0.match == id && $0.spectators == 0 }
            #expect(none?.wantsWelcome == false, "said within the count interval")
            let left = try await host.audience(of: id)
            #expect(left == [:])
        }
    }

    @Test func test_whatTheHostTells_reachesTheRelayingServerInOrder_withEveryLineIntact() async throws {
        try await TestDatabase.withTwoStores { host, relay in
            let id = MatchID(rawValue: "audience-\(UUID().uuidString.prefix(8))")
            let elsewhere = MatchID(rawValue: "audience-\(UUID().uuidString.prefix(8))")
            // Frames told before the relay listens are not heard (a relay that starts listening asks for
            // a welcome instead, which this test does not play).
            try #require(try await TestDatabase.untilListening(relay))
            relay.relay(1, of: id, wantsWelcome: true)
            _ = await first(of: host.audienceCounts) { $0.match == id }
            // Another match nobody relays here: not passed on.
            host.tell(Self.frames(elsewhere, from: 1, [#"{"type":"board","v":1}"#]))
            let told = (1...20).map {
                Self.frames(id, from: $0 * 2, [#"{"type":"board","v":\#($0 * 2)}"#, #"{"a":"b\nc","v":\#($0 * 2 + 1)}"#])
            }
            for frames in told { host.tell(frames) }
            // Within 10 s, so that a frame lost fails the test rather than hanging the run.
            let heard = await within(.seconds(10)) { [stream = relay.relayedFrames, count = told.count] in
                var heard: [AudienceFrames] = []
                for await frames in stream {
                    heard.append(frames)
                    if heard.count == count { break }
                }
                return heard
            }
            #expect(heard == told)
        }
    }
}
