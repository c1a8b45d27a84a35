import MatchStore
import MatchWords
import NIOCore
import WireProtocol

/// The messages of one committed change, encoded, as they wait in the outbox for its records.
struct OutgoingChange {
    /// What is queued for whom: a message to one connection, or the change's broadcasts to everyone.
    struct Delivery {
        /// Encoded (and for the broadcasts framed) once, shared by all its recipients.
        let item: OutboundItem
        let recipients: [Connection]
    }

    /// When the change was committed: the broadcast latency is measured from here.
    let committedAt: HostClock.Instant
    let deliveries: [Delivery]
    /// The lobby's summary once this change is delivered; nil when it changes nothing a summary shows
    /// (a reply to one connection).
    let summary: MatchSummary?
    /// Connections whose snapshot this change carries (a player waiting for one may receive again).
    let resynced: [UInt64]
    /// Whether the running clock starts when this change is told (`MatchChange.restartsClock`).
    let restartsClock: Bool
    /// What the servers relaying the match are told once it is durable; nil when none relays it.
    let audience: AudienceFrames?
    /// For a change that ends a rated game: how to build it again with the game's `ratings` in its
    /// `gameOver` once they are stored (issue 42); nil for every other change, which keeps no messages.
    private let addingRatings: ((WireRatings) -> OutgoingChange)?

    /// - Parameters:
    ///   - direct: messages to one connection each, in order, before the broadcasts.
    ///   - broadcasts: messages to `everyone`, each encoded once whatever the number of connections.
    ///   - audience: for the servers relaying the match, which hosting of the match tells this change,
    ///     the spectator's `welcome` right after it, and its version; nil when none relays the match.
    init(
        direct: [(Connection, ServerMessage)], broadcasts: [ServerMessage], everyone: [Connection], summary: MatchSummary?,
        committedAt: HostClock.Instant, restartsClock: Bool = false,
        audience: (match: MatchID, hosting: UInt64, welcome: ServerMessage, version: Int)? = nil, awaitsRatings: Bool = false
    ) {
        addingRatings =
            awaitsRatings
            ? { ratings in
                OutgoingChange(
                    direct: direct.map { ($0.0, $0.1.addingRatings(ratings)) }, broadcasts: broadcasts.map { $0.addingRatings(ratings) },
                    everyone: everyone, summary: summary, committedAt: committedAt, restartsClock: restartsClock, audience: audience)
            } : nil
        self.restartsClock = restartsClock
        let encoded = broadcasts.map { $0.jsonText() }
        // The broadcasts go out as one item of frames: every connection writes the same bytes at once.
        let broadcast =
            encoded.isEmpty ? [] : [Delivery(item: .frames(TextFrames(encoded)), recipients: everyone)]
        deliveries = direct.map { Delivery(item: .text(Self.encode($0.1)), recipients: [$0.0]) } + broadcast
        self.audience = audience.map { audience in
            AudienceFrames(
                match: audience.match, hosting: audience.hosting, firstVersion: audience.version - encoded.count + 1,
                welcomeVersion: audience.version, welcome: audience.welcome.jsonText(), broadcasts: encoded)
        }
        self.summary = summary
        resynced = direct.compactMap { if case .welcome = $0.1 { $0.0.id } else { nil } }
        self.committedAt = committedAt
    }

    /// The same change telling `ratings` in its `gameOver` (itself when it ends no rated game).
    func telling(_ ratings: WireRatings) -> OutgoingChange { addingRatings?(ratings) ?? self }

    /// The one place the host encodes a message for the wire.
    private static func encode(_ message: ServerMessage) -> ByteBuffer {
        ByteBuffer(string: message.jsonText())
    }
}

extension ServerMessage {
    /// A `gameOver` with `ratings`; any other message as it is.
    fileprivate func addingRatings(_ ratings: WireRatings) -> ServerMessage {
        guard case .gameOver(let winner, let line, let reason, let v, let clock, _) = self else { return self }
        return .gameOver(winner: winner, line: line, reason: reason, v: v, clock: clock, ratings: ratings)
    }
}
