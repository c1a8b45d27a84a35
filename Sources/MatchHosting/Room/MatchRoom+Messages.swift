import Foundation
import MatchTree
import MatchWords
import WireProtocol

extension MatchRoom {
    /// What one decoded message of connection `connectionID` changes; nothing when it is no member.
    mutating func handle(_ message: ClientMessage, from connectionID: UInt64, at now: Moment) -> MatchChange {
        guard let member = members[connectionID] else { return MatchChange() }
        // A connection opened to watch can never sit: said before anything else, so that the page knows
        // to reconnect without `watch`.
        if member.connection.watchesOnly, WatchOnly.refuses(message) { return refuse(.error(.watchOnly), to: member, reason: "watchOnly") }
        switch message {
        case .sync:
            return MatchChange(direct: [(member.connection, welcome(for: member.seat, at: now))])
        case .resume(let token):
            return resume(token: token, member: member, at: now)
        case .login where member.connection.account != nil:
            return accountLogin(member, at: now)
        case .login where isRated:
            // Only accounts are rated: a guest may watch a rated match, never sit in it.
            return refuse(
                .error(code: .notSignedIn, message: "This match is rated: sign in to play in it."), to: member,
                reason: "guest login in a rated match")
        case .claimWin:
            return claimWin(by: member, at: now)
        case .chat(let phrase):
            return chat(phrase, from: member, at: now)
        case .login, .startGame, .play, .launchGame, .leave, .resign, .offerDraw, .acceptDraw, .declineDraw, .offerGame, .declineGame:
            // Who is away matters only to what may start a game: not worked out for every move.
            let startsAGame = if case .startGame = message { true } else if case .offerGame = message { true } else { false }
            let launches = if case .launchGame = message { true } else { false }
            guard
                let input = MatchInput(
                    message, games: games, opponentAway: startsAGame && (member.seat.map(isAway(opponentOf:)) ?? false),
                    playerAway: launches && tokens.takenSeats.contains { !members.isConnected($0) })
            else {
                // The reader took the message by a game's schema: only a game that reads its own message
                // differently would get here.
                return refuse(.error(.badMessage), to: member, reason: "no game reads \(message.type)")
            }
            return apply(input, from: member, at: now)
        }
    }

    /// The answer to a message of connection `connectionID` that could not be decoded or was over a
    /// limit; nothing when it is no member.
    func refusal(_ code: ErrorCode, message: String?, to connectionID: UInt64) -> MatchChange {
        members[connectionID].map { refuse(.error(code: code, message: message ?? code.defaultMessage), to: $0, reason: "\(code)") }
            ?? MatchChange()
    }

    func refuse(_ error: ServerMessage, to member: Members.Member, reason: String) -> MatchChange {
        var change = MatchChange(direct: [(member.connection, error)])
        change.log(.notice, "refused", ["connection": "\(member.connection.id)", "reason": reason])
        change.notes.append(.errorSent(error))
        return change
    }

    /// The tree's refusal of `input`, in the words of its game when it has its own.
    private func refuse(_ error: MatchError, of input: MatchInput, to member: Members.Member, sentence: String? = nil) -> MatchChange {
        let code = ErrorCode(error)
        let sentence = sentence ?? games.sentence(refusing: error, of: input) ?? MatchWording.sentence(refusing: error, of: input)
        return refuse(.error(code: code, message: sentence ?? code.defaultMessage), to: member, reason: "\(error) on \(input)")
    }

    /// A seated player claims the game being played while the opponent's seat has no connection: after
    /// the claim grace, the claimer wins it and both seats stay (the away player may still come back).
    /// The tree checks the seat, the phase, the absence and the grace, in the protocol's order.
    private mutating func claimWin(by member: Members.Member, at now: Moment) -> MatchChange {
        guard let seat = member.seat else { return refuse(.notSeated, of: .claimWin(opponent: .connected), to: member) }
        let waitLeft = claimableIn(seat.opponent, at: now)
        let opponent: OpponentPresence =
            switch waitLeft {
            case nil: .connected
            case let left? where left > .zero: .awayWithinGrace
            default: .awayPastGrace
            }
        let input = MatchInput.claimWin(opponent: opponent)
        let clockRan = clockRan(at: now)
        do {
            let events = try tree.apply(input, by: seat, clockRan: clockRan)
            var change = accepted(input, by: seat, events: events, at: now, clockRan: clockRan)
            change.log(.info, "game claimed", ["seat": seat.rawValue])
            return change
        } catch .tooEarly {
            let seconds = Int((MatchMessages.seconds(waitLeft ?? .zero)).rounded(.up))
            return refuse(
                .tooEarly, of: input, to: member,
                sentence: "Your opponent may be back soon: you can claim the game in \(seconds) second\(seconds == 1 ? "" : "s").")
        } catch {
            return refuse(error, of: input, to: member)
        }
    }

    /// A seated player's phrase, told to everyone and stored nowhere (it is no part of the match's state:
    /// a reconnecting client gets none of those said before). Checked in the protocol's order: the
    /// seat, the phrase, then one phrase a second per connection.
    private mutating func chat(_ phrase: String, from member: Members.Member, at now: Moment) -> MatchChange {
        guard let seat = member.seat else { return refuse(.error(.notSeated), to: member, reason: "notSeated (chat)") }
        guard ChatPhrase(rawValue: phrase) != nil else {
            return refuse(
                .error(code: .badMessage, message: "There is no phrase \"\(phrase.prefix(40))\"; the phrases are \(ChatPhrase.listed)."),
                to: member, reason: "badMessage (unknown phrase)")
        }
        if let last = lastPhrase[member.connection.id], now.instant - last < Self.phraseInterval {
            return refuse(
                .error(code: .rateLimited, message: "One phrase a second: wait a moment before the next."), to: member,
                reason: "rateLimited (chat)")
        }
        lastPhrase[member.connection.id] = now.instant
        return MatchChange(broadcasts: [messages.chat(seat: seat, phrase: phrase)])
    }

    /// The shortest time between two phrases of one connection.
    static let phraseInterval = Duration.seconds(1)

    /// Whether the opponent of `seat` is a person whose seat has no connection: no game starts then.
    private func isAway(opponentOf seat: Seat) -> Bool {
        tokens.isTaken(seat.opponent) && !members.isConnected(seat.opponent)
    }

    /// `apply`, for a login: seats a signed-in player's connection in the seat `account` will own.
    mutating func apply(_ input: MatchInput, from member: Members.Member, account: String? = nil, at now: Moment) -> MatchChange {
        let input = timed(input, by: member.seat, at: now)
        // An input that ends the game without a move (a resignation, an agreed draw, a leave) charges the
        // running clock up to now: the final clocks are those of the moment the game ended.
        let clockRan = clockRan(at: now)
        let events: [MatchEvent]
        do {
            events = try tree.apply(input, by: member.seat, clockRan: clockRan)
        } catch {
            return refuse(error, of: input, to: member)
        }
        var change = MatchChange()
        var holder: SeatHolder?
        for case .seated(let player) in events {
            let issued = tokens.issue(for: player.seat, account: account)
            holder = SeatHolder(tokenHash: issued.hash, account: account)
            members.seat(member.connection.id, in: player.seat)
            change.direct.append((member.connection, .seated(seat: WireSeat(player.seat), name: player.name, token: issued.token)))
            change.log(.info, "seat taken", ["seat": player.seat.rawValue, "name": player.name, "account": account ?? "none (a guest)"])
        }
        if case .leave = input, let seat = member.seat {
            releaseSeat(seat, into: &change)
            change.log(.info, "seat left", ["seat": seat.rawValue])
        }
        return change.then(accepted(input, by: member.seat, events: events, holder: holder, at: now, clockRan: clockRan))
    }

    /// The records and broadcasts of `input`, which the tree accepted from `seat` with `events`; the
    /// computer's pause starts again, as after every recorded change. `holder`: who holds the seat a
    /// login took. `clockRan`: what the tree charged the running clock if `input` ended the game
    /// without a move.
    mutating func accepted(
        _ input: MatchInput, by seat: Seat?, events: [MatchEvent], holder: SeatHolder? = nil, at now: Moment, clockRan: Duration? = nil
    ) -> MatchChange {
        let records = MatchLog.records(
            for: input, by: seat, events: events, holder: holder, drawn: tree.takeDrawn(), games: games, clockRan: clockRan)
        for record in records { seatedSince.note(record, at: now.date) }
        // The first game asked for is the one the match was made for (the lobby names it).
        if gameID == nil,
            case .launchRequested(let asked)? = records.first(where: { if case .launchRequested = $0 { true } else { false } })
        {
            gameID = asked
        }
        if events.contains(where: { if case .gameStarted = $0 { true } else { false } }) { gameStartedAt = now.instant }
        // The next clock runs from when this change is told, not from now: its records are written first.
        let restartsClock = timeControl != nil && events.contains { if case .clock = $0 { true } else { false } }
        if restartsClock { turnToldAt = nil }
        var change = MatchChange(records: records, broadcasts: broadcasts(for: events, at: now), restartsClock: restartsClock)
        change.notes.append(.applied(input, events))
        if !records.isEmpty { scheduleComputerMove(at: now, into: &change) }
        return change
    }
}

extension MatchChange {
    /// This change, then `next`: its records, messages, deadlines and notes after these.
    func then(_ next: MatchChange) -> MatchChange {
        var both = self
        both.records += next.records
        both.direct += next.direct
        both.broadcasts += next.broadcasts
        both.presenceChanged = presenceChanged || next.presenceChanged
        both.restartsClock = restartsClock || next.restartsClock
        both.welcomesAudience = welcomesAudience || next.welcomesAudience
        both.deadlines += next.deadlines
        both.notes += next.notes
        return both
    }
}
