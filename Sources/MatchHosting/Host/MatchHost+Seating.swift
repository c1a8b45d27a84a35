import MatchWords

/// Seating without a connection: the server seats people it paired, or the computer, and lists a match
/// its creator asked to list.
extension MatchHost {
    /// Seats `occupants` in order without WebSocket connections (a match made for two people paired by
    /// the server, or to play the computer), then asks for game `gameID` when given (the launch
    /// workflow starts it with both seats taken), and returns once all of it is durable: the token of
    /// each person's seat, for them to `resume` with. A person's seat times out as any seat left
    /// without connections; the computer's never does.
    /// - Throws: `SeatingFailed` when the tree refuses one (those before it stay seated) or the store
    ///   fails (the match is closed).
    package func seat(_ occupants: [SeatOccupant], launching gameID: String? = nil) async throws -> [Seat: String] {
        var tokens: [Seat: String] = [:]
        let now = timers.now()
        for occupant in occupants {
            guard !isClosed else { throw SeatingFailed(reason: "the match is closed") }
            let seating: (change: MatchChange, seat: Seat?, token: String?)
            do {
                seating = try room.seat(occupant, at: now)
            } catch {
                throw SeatingFailed(reason: "\(occupant) refused: \(error)")
            }
            if let seat = seating.seat, let token = seating.token { tokens[seat] = token }
            perform(seating.change, at: now)
        }
        if let gameID {
            guard !isClosed else { throw SeatingFailed(reason: "the match is closed") }
            do {
                perform(try room.launch(gameID, at: now), at: now)
            } catch {
                throw SeatingFailed(reason: "launching \(gameID) refused: \(error)")
            }
        }
        await writesDrained()
        guard !isClosed else { throw SeatingFailed(reason: "storing the seats failed") }
        return tokens
    }

    /// Lists the match in the lobby, as its creator asked when creating it: returns once that is
    /// durable, before anyone is told of the match.
    package func list() async throws {
        guard !isClosed else { throw SeatingFailed(reason: "the match is closed") }
        let now = timers.now()
        perform(room.list(), at: now)
        await writesDrained()
        guard !isClosed else { throw SeatingFailed(reason: "storing the listing failed") }
    }
}
