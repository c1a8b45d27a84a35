import Testing

@testable import WebSocketTransport

/// Issue 14, item 3: who a request's client is behind trusted proxies. `X-Forwarded-For` is read from
/// the right, only from a trusted peer, and nothing a client writes into it can make it someone else.
@Suite("Trusted proxies")
struct TrustedProxiesTests {
    private let proxies = TrustedProxies(["127.0.0.1", "10.0.0.0/8", "fd00::/8"])

    private func client(
        _ proxies: TrustedProxies? = nil, peer: String? = "127.0.0.1", forwardedFor: [String], host: String? = "games.example.org",
        forwardedHost: [String] = []
    ) -> ResolvedClient {
        (proxies ?? self.proxies).resolve(peer: peer, host: host, forwardedFor: forwardedFor, forwardedHost: forwardedHost)
    }

    @Test func test_byDefault_noProxyIsTrusted_andTheHeadersAreIgnored() {
        let none = TrustedProxies([])
        let resolved = client(none, forwardedFor: ["203.0.113.7"], forwardedHost: ["evil.example"])
        #expect(resolved == ResolvedClient(clientAddress: "127.0.0.1", authority: "games.example.org"))
    }

    @Test func test_anUntrustedPeer_isTheClient_whateverItForwards() {
        let resolved = client(peer: "198.51.100.9", forwardedFor: ["203.0.113.7, 127.0.0.1"], forwardedHost: ["evil.example"])
        #expect(resolved == ResolvedClient(clientAddress: "198.51.100.9", authority: "games.example.org"))
    }

    @Test func test_aTrustedPeer_forwardsItsClient_andHost() {
        let resolved = client(forwardedFor: ["203.0.113.7"], host: "10.0.0.2:8080", forwardedHost: ["Games.Example.org:443"])
        #expect(resolved == ResolvedClient(clientAddress: "203.0.113.7", authority: "Games.Example.org:443"))
    }

    @Test func test_theRightmostUntrustedAddress_isTheClient_spoofedEntriesLeftOfItAreIgnored() {
        // The client wrote "1.1.1.1, 2.2.2.2"; the first proxy appended the client's real address, a
        // second trusted proxy (10.1.2.3) the first's; the peer is the second.
        #expect(client(forwardedFor: ["1.1.1.1, 2.2.2.2, 203.0.113.7, 10.1.2.3"]).clientAddress == "203.0.113.7")
        #expect(client(forwardedFor: ["1.1.1.1", "2.2.2.2,203.0.113.7", " 10.1.2.3 "]).clientAddress == "203.0.113.7", "several headers")
    }

    @Test func test_onlyTrustedAddresses_theLeftmostIsTheClient() {
        #expect(client(forwardedFor: ["10.9.9.9, 127.0.0.1"]).clientAddress == "10.9.9.9")
        #expect(client(forwardedFor: []).clientAddress == "127.0.0.1", "no header: the proxy itself")
    }

    @Test func test_garbage_endsTheWalk_atTheLastAddressRead() {
        #expect(client(forwardedFor: ["unknown, 203.0.113.7"]).clientAddress == "203.0.113.7", "garbage left of the client is ignored")
        #expect(client(forwardedFor: ["203.0.113.7, junk, 10.1.2.3"]).clientAddress == "10.1.2.3", "nothing past garbage is believed")
        for garbage in [
            "", " ", "not-an-address", "300.1.1.1", "1.2.3", "2001:db8::1::2", "[2001:db8::1", "1.2.3.4:http", "203.0.113.7/24",
        ] {
            #expect(client(forwardedFor: [garbage]).clientAddress == "127.0.0.1", "\(garbage.debugDescription)")
        }
        #expect(client(forwardedFor: ["203.0.113.7,"]).clientAddress == "127.0.0.1", "an empty last entry is garbage too")
    }

    @Test func test_ipv6_bracketsPorts_andMappedAddresses() {
        #expect(client(forwardedFor: ["2001:DB8:0:0::7"]).clientAddress == "2001:db8::7", "one address, one spelling")
        #expect(client(forwardedFor: ["[2001:db8::7]:51234"]).clientAddress == "2001:db8::7")
        #expect(client(forwardedFor: ["203.0.113.7:51234"]).clientAddress == "203.0.113.7")
        #expect(client(forwardedFor: ["::ffff:203.0.113.7"]).clientAddress == "203.0.113.7", "an IPv4-mapped address is IPv4")
        #expect(client(peer: "fd00::1", forwardedFor: ["2001:db8::7, fd12::3"]).clientAddress == "2001:db8::7", "an IPv6 proxy block")
        #expect(client(peer: "::ffff:127.0.0.1", forwardedFor: ["203.0.113.7"]).clientAddress == "203.0.113.7", "a mapped peer is trusted")
        #expect(client(peer: "fe80::1", forwardedFor: ["203.0.113.7"]).clientAddress == "fe80::1", "outside the block: untrusted")
    }

    @Test func test_cidrBlocks() throws {
        let block = try #require(IPAddressRange("192.168.4.0/22"))
        for inside in ["192.168.4.0", "192.168.7.255", "::ffff:192.168.5.1"] {
            #expect(block.contains(try #require(IPAddress(inside))), "\(inside)")
        }
        for outside in ["192.168.8.0", "192.168.3.255", "2001:db8::1"] {
            #expect(!block.contains(try #require(IPAddress(outside))), "\(outside)")
        }
        let everything = try #require(IPAddressRange("0.0.0.0/0"))
        #expect(everything.contains(try #require(IPAddress("8.8.8.8"))))
        #expect(!everything.contains(try #require(IPAddress("::1"))), "an IPv4 block holds no IPv6 address")
        let v6 = try #require(IPAddressRange("2001:db8:abcd::/45"))
        #expect(v6.contains(try #require(IPAddress("2001:db8:abcf:ffff::1"))))
        #expect(!v6.contains(try #require(IPAddress("2001:db8:abd0::1"))))
        #expect(try #require(IPAddressRange("::ffff:10.0.0.0/104")).contains(try #require(IPAddress("10.200.0.1"))))
        for invalid in [
            "10.0.0.0/33", "10.0.0.0/", "10.0.0.0/-1", "10.0.0.0/+8", "::/129", "::ffff:10.0.0.0/95", "nginx", "", "10.0.0.0/8/8",
        ] {
            #expect(IPAddressRange(invalid) == nil, "\(invalid.debugDescription)")
        }
    }

    @Test func test_forwardedHost_rightmostEntry_garbageFallsBackToHost() {
        #expect(client(forwardedFor: [], forwardedHost: ["spoofed.example, games.example.org"]).authority == "games.example.org")
        #expect(client(forwardedFor: [], forwardedHost: ["a.example", "b.example"]).authority == "b.example", "several headers")
        for garbage in ["", "a b.example", "evil.example/path", "user@evil.example"] {
            #expect(
                client(forwardedFor: [], host: "h.example", forwardedHost: [garbage]).authority == "h.example",
                "\(garbage.debugDescription)")
        }
        #expect(client(forwardedFor: [], host: nil).authority == nil)
    }
}
