import Foundation
import PasskeyTestSupport
import Testing
import WireProtocol

/// Issue 41's blocking over HTTP: the routes, and "Play someone now" never pairing a blocker with the
/// player it blocks.
@Suite("Blocking over HTTP")
struct BlockRoutesTests {
    /// A server with Ann and Bob registered; their session cookies.
    func withAnnAndBob(_ body: (PasskeyBrowser, _ ann: String, _ bob: String) async throws -> Void) async throws {
        try await withTestServer { server in
            let browser = PasskeyBrowser(port: server.port)
            var annKey = SoftwareAuthenticator()
            var bobKey = SoftwareAuthenticator()
            let ann = try #require(try await browser.register("Ann", with: &annKey).cookie)
            let bob = try #require(try await browser.register("Bob", with: &bobKey).cookie)
            try await body(browser, ann, bob)
        }
    }

    static func names(_ reply: HTTP.Reply) -> [String]? {
        guard reply.status == 200, case .success(let list) = BlockList.decode(reply.body) else { return nil }
        return list.blocks.map(\.name)
    }

    @Test("Block by name in any case, list, unblock; unknown names 404 playerNotFound; signed out 401 notSignedIn")
    func test_blockRoutes() async throws {
        try await withAnnAndBob { browser, ann, _ in
            #expect(Self.names(try await HTTP.get(port: browser.port, "/api/blocks", headers: [("Cookie", "session=\(ann)")])) == [])
            #expect(Self.names(try await browser.post("/api/blocks", #"{"name": "bob"}"#, cookie: ann)) == ["Bob"])
            #expect(Self.names(try await browser.post("/api/blocks", #"{"name": "BOB"}"#, cookie: ann)) == ["Bob"])
            #expect(Self.names(try await HTTP.get(port: browser.port, "/api/blocks", headers: [("Cookie", "session=\(ann)")])) == ["Bob"])

            let unknown = try await browser.post("/api/blocks", #"{"name": "Zed"}"#, cookie: ann)
            #expect(unknown.status == 404)
            #expect(PasskeyBrowser.errorCode(unknown) == "playerNotFound")
            let yourself = try await browser.post("/api/blocks", #"{"name": "Ann"}"#, cookie: ann)
            #expect(yourself.status == 400)
            let signedOut = try await browser.post("/api/blocks", #"{"name": "Bob"}"#)
            #expect(signedOut.status == 401)
            #expect(PasskeyBrowser.errorCode(signedOut) == "notSignedIn")
            #expect(try await HTTP.get(port: browser.port, "/api/blocks").status == 401)
            let foreign = try await browser.post("/api/blocks", #"{"name": "Bob"}"#, cookie: ann, origin: "https://evil.example")
            #expect(foreign.status == 403)

            let removed = try await HTTP.request(
                port: browser.port, "/api/blocks/bob", method: .DELETE, headers: [("Cookie", "session=\(ann)"), ("Origin", browser.origin)])
            #expect(Self.names(removed) == [])
            let gone = try await HTTP.request(
                port: browser.port, "/api/blocks/Zed", method: .DELETE, headers: [("Cookie", "session=\(ann)")])
            #expect(gone.status == 404)
            #expect(PasskeyBrowser.errorCode(gone) == "playerNotFound")
        }
    }

    @Test("DELETE /api/blocks/{name} reads the name percent-encoded, as a client must write Zoë Li in a path")
    func test_unblock_percentEncodedName() async throws {
        try await withAnnAndBob { browser, ann, _ in
            var zoeKey = SoftwareAuthenticator()
            _ = try #require(try await browser.register("Zoë Li", with: &zoeKey).cookie)
            #expect(Self.names(try await browser.post("/api/blocks", #"{"name": "Zoë Li"}"#, cookie: ann)) == ["Zoë Li"])
            let removed = try await HTTP.request(
                port: browser.port, "/api/blocks/Zo%C3%AB%20Li", method: .DELETE,
                headers: [("Cookie", "session=\(ann)"), ("Origin", browser.origin)])
            #expect(Self.names(removed) == [])
        }
    }

    @Test("Play someone now never pairs Ann with Bob, whom she blocks; a guest takes her; unblocked, they pair")
    func test_queue_neverPairsABlockedPair() async throws {
        try await withAnnAndBob { browser, ann, bob in
            #expect(Self.names(try await browser.post("/api/blocks", #"{"name": "Bob"}"#, cookie: ann)) == ["Bob"])
            let annTicket = try await join(browser, cookie: ann)
            let bobTicket = try await join(browser, cookie: bob)
            // Each renewal asks the matchmaker to pair: neither is paired with the other.
            for _ in 0..<10 {
                #expect(try await QueueVisitors.renew(port: browser.port, annTicket)?.status == .waiting)
                #expect(try await QueueVisitors.renew(port: browser.port, bobTicket)?.status == .waiting)
                try await Task.sleep(for: .milliseconds(20))
            }
            // Bob blocked nobody, but a block keeps both apart: the guest takes the first who waited, Ann.
            let guest = try await QueueVisitors.join(port: browser.port, name: "Cy")
            try await PairingQueueTests.expectPairedWithEachOther(port: browser.port, annTicket, guest, "Cy pairs with Ann")
            #expect(try await QueueVisitors.renew(port: browser.port, bobTicket)?.status == .waiting)

            let removed = try await HTTP.request(
                port: browser.port, "/api/blocks/Bob", method: .DELETE, headers: [("Cookie", "session=\(ann)"), ("Origin", browser.origin)])
            #expect(Self.names(removed) == [])
            let annAgain = try await join(browser, cookie: ann)
            try await PairingQueueTests.expectPairedWithEachOther(port: browser.port, bobTicket, annAgain, "unblocked, Ann pairs with Bob")
        }
    }

    /// `POST /api/queue` signed in with `cookie`; the ticket.
    func join(_ browser: PasskeyBrowser, cookie: String) async throws -> String {
        let reply = try await browser.post("/api/queue", "{}", cookie: cookie)
        guard reply.status == 201, case .success(let status) = QueueStatus.decode(reply.body), let ticket = status.ticket else {
            throw HTTP.Failure(description: "join: \(reply.status) \(reply.body)")
        }
        return ticket
    }
}
