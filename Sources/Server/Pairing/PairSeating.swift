import MatchHosting
import MatchStore
import MatchWords
import WireProtocol

/// Makes the match of two visitors the queue paired: creates it with both seated as their logins
/// would seat them and the game they asked for started, so that both pages find it running when they
/// resume their seats (`MatchRegistry.create(seating:launching:)`, as a match against the computer is
/// made). A signed-in visitor's seat is its account's (it joined under the account's name), as its
/// `login` would have made it: the account's `login` on another device finds it.
struct PairSeating: Sendable {
    let registry: MatchRegistry

    /// The seats of `first` (player 1) and `second` (player 2), with their tokens, once the game's start
    /// is stored. A name the match refuses gives the seat's default name.
    func seat(_ first: WaitingVisitor, _ second: WaitingVisitor) async throws -> (PairedSeat, PairedSeat) {
        // The queue pairs only visitors of one key; two others would get a game one of them did not ask for.
        guard first.pairingKey == second.pairingKey else {
            throw MatchHost.SeatingFailed(reason: "the queue paired visitors who asked for \(first.pairingKey) and \(second.pairingKey)")
        }
        let (id, tokens) = try await registry.create(
            seating: [.person(name: first.name, account: first.account), .person(name: second.name, account: second.account)],
            launching: first.pairingKey.gameID.rawValue,
            timeControl: first.pairingKey.timeControl, rated: first.pairingKey.rated)
        guard let firstToken = tokens[.player1], let secondToken = tokens[.player2] else {
            throw MatchHost.SeatingFailed(reason: "the pair's match has a seat without a token")
        }
        return (
            PairedSeat(matchID: id, seat: .player1, token: firstToken),
            PairedSeat(matchID: id, seat: .player2, token: secondToken)
        )
    }
}
