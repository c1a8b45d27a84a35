import MatchStore
import MatchStoreContract
import MatchWords
import NIOHTTP1
import Testing
import WireProtocol

/// Issue 17, item 6: a store that cannot write (a full disk).
@Suite("Disk full")
struct DiskFullTests {
    @Test func test_storeThatCannotWrite_createIs503WithTheErrorBody_healthzDegraded_untilAWriteSucceedsAgain() async throws {
        let store = HeldStore(base: InMemoryMatchStore())
        try await withTestServer(store: store) { server in
            let matchID = try await server.createMatch()
            let (alice, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            store.failsWrites(true)
            for (method, path) in [(HTTPMethod.POST, "/api/matches"), (.GET, "/launchGame?gameId=ticTacToe")] {
                let refused = try await HTTP.request(port: server.port, path, method: method)
                #expect(refused.status == 503, "\(path)")
                #expect(refused.body.contains(#""code":"matchNotFound""#), "\(path): \(refused.body)")
                #expect(refused.body.contains("cannot store"), "\(path): \(refused.body)")
            }
            let degraded = try await HTTP.get(port: server.port, "/healthz")
            #expect(degraded.status == 503)
            #expect(degraded.body.contains(#""status":"degraded""#), "\(degraded.body)")
            // A match's own write fails too: its player is closed 1011, never told an unstored seat.
            alice.send(.login(name: "Alice"))
            #expect(try await alice.closeCode() == 1011)

            store.failsWrites(false)
            _ = try await server.createMatch()
            let healthy = try await HTTP.get(port: server.port, "/healthz")
            #expect(healthy.status == 200)
            #expect(healthy.body.contains(#""status":"ok""#))
        }
    }
}
