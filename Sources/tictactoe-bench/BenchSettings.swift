import ArgumentParser
import Foundation
import NIOCore
import NIOSSL

/// Everything a run needs, validated: built by `BenchCommand` from its options.
struct BenchSettings: Sendable {
    /// The server's address (always loopback).
    var target: SocketAddress
    /// The `Host` header of the WebSocket upgrades.
    var hostHeader: String
    var port: Int
    /// With `--tls`: the client context of every connection (`BenchTLS`); nil speaks plain HTTP.
    var tls: NIOSSLContext?
    /// The port of the server's `/metrics` listener (its `--metrics-address`), if it has one.
    var metricsPort: Int?
    var matches: Int
    var spectators: Int
    /// What each match is created with (`--clock`, `--computer`, `--rated`).
    var request: MatchRequest
    /// `--sessions`: the accounts that create the matches and sit in them; nil plays as guests.
    var accounts: BenchAccounts?
    /// `--hold`: each match's first game is started and nobody moves, so that every clock runs while
    /// the server has nothing else to do.
    var hold: Bool
    /// Seconds of steady play, or nil to play until `games` were started.
    var duration: Double?
    var games: Int?
    var thinkTime: ThinkTime
    var warmup: Double
    /// Matches added per step (equal to `matches` when not ramping).
    var rampStep: Int
    var rampInterval: Double
    var maxP99Milliseconds: Double?
    /// Loopback addresses to bind client sockets to, round robin; empty lets the kernel pick.
    var sourceAddresses: [String]
    var threads: Int
    var connectConcurrency: Int
    var createConcurrency: Int
    var maxRate: Int
    var serverPID: Int32?
    /// `--audience`: the hot match, its spectators and where they connect; nil without.
    var audience: AudienceSettings?
    var drainTimeout: Double
    var teardownWait: Double
    var settle: Double
    var seed: UInt64
    var printsProgress: Bool

    /// Connections per match.
    var connectionsPerMatch: Int { request.playerConnections + spectators }

    /// The base URL of the server's HTTP API.
    var baseURL: String { url(port: port, scheme: tls == nil ? "http" : "https") }

    /// The URL of the server's `/metrics`, on its own port (always plain HTTP); nil when the server has none.
    var metricsURL: String? { metricsPort.map { url(port: $0, scheme: "http") + "/metrics" } }

    private func url(port: Int, scheme: String) -> String {
        switch target {
        case .v6: "\(scheme)://[\(target.ipAddress ?? "::1")]:\(port)"
        default: "\(scheme)://\(target.ipAddress ?? "127.0.0.1"):\(port)"
        }
    }
}

/// A think time before each move: a fixed number of milliseconds or a uniform range.
struct ThinkTime: Sendable, Equatable, CustomStringConvertible {
    var minimum: Int
    var maximum: Int

    init(parsing text: String) throws {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
        switch parts.count {
        case 1:
            guard let value = parts[0], value >= 0 else { throw ValidationError("--think-ms: expected MS or MIN-MAX, got \(text)") }
            minimum = value
            maximum = value
        case 2:
            guard let low = parts[0], let high = parts[1], low >= 0, high >= low else {
                throw ValidationError("--think-ms: expected MS or MIN-MAX with MIN <= MAX, got \(text)")
            }
            minimum = low
            maximum = high
        default:
            throw ValidationError("--think-ms: expected MS or MIN-MAX, got \(text)")
        }
    }

    /// A fixed think time.
    init(fixed milliseconds: Int) {
        minimum = milliseconds
        maximum = milliseconds
    }

    var isZero: Bool { maximum == 0 }

    /// A think time drawn from the range, in nanoseconds.
    func draw(using random: inout FastRandom) -> Int64 {
        let milliseconds = minimum == maximum ? minimum : Int(random.next(upperBound: UInt64(maximum - minimum + 1))) + minimum
        return Int64(milliseconds) * 1_000_000
    }

    var description: String { minimum == maximum ? "\(minimum) ms" : "\(minimum)-\(maximum) ms" }
}

/// The bench only ever talks to this machine: every address it uses must be loopback.
enum LoopbackAddress {
    /// The socket address of a loopback `host` (port 0 unless given), or a validation error for any other.
    static func resolve(_ host: String, port: Int = 0, allowName: Bool = true) throws -> SocketAddress {
        if allowName, host == "localhost" { return try SocketAddress(ipAddress: "127.0.0.1", port: port) }
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        guard let address = try? SocketAddress(ipAddress: bare, port: port) else {
            throw ValidationError(
                "\(host) is not an IP address\(allowName ? " or localhost" : ""); the bench only connects to loopback addresses")
        }
        guard isLoopback(address) else {
            throw ValidationError("\(host) is not a loopback address (127.0.0.0/8 or ::1); the bench refuses any other target")
        }
        return address
    }

    static func isLoopback(_ address: SocketAddress) -> Bool {
        switch address {
        case .v4:
            return address.ipAddress?.split(separator: ".").first == "127"
        case .v6:
            return address.ipAddress == "::1"
        case .unixDomainSocket:
            return false
        }
    }
}

/// A small, fast generator (SplitMix64) for moves, think times and masking keys: one per event loop.
struct FastRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Writes whole lines to standard output at once, unbuffered (progress lines show up at once in a pipe).
enum Console {
    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }
}
