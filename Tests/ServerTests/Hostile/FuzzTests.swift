import Foundation
import MatchWords
import RIBs
import Testing
import VirtualTime
import WireProtocol

extension HostileTests {
    /// Many hostile clients against a live server while honest pairs play whole games.
    @Suite("Hostile fuzz")
    struct FuzzTests {
        private static let honestMatches = 3
        private static let spectatorsPerHonestMatch = 4
        private static let sharedMatches = 2
        private static let agentsPerSharedMatch = 4
        private static let gamesPerPair = 5

        private enum Outcome: Sendable {
            case honest([HonestMatch])
            case fuzz(FuzzTally)
        }

        @Test func test_twentyHostileClientsAndHonestPairs_everyBadInputAnswered_gamesCorrect_stateMatchesItsLog() async throws {
            let seed = FuzzSeed.current()
            print("Hostile fuzz seed: \(seed) (HOSTILE_FUZZ_SEED=\(seed) replays the same random choices)")
            var rng = SeededGenerator(seed: seed)
            // A short idle time: once everyone has gone, each match is torn down and rebuilt from its log.
            try await withTestServer(configure: { $0.idleTimeout = .milliseconds(500) }) { server in
                let tokens = TokenPool()
                let stop = StopSignal()
                let sightings = PhaseSightings()

                let names = [["Zoë 🎲", "李雷"], ["Ωmega", "👩‍👩‍👧‍👦 family"], ["e\u{301}clair", "שלום"]]
                var pairs: [HonestMatch] = []
                for index in 0..<Self.honestMatches {
                    let id = try await server.createMatch()
                    pairs.append(
                        try await HonestMatch.start(
                            port: server.port, id: id, names: names[index], tokens: tokens, sightings: sightings, rng: rng.split()))
                }
                var sharedIDs: [String] = []
                for _ in 0..<Self.sharedMatches { sharedIDs.append(try await server.createMatch()) }
                // A seat that left: its token is dead for good.
                let ghostMatch = try await server.createMatch()
                let (ghost, _) = try await TestClient.connected(port: server.port, matchID: ghostMatch)
                let (ghostSeat, deadToken) = try await ghost.login("Ghost")
                ghost.send(.leave)
                _ = try await ghost.next { if case .screen(.loggedOut(let free), _) = $0 { free.count == 2 } else { false } }
                tokens.add(matchID: ghostMatch, seat: ghostSeat, token: deadToken)
                tokens.kill(deadToken)
                ghost.close()

                var agents: [FuzzAgent] = []
                for index in 0..<(Self.honestMatches * Self.spectatorsPerHonestMatch) {
                    agents.append(
                        FuzzAgent(
                            name: "spectator \(index)", port: server.port, matchID: pairs[index % Self.honestMatches].id,
                            sharesMatch: false,
                            tokens: tokens, stop: stop, sightings: sightings, seed: seed, rng: rng.split()
                        ))
                }
                for index in 0..<(Self.sharedMatches * Self.agentsPerSharedMatch) {
                    agents.append(
                        FuzzAgent(
                            name: "player \(index)", port: server.port, matchID: sharedIDs[index % Self.sharedMatches], sharesMatch: true,
                            tokens: tokens, stop: stop, sightings: sightings, seed: seed, rng: rng.split()
                        ))
                }
                // Every kind of close at least once per run, in both kinds of match.
                for (index, kind) in MessageFactory.Fatal.allCases.enumerated() {
                    agents[index].scheduled[2] = kind
                    agents[agents.count - 1 - index].scheduled[3] = kind
                }
                agents[5].floodAt = [4]
                agents[agents.count - 6].floodAt = [4]

                let started = ContinuousClock.now
                let outcomes = await withTaskGroup(of: Outcome.self) { group in
                    for agent in agents {
                        group.addTask {
                            var agent = agent
                            return .fuzz(await agent.run())
                        }
                    }
                    group.addTask { [pairs] in
                        defer { stop.stop() }
                        return .honest(
                            await withTaskGroup(of: HonestMatch?.self) { honest in
                                for pair in pairs {
                                    honest.addTask {
                                        var pair = pair
                                        do {
                                            let foreign = pairs.first { $0.id != pair.id }?.players[0].token ?? ""
                                            try await pair.play(games: Self.gamesPerPair, deadToken: deadToken, foreignToken: foreign)
                                            return pair
                                        } catch {
                                            Issue.record("honest pair of \(pair.id) stopped (seed \(seed)): \(error)")
                                            return nil
                                        }
                                    }
                                }
                                var done: [HonestMatch] = []
                                for await pair in honest { if let pair { done.append(pair) } }
                                return done
                            })
                    }
                    var tally = FuzzTally()
                    var played: [HonestMatch] = []
                    for await outcome in group {
                        switch outcome {
                        case .fuzz(let one): tally.merge(one)
                        case .honest(let done): played = done
                        }
                    }
                    return (tally, played)
                }
                let (tally, played) = outcomes
                let elapsed = ContinuousClock.now - started

                // Every bad input got the answer its kind and the sender's knowledge predict.
                for mismatch in tally.mismatches.prefix(30) { Issue.record("\(mismatch)") }
                #expect(tally.mismatches.isEmpty, "\(tally.mismatches.count) answers differ from the prediction (seed \(seed))")
                for code in [1003, 1007, 1008, 1009] { #expect(tally.closes[code, default: 0] > 0, "no close \(code) happened") }
                // Every game's message was sent, each read by its own schema.
                for schema in FuzzedGames.schemas { #expect(tally.types[schema.type, default: 0] > 0, "no \(schema.type) was sent") }
                print(
                    "Hostile fuzz inputs by phase: \(tally.phases.sorted { $0.key < $1.key }); by type: \(tally.types.sorted { $0.key < $1.key })"
                )
                for phase in [WirePhase.loggedOut, .offGame, .ticTacToe, .randomWin] {
                    #expect(tally.phases[phase.rawValue, default: 0] > 0, "nothing sent in \(phase)")
                }
                #expect(played.count == Self.honestMatches, "every honest pair played to the end")
                #expect(played.allSatisfy { $0.games == Self.gamesPerPair })

                // The server is up.
                #expect(try await HTTP.get(port: server.port, "/healthz").status == 200)

                // The state each match has now, as its clients last saw it.
                var lastSeen: [String: WireSnapshot] = [:]
                for var pair in played { lastSeen[pair.id] = try await pair.lastSnapshot() }
                for id in sharedIDs {
                    let (observer, welcome) = try await TestClient.connected(port: server.port, matchID: id)
                    if case .welcome(_, let snapshot, _) = welcome { lastSeen[id] = snapshot }
                    observer.close()
                    await observer.waitUntilClosed()
                }
                for pair in played { await pair.close() }

                // Everyone gone: each match is torn down after its idle time, every RIB object of it released...
                let allIDs = pairs.map(\.id) + sharedIDs
                let expired = await eventually {
                    allIDs.allSatisfy { LeakDetector.liveObjects(tagged: "match:\($0)").isEmpty }
                }
                #expect(expired, "every match expired from memory, leaving no RIB object alive")

                // ...and rebuilt from its log on the next connection: the state is the one the clients saw.
                for id in allIDs {
                    let (client, welcome) = try await TestClient.connected(port: server.port, matchID: id)
                    guard case .welcome(_, let restored, _) = welcome, let seen = lastSeen[id] else {
                        Issue.record("no snapshot for \(id)")
                        continue
                    }
                    #expect(restored.phase == seen.phase, "\(id)")
                    #expect(restored.players.map(\.seat) == seen.players.map(\.seat), "\(id)")
                    #expect(restored.players.map(\.name) == seen.players.map(\.name), "\(id)")
                    #expect(restored.score == seen.score, "\(id)")
                    #expect(restored.board == seen.board, "\(id)")
                    if let pair = played.first(where: { $0.id == id }) {
                        #expect(pair.model.matches(restored), "\(id): the restored state is what the honest moves imply")
                    }
                    client.close()
                    await client.waitUntilClosed()
                }

                let honestMoves = played.map(\.moves).reduce(0, +)
                let honestRefusals = played.reduce(into: [ErrorCode: Int]()) { $0.merge($1.refusals, uniquingKeysWith: +) }
                print(
                    """
                    Hostile fuzz seed \(seed): \(agents.count) hostile clients sent \(tally.messages) inputs and \(tally.floods) floods \
                    in \(elapsed); answers \(tally.answered.sorted { $0.key < $1.key }); closes \(tally.closes.sorted { $0.key < $1.key }); \
                    sent in phases \(tally.phases.sorted { $0.key < $1.key }); resumed with tokens \(tally.resumes.sorted { $0.key < $1.key }). \
                    Honest: \(played.count) pairs, \(played.map(\.games).reduce(0, +)) games, \(honestMoves) moves, \
                    their own refusals \(honestRefusals.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue): \($0.value)" }).
                    """)
            }
        }
    }
}
