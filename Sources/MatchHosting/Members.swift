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

    var count: Int { byID.count }
    var isEmpty: Bool { byID.isEmpty }
    /// Every connection, spectators included.
    var connections: [Connection] { byID.values.map(\.connection) }
    /// How many connections play no seat.
    var spectatorCount: Int { byID.values.count { $0.seat == nil } }
    /// The seats with at least one connection.
    var connectedSeats: Set<Seat> { Set(byID.values.compactMap(\.seat)) }

    subscript(id: UInt64) -> Member? { byID[id] }

    /// Adds `connection` as a spectator.
    mutating func add(_ connection: Connection) {
        byID[connection.id] = Member(connection: connection)
    }

    /// Removes a connection; returns what it was, or nil if it was not a member.
    mutating func remove(_ id: UInt64) -> Member? {
        byID.removeValue(forKey: id)
    }

    /// Connection `id` plays `seat` from now on.
    mutating func seat(_ id: UInt64, in seat: Seat) {
        byID[id]?.seat = seat
    }

    /// `seat` is free: its connections become spectators.
    mutating func unseat(_ seat: Seat) {
        for (id, member) in byID where member.seat == seat { byID[id]?.seat = nil }
    }

    /// Whether a connection plays `seat`.
    func isConnected(_ seat: Seat) -> Bool {
        byID.values.contains { $0.seat == seat }
    }

    /// Queues `payload` for connection `id`, unless it gets nothing now: it left, or it waits for a
    /// snapshot and `payload` is not one (`resyncs`; the snapshot ends the wait). Returns what it did
    /// when the queue was full.
    mutating func push(_ payload: ByteBuffer, to id: UInt64, resyncs: Bool) -> Overflow? {
        guard var member = byID[id] else { return nil }
        if member.awaitsSnapshot {
            guard resyncs else { return nil }
            member.awaitsSnapshot = false
            byID[id] = member
        }
        let queue = member.connection.queue
        guard queue.push(.text(payload)) == .full else { return nil }
        // Too far behind to catch up message by message: drop the backlog and send one fresh snapshot.
        queue.replaceAll(with: [])
        byID[id]?.awaitsSnapshot = true
        return .awaitsSnapshot(seat: member.seat)
    }

    /// Forgets every connection (the match is torn down).
    mutating func removeAll() {
        byID = [:]
    }
}
