import MatchTree
import MatchWords
import WireProtocol

/// Coming back to a seat: by its token (`resume`), or as the account it belongs to (issue 41: a
/// signed-in player's `login` on any device).
extension MatchRoom {
    /// `resume`: the seat `token` holds, for `member`.
    mutating func resume(token: String, member: Members.Member, at now: Moment) -> MatchChange {
        guard let seat = tokens.seat(heldBy: token) else { return refuse(.error(.badToken), to: member, reason: "badToken") }
        return resume(seat, member: member, token: token, at: now)
    }

    /// A signed-in player's `login`: the seat of its account when this match has one, resumed as a
    /// `resume` with its token would resume it (the account's other connections stay in it); otherwise
    /// the first free seat under the account's name, whatever name the message gave, kept for the
    /// account in the log.
    mutating func accountLogin(_ member: Members.Member, at now: Moment) -> MatchChange {
        guard let account = member.connection.account else { return MatchChange() }
        if let seat = tokens.seat(ofAccount: account.id) { return resume(seat, member: member, token: nil, at: now) }
        return apply(.login(name: account.name), from: member, account: account.id, at: now)
    }

    /// Puts `member` in `seat`, taken already: it gets `seated` (with `token`, the one it resumed with;
    /// none when it came back as the seat's account, as only the token's hash is kept) and a `welcome`,
    /// everyone a `presence`. A connection in the other seat is refused `alreadySeated`.
    private mutating func resume(_ seat: Seat, member: Members.Member, token: String?, at now: Moment) -> MatchChange {
        let how = token == nil ? "login of the seat's account" : "resume"
        if let current = member.seat, current != seat {
            return refuse(.error(.alreadySeated), to: member, reason: "alreadySeated (\(how) from the other seat)")
        }
        members.seat(member.connection.id, in: seat)
        var change = MatchChange()
        if tokens.stopTimeout(seat) != nil { change.deadlines.append(.cancel(.seatTimeout(seat))) }
        let name = tree.snapshot.players.first { $0.seat == seat }?.name ?? seat.defaultName
        let seated = ServerMessage.seated(seat: WireSeat(seat), name: name, token: token)
        change.direct = [(member.connection, seated), (member.connection, welcome(for: seat, at: now))]
        change.broadcasts = [presence(at: now)]
        change.log(.info, "seat resumed", ["seat": seat.rawValue, "connection": "\(member.connection.id)", "by": how])
        return change
    }
}
