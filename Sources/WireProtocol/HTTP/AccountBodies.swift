/// The body of `POST /api/passkeys/register/options` and of `POST /api/blocks` (accounts, an
/// extension): a player's name.
public struct AccountNameBody: WireCodable, StrictBody, Hashable {
    public var name: String

    public init(name: String) {
        self.name = name
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case name
    }

    public static let fields = CodingKeys.allCases.map(\.rawValue)
    public static let expectedShape = #"The body must be a JSON object such as {"name": "Ann"}."#

    public init(from decoder: any Decoder) throws {
        try Self.refuseUnknownFields(in: decoder)
        name = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .name)
    }
}

/// A registered player as the account routes show one: the account's id (the passkeys' user handle,
/// base64url) and its name.
public struct AccountPlayer: WireCodable, Hashable {
    public var id: String
    public var name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}

/// The answer of a registration, a sign-in and `GET /api/me`: `{"player": {"id", "name"}}`.
public struct SignedInPlayer: WireCodable, Hashable {
    public var player: AccountPlayer

    public init(player: AccountPlayer) {
        self.player = player
    }
}

/// The answer of `GET /api/blocks`: the players the signed-in player blocks, by name.
public struct BlockList: WireCodable, Hashable {
    public var blocks: [AccountPlayer]

    public init(blocks: [AccountPlayer]) {
        self.blocks = blocks
    }
}
