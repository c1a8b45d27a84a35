import Foundation
import Synchronization
import Testing
import WireProtocol

/// Keeps a client under the server's rate limit (20 messages in one second): at most `limit` sends in
/// any second, measured by the client.
struct Pacer {
    var limit = 12
    private var sent: [ContinuousClock.Instant] = []

    init(limit: Int = 12) {
        self.limit = limit
    }

    mutating func wait() async {
        let now = ContinuousClock.now
        sent.removeAll { now - $0 > .seconds(1) }
        if sent.count >= limit, let oldest = sent.first {
            try? await Task.sleep(until: oldest + .milliseconds(1050), clock: .continuous)
            sent.removeFirst()
        }
        sent.append(.now)
    }
}

/// Tells the fuzz clients when the honest games are over.
final class StopSignal: Sendable {
    private let stopped = Atomic<Bool>(false)
    func stop() { stopped.store(true, ordering: .relaxed) }
    var isStopped: Bool { stopped.load(ordering: .relaxed) }
}

/// How many inputs the fuzz clients have sent so far in each phase, across the run: lets the honest
/// pair stay in a phase until the fuzz clients have acted in it. Each client knows the phase from what
/// it has read, so on a busy machine one that is behind can miss a short game altogether.
final class PhaseSightings: Sendable {
    private let counts = Mutex<[WirePhase: Int]>([:])
    func saw(_ phase: WirePhase) { counts.withLock { $0[phase, default: 0] += 1 } }
    func count(_ phase: WirePhase) -> Int { counts.withLock { $0[phase, default: 0] } }
}

/// What one fuzz client sent and how it was answered.
struct FuzzTally: Sendable {
    var answered: [String: Int] = [:]
    var closes: [Int: Int] = [:]
    var floods = 0
    var messages = 0
    /// Inputs by the phase their sender knew the match in, and by kind of token resumed with.
    var phases: [String: Int] = [:]
    var resumes: [String: Int] = [:]
    /// Decodable inputs by their message type (every game's message among them).
    var types: [String: Int] = [:]
    var mismatches: [String] = []

    mutating func merge(_ other: FuzzTally) {
        answered.merge(other.answered, uniquingKeysWith: +)
        closes.merge(other.closes, uniquingKeysWith: +)
        floods += other.floods
        messages += other.messages
        phases.merge(other.phases, uniquingKeysWith: +)
        resumes.merge(other.resumes, uniquingKeysWith: +)
        types.merge(other.types, uniquingKeysWith: +)
        mismatches += other.mismatches
    }
}

/// One hostile client: sends random and mutated messages, each followed by a `sync` whose `welcome` marks
/// the end of the answers to it, and checks every answer against the prediction. Now and then it sends
/// a frame that must close the connection, or floods, and then comes back on a new connection.
struct FuzzAgent {
    let name: String
    let port: Int
    let matchID: String
    /// Whether other clients of the match may change what this one's messages get (a match without
    /// honest players, where fuzz clients take seats); otherwise every answer is predicted exactly.
    let sharesMatch: Bool
    let tokens: TokenPool
    let stop: StopSignal
    let sightings: PhaseSightings
    let seed: UInt64
    var factory: MessageFactory
    /// Frames to send at given steps, so that every kind of close happens at least once per run.
    var scheduled: [Int: MessageFactory.Fatal] = [:]
    var floodAt: Set<Int> = []

    private var client: TestClient?
    private var knowledge = Knowledge()
    private var pacer = Pacer()
    private(set) var tally = FuzzTally()

    init(
        name: String, port: Int, matchID: String, sharesMatch: Bool, tokens: TokenPool, stop: StopSignal,
        sightings: PhaseSightings, seed: UInt64, rng: SeededGenerator
    ) {
        self.name = name
        self.port = port
        self.matchID = matchID
        self.sharesMatch = sharesMatch
        self.tokens = tokens
        self.stop = stop
        self.sightings = sightings
        self.seed = seed
        factory = MessageFactory(rng: rng)
    }

    /// Runs until the honest games are over; returns what happened.
    mutating func run() async -> FuzzTally {
        var step = 0
        while !stop.isStopped {
            step += 1
            do {
                if client == nil { try await connect() }
                if let kind = scheduled[step] ?? (factory.rng.chance(0.03) ? factory.rng.pick(MessageFactory.Fatal.allCases) : nil) {
                    try await sendFatal(factory.fatal(kind))
                } else if floodAt.contains(step) || factory.rng.chance(0.01) {
                    try await flood()
                } else {
                    try await exchange(nextInput())
                }
            } catch {
                mismatch("step \(step): \(error)")
                client?.close()
                client = nil
            }
        }
        client?.close()
        if let client { await client.waitUntilClosed(timeout: .seconds(3)) }
        return tally
    }

    private mutating func connect() async throws {
        let (client, welcome) = try await TestClient.connected(port: port, matchID: matchID)
        self.client = client
        knowledge.learn(from: welcome)
        pacer = Pacer()
    }

    private mutating func nextInput() -> FuzzInput {
        let roll = Double.random(in: 0..<1, using: &factory.rng)
        if roll < 0.3 { return factory.undecodable(matchID: matchID, tokens: tokens) }
        var message =
            roll < 0.55 && sharesMatch
            ? factory.plausibleMessage(knowledge)
            : factory.anyMessage(matchID: matchID, tokens: tokens, sameMatchTokens: sharesMatch)
        if !sharesMatch, case .launchGame(let id) = message, FuzzedGames.isKnown(id) {
            // From any connection `launchGame` starts a game between games, as docs/PROTOCOL.md allows: not in
            // a match whose honest players follow their own script.
            message = .launchGame(gameId: "chess")
        }
        return factory.encode(message)
    }

    /// Sends `input` and a `sync`; reads up to the `welcome` that answers the `sync`, and checks what
    /// came before it against the prediction.
    private mutating func exchange(_ input: FuzzInput) async throws {
        guard let client else { return }
        let expected: Set<Answer>
        switch input.meaning {
        case .message(let message):
            expected = expectedAnswers(to: message, knowing: knowledge, exclusive: !sharesMatch, tokens: tokens, matchID: matchID)
            if case .resume(let token) = message {
                let kind =
                    switch tokens.classify(token, in: matchID) {
                    case .alive(let seat): seat == knowledge.seat ? "own seat's" : knowledge.seat == nil ? "a seat's" : "the other seat's"
                    case .useless: tokens.isKnown(token) ? "another match's or a left seat's" : "made up"
                    }
                tally.resumes[kind, default: 0] += 1
            }
        case .badMessage:
            expected = [.error(.badMessage)]
        case .closes(let code):
            expected = [.closed(code)]
        }
        await pacer.wait()
        input.send(to: client)
        await pacer.wait()
        client.send(.sync)
        tally.messages += 1
        tally.phases[knowledge.phase.rawValue, default: 0] += 1
        sightings.saw(knowledge.phase)

        var error: ErrorCode?
        var seatedToken: String?
        // The welcomes that answer the message itself (a `sync`, an accepted `resume`) come before the sentinel's.
        var welcomesOwed = 1
        if case .message(.sync) = input.meaning { welcomesOwed += 1 }
        while true {
            let message: ServerMessage
            do {
                message = try await client.next(timeout: .seconds(8))
            } catch {
                mismatch("\(input.label) \(describe(input)): no answer (expected \(expected.sorted { $0.description < $1.description }))")
                throw error
            }
            switch message {
            case .error(let code, _):
                if error != nil || seatedToken != nil { mismatch("\(input.label) \(describe(input)): a second answer \(code)") }
                error = code
            case .seated(let seat, _, let token?):
                seatedToken = token
                tokens.add(matchID: matchID, seat: seat, token: token)
                knowledge.token = token
                if case .message(.resume) = input.meaning { welcomesOwed += 1 }
            case .welcome:
                welcomesOwed -= 1
                if welcomesOwed == 0 { knowledge.learn(from: message) }
            default:
                continue
            }
            if welcomesOwed == 0 { break }
        }
        let answer: Answer = error.map { .error($0) } ?? .accepted
        if case .message(.leave) = input.meaning, answer == .accepted, let token = knowledge.token {
            tokens.kill(token)
        }
        record(answer, for: input, expected: expected)
    }

    /// Sends a frame that must close the connection and checks the close code; then a new connection.
    private mutating func sendFatal(_ input: FuzzInput) async throws {
        guard let client, case .closes(let code) = input.meaning else { return }
        await pacer.wait()
        input.send(to: client)
        tally.messages += 1
        let closed = try await client.closeCode(timeout: .seconds(8))
        record(closed.map { .closed($0) } ?? .accepted, for: input, expected: [.closed(code)])
        self.client = nil
    }

    /// More than 20 messages at once: `rateLimited`; then more than 40 in the second: closed 1008.
    private mutating func flood() async throws {
        guard let client else { return }
        tally.floods += 1
        // After a quiet second the server's one-second window starts afresh with the flood: 25 at once
        // are over 20 but not over 40.
        try await Task.sleep(for: .milliseconds(1100))
        for _ in 0..<25 { client.send(.sync) }
        let limited = try await client.nextError(timeout: .seconds(8))
        record(
            .error(limited), for: FuzzInput(frames: .text("flood"), meaning: .badMessage, label: "flood"), expected: [.error(.rateLimited)])
        // 60 more: over 40 whether they fall into the same window or the next one.
        for _ in 0..<60 { client.send(.sync) }
        let closed = try await client.closeCode(timeout: .seconds(8))
        record(
            closed.map { .closed($0) } ?? .accepted, for: FuzzInput(frames: .text("flood"), meaning: .closes(1008), label: "flood"),
            expected: [.closed(1008)])
        self.client = nil
    }

    private mutating func record(_ answer: Answer, for input: FuzzInput, expected: Set<Answer>) {
        if case .closed(let code) = answer { tally.closes[code, default: 0] += 1 }
        tally.answered[answer.description, default: 0] += 1
        if case .message(let message) = input.meaning { tally.types[message.type, default: 0] += 1 }
        if !expected.contains(answer) {
            mismatch(
                "\(input.label) \(describe(input)): answered \(answer), expected one of \(expected.map(\.description).sorted()) (knowing seat \(knowledge.seat?.rawValue ?? "none"), phase \(knowledge.phase))"
            )
        }
    }

    private func describe(_ input: FuzzInput) -> String {
        switch input.frames {
        case .text(let text): String(reflecting: String(text.prefix(160)))
        case .textBytes(let bytes): "bytes \(bytes.prefix(40))"
        case .binary(let bytes): "binary \(bytes.count) bytes"
        case .fragments(let parts):
            "fragments \(parts.map(\.count)): \(String(reflecting: String(decoding: parts.joined().prefix(120), as: UTF8.self)))"
        }
    }

    private mutating func mismatch(_ text: String) {
        tally.mismatches.append("[\(name) in \(matchID), seed \(seed)] \(text)")
    }
}
