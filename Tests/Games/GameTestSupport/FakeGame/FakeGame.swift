import GameUnits
import MatchStore
import MatchTree
import MatchWords
import RIBs
import WireProtocol

/// A game for tests of the layers around games (the tree, hosting), so that they need no real game:
/// three places, 0 to 2; the seats take turns poking a free one; once all three are poked, whoever
/// poked place 1 wins. Small enough to play in a line, with every part a game has: an id, a move, a
/// board that writes its own wire form, a client message, a record, a computer, its own refusals.
public struct FakeGame: GameUnit {
    public static let id: GameID = "fakeGame"

    public var id: GameID { Self.id }
    public var name: String { "Fake Game" }

    public init() {}

    public func makeBuilder(dependency: GameDependency) -> GameBuildable { FakeGameBuilder(dependency: dependency) }

    // MARK: - Message

    public var messages: [GameMessageSchema] { [GameMessageSchema(type: "poke", fields: [.integer("place")])] }

    public func action(from message: GameMessage) -> (any GameAction)? {
        message.integer("place").map(FakePoke.init)
    }

    public func sentence(refusing error: MatchError) -> String? {
        switch error {
        case .outOfBounds: "There are three places: 0 to 2."
        case .cellTaken: "That place is poked already."
        default: nil
        }
    }

    // MARK: - Record

    public var recordKinds: [String] { ["poked"] }

    public func record(of action: any GameAction, by seat: Seat, draws: [Seat]) -> GameRecord? {
        guard let poke = action as? FakePoke else { return nil }
        return GameRecord(kind: "poked", json: #"{"place":\#(poke.place),"seat":"\#(seat.rawValue)"}"#)
    }

    public func play(from record: GameRecord) throws -> RecordedPlay {
        struct Poked: Decodable {
            let place: Int
            let seat: Seat
        }
        let poked = try record.decoded(as: Poked.self)
        return RecordedPlay(seat: poked.seat, action: FakePoke(place: poked.place))
    }

    public func historyFields(of play: RecordedPlay, boardAfter board: AnyGameBoard?) -> [String: WireValue] {
        (play.action as? FakePoke).map { ["place": .integer($0.place)] } ?? [:]
    }
}

/// The fake game's only move.
public struct FakePoke: GameAction, Hashable {
    public let place: Int
    public var game: GameID { FakeGame.id }

    public init(place: Int) {
        self.place = place
    }
}

/// The fake game's board: who poked each place, and whose turn it is (nil once over).
public struct FakeBoard: WireBoardWriting, Hashable {
    public var places: [Seat?]
    public var turn: Seat?

    public init(places: [Seat?] = [nil, nil, nil], turn: Seat?) {
        self.places = places
        self.turn = turn
    }

    public var wireBoard: WireBoard {
        WireBoard(fields: ["places": .array(places.map { .seat($0.map(WireSeat.init)) }), "turn": .seat(turn.map(WireSeat.init))])
    }
}

extension MatchInput {
    /// Pokes `place` in the fake game.
    public static func poke(_ place: Int) -> MatchInput { .play(FakePoke(place: place)) }
}
