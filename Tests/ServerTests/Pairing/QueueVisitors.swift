import AsyncHTTPClient
import Foundation
import MatchWords
import Synchronization
import Testing
import WireProtocol

/// Visitors of "Play someone now" as the page is one: join, renew until paired, cancel, over HTTP.
enum QueueVisitors {
    /// A client of their own, with room for a crowd's requests, so that a crowd neither waits for nor
    /// holds the connections of the other tests' shared client.
    static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 32)
        configuration.timeout = .init(connect: .seconds(30))
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    /// `POST /api/queue`, for `gameId` (nil: none said) under `clock` (nil: none); returns the ticket.
    static func join(port: Int, name: String? = nil, gameId: String? = nil, clock: WireTimeControl? = nil) async throws -> String {
        let body = QueueJoin(name: name, gameId: gameId, clock: clock).encoded()
        let reply = try await HTTP.request(port: port, "/api/queue", method: .POST, body: body, client: client)
        guard reply.status == 201, case .success(let status) = QueueStatus.decode(reply.body), let ticket = status.ticket else {
            throw HTTP.Failure(description: "join: \(reply.status) \(reply.body)")
        }
        #expect(status.status == .waiting)
        return ticket
    }

    /// `POST /api/queue/renew`: where the visitor stands; nil when the server answers 404.
    static func renew(port: Int, _ ticket: String) async throws -> QueueStatus? {
        let reply = try await HTTP.request(
            port: port, "/api/queue/renew", method: .POST, body: QueueTicket(ticket: ticket).encoded(), client: client)
        if reply.status == 404 { return nil }
        guard reply.status == 200, case .success(let status) = QueueStatus.decode(reply.body) else {
            throw HTTP.Failure(description: "renew: \(reply.status) \(reply.body)")
        }
        return status
    }

    /// `POST /api/queue/cancel`.
    static func cancel(port: Int, _ ticket: String) async throws {
        let reply = try await HTTP.request(
            port: port, "/api/queue/cancel", method: .POST, body: QueueTicket(ticket: ticket).encoded(), client: client)
        #expect(reply.status == 204)
    }

    /// Renews `ticket` (on each of `ports` in turn, as visitors behind a round-robin proxy) until it is
    /// paired or `stop` says to; returns its last status.
    static func renewUntilPaired(
        ports: [Int], _ ticket: String, every interval: Duration = .milliseconds(250), timeout: Duration = .seconds(60),
        stop: @Sendable () -> Bool = { false }
    ) async throws -> QueueStatus {
        let deadline = ContinuousClock.now + timeout
        var turn = 0
        while true {
            turn += 1
            guard let status = try await renew(port: ports[turn % ports.count], ticket) else {
                throw HTTP.Failure(description: "a waiting visitor was dropped")
            }
            if status.status == .paired || stop() || ContinuousClock.now > deadline { return status }
            try await Task.sleep(for: interval)
        }
    }

    /// `count` visitors join at once, each on one of `ports` in turn, and renew until paired (the odd
    /// one out until everyone else is). Returns every visitor's ticket and last status.
    static func crowd(_ count: Int, ports: [Int]) async throws -> [(ticket: String, status: QueueStatus)] {
        let tickets = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<count { group.addTask { try await join(port: ports[index % ports.count], name: "V\(index)") } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let paired = PairedCount()
        let everyonePairable = count / 2 * 2
        return try await withThrowingTaskGroup(of: (String, QueueStatus).self) { group in
            for ticket in tickets {
                group.addTask {
                    let status = try await renewUntilPaired(ports: ports, ticket, every: .seconds(1)) { paired.value >= everyonePairable }
                    if status.status == .paired { paired.increment() }
                    return (ticket, status)
                }
            }
            return try await group.reduce(into: []) { $0.append(($1.0, $1.1)) }
        }
    }

    /// Checks that in `results` every visitor but `oddOnes` was paired once, two to a match, one in each
    /// seat, each with a token of its own; returns the match ids.
    @discardableResult
    static func expectPairedOnce(_ results: [(ticket: String, status: QueueStatus)], oddOnes: Int) -> Set<String> {
        let paired = results.map(\.status).filter { $0.status == .paired }
        #expect(paired.count == results.count - oddOnes, "everyone but the odd one out is paired")
        #expect(results.count { $0.status.status == .waiting } == oddOnes, "the odd one out still waits")
        let byMatch = Dictionary(grouping: paired) { $0.matchId ?? "" }
        #expect(byMatch.count == paired.count / 2, "two visitors to a match")
        for (matchId, players) in byMatch {
            #expect(players.compactMap(\.seat).sorted { $0.rawValue < $1.rawValue } == [.player1, .player2], "match \(matchId)")
            #expect(players.allSatisfy { $0.url == "/m/\(matchId)" })
        }
        #expect(Set(paired.compactMap(\.token)).count == paired.count, "every seat its own token")
        return Set(byMatch.keys)
    }
}

/// How many visitors of a crowd were paired so far.
private final class PairedCount: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func increment() { count.withLock { $0 += 1 } }
}
