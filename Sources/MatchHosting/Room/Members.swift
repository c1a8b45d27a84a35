import MatchTree
import MatchWords
import NIOCore

/// The connections of a match, the seat each one plays (none for a spectator), and what to do with
/// one that reads too slowly.
struct Members {
    /// One connection as its match sees it.
    struct Member {
        let connection: Connection
        var seat: Seat?
        /// A connection whose queue overflowed waits for a fresh welcome; nothing else is sent meanwhile.
        var awaitsSnapshot = false
    }

    /// What `push` did with a connection whose queue was full: its backlog is dropped, and it gets
    /// nothing until the fresh welcome the caller owes it (a player keeps its seat; a spectator skips to
    /// the current state rather than being closed). One that reads nothing at all is closed by its
    /// ping timeout, its queue bounded meanwhile.
    enum Overflow: Equatable {
        case awaitsSnapshot(seat: Seat?)
    }

    private var byID: [UInt64: Member] = [:]
    /// How many connections play each seat, kept as they change: who is connected and how many watch
    /// are told in every `welcome` and `presence`, and counting thousands of spectators each time would
    /// cost O(n) a connection, O(n²) for a crowd arriving.
    private var seatConnections: [Seat: Int] = [:]

    var count: Int { byID.count }
    var isEmpty: Bool { byID.isEmpty }
    /// Every connection, spectators included.
    var connections: [Connection] { byID.values.map(\.connection) }
    /// How many connections play no seat here.
    var localSpectatorCount: Int { byID.count - seatConnections.values.reduce(0, +) }
    /// The spectators other servers relay (`MatchAudiences`), as they last said.
    var spectatorsElsewhere = 0
    /// How many spectators the match has, on every server.
    var spectatorCount: Int { localSpectatorCount + spectatorsElsewhere }
    /// The seats with at least one connection.
    var connectedSeats: Set<Seat> { Set(seatConnections.keys) }

    subscript(id: UInt64) -> Member? { byID[id] }

    /// Adds `connection` as a spectator.
    mutating func add(_ connection: Connection) {
        byID[connection.id] = Member(connection: connection)
    }

    /// Removes a connection; returns what it was, or nil if it was not a member.
    mutating func remove(_ id: UInt64) -> Member? {
        guard let member = byID.removeValue(forKey: id) else { return nil }
        if let seat = member.seat {
            leave(seat)
            member.connection.queue.setSeated(false)
        }
        return member
    }

    /// Connection `id` plays `seat` from now on.
    mutating func seat(_ id: UInt64, in seat: Seat) {
        guard let member = byID[id] else { return }
        if let old = member.seat { leave(old) }
        byID[id]?.seat = seat
        member.connection.queue.setSeated(true)
        seatConnections[seat, default: 0] += 1
    }

    /// `seat` is free: its connections become spectators.
    mutating func unseat(_ seat: Seat) {
        for (id, member) in byID where member.seat == seat {
            byID[id]?.seat = nil
            member.connection.queue.setSeated(false)
        }
        seatConnections[seat] = nil
    }

    /// One connection of `seat` fewer.
    private mutating func leave(_ seat: Seat) {
        let left = (seatConnections[seat] ?? 1) - 1
        seatConnections[seat] = left > 0 ? left : nil
    }

    /// Whether a connection plays `seat`.
    func isConnected(_ seat: Seat) -> Bool {
        seatConnections[seat] != nil
    }

    /// Queues one message for connection `id` (see the other `push`).
    mutating func push(_ payload: ByteBuffer, to id: UInt64, resyncs: Bool) -> Overflow? {
        push(.text(payload), to: id, resyncs: resyncs)
    }

    /// Queues `item` for connection `id`, unless it gets nothing now: it left, or it waits for a
    /// snapshot and `item` is not one (`resyncs`; the snapshot ends the wait). Returns what it did
    /// when the queue was full.
    mutating func push(_ item: OutboundItem, to id: UInt64, resyncs: Bool) -> Overflow? {
        guard var member = byID[id] else { return nil }
        if member.awaitsSnapshot {
            guard resyncs else { return nil }
            member.awaitsSnapshot = false
            byID[id] = member
        }
        let queue = member.connection.queue
        guard queue.push(item) == .full else { return nil }
        // Too far behind to catch up message by message: drop the backlog and send one fresh snapshot.
        queue.replaceAll(with: [])
        byID[id]?.awaitsSnapshot = true
        return .awaitsSnapshot(seat: member.seat)
    }

    /// Forgets every connection (the match is torn down).
    mutating func removeAll() {
        byID = [:]
        seatConnections = [:]
    }
}
