/// Builds the compact JSON text of a server message: no whitespace, strings escaped by
/// `appendJSONStringLiteral(to:)`. The callers write the keys in sorted order.
struct JSONTextWriter {
    private(set) var text = ""

    init() {
        text.reserveCapacity(192)
    }

    mutating func raw(_ piece: String) { text += piece }

    mutating func integer(_ value: Int) { text += String(value) }

    mutating func bool(_ value: Bool) { text += value ? "true" : "false" }

    mutating func seat(_ seat: WireSeat?) {
        switch seat {
        case .player1: text += #""player1""#
        case .player2: text += #""player2""#
        case nil: text += "null"
        }
    }

    /// A string literal, escaped as Foundation's writer escapes it.
    mutating func string(_ value: String) {
        value.appendJSONStringLiteral(to: &text)
    }

    mutating func players(_ players: [WirePlayer]) {
        text += "["
        for (index, player) in players.enumerated() {
            if index > 0 { text += "," }
            text += "{"
            if let account = player.account {
                text += #""account":"#
                bool(account)
                text += ","
            }
            if let claimableIn = player.claimableIn {
                text += #""claimableIn":"#
                seconds(claimableIn)
                text += ","
            }
            if let computer = player.computer {
                text += #""computer":"#
                bool(computer)
                text += ","
            }
            text += #""connected":"#
            bool(player.connected)
            if let level = player.level {
                text += #","level":"#
                string(level)
            }
            text += #","name":"#
            string(player.name)
            if let provisional = player.provisional {
                text += #","provisional":"#
                bool(provisional)
            }
            if let rating = player.rating {
                text += #","rating":"#
                integer(rating)
            }
            text += #","seat":"#
            seat(player.seat)
            if let left = player.seatTimeoutLeft {
                text += #","seatTimeoutLeft":"#
                seconds(left)
            }
            text += "}"
        }
        text += "]"
    }

    /// A number of seconds to the millisecond, without a fraction when it is whole (`60`, `59.5`,
    /// `0.125`); a negative one is written as 0.
    mutating func seconds(_ value: Double) {
        let milliseconds = value.isFinite ? Int((max(value, 0) * 1000).rounded()) : 0
        text += String(milliseconds / 1000)
        var fraction = milliseconds % 1000
        guard fraction > 0 else { return }
        var digits = 3
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        text += "." + String(repeating: "0", count: digits - String(fraction).count) + String(fraction)
    }

    /// `"draws":…,"player1":{…},"player2":{…}`, without braces.
    mutating func scoreFields(_ score: WireScore) {
        text += #""draws":"#
        integer(score.draws)
        text += #","player1":{"name":"#
        string(score.player1.name)
        text += #","wins":"#
        integer(score.player1.wins)
        text += #"},"player2":{"name":"#
        string(score.player2.name)
        text += #","wins":"#
        integer(score.player2.wins)
        text += "}"
    }

    mutating func board(_ board: WireBoard) {
        object(board.fields)
    }

    /// An object with its keys in sorted order.
    mutating func object(_ fields: [String: WireValue]) {
        object(fields, merging: [])
    }

    /// An object of `fields` and of `extra` (keys sorted, none of them in `fields`), all keys in sorted
    /// order: a `board` message is its game's fields with the message's `type` and `v` among them,
    /// written without copying the fields into a new dictionary on every move.
    mutating func object(_ fields: [String: WireValue], merging extra: [(key: String, value: WireValue)]) {
        text += "{"
        var pending = extra[...]
        var first = true
        func member(_ key: String, _ value: WireValue, into writer: inout JSONTextWriter) {
            if !first { writer.text += "," }
            first = false
            writer.string(key)
            writer.text += ":"
            writer.value(value)
        }
        for key in fields.keys.sorted() {
            while let next = pending.first, next.key < key {
                member(next.key, next.value, into: &self)
                pending.removeFirst()
            }
            // The key came from the dictionary.
            member(key, fields[key]!, into: &self)
        }
        for next in pending { member(next.key, next.value, into: &self) }
        text += "}"
    }

    /// Any JSON value; a number that is not finite is written as `null`, as JSON has no such number.
    mutating func value(_ value: WireValue) {
        switch value {
        case .null: text += "null"
        case .bool(let flag): bool(flag)
        case .integer(let number): integer(number)
        case .number(let number):
            // A whole number without its ".0", as JSONEncoder writes one (the games API is written by it).
            if !number.isFinite {
                text += "null"
            } else if number == number.rounded(), abs(number) < 1e15 {
                integer(Int(number))
            } else {
                text += "\(number)"
            }
        case .string(let string): self.string(string)
        case .array(let elements):
            text += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { text += "," }
                self.value(element)
            }
            text += "]"
        case .object(let fields): object(fields)
        }
    }

    /// What won, as `gameOver` gives it: `[[row, col], …]` or `null`.
    mutating func line(_ line: [[Int]]?) {
        guard let line else {
            text += "null"
            return
        }
        text += "["
        for (index, cell) in line.enumerated() {
            if index > 0 { text += "," }
            text += "["
            for (inner, value) in cell.enumerated() {
                if inner > 0 { text += "," }
                integer(value)
            }
            text += "]"
        }
        text += "]"
    }

    mutating func snapshot(_ snapshot: WireSnapshot) {
        text += #"{"board":"#
        if let board = snapshot.board { self.board(board) } else { text += "null" }
        if let gameId = snapshot.gameId {
            text += #","gameId":"#
            string(gameId)
        }
        if let lastGame = snapshot.lastGame {
            text += #","lastGame":{"board":"#
            if let board = lastGame.board { self.board(board) } else { text += "null" }
            text += #","gameId":"#
            string(lastGame.gameId)
            text += #","line":"#
            line(lastGame.line)
            if let ratings = lastGame.ratings {
                text += #","ratings":"#
                value(ratings.wireValue)
            }
            text += #","reason":"#
            string(lastGame.reason)
            text += #","winner":"#
            seat(lastGame.winner)
            text += "}"
        }
        if let offer = snapshot.offer {
            text += #","offer":{"#
            if let gameId = offer.gameId {
                text += #""gameId":"#
                string(gameId)
                text += ","
            }
            text += #""kind":"#
            string(offer.kind.rawValue)
            text += #","seat":"#
            seat(offer.seat)
            text += "}"
        }
        text += #","phase":"#
        string(snapshot.phase.rawValue)
        text += #","players":"#
        players(snapshot.players)
        if snapshot.rated == true { text += #","rated":true"# }
        text += #","score":"#
        if let score = snapshot.score {
            text += "{"
            scoreFields(score)
            text += "}"
        } else {
            text += "null"
        }
        if let seatTimeout = snapshot.seatTimeout {
            text += #","seatTimeout":"#
            seconds(seatTimeout)
        }
        text += #","spectators":"#
        integer(snapshot.spectators)
        if let timeControl = snapshot.timeControl {
            text += #","timeControl":{"increment":"#
            seconds(timeControl.increment)
            text += #","initial":"#
            seconds(timeControl.initial)
            text += "}"
        }
        text += "}"
    }
}
