import Foundation
import Testing
import WireProtocol

/// Round after round of random play, each ended by SIGKILL at a random moment while a step is in flight,
/// each followed by a restart on the same file.
@Suite("Recovery: SIGKILL at random moments")
struct RandomKillRecoveryTests {
    @Test func test_killsAtRandomMoments_loseNothingAnyClientWasTold() async throws {
        // A failing run replays with `RECOVERY_SEED=<seed>`.
        let seed = ProcessInfo.processInfo.environment["RECOVERY_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 0...UInt64.max)
        print("RandomKillRecoveryTests: RECOVERY_SEED=\(seed)")
        var random = SeededGenerator(seed: seed)  // Hostile/FuzzMessages.swift
        try await ServerLaunches.withDatabase { launches in
            var server = try await launches.start()
            var table = try await Table.open(on: server)
            for round in 0..<6 {
                // Some legal steps across games; the kill comes a random few microseconds after one of
                // them was sent, while its records and messages are on their way.
                let steps = Int.random(in: 1...12, using: &random)
                let killAfter = Int.random(in: 0..<steps, using: &random)
                let delay = Duration.microseconds(Int.random(in: 0...3000, using: &random))
                let (killSignal, trigger) = AsyncStream<Void>.makeStream()
                let victim = server
                let killer = Task {
                    for await _ in killSignal { break }
                    try? await Task.sleep(for: delay)
                    await victim.kill()
                }
                do {
                    for index in 0..<steps {
                        guard let step = table.state.legalSteps.randomElement(using: &random) else { break }
                        table.send(step)
                        if index == killAfter { trigger.yield() }
                        try await table.awaitBoard()
                    }
                } catch let error as TestClient.Timeout {
                    // The socket closed under the reader: only the kill may do that.
                    #expect(table.sent.count > killAfter, "seed \(seed), round \(round): \(error) before the kill")
                }
                trigger.yield()
                trigger.finish()
                await killer.value

                let candidates = try await table.statesAfterCrash()
                server = try await launches.start()
                table = try await Table.reopen(table, on: server, candidates: candidates)
            }
            // The match goes on after the last restart: play until a game ends and its score is told.
            let score = table.state.score
            while table.state.score == score {
                guard let step = table.state.legalSteps.randomElement(using: &random) else { break }
                try await table.play([step])
            }
            #expect(try await table.spectator.nextScore() == table.state.score)
            #expect(table.state.isShown(by: try await server.summary(of: table.matchID)))
        }
    }
}
