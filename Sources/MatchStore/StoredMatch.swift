import Foundation
import MatchWords

/// A match as the lobby lists it: its id, when it was created and last written, and its summary.
public struct StoredMatch: Sendable, Hashable {
    /// The match id given to `createMatch`.
    public let id: MatchID
    /// The date given to `createMatch`.
    public let createdAt: Date
    /// The date of the last `append` that wrote a summary (or of `createMatch` when none did). Appends
    /// without a summary (most moves) leave it, so that they write to the log only.
    public let updatedAt: Date
    /// The summary written by the last `append`.
    public let summary: StoredSummary

    /// A listed match.
    public init(id: MatchID, createdAt: Date, updatedAt: Date, summary: StoredSummary) {
        self.id = id
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.summary = summary
    }
}

extension StoredSummary {
    /// The seats nobody holds, in seat order.
    public var freeSeats: [Seat] {
        Seat.allCases.filter { seat in !players.contains { $0.seat == seat } }
    }

    /// Whether someone can still log in.
    public var hasFreeSeat: Bool { !freeSeats.isEmpty }

    /// The free seats the lobby offers: those of a match its creator asked to be listed while someone
    /// sits in it, none of a private one or of one its last player left. What the stores' lobby column
    /// keeps (`freeSeats`, `free_seats`).
    public var lobbySeats: Int { listed && !players.isEmpty ? freeSeats.count : 0 }

    /// Whether the lobby may list the match (if its creator is connected, which only a host knows).
    public var isInLobby: Bool { lobbySeats > 0 }
}
