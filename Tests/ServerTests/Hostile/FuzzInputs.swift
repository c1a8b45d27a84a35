import AllGames
import Foundation
import GameUnits
import GridGames
import MatchTree
import MatchWords
import RandomWin
import Synchronization
import Testing
import TicTacToe
import WireProtocol

@testable import Server

// The fuzz test's inputs: a seeded generator, a frame with its meaning, what a client knows.

/// SplitMix64: the same seed gives the same sequence.
struct SeededGenerator: RandomNumberGenerator, Sendable {
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

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }

    mutating func pick<T>(_ options: [T]) -> T { options[Int.random(in: 0..<options.count, using: &self)] }

    /// A generator for a sub-task, derived from this one's sequence.
    mutating func split() -> SeededGenerator { SeededGenerator(seed: next()) }
}

/// The run's seed: `HOSTILE_FUZZ_SEED` when set, else a random one. Printed, so a failure can be replayed.
enum FuzzSeed {
    static func current() -> UInt64 {
        if let text = ProcessInfo.processInfo.environment["HOSTILE_FUZZ_SEED"], let seed = UInt64(text) { return seed }
        return UInt64.random(in: 1...UInt64.max)
    }
}

/// How the server answers one message.
enum Answer: Hashable, Sendable, CustomStringConvertible {
    /// No `error`: the message was applied (for `login` and `resume`: a `seated` came; for `sync`: a `welcome`).
    case accepted
    case error(ErrorCode)
    /// The server closed the connection with this code.
    case closed(Int)

    var description: String {
        switch self {
        case .accepted: "accepted"
        case .error(let code): code.rawValue
        case .closed(let code): "closed \(code)"
        }
    }
}

/// What the server must make of a frame.
enum Meaning: Sendable {
    /// Decodes to this message.
    case message(ClientMessage)
    /// Cannot be decoded: `badMessage`.
    case badMessage
    /// Closes the connection with this code.
    case closes(Int)
}

/// One generated input and what it means.
struct FuzzInput: Sendable {
    enum Frames: Sendable {
        case text(String)
        /// A text message in fragments (a text frame, then continuations).
        case fragments([[UInt8]])
        /// One text frame whose bytes may not be UTF-8.
        case textBytes([UInt8])
        case binary([UInt8])
    }

    let frames: Frames
    let meaning: Meaning
    /// What kind of input this is, for the report.
    let label: String

    func send(to client: TestClient) {
        switch frames {
        case .text(let text): client.sendRaw(text)
        case .textBytes(let bytes): client.sendFrame(opcode: .text, bytes)
        case .binary(let bytes): client.sendBinary(bytes)
        case .fragments(let parts):
            for (index, part) in parts.enumerated() {
                client.sendFrame(opcode: index == 0 ? .text : .continuation, fin: index == parts.count - 1, part)
            }
        }
    }

    var text: String? { if case .text(let text) = frames { text } else { nil } }
}

/// The tokens the fuzz clients know: their own, honest players' of other matches, dead ones.
final class TokenPool: Sendable {
    struct Entry: Sendable {
        let matchID: String
        let seat: WireSeat
        let token: String
        var isDead = false
    }

    /// What resuming with a token must give, as far as anyone can know before sending it.
    enum Class: Equatable {
        /// Not a live token of this match: certainly `badToken`.
        case useless
        /// A token of `seat` of this match that was alive when last heard of.
        case alive(WireSeat)
    }

    private let entries = Mutex<[String: Entry]>([:])

    func add(matchID: String, seat: WireSeat, token: String) {
        entries.withLock { $0[token] = Entry(matchID: matchID, seat: seat, token: token) }
    }

    /// The seat left: its token is dead for good.
    func kill(_ token: String) {
        entries.withLock { $0[token]?.isDead = true }
    }

    func classify(_ token: String, in matchID: String) -> Class {
        guard let entry = entries.withLock({ $0[token] }), entry.matchID == matchID, !entry.isDead else { return .useless }
        return .alive(entry.seat)
    }

    /// A token of the pool: of `matchID` (alive or dead) when `sameMatch`, else of any other match.
    func any(sameMatch: Bool, as matchID: String, using rng: inout SeededGenerator) -> String? {
        let candidates = entries.withLock { $0.values.filter { ($0.matchID == matchID) == sameMatch }.map(\.token) }.sorted()
        return candidates.isEmpty ? nil : rng.pick(candidates)
    }

    func isKnown(_ token: String) -> Bool { entries.withLock { $0[token] != nil } }
}

/// What a client knows of its match, from the last `welcome` it got.
struct Knowledge: Sendable {
    var seat: WireSeat?
    var phase: WirePhase = .loggedOut
    var board: WireBoard?
    var takenSeats = 0
    /// The client's own token, when it ever got one.
    var token: String?
    /// The offer waiting for an answer.
    var offer: WireOffer?
    /// Whether the seat opposite the client's is a person's without a connection.
    var opponentAway = false
    /// Whether any taken seat is a person's without a connection.
    var playerAway = false

    mutating func learn(from welcome: ServerMessage) {
        guard case .welcome(let you, let snapshot, _) = welcome else {
            Issue.record("expected .welcome, got \(welcome)")
            return
        }
        seat = you
        phase = snapshot.phase
        board = snapshot.board
        takenSeats = snapshot.players.count
        offer = snapshot.offer
        opponentAway = snapshot.players.contains { $0.seat != you && !$0.connected }
        playerAway = snapshot.players.contains { !$0.connected }
    }
}
