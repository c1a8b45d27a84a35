import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// One run of the bench: creates the matches, opens their connections (in ramp steps), lets the
/// players play while `Monitor` measures, stops, drains, closes, and waits for the server's teardown.
struct BenchRunner {
    let settings: BenchSettings

    /// One WebSocket to open.
    struct ConnectionPlan: Sendable {
        let loop: LoopHandle
        let driver: NIOLoopBound<MatchDriver>
        let matchID: String
        let role: BenchSession.Role
        let source: SocketAddress?
        /// Where to connect: the server (`--host`, `--port`), or for a watcher one of `--watch-urls`.
        var target: WatchTarget
        /// A player's session cookie (`--sessions`); nil for a guest or a spectator.
        var cookie: String? = nil
        /// `/ws/{id}`, with `?watch=1` for a watcher.
        var path: String { role == .spectator || role == .player ? "/ws/\(matchID)" : "/ws/\(matchID)?watch=1" }
    }

    func run() async throws -> BenchResult {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: settings.threads)
        let budget = GameBudget(games: settings.games)
        var loops: [LoopHandle] = []
        for (index, eventLoop) in group.makeIterator().enumerated() {
            let settings = settings
            let context = try await eventLoop.submit {
                NIOLoopBound(
                    LoopContext(
                        eventLoop: eventLoop, thinkTime: settings.thinkTime, maxRate: settings.maxRate, budget: budget,
                        holds: settings.hold, seed: settings.seed &+ UInt64(index) &* 0x9E37_79B9),
                    eventLoop: eventLoop
                )
            }.get()
            loops.append(LoopHandle(eventLoop: eventLoop, context: context))
        }
        let control = ControlClient(
            baseURL: settings.baseURL, metricsURL: settings.metricsURL, tls: settings.tls != nil, eventLoopGroup: group)
        let memory = ServerMemoryProbe(pid: settings.serverPID, control: control)
        do {
            let result = try await run(loops: loops, control: control, memory: memory, budget: budget)
            await control.shutdown()
            try? await group.shutdownGracefully()
            return result
        } catch {
            await control.shutdown()
            try? await group.shutdownGracefully()
            throw error
        }
    }

    private func run(loops: [LoopHandle], control: ControlClient, memory: ServerMemoryProbe, budget: GameBudget) async throws -> BenchResult
    {
        try await control.waitUntilHealthy(timeout: 10)
        let residentAtStart = await memory.residentBytes()
        Console.line(
            "tictactoe-bench: \(settings.matches) matches x (2 players + \(settings.spectators) spectators) against \(settings.baseURL), "
                + "think \(settings.thinkTime), \(settings.threads) threads, "
                + (settings.duration.map { "\(Monitor.format($0)) s" } ?? "\(settings.games ?? 0) games"))
        let run = RunControl()
        let window = settings.audience.map { AudienceWindow(serverPIDs: $0.serverPIDs) }
        let monitor = Monitor(
            loops: loops, settings: settings, control: run, memory: memory, residentAtStart: residentAtStart, audienceWindow: window)
        async let monitored = monitor.run()

        var connectFailures: [String: Int] = [:]
        var attempted = 0
        var matchIndex = 0
        var connectionIndex = 0
        let server = WatchTarget(address: settings.target, hostHeader: settings.hostHeader)
        while matchIndex < settings.matches, run.stopReason == nil {
            let count = min(settings.rampStep, settings.matches - matchIndex)
            let ids = try await createMatches(count, from: matchIndex, control: control)
            var plans: [ConnectionPlan] = []
            for id in ids {
                let loop = loops[matchIndex % loops.count]
                // The match's two accounts, one per player connection (a spectator watches as a guest).
                let players = settings.accounts?.players(ofMatch: matchIndex)
                let cookies = [players?.first.session, players?.second.session]
                matchIndex += 1
                let rated = settings.request.rated
                let driver = try await loop.run { context in
                    let driver = MatchDriver(matchID: id, loop: context, rated: rated)
                    context.add(driver)
                    return NIOLoopBound(driver, eventLoop: context.eventLoop)
                }
                let roles =
                    Array(repeating: BenchSession.Role.player, count: settings.request.playerConnections)
                    + Array(repeating: .spectator, count: settings.spectators)
                for (index, role) in roles.enumerated() {
                    plans.append(
                        ConnectionPlan(
                            loop: loop, driver: driver, matchID: id, role: role, source: try sourceAddress(connectionIndex), target: server,
                            cookie: role == .player ? cookies[index] : nil)
                    )
                    connectionIndex += 1
                }
            }
            attempted += plans.count
            for (kind, count) in await connectAll(plans) { connectFailures[kind, default: 0] += count }
            run.stepConnected(.init(matches: matchIndex, connections: attempted))
            if matchIndex < settings.matches {
                try await sleep(settings.rampInterval, unless: run)
            }
        }
        var audience: AudiencePhase?
        if let audienceSettings = settings.audience, run.stopReason == nil {
            let phase = try await openAudience(
                audienceSettings, loops: loops, control: control, server: server, connectionIndex: connectionIndex)
            attempted += phase.attempted
            audience = phase
        }
        run.connectPhaseFinished()

        // Play until the monitor stops the run (duration, p99 bound) or the games are all played.
        while run.stopReason == nil {
            if budget.isExhausted, await LoopTotals.gather(loops, takingSamples: false).gamesInProgress == 0 {
                run.stop("--games \(settings.games ?? 0) played")
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        let stopReason = run.stopReason ?? "stopped"
        for loop in loops { _ = try? await loop.run { $0.isStopping = true } }
        while !run.hasSteadyEnded { try await Task.sleep(for: .milliseconds(20)) }

        // Let the games in progress finish, then measure what the server holds with everything open.
        // Held games never finish: nobody moves in them.
        let drainDeadline = ContinuousClock.now + .milliseconds(settings.hold ? 0 : Int(settings.drainTimeout * 1000))
        var held = await LoopTotals.gather(loops, takingSamples: false)
        let gamesInProgressAtEnd = held.gamesInProgress
        while held.gamesInProgress > 0, ContinuousClock.now < drainDeadline {
            try await Task.sleep(for: .milliseconds(100))
            held = await LoopTotals.gather(loops, takingSamples: false)
        }
        let heldResident = await memory.residentBytes()
        window?.end()
        let audienceSeen = audience == nil ? nil : await AudienceSeen.gather(loops)

        // Close every connection (1000) and wait for the server's answers.
        for loop in loops { _ = try? await loop.run { $0.closeAll() } }
        let closeDeadline = ContinuousClock.now + .seconds(15)
        while await LoopTotals.gather(loops, takingSamples: false).openChannels > 0, ContinuousClock.now < closeDeadline {
            try await Task.sleep(for: .milliseconds(100))
        }
        let closedAt = ContinuousClock.now
        let afterCloseResident = await memory.residentBytes()
        run.finish()
        let report = await monitored
        var audienceResult: AudienceResult?
        if let audience, let audienceSeen, let window {
            audienceResult = self.audienceResult(
                of: audience, seen: audienceSeen, counts: report.overall.audience, windowCounts: report.steady.audience, window: window)
        }

        // Optionally wait for the server to unload the matches, and measure its memory then.
        var teardown: (resident: Int?, loaded: Double?, seconds: Double?)
        if settings.teardownWait > 0 {
            teardown = await waitForTeardown(control: control, memory: memory, since: closedAt)
        }

        var overall = report.overall
        for (kind, count) in connectFailures { overall.errors["\(kind)", default: 0] += count }
        func megabytes(_ bytes: Int?) -> Double? { bytes.map { (Double($0) / 1_048_576 * 10).rounded() / 10 } }
        return BenchResult(
            settings: .init(
                target: settings.baseURL, matches: settings.matches, spectatorsPerMatch: settings.spectators,
                playersPerMatch: settings.request.playerConnections, request: settings.request.description, hold: settings.hold,
                rated: settings.request.rated, accounts: settings.accounts?.accounts.count,
                durationSeconds: settings.duration, games: settings.games, thinkTime: settings.thinkTime.description,
                warmupSeconds: settings.warmup, rampStep: settings.rampStep, rampIntervalSeconds: settings.rampInterval,
                maxP99Ms: settings.maxP99Milliseconds, sourceAddresses: settings.sourceAddresses, threads: settings.threads,
                maxRatePerConnection: settings.maxRate, seed: settings.seed, cores: ProcessInfo.processInfo.activeProcessorCount
            ),
            stopReason: stopReason,
            connections: .init(
                attempted: attempted, connected: overall.connected, upgraded: overall.upgraded, welcomed: overall.welcomed,
                failed: connectFailures.values.reduce(0, +), peakOpen: report.peakOpen, heldAtEnd: held.openChannels, seated: overall.seated
            ),
            games: overall.gamesFinishedTotal,
            gamesStarted: overall.gamesStarted,
            gamesInProgressAtEnd: gamesInProgressAtEnd,
            gamesByResult: overall.gamesFinished,
            ratedGames: overall.ratedGamesFinished,
            steadySeconds: (report.steadySeconds * 100).rounded() / 100,
            steadyMoves: report.steady.moves,
            steadyGames: report.steady.gamesFinishedTotal,
            movesPerSecond: report.steadySeconds > 0 ? (Double(report.steady.moves) / report.steadySeconds).rounded() : 0,
            lowestSecondMovesPerSecond: report.lowestSecondMoveRate?.rounded(),
            movesSentTotal: overall.movesSent,
            serverCPUSecondsSteady: report.serverCPUSteady.map { ($0 * 100).rounded() / 100 },
            serverCPUPercentSteady: report.serverCPUSteady.flatMap {
                report.steadySeconds > 0 ? ($0 / report.steadySeconds * 1000).rounded() / 10 : nil
            },
            serverCPUMicrosecondsPerMove: report.serverCPUSteady.flatMap {
                report.steady.moves > 0 ? ($0 / Double(report.steady.moves) * 1e7).rounded() / 10 : nil
            },
            opponentLatencyMs: LatencySummary(report.steady.opponentLatency),
            spectatorLatencyMs: LatencySummary(report.steady.spectatorLatency),
            opponentP99PerSecond: BenchResult.SecondsSpread(steadySecondsOf: report.timeline),
            unmatchedBoards: overall.unmatchedBoards,
            errors: overall.errors,
            errorTotal: overall.errorTotal,
            memory: .init(
                source: memory.source, startMB: megabytes(report.residentAtStart), peakMB: megabytes(report.peakResident),
                heldMB: megabytes(heldResident), afterCloseMB: megabytes(afterCloseResident),
                afterTeardownMB: megabytes(teardown.resident), matchesLoadedAfterTeardown: teardown.loaded,
                teardownSeconds: teardown.seconds.map { ($0 * 10).rounded() / 10 }
            ),
            ramp: report.steps,
            timeline: report.timeline,
            audience: audienceResult
        )
    }

    // MARK: - Matches and connections

    /// Creates the matches numbered `first` to `first + count - 1` of the run; their ids in that order
    /// (with `--sessions` each is created by its own first player, `BenchAccounts.players(ofMatch:)`).
    private func createMatches(_ count: Int, from first: Int, control: ControlClient) async throws -> [String] {
        let body = settings.request.body
        let accounts = settings.accounts
        return try await withThrowingTaskGroup(of: (Int, String).self) { group in
            var ids = [String](repeating: "", count: count)
            var started = 0
            func create(_ offset: Int) {
                let session = accounts?.players(ofMatch: first + offset).first.session
                group.addTask { (offset, try await control.createMatch(body: body, session: session)) }
            }
            while started < min(count, settings.createConcurrency) {
                create(started)
                started += 1
            }
            while let (offset, id) = try await group.next() {
                ids[offset] = id
                if started < count {
                    create(started)
                    started += 1
                }
            }
            return ids
        }
    }

    func sourceAddress(_ index: Int) throws -> SocketAddress? {
        guard !settings.sourceAddresses.isEmpty else { return nil }
        return try LoopbackAddress.resolve(settings.sourceAddresses[index % settings.sourceAddresses.count], allowName: false)
    }

    /// Opens every planned connection, at most --connect-concurrency handshakes at a time. Returns the
    /// failures by kind.
    func connectAll(_ plans: [ConnectionPlan]) async -> [String: Int] {
        await withTaskGroup(of: String?.self) { group in
            var failures: [String: Int] = [:]
            var next = 0
            while next < min(plans.count, settings.connectConcurrency) {
                let plan = plans[next]
                group.addTask { await connect(plan) }
                next += 1
            }
            while let outcome = await group.next() {
                if let failure = outcome { failures[failure, default: 0] += 1 }
                if next < plans.count {
                    let plan = plans[next]
                    group.addTask { await connect(plan) }
                    next += 1
                }
            }
            return failures
        }
    }

    /// Opens one WebSocket; nil when it upgraded, else the kind of failure.
    private func connect(_ plan: ConnectionPlan) async -> String? {
        let eventLoop = plan.loop.eventLoop
        let upgraded = eventLoop.makePromise(of: Void.self)
        let path = plan.path
        let hostHeader = plan.target.hostHeader
        let driver = plan.driver
        let role = plan.role
        let cookie = plan.cookie
        let tls = settings.tls
        var bootstrap = ClientBootstrap(group: eventLoop).connectTimeout(.seconds(10))
        if let source = plan.source {
            #if os(Linux)
                // IP_BIND_ADDRESS_NO_PORT (24): pick the port at connect time, per destination, so binding
                // a source address does not reserve one of the address's ephemeral ports for good.
                bootstrap = bootstrap.channelOption(.ipOption(.init(rawValue: 24)), value: 1)
            #endif
            bootstrap = bootstrap.bind(to: source)
        }
        bootstrap = bootstrap.channelInitializer { channel in
            channel.eventLoop.makeCompletedFuture {
                let driver = driver.value
                let session = BenchSession(role: role, driver: driver)
                // TLS first, so that everything after it reads and writes the plain WebSocket bytes.
                if let tls { try channel.pipeline.syncOperations.addHandler(try NIOSSLClientHandler(context: tls, serverHostname: nil)) }
                try channel.pipeline.syncOperations.addHandlers([
                    ChannelCountingHandler(loop: driver.loop),
                    WebSocketHandshakeHandler(
                        path: path, hostHeader: hostHeader, cookie: cookie, session: session, loop: driver.loop, upgraded: upgraded),
                ])
            }
        }
        do {
            _ = try await bootstrap.connect(to: plan.target.address).get()
            try await upgraded.futureResult.get()
            return nil
        } catch let failure as WebSocketHandshakeHandler.Failure {
            return failure.description
        } catch {
            upgraded.fail(error)
            return "connect:\(ErrorName.of(error))"
        }
    }

    // MARK: - Waiting

    private func sleep(_ seconds: Double, unless run: RunControl) async throws {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline, run.stopReason == nil {
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Polls the server's /metrics until no match is loaded (or --teardown-wait passes), waits --settle
    /// seconds, and samples the server's memory.
    private func waitForTeardown(control: ControlClient, memory: ServerMemoryProbe, since closedAt: ContinuousClock.Instant)
        async -> (resident: Int?, loaded: Double?, seconds: Double?)
    {
        let deadline = closedAt + .milliseconds(Int(settings.teardownWait * 1000))
        var loaded: Double?
        var unloadedAfter: Double?
        while ContinuousClock.now < deadline {
            loaded = await control.metrics().flatMap { PrometheusText.value(of: "tictactoe_matches_loaded", in: $0) }
            if loaded == 0 {
                unloadedAfter = (ContinuousClock.now - closedAt) / .seconds(1)
                break
            }
            try? await Task.sleep(for: .milliseconds(250))
        }
        Console.line(
            unloadedAfter.map { String(format: "server unloaded every match %.1f s after the connections closed", $0) }
                ?? "server still holds \(loaded.map { String(Int($0)) } ?? "an unknown number of") matches after --teardown-wait")
        try? await Task.sleep(for: .milliseconds(Int(settings.settle * 1000)))
        return (await memory.residentBytes(), loaded, unloadedAfter)
    }
}
