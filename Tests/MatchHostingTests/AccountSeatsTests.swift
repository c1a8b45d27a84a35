import Foundation
import MatchStore
import MatchTree
import MatchWords
import Testing
import WireProtocol

@testable import MatchHosting

/// Issue 41 in the room: a signed-in player's `login` takes the account's name and a seat kept for the
/// account in the log, which the account's `login` on any other connection resumes without a token.
struct AccountSeatsTests {
    private static let ann = AccountPlayer(id: "ann-account-id", name: "Ann")
    private let phone = Connection(remoteAddress: "phone", queueLimit: 64, account: ann)
    private let laptop = Connection(remoteAddress: "laptop", queueLimit: 64, account: ann)
    private let guest = Connection(remoteAddress: "guest", queueLimit: 64)
    private let now = Moment.virtual(seconds: 0)

    private static func makeRoom(_ records: [MatchRecord] = [.created], at now: Moment = .virtual(seconds: 0)) throws -> MatchRoom {
        let stored = records.enumerated().map { StoredRecord(sequence: $0.offset + 1, record: $0.element, at: now.date) }
        return try MatchRoom(id: "AccountSeat1", records: stored, games: .hostingTests, trackingTag: nil, at: now)
    }

    private static func seated(in change: MatchChange) -> (seat: WireSeat, name: String, token: String?)? {
        change.direct.lazy.compactMap { if case .seated(let seat, let name, let token) = $0.1 { (seat, name, token) } else { nil } }.first
    }

    /// The players of the last `presence` among `messages`.
    private static func presencePlayers(_ messages: [ServerMessage]) -> [WirePlayer]? {
        messages.lazy.reversed().compactMap { if case .presence(let players, _, _) = $0 { players } else { nil } }.first
    }

    /// A room where Ann's phone took the first seat, and `other` watches.
    private func annSeated(beside other: Connection) throws -> MatchRoom {
        var room = try Self.makeRoom()
        _ = room.connect(phone, at: now)
        _ = room.connect(other, at: now)
        _ = room.handle(.login(name: nil), from: phone.id, at: now)
        return room
    }

    @Test func test_accountLogin_takesTheAccountsName_andRecordsTheSeatForTheAccount() throws {
        var room = try Self.makeRoom()
        _ = room.connect(phone, at: now)
        let change = room.handle(.login(name: "Mallory"), from: phone.id, at: now)
        let seated = try #require(Self.seated(in: change))
        #expect(seated.seat == .player1)
        #expect(seated.name == "Ann", "the name the message gave is ignored")
        let token = try #require(seated.token, "the seat still has a token, shown once")
        #expect(change.records == [.seatTaken(seat: .player1, name: "Ann", tokenHash: Secrets.tokenHash(token), account: Self.ann.id)])
        #expect(Self.presencePlayers(change.broadcasts) == [WirePlayer(seat: .player1, name: "Ann", connected: true, account: true)])
    }

    @Test func test_theAccountsLoginOnAnotherConnection_resumesItsSeatWithoutAToken_andBothPlayIt() throws {
        var room = try annSeated(beside: laptop)
        let change = room.handle(.login(name: "Someone else"), from: laptop.id, at: now)
        #expect(change.records == [], "a resume stores nothing")
        #expect(Self.seated(in: change).map { "\($0.seat) \($0.name) \($0.token ?? "none")" } == "player1 Ann none")
        guard case .welcome(.player1, let snapshot, _)? = change.direct.last?.1 else {
            Issue.record("no welcome as player1: \(change.direct)")
            return
        }
        #expect(snapshot.players == [WirePlayer(seat: .player1, name: "Ann", connected: true, account: true)])
        #expect(room.isSeated(phone.id) && room.isSeated(laptop.id), "the phone's connection stays in the seat")
        #expect(room.tokens.takenSeats == [.player1], "the free seat stays free")
    }

    @Test func test_aGuestBesideTheAccount_isListedWithoutTheMark() throws {
        var room = try annSeated(beside: guest)
        let change = room.handle(.login(name: "Ann's friend"), from: guest.id, at: now)
        let token = try #require(Self.seated(in: change)?.token)
        #expect(change.records.first == .seatTaken(seat: .player2, name: "Ann's friend", tokenHash: Secrets.tokenHash(token)))
        #expect(
            Self.presencePlayers(change.broadcasts) == [
                WirePlayer(seat: .player1, name: "Ann", connected: true, account: true),
                WirePlayer(seat: .player2, name: "Ann's friend", connected: true),
            ])
    }

    @Test func test_aRestoredLog_keepsTheAccountsSeat_whichItsLoginResumes() throws {
        let hash = Secrets.tokenHash("ann's token")
        var room = try Self.makeRoom([
            .created, .seatTaken(seat: .player1, name: "Bob", tokenHash: Secrets.tokenHash("bob's token")),
            .seatTaken(seat: .player2, name: "Ann", tokenHash: hash, account: Self.ann.id),
        ])
        _ = room.start(at: now)
        _ = room.connect(laptop, at: now)
        let change = room.handle(.login(name: nil), from: laptop.id, at: now)
        #expect(change.records == [])
        #expect(Self.seated(in: change).map { "\($0.seat) \($0.name)" } == "player2 Ann")
        #expect(change.deadlines.contains(.cancel(.seatTimeout(.player2))), "the restored seat's timeout stops")
        #expect(
            Self.presencePlayers(change.broadcasts) == [
                WirePlayer(seat: .player1, name: "Bob", connected: false, seatTimeoutLeft: 60),
                WirePlayer(seat: .player2, name: "Ann", connected: true, account: true),
            ])
    }

    @Test func test_aSeatTheAccountLeft_isNoLongerItsSeat() throws {
        var room = try annSeated(beside: laptop)
        _ = room.handle(.leave, from: phone.id, at: now)
        #expect(room.tokens.accountSeats.isEmpty)
        let change = room.handle(.login(name: nil), from: laptop.id, at: now)
        #expect(change.records.first.map { if case .seatTaken(_, _, _, Self.ann.id?) = $0 { true } else { false } } == true, "a new seat")
    }

    @Test func test_theAccountsLogin_fromAConnectionInTheOtherSeat_isRefusedAlreadySeated() throws {
        var room = try Self.makeRoom([
            .created, .seatTaken(seat: .player1, name: "Ann", tokenHash: Secrets.tokenHash("a"), account: Self.ann.id),
            .seatTaken(seat: .player2, name: "Guest", tokenHash: Secrets.tokenHash("guest's token")),
        ])
        _ = room.connect(laptop, at: now)
        _ = room.handle(.resume(token: "guest's token"), from: laptop.id, at: now)
        let change = room.handle(.login(name: nil), from: laptop.id, at: now)
        #expect(change.direct.map(\.1) == [.error(.alreadySeated)])
        #expect(change.records == [])
    }

    @Test func test_aWatchOnlyConnectionOfTheAccount_isRefusedWatchOnly() throws {
        var room = try Self.makeRoom()
        let watcher = Connection(remoteAddress: "watcher", queueLimit: 64, watchesOnly: true, account: Self.ann)
        _ = room.connect(watcher, at: now)
        #expect(room.handle(.login(name: nil), from: watcher.id, at: now).direct.map(\.1) == [.error(.watchOnly)])
    }
}
