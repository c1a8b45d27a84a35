import Foundation
import Testing
import VirtualTime
import WireProtocol

/// Quick chat over real WebSockets: a seated player's fixed phrase to everyone in the match, its
/// refusals in the protocol's order, one phrase a second, and nothing of it kept.
@Suite("Quick chat")
struct ChatTests {
    @Test func test_aPhrase_reachesPlayersAndSpectators_withTheNextVersion() async throws {
        try await withTestServer { server in
            let matchID = try await server.createMatch()
            let pair = try await server.seatedPair(matchID: matchID)
            let (watcher, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            pair.alice.send(.chat(phrase: "goodLuck"))
            for client in [pair.alice, pair.bob, watcher] {
                let said = try await client.next { $0.type == "chat" }
                guard case .chat(let seat, let phrase, _) = said else {
                    Issue.record("expected .chat, got \(said)")
                    return
                }
                #expect(seat == .player1)
                #expect(phrase == "goodLuck")
            }
            pair.bob.send(.chat(phrase: "haveFun"))
            _ = try await watcher.next { if case .chat(.player2, "haveFun", _) = $0 { true } else { false } }
            // Every message the spectator got, the phrases among them, has the next version.
            let versions = try watcher.received().compactMap(\.version)
            #expect(versions == Array((versions.first ?? 0)..<((versions.first ?? 0) + versions.count)), "\(versions)")
        }
    }

    @Test func test_aSpectator_isNotSeated_beforeAnUnknownPhraseIsBadMessage() async throws {
        try await withTestServer { server in
            let matchID = try await server.createMatch()
            let pair = try await server.seatedPair(matchID: matchID)
            let (watcher, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            watcher.send(.chat(phrase: "hello"))
            #expect(try await watcher.nextError() == .notSeated)
            watcher.send(.chat(phrase: "you are bad"))
            #expect(try await watcher.nextError() == .notSeated, "the seat is checked first")
            pair.alice.send(.chat(phrase: "you are bad"))
            let refusal = try await pair.alice.next { $0.type == "error" }
            guard case .error(let code, let sentence) = refusal else {
                Issue.record("expected .error, got \(refusal)")
                return
            }
            #expect(code == .badMessage)
            #expect(sentence.contains("hello, goodLuck, haveFun, niceMove, wellPlayed, thanks, goodGame, oops"))
            pair.alice.sendRaw(#"{"type":"chat"}"#)
            #expect(try await pair.alice.nextError() == .badMessage, "a phrase is required")
            pair.alice.sendRaw(#"{"type":"chat","phrase":7}"#)
            #expect(try await pair.alice.nextError() == .badMessage)
        }
    }

    @Test func test_aSecondPhraseWithinASecond_isRateLimited_notClosed_andNotOldPhrasesOnReconnect() async throws {
        let time = VirtualTime()
        try await withTestServer(time: time) { server in
            let matchID = try await server.createMatch()
            let pair = try await server.seatedPair(matchID: matchID)
            pair.alice.send(.chat(phrase: "hello"))
            _ = try await pair.bob.next { $0.type == "chat" }
            pair.alice.send(.chat(phrase: "oops"))
            #expect(try await pair.alice.nextError() == .rateLimited)
            await time.advance(by: .milliseconds(999))
            pair.alice.send(.chat(phrase: "oops"))
            #expect(try await pair.alice.nextError() == .rateLimited, "still within the second")
            await time.advance(by: .milliseconds(1))
            pair.alice.send(.chat(phrase: "thanks"))
            let said = try await pair.bob.next { $0.type == "chat" }
            guard case .chat(_, let phrase, _) = said else {
                Issue.record("expected .chat, got \(said)")
                return
            }
            #expect(phrase == "thanks", "the refused one was never told")

            // A reconnecting page gets the state, and no phrase said before.
            let (late, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            late.send(.sync)
            _ = try await late.next { $0.type == "welcome" }
            #expect(try late.received().allSatisfy { $0.type != "chat" })
        }
    }
}
