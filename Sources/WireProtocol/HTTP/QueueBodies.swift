/// The body of `POST /api/queue` ("Play someone now", an extension): the name to play under, which may
/// be absent or empty (the seat's default name), and the game to be paired for, which may be absent
/// (Tic Tac Toe, as before the field existed). The server checks the game: the reader only reads it.
public struct QueueJoin: WireCodable, StrictBody, Hashable {
    public var name: String?
    /// The id of the game to play, as `startGame` names it; nil for the server's default.
    public var gameId: String?
    /// The time control to play under; nil for none. Visitors are paired only with the same one.
    public var clock: WireTimeControl?
    /// (Issue 42.) Whether to be paired for a rated match, with a signed-in player of close rating;
    /// rated and unrated seekers are never paired together.
    public var rated: Bool?

    public init(name: String? = nil, gameId: String? = nil, clock: WireTimeControl? = nil, rated: Bool? = nil) {
        self.name = name
        self.gameId = gameId
        self.clock = clock
        self.rated = rated
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case name, gameId, clock, rated
    }

    public static let fields = CodingKeys.allCases.map(\.rawValue)
    public static let booleanFields: Set<String> = [CodingKeys.rated.rawValue]
    public static let objectFields = [CodingKeys.clock.rawValue: WireTimeControl.shape]
    public static let expectedShape = #"The body must be empty or a JSON object such as {"name": "Ann", "gameId": "connectFour"}."#

    public init(from decoder: any Decoder) throws {
        try Self.refuseUnknownFields(in: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        gameId = try container.decodeIfPresent(String.self, forKey: .gameId)
        clock = try WireTimeControl.read(.clock, in: container)
        rated = try container.decodeIfPresent(Bool.self, forKey: .rated)
    }
}

/// The body of `POST /api/queue/renew` and `POST /api/queue/cancel`: the ticket `POST /api/queue` gave.
/// In the body rather than the path so that it never shows in a proxy's access log.
public struct QueueTicket: WireCodable, StrictBody, Hashable {
    public var ticket: String

    public init(ticket: String) {
        self.ticket = ticket
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case ticket
    }

    public static let fields = CodingKeys.allCases.map(\.rawValue)
    public static let expectedShape = #"The body must be a JSON object such as {"ticket": "…"}, with the ticket POST /api/queue gave."#

    public init(from decoder: any Decoder) throws {
        try Self.refuseUnknownFields(in: decoder)
        ticket = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .ticket)
    }
}

/// Where a visitor in the queue stands: the answer of `POST /api/queue` (with its `ticket`) and of
/// `POST /api/queue/renew`.
public struct QueueStatus: WireCodable, Hashable {
    public enum Status: String, Codable, Hashable, Sendable {
        case waiting, paired
    }

    /// The ticket, a secret: only in the answer of `POST /api/queue`.
    public var ticket: String?
    public var status: Status
    /// Whole seconds waited since joining, while waiting.
    public var waited: Int?
    /// (Issue 42.) While a rated seeker waits: how far apart in rating it may be paired now (100,
    /// widening by 50 every 5 s of waiting, up to 500); absent for an unrated one.
    public var window: Int?

    /// Once paired: the match, its page, the seat and the seat's token (a secret, for `resume`).
    public var matchId: String?
    public var url: String?
    public var seat: WireSeat?
    public var token: String?

    /// Still waiting, for `waited` seconds.
    public static func waiting(seconds waited: Int, ticket: String? = nil, window: Int? = nil) -> QueueStatus {
        var status = QueueStatus(ticket: ticket, status: .waiting, waited: waited)
        status.window = window
        return status
    }

    /// Paired into match `matchId`, in `seat`, with the seat's `token`.
    public static func paired(matchId: String, seat: WireSeat, token: String, ticket: String? = nil) -> QueueStatus {
        QueueStatus(ticket: ticket, status: .paired, matchId: matchId, url: "/m/\(matchId)", seat: seat, token: token)
    }

    public init(
        ticket: String? = nil, status: Status, waited: Int? = nil, matchId: String? = nil, url: String? = nil, seat: WireSeat? = nil,
        token: String? = nil
    ) {
        self.ticket = ticket
        self.status = status
        self.waited = waited
        self.matchId = matchId
        self.url = url
        self.seat = seat
        self.token = token
    }
}
