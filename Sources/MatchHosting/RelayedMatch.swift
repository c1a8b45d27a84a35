import Logging
import MatchStore
import MatchWords
import NIOCore
import WireProtocol

/// The watch-only connections of a match that another server hosts (docs/SCALING.md, "An audience over
/// every server"): this server never loads the match, which would take it over; it shows its
/// spectators what the host tells (`MatchAudiences`), and says how many it holds, which the host counts
/// in every `presence`.
///
/// Each spectator gets a `welcome`, then the host's broadcasts in order. Frames of another hosting of the
/// match (a failover, a reload) or after a gap (notifications missed) cannot continue what a spectator
/// was shown: everyone skips to the host's latest welcome, as a slow reader does. Until the host's first
/// frames arrive, the welcome is the match as its stored log tells it.
package actor RelayedMatch: MatchEndpoint, InboundHandling {
    package nonisolated let id: MatchID
    private nonisolated let mailbox = HostMailbox<MatchHost.Inbound>()
    private var members = Members()
    /// Which hosting the welcome is from; 0: read from the store, no host heard yet.
    private var hosting: UInt64 = 0
    /// The version of the welcome: the last broadcast shown.
    private var version: Int
    /// What a spectator arriving now gets.
    private var welcome: ByteBuffer
    private var isClosed = false
    private var reportedSpectators = 0
    private let store: any MatchStore
    private let metrics: ServerMetrics
    private let logger: Logger
    /// Called once the last spectator left: the registry forgets this relay.
    private let closed: @Sendable (RelayedMatch) async -> Void

    /// - Parameters:
    ///   - welcome: the welcome of a spectator as the match's log tells it, before any host is heard.
    package init(
        id: MatchID, welcome: ServerMessage, store: any MatchStore, metrics: ServerMetrics, logger: Logger,
        closed: @escaping @Sendable (RelayedMatch) async -> Void
    ) {
        self.id = id
        self.welcome = ByteBuffer(string: welcome.jsonText())
        version = welcome.version ?? 0
        self.store = store
        self.metrics = metrics
        var logger = logger
        logger[metadataKey: "match"] = .string(id.rawValue)
        self.logger = logger
        self.closed = closed
    }

    /// Adds a watch-only connection: it gets the current welcome. False when the relay closed meanwhile
    /// (its last spectator left): the caller makes a new one.
    package func connect(_ connection: Connection) -> Bool {
        guard !isClosed else { return false }
        members.add(connection)
        logger.info(
            "connection opened, relayed from the match's host",
            metadata: ["connection": "\(connection.id)", "address": "\(connection.remoteAddress)"])
        send(welcome, to: connection.id, resyncs: true)
        // The first spectator asks the host for a welcome; the others only change the count.
        store.relay(members.count, of: id, wantsWelcome: members.count == 1)
        countSpectators()
        return true
    }

    package nonisolated func deliver(_ inbound: MatchHost.Inbound, from connectionID: UInt64) {
        if mailbox.post(inbound, from: connectionID) { Task { await self.drainMailbox() } }
    }

    private func drainMailbox() {
        mailbox.drain { connectionID, inbound in inbound.dispatch(from: connectionID, to: self) }
    }

    /// What the host would answer a spectator that can never sit: a fresh welcome to `sync`, and a
    /// refusal to anything else, which only a seat could send (the order of checks puts `notSeated`
    /// first for every one of them).
    func handle(_ message: ClientMessage, from connectionID: UInt64) {
        if WatchOnly.refuses(message) { return refuse(.watchOnly, to: connectionID) }
        if case .sync = message { return send(welcome, to: connectionID, resyncs: true) }
        refuse(.notSeated, to: connectionID)
    }

    func refuse(_ code: ErrorCode, message: String? = nil, to connectionID: UInt64) {
        guard members[connectionID] != nil else { return }
        let error = ServerMessage.error(code: code, message: message ?? code.defaultMessage)
        logger.notice("refused", metadata: ["connection": "\(connectionID)", "reason": "\(code)"])
        metrics.errorSent(error)
        send(ByteBuffer(string: error.jsonText()), to: connectionID, resyncs: false)
    }

    func disconnect(_ connectionID: UInt64) {
        guard members.remove(connectionID) != nil else { return }
        logger.info("connection closed", metadata: ["connection": "\(connectionID)"])
        store.relay(members.count, of: id, wantsWelcome: false)
        countSpectators()
        guard members.isEmpty, !isClosed else { return }
        isClosed = true
        Task { await closed(self) }
    }

    // MARK: - What the host tells

    /// Frames the host told: the next broadcasts for every spectator, or a skip to the host's welcome.
    package func heard(_ frames: AudienceFrames) {
        guard !isClosed else { return }
        if frames.hosting == hosting {
            // Told already (a welcome another relay asked for), or older than what was shown.
            guard frames.welcomeVersion > version else { return }
            if frames.firstVersion == version + 1, !frames.broadcasts.isEmpty {
                return forward(frames)
            }
        }
        // Another hosting, or a gap: skip to the current state.
        logger.debug(
            "relayed match skips to the host's welcome",
            metadata: ["hosting": "\(frames.hosting)", "version": "\(frames.welcomeVersion)", "was": "\(hosting) \(version)"])
        take(frames)
        for connection in members.connections { send(welcome, to: connection.id, resyncs: true) }
    }

    private func forward(_ frames: AudienceFrames) {
        // Framed once, as the host frames them: one item, the same bytes, for every spectator here.
        let broadcasts = OutboundItem.frames(TextFrames(frames.broadcasts))
        take(frames)
        var behind: [UInt64] = []
        for connection in members.connections where members.push(broadcasts, to: connection.id, resyncs: false) != nil {
            behind.append(connection.id)
        }
        for connectionID in behind {
            logger.notice(
                "refused", metadata: ["connection": "\(connectionID)", "reason": "spectator too slow, backlog replaced by a snapshot"])
            send(welcome, to: connectionID, resyncs: true)
        }
    }

    private func take(_ frames: AudienceFrames) {
        hosting = frames.hosting
        version = frames.welcomeVersion
        welcome = ByteBuffer(string: frames.welcome)
    }

    private func send(_ payload: ByteBuffer, to connectionID: UInt64, resyncs: Bool) {
        // A welcome is the repair itself: a connection too slow for it waits for the next one.
        _ = members.push(payload, to: connectionID, resyncs: resyncs)
    }

    private func countSpectators() {
        metrics.spectators(members.count, reported: &reportedSpectators)
    }

    /// Closes every connection (the server shuts down).
    package func shutdown(code: UInt16, reason: String) {
        isClosed = true
        for connection in members.connections { _ = connection.queue.push(.close(code: code, reason: reason)) }
        members.removeAll()
        store.relay(0, of: id, wantsWelcome: false)
        countSpectators()
    }
}
