import Logging
import MatchStore
import MatchWords
import PostgresNIO
import Synchronization

/// The audience of matches spread over the servers of one database (docs/SCALING.md, "An audience over
/// every server"), through PostgreSQL's notifications: a server relaying a match says how many
/// spectators it holds on one channel, and the match's host tells each change on another, once,
/// whatever the number of servers and spectators; PostgreSQL hands each notification to every
/// listening server. Counts are also kept in `match_audience`, for a host that loads the match later.
final class PostgresAudiences: Sendable {
    /// Counts: `"<match> <server> <spectators> <1: wants a welcome, else 0> <schema>"`.
    static let countsChannel = "tictactoe_audience"
    /// Frames: the schema, then `"<match> <hosting> <first version> <welcome version>"`, the welcome and
    /// each broadcast, one per line (encoded JSON holds no line break).
    static let framesChannel = "tictactoe_audience_frames"
    /// PostgreSQL refuses a payload of 8000 bytes or more. The largest frames measured are well under it
    /// (Tests/ServerTests/Cluster/AudienceFrameSizeTests.swift: 2.5 KB at most).
    static let payloadLimit = 7_999
    /// How often counts that ask for nothing urgent are sent: the host's count is within this of the truth.
    static let countInterval = Duration.milliseconds(500)

    let server: String
    let schema: String
    let relayedFrames: AsyncStream<AudienceFrames>
    let audienceCounts: AsyncStream<AudienceCount>
    private let framesHeard: AsyncStream<AudienceFrames>.Continuation
    private let countsHeard: AsyncStream<AudienceCount>.Continuation
    private let wakes: AsyncStream<Void>
    private let wake: AsyncStream<Void>.Continuation
    private let relaying = Mutex(Relaying())
    private let outgoing = Mutex<[AudienceFrames]>([])
    private let pool: BoundedPool
    private let logger: Logger

    /// What this server relays, and the counts not sent yet.
    private struct Relaying {
        var spectators: [MatchID: Int] = [:]
        /// Counts to send, each with whether it asks for a welcome.
        var unsent: [MatchID: Bool] = [:]
    }

    init(server: String, schema: String, pool: BoundedPool, logger: Logger) {
        self.server = server
        self.schema = schema
        self.pool = pool
        self.logger = logger
        (relayedFrames, framesHeard) = AsyncStream.makeStream(of: AudienceFrames.self)
        (audienceCounts, countsHeard) = AsyncStream.makeStream(of: AudienceCount.self)
        (wakes, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    // MARK: - Relaying

    func relay(_ spectators: Int, of id: MatchID, wantsWelcome: Bool) {
        relaying.withLock { relaying in
            relaying.spectators[id] = spectators > 0 ? spectators : nil
            relaying.unsent[id] = (relaying.unsent[id] ?? false) || wantsWelcome
        }
        if wantsWelcome { wake.yield() }
    }

    /// The listening connection is new: notifications sent meanwhile were missed, so every match relayed
    /// asks its host for a fresh welcome.
    func listening() {
        relaying.withLock { relaying in
            for id in relaying.spectators.keys { relaying.unsent[id] = true }
        }
        wake.yield()
    }

    // MARK: - Hosting

    func tell(_ frames: AudienceFrames) {
        outgoing.withLock { $0.append(frames) }
        wake.yield()
    }

    func audience(of id: MatchID) async throws -> [String: Int] {
        try await pool.withConnection { [logger] connection in
            let rows = try await connection.query(
                """
                SELECT a.server, a.spectators FROM match_audience a JOIN server s ON s.id = a.server
                WHERE a.match_id = \(id.rawValue) AND s.seen_at > now() - make_interval(secs => \(PostgresOwnership.presenceLifetimeSeconds))
                """, logger: logger)
            var counts: [String: Int] = [:]
            for try await (server, spectators) in rows.decode((String, Int).self) { counts[server] = spectators }
            return counts
        }
    }

    // MARK: - Heard

    /// A notification on one of the two channels.
    func heard(_ payload: String, on channel: String) {
        switch channel {
        case Self.countsChannel:
            guard let count = Self.count(from: payload, schema: schema) else { return }
            countsHeard.yield(count)
        case Self.framesChannel:
            guard let frames = Self.frames(from: payload, schema: schema),
                relaying.withLock({ $0.spectators[frames.match] != nil })
            else { return }
            framesHeard.yield(frames)
        default:
            break
        }
    }

    static func count(from payload: String, schema: String) -> AudienceCount? {
        let parts = payload.split(separator: " ", maxSplits: 4, omittingEmptySubsequences: false)
        guard parts.count == 5, parts[4] == schema, let spectators = Int(parts[2]) else { return nil }
        return AudienceCount(
            match: MatchID(rawValue: String(parts[0])), server: String(parts[1]), spectators: spectators, wantsWelcome: parts[3] == "1")
    }

    static func payload(of frames: AudienceFrames, schema: String) -> String {
        ([schema, "\(frames.match.rawValue) \(frames.hosting) \(frames.firstVersion) \(frames.welcomeVersion)", frames.welcome]
            + frames.broadcasts).joined(separator: "\n")
    }

    static func frames(from payload: String, schema: String) -> AudienceFrames? {
        let lines = payload.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 3, lines[0] == schema else { return nil }
        let header = lines[1].split(separator: " ")
        guard header.count == 4, let hosting = UInt64(header[1]), let first = Int(header[2]), let welcomeVersion = Int(header[3]) else {
            return nil
        }
        return AudienceFrames(
            match: MatchID(rawValue: String(header[0])), hosting: hosting, firstVersion: first, welcomeVersion: welcomeVersion,
            welcome: String(lines[2]), broadcasts: lines.dropFirst(3).map(String.init))
    }

    // MARK: - Sending

    /// Sends what is queued for as long as the task runs: frames at once, in order; counts that ask for
    /// a welcome at once; other counts every `countInterval` at most. A failed send is logged and
    /// dropped: a relay that misses frames sees a gap in the versions and asks for a welcome.
    func send() async {
        let ticker = Task { [wake] in
            while !Task.isCancelled {
                try? await Task.sleep(for: Self.countInterval)
                wake.yield()
            }
        }
        defer { ticker.cancel() }
        var countsSent = ContinuousClock.now
        var failedSends = 0
        for await _ in wakes {
            let frames = outgoing.withLock { frames in
                defer { frames = [] }
                return frames
            }
            let due = countsSent.duration(to: .now) >= Self.countInterval
            let counts = relaying.withLock { relaying in
                let sending = relaying.unsent.filter { due || $0.value }
                for id in sending.keys { relaying.unsent[id] = nil }
                return sending.map { (id: $0.key, spectators: relaying.spectators[$0.key] ?? 0, wantsWelcome: $0.value) }
            }
            if due { countsSent = .now }
            guard !frames.isEmpty || !counts.isEmpty else { continue }
            do {
                if !frames.isEmpty { try await notify(frames) }
                if !counts.isEmpty { try await write(counts) }
                if failedSends > 0 {
                    logger.notice("audiences told again after \(failedSends) failed attempts")
                    failedSends = 0
                }
            } catch {
                // Counts are sent again with the next (a newer count replaces them); frames are not: a
                // relay sees the gap and skips to the next welcome. The first failure of a run is
                // logged, and the recovery: a database gone for an hour is two lines.
                relaying.withLock { relaying in
                    for count in counts where relaying.unsent[count.id] == nil { relaying.unsent[count.id] = count.wantsWelcome }
                }
                if failedSends == 0 {
                    logger.warning("could not tell the audience of matches hosted elsewhere: \(PostgresErrorText.describe(error))")
                }
                failedSends += 1
            }
        }
    }

    private func notify(_ frames: [AudienceFrames]) async throws {
        let payloads = frames.compactMap { frames -> String? in
            let payload = Self.payload(of: frames, schema: schema)
            guard payload.utf8.count > Self.payloadLimit else { return payload }
            // The welcome alone lets the relays skip to the current state.
            let welcomeOnly = AudienceFrames(
                match: frames.match, hosting: frames.hosting, firstVersion: frames.welcomeVersion + 1,
                welcomeVersion: frames.welcomeVersion, welcome: frames.welcome, broadcasts: [])
            let shorter = Self.payload(of: welcomeOnly, schema: schema)
            guard shorter.utf8.count <= Self.payloadLimit else {
                logger.error("a welcome of match \(frames.match) is too long for a notification; its relays are not told")
                return nil
            }
            return shorter
        }
        // One statement: notifications of one transaction arrive in the order they were sent.
        try await pool.withConnection { [logger] connection in
            try await connection.query(
                "SELECT pg_notify(\(Self.framesChannel), p) FROM unnest(\(payloads)::text[]) WITH ORDINALITY AS t(p, n)", logger: logger)
        }
    }

    private func write(_ counts: [(id: MatchID, spectators: Int, wantsWelcome: Bool)]) async throws {
        let ids = counts.map(\.id.rawValue)
        let spectators = counts.map(\.spectators)
        let wants = counts.map(\.wantsWelcome)
        try await pool.withConnection { [logger, server] connection in
            try await connection.query(
                """
                WITH c AS (SELECT * FROM unnest(\(ids)::text[], \(spectators)::int8[], \(wants)::bool[]) AS c(id, n, w)),
                gone AS (DELETE FROM match_audience a USING c WHERE a.match_id = c.id AND a.server = \(server) AND c.n = 0),
                kept AS (
                    INSERT INTO match_audience (match_id, server, spectators) SELECT id, \(server), n FROM c WHERE n > 0
                    ON CONFLICT (match_id, server) DO UPDATE SET spectators = excluded.spectators
                )
                SELECT pg_notify(\(Self.countsChannel), c.id || ' ' || \(server) || ' ' || c.n || ' ' || (CASE WHEN c.w THEN '1' ELSE '0' END) || ' ' || current_schema())
                FROM c
                """, logger: logger)
        }
    }

    /// The server stops: its counts stop counting at once.
    func stopped(on connection: PostgresConnection) async throws {
        try await connection.query("DELETE FROM match_audience WHERE server = \(server)", logger: logger)
    }
}
