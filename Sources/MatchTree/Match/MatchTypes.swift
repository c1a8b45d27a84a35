// The vocabulary of a match, shared by the RIB tree, the host that runs it and its log.
// Plain values only: no RIB, no I/O, no wire format (the server maps these to docs/PROTOCOL.md).

/// One of the two seats of a match. `player1` plays X and starts the pair's first game.
public enum Seat: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case player1
    case player2

    /// The other seat.
    public var opponent: Seat { self == .player1 ? .player2 : .player1 }

    /// The name a player gets when they log in without one ("Player 1", "Player 2").
    public var defaultName: String { self == .player1 ? "Player 1" : "Player 2" }

    public static func < (lhs: Seat, rhs: Seat) -> Bool { lhs == .player1 && rhs == .player2 }
}

/// A cell of a grid board, 0-based, row 0 at the top.
public struct Position: Sendable, Hashable, Codable {
    public let row: Int
    public let col: Int

    public init(row: Int, col: Int) {
        self.row = row
        self.col = col
    }
}

/// A mark placed by a seat.
public struct Move: Sendable, Hashable, Codable {
    public let position: Position
    public let seat: Seat

    public init(position: Position, seat: Seat) {
        self.position = position
        self.seat = seat
    }
}

/// What a grid game's screen shows: the cells (row-major, `rows * columns` entries, as the game defines
/// its grid), whose turn it is (nil once the game is over) and the last mark placed (nil before the
/// first move).
public struct BoardState: Sendable, Hashable, Codable {
    public var cells: [Seat?]
    public var turn: Seat?
    public var last: Move?

    public init(cells: [Seat?], turn: Seat?, last: Move?) {
        self.cells = cells
        self.turn = turn
        self.last = last
    }
}

/// The pair's score as the ScoreStream holds it, with the names of the pair.
public struct Score: Sendable, Hashable, Codable {
    public var player1Name: String
    public var player2Name: String
    public var player1Wins: Int
    public var player2Wins: Int
    public var draws: Int

    public init(player1Name: String, player2Name: String, player1Wins: Int = 0, player2Wins: Int = 0, draws: Int = 0) {
        self.player1Name = player1Name
        self.player2Name = player2Name
        self.player1Wins = player1Wins
        self.player2Wins = player2Wins
        self.draws = draws
    }

    public func wins(of seat: Seat) -> Int { seat == .player1 ? player1Wins : player2Wins }
    public func name(of seat: Seat) -> String { seat == .player1 ? player1Name : player2Name }
}

/// A taken seat and the name of its player.
public struct SeatedPlayer: Sendable, Hashable, Codable {
    public let seat: Seat
    public let name: String
    /// The level of the computer playing the seat; nil for a person. Left out of the stored JSON when
    /// nil, so a person's entry is written as before.
    public let computer: ComputerLevel?

    public init(seat: Seat, name: String, computer: ComputerLevel? = nil) {
        self.seat = seat
        self.name = name
        self.computer = computer
    }
}

/// A screen as a presented RIB shows it.
public enum Screen: Sendable, Hashable {
    case loggedOut(freeSeats: [Seat])
    case offGame(games: [GameListing])
    /// A game's screen: its board for a game played on a grid, nil for one without.
    case playing(GameID, board: BoardState?)

    public var phase: Phase {
        switch self {
        case .loggedOut: .loggedOut
        case .offGame: .offGame
        case .playing(let game, _): .playing(game)
        }
    }
}

/// What a player (or anyone, for `launchGame`) asks of a match. Untrusted: the tree checks all of it.
public enum MatchInput: Sendable {
    /// Take the first free seat. The name is trimmed; nil or empty becomes the seat's default name.
    case login(name: String?)
    case startGame(gameId: String)
    /// A move in the game being played, as that game defines its moves.
    case play(any GameAction)
    /// Tutorial 4's deep link: wait until both players are logged in, then launch the game.
    case launchGame(gameId: String)
    /// Give up the seat; during a game the leaver forfeits it.
    case leave
    /// End the game being played now, as the opponent's seat timeout would: the opponent forfeits it
    /// and leaves. `opponentAway` is what only the host knows: whether the opponent's seat has no
    /// connection (only then may the win be claimed).
    case claimWin(opponentAway: Bool)
    /// Seats the computer at `level` in the last free seat (the second one of a new match). Asked by the
    /// server, never by a client: no client message maps to it. The computer never leaves its seat.
    case seatComputer(level: ComputerLevel)
}

/// What a match tells everyone (or, for `seated`, the one who logged in), in the order it happened.
public enum MatchEvent: Sendable, Hashable {
    /// A login took `seat`: only the connection that logged in is told (with its token, by the host).
    case seated(SeatedPlayer)
    /// The taken seats changed (a login or a leave).
    case playersChanged([SeatedPlayer])
    /// A game began (LoggedIn routed to it), with the seat that moves first. Not a wire message:
    /// the host logs it; clients learn of the game from the `screen` and `board` that follow.
    case gameStarted(gameId: GameID, startingPlayer: Seat)
    /// Root took a `launchGame`: its workflow runs now, or once the pair is complete. Not a wire
    /// message: the host records it so that a replay takes it too. A repeat while a launch waits for
    /// the pair is not taken and emits nothing (the waiting one decides what starts).
    case launchQueued(gameId: GameID)
    case screen(Screen)
    case score(Score)
    case board(BoardState)
    /// A game ended. `winner` nil is a draw; `line` is the winning line of a grid game, else nil.
    case gameOver(winner: Seat?, line: [Position]?)
}

/// Why an input was refused. A refused input never changes the match.
public enum MatchError: Error, Sendable, Hashable {
    case badName
    case notSeated
    case alreadySeated
    case matchFull
    case notYourTurn
    case cellTaken
    case outOfBounds
    case wrongPhase
    case unknownGame
    /// `claimWin` while the opponent is connected.
    case opponentConnected
}

/// Enough to draw the whole match without any earlier event.
public struct MatchSnapshot: Sendable, Hashable {
    public var phase: Phase
    public var players: [SeatedPlayer]
    /// nil in `loggedOut`.
    public var score: Score?
    /// nil unless a game played on a grid is presented.
    public var board: BoardState?

    public init(phase: Phase, players: [SeatedPlayer], score: Score?, board: BoardState?) {
        self.phase = phase
        self.players = players
        self.score = score
        self.board = board
    }
}
