import Testing

@testable import WebSocketTransport

/// Issue 31: `watch=1` in the query of `/ws/{id}` asks for a watch-only connection; nothing else does.
struct WatchOnlyPathTests {
    @Test func test_onlyWatchEqualsOneInTheQuery_asksToWatch() {
        #expect(WebSocketAdmission.watchesOnly("/ws/abc?watch=1"))
        #expect(WebSocketAdmission.watchesOnly("/ws/abc?x=2&watch=1#top"))
        #expect(!WebSocketAdmission.watchesOnly("/ws/abc"))
        #expect(!WebSocketAdmission.watchesOnly("/ws/abc?watch=0"))
        #expect(!WebSocketAdmission.watchesOnly("/ws/abc?watch=10"))
        #expect(!WebSocketAdmission.watchesOnly("/ws/abc#watch=1"))
        #expect(WebSocketAdmission.requestedMatchID(inPath: "/ws/abc?watch=1") == "abc")
    }
}
