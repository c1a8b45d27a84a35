import Foundation
import WireProtocol

extension LiveServer {
    /// `GET /api/matches/{matchID}/ribs`, decoded, with the raw body; throws unless it is a 200 tree.
    func ribs(of matchID: String) async throws -> (tree: MatchRIBs, body: String) {
        let response = try await HTTP.get(port: port, "/api/matches/\(matchID)/ribs")
        guard response.status == 200, case .success(let tree) = MatchRIBs.decode(response.body) else {
            throw HTTP.Failure(description: "ribs of \(matchID): \(response.status) \(response.body)")
        }
        return (tree, response.body)
    }

    /// `GET /api/matches/{matchID}/games{query}`, decoded; throws unless it is a 200 page.
    func games(of matchID: String, query: String = "") async throws -> MatchGames {
        let response = try await HTTP.get(port: port, "/api/matches/\(matchID)/games\(query)")
        guard response.status == 200, case .success(let games) = MatchGames.decode(response.body) else {
            throw HTTP.Failure(description: "games of \(matchID)\(query): \(response.status) \(response.body)")
        }
        return games
    }

    /// Asks for the RIB tree until `isWanted` holds of its outline (`MatchRIBs.RIB.outline`), for
    /// changes that a WebSocket message makes after the test sent it.
    func ribs(of matchID: String, until isWanted: (String) -> Bool) async throws -> (tree: MatchRIBs, body: String) {
        let deadline = ContinuousClock.now + .seconds(5)
        while true {
            let answer = try await ribs(of: matchID)
            if isWanted(answer.tree.root.outline) || ContinuousClock.now > deadline { return answer }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}

extension MatchRIBs.RIB {
    /// The tree in one line: `Root(LoggedIn(OffGame(BasicScoreBoard)))`, an inactive RIB marked `-`,
    /// a waiting workflow as `[Name@step]`.
    var outline: String {
        let mark = active ? "" : "-"
        let workflows = self.workflows.map { "[\($0.name)@\($0.steps[$0.waitingStep])]" }.joined()
        let inner = children.map(\.outline).joined(separator: ",")
        return mark + name + workflows + (children.isEmpty ? "" : "(\(inner))")
    }
}
