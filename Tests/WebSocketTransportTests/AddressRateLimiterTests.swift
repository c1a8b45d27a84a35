import Testing

@testable import WebSocketTransport

/// Issue 17, item 9: the per-address creation limit costs O(1) per call however many addresses it
/// tracks, and an IPv6 client cannot escape it by rotating addresses within its /64.
struct AddressRateLimiterTests {
    @Test func test_ipv6AddressesOfOneSlash64_shareOneLimit_anotherSlash64DoesNot() {
        let limiter = AddressRateLimiter(perMinute: 3)
        let now = ContinuousClock.now
        for address in ["2001:db8:1:2::1", "2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:0DB8:0001:0002:0:0:0:9"] {
            #expect(limiter.allow(address, now: now), "\(address)")
        }
        #expect(!limiter.allow("2001:db8:1:2:abcd::77", now: now), "a fourth address of the same /64 is over the limit")
        #expect(limiter.allow("2001:db8:1:3::1", now: now), "the next /64 is another client")
    }

    @Test func test_ipv4MappedAddress_countsAsItsIPv4Address() {
        let limiter = AddressRateLimiter(perMinute: 1)
        #expect(limiter.allow("10.0.0.1"))
        #expect(!limiter.allow("::ffff:10.0.0.1"))
        #expect(AddressGroup.key(of: "unknown") == "unknown")
    }

    @Test func test_window_lastsAMinuteFromTheFirstAction_acrossTableSwaps() {
        let start = ContinuousClock.now
        let limiter = AddressRateLimiter(perMinute: 2, now: start)
        #expect(limiter.allow("10.0.0.1", now: start + .seconds(50)))
        #expect(limiter.allow("10.0.0.1", now: start + .seconds(55)))
        #expect(!limiter.allow("10.0.0.1", now: start + .seconds(70)), "its minute runs until 110 s, past a table swap at 70 s")
        #expect(!limiter.allow("10.0.0.1", now: start + .seconds(109)))
        #expect(limiter.allow("10.0.0.1", now: start + .seconds(110)), "a new minute")
        #expect(limiter.allow("10.0.0.2", now: start + .seconds(400)))
        #expect(limiter.trackedAddresses == 1, "expired windows are dropped with their table")
    }

    @Test func test_20000Calls_after100000AddressesInOneMinute_takeUnder5Seconds() {
        let limiter = AddressRateLimiter(perMinute: 30)
        let now = ContinuousClock.now
        for index in 0..<100_000 { _ = limiter.allow("10.\(index >> 16).\((index >> 8) & 0xFF).\(index & 0xFF)", now: now) }
        let started = ContinuousClock.now
        for index in 0..<20_000 { _ = limiter.allow("11.0.\((index >> 8) & 0xFF).\(index & 0xFF)", now: now + .seconds(1)) }
        let elapsed = ContinuousClock.now - started
        #expect(elapsed < .seconds(5), "20,000 calls took \(elapsed): each call scans the table")
    }
}
