import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// The audience of one hot match: its spectators opened, counted and measured.
extension BenchRunner {

    /// The audience's hot match as opened: what `audienceResult` needs at the end.
    struct AudiencePhase: Sendable {
        var matchID: String
        var hot: HotMoveTimes?
        var attempted: Int
        var failures: [String: Int]
        var perTarget: [Int]
        var residentBefore: [Int?]
        var residentWith: [Int?]
    }

    /// Creates the hot match and seats its players (unless `--watch-match`), reads the servers' memory,
    /// opens the spectators round robin over the targets and loops, waits for their welcomes, and
    /// reads the memory again.
    func openAudience(
        _ audience: AudienceSettings, loops: [LoopHandle], control: ControlClient, server: WatchTarget, connectionIndex: Int
    ) async throws -> AudiencePhase {
        var index = connectionIndex
        let matchID: String
        var hot: HotMoveTimes?
        if let watched = audience.matchID {
            matchID = watched
        } else {
            matchID = try await control.createMatch(body: settings.request.body)
            let times = try HotMoveTimes(path: audience.hotTimesPath)
            hot = times
            let think = audience.thinkTime
            let loop = loops[0]
            let driver = try await loop.run { context in
                let driver = MatchDriver(matchID: matchID, loop: context, thinkTime: think, hot: times)
                context.add(driver)
                return NIOLoopBound(driver, eventLoop: context.eventLoop)
            }
            var players: [ConnectionPlan] = []
            for _ in 0..<settings.request.playerConnections {
                players.append(
                    ConnectionPlan(
                        loop: loop, driver: driver, matchID: matchID, role: .player, source: try sourceAddress(index), target: server))
                index += 1
            }
            let failures = await connectAll(players)
            guard failures.isEmpty else {
                throw ControlClient.Failure(description: "the hot match's players could not connect: \(failures)")
            }
            // Let the players sit down and start their first game before the audience arrives.
            try await Task.sleep(for: .seconds(1))
        }
        Console.line("audience: hot match \(matchID)")
        let residentBefore = audience.serverPIDs.map(ProcessProbe.residentBytes)

        // One watcher driver per loop: a watcher needs its loop's context, nothing of the match's.
        var drivers: [NIOLoopBound<MatchDriver>] = []
        for loop in loops {
            drivers.append(
                try await loop.run { context in NIOLoopBound(MatchDriver(matchID: matchID, loop: context), eventLoop: context.eventLoop) })
        }
        var plans: [ConnectionPlan] = []
        var perTarget = Array(repeating: 0, count: audience.targets.count)
        for spectator in 0..<audience.spectators {
            let target = spectator % audience.targets.count
            perTarget[target] += 1
            plans.append(
                ConnectionPlan(
                    loop: loops[spectator % loops.count], driver: drivers[spectator % loops.count], matchID: matchID,
                    role: .watcher(audience.mode(of: spectator)), source: try sourceAddress(index), target: audience.targets[target]))
            index += 1
        }
        let failures = await connectAll(plans)
        let upgraded = audience.spectators - failures.values.reduce(0, +)
        let deadline = ContinuousClock.now + .seconds(30)
        var welcomed = 0
        while ContinuousClock.now < deadline {
            welcomed = 0
            for loop in loops { welcomed += (try? await loop.run { $0.audienceWelcomed }) ?? 0 }
            if welcomed >= upgraded { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        Console.line("audience: \(upgraded) of \(audience.spectators) spectators upgraded, \(welcomed) welcomed")
        try await Task.sleep(for: .milliseconds(Int(settings.settle * 1000)))
        let residentWith = audience.serverPIDs.map(ProcessProbe.residentBytes)
        return AudiencePhase(
            matchID: matchID, hot: hot, attempted: audience.spectators + (hot == nil ? 0 : settings.request.playerConnections),
            failures: failures, perTarget: perTarget,
            residentBefore: residentBefore, residentWith: residentWith)
    }

    /// What the loops hold of the audience when play stops, before the bench closes its connections.
    struct AudienceSeen: Sendable {
        var arrivals: [Arrival] = []
        var silentOpen = 0
        var welcomed = 0

        static func gather(_ loops: [LoopHandle]) async -> AudienceSeen {
            var seen = AudienceSeen()
            for loop in loops {
                guard let part = try? await loop.run({ ($0.arrivals, $0.silentOpen, $0.audienceWelcomed) }) else { continue }
                seen.arrivals += part.0
                seen.silentOpen += part.1
                seen.welcomed += part.2
            }
            return seen
        }
    }

    /// The audience's figures: the timed arrivals matched with the hot moves sent in the measured
    /// window (this process's, or `--hot-times` written by the mover), the counters, memory and CPU.
    func audienceResult(
        of phase: AudiencePhase, seen: AudienceSeen, counts: AudienceCounts, windowCounts: AudienceCounts, window: AudienceWindow
    ) -> AudienceResult? {
        guard let audience = settings.audience else { return nil }
        let arrivals = seen.arrivals
        let silentOpen = seen.silentOpen
        let welcomed = seen.welcomed
        let sent = phase.hot?.moves ?? audience.hotTimesPath.map(HotMoveTimes.read(path:)) ?? [:]
        let bounds = window.bounds
        var histogram = StatsSample.emptyHistogram()
        var withoutSendTime = 0
        for arrival in arrivals {
            guard let sentAt = sent[arrival.v] else {
                withoutSendTime += 1
                continue
            }
            guard let bounds, sentAt >= bounds.start, sentAt <= bounds.end else { continue }
            _ = histogram.record(min(max((arrival.at &- sentAt) / 1000, 1), StatsSample.highestLatency))
        }
        let seconds = bounds.map { Double($0.end - $0.start) / 1e9 } ?? 0
        let hotMoves = bounds.map { bounds in sent.values.count { $0 >= bounds.start && $0 <= bounds.end } }
        var memory: [AudienceResult.ServerMemory] = []
        var totalDelta = 0
        var anyMemory = false
        for (index, pid) in audience.serverPIDs.enumerated() {
            let before = phase.residentBefore[index]
            let with = phase.residentWith[index]
            // Spectators of this server: its share of the targets, when the targets are the servers in order.
            let spectators = audience.targets.count == audience.serverPIDs.count ? phase.perTarget[index] : audience.spectators
            var perSpectator: Double?
            if let before, let with {
                anyMemory = true
                totalDelta += with - before
                perSpectator = spectators > 0 ? (Double(with - before) / 1024 / Double(spectators) * 100).rounded() / 100 : nil
            }
            func mb(_ bytes: Int?) -> Double? { bytes.map { (Double($0) / 1_048_576 * 10).rounded() / 10 } }
            memory.append(
                .init(pid: pid, beforeMB: mb(before), withAudienceMB: mb(with), spectators: spectators, kilobytesPerSpectator: perSpectator)
            )
        }
        return AudienceResult(
            matchID: phase.matchID, watchOnly: audience.watchesOnly, targets: audience.targets.map(\.label),
            spectators: audience.spectators, timed: min(audience.timed, audience.spectators), silent: audience.silent,
            connected: audience.spectators - phase.failures.values.reduce(0, +), welcomed: welcomed, connectFailures: phase.failures,
            silentOpenAtEnd: silentOpen,
            hotMovesPerSecond: phase.hot == nil ? nil : hotMoves.map { seconds > 0 ? (Double($0) / seconds * 100).rounded() / 100 : 0 },
            measuredSeconds: (seconds * 10).rounded() / 10, latencyMs: LatencySummary(histogram), arrivalsWithoutSendTime: withoutSendTime,
            counts: counts,
            window: .init(frames: windowCounts.frames, boards: windowCounts.boards, bytes: windowCounts.bytes, cpu: window.cpuFigures()),
            memory: memory,
            kilobytesPerSpectator: anyMemory && audience.spectators > 0
                ? (Double(totalDelta) / 1024 / Double(audience.spectators) * 100).rounded() / 100 : nil,
            cpu: window.cpuFigures())
    }
}
