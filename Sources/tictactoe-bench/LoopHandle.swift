import NIOCore

/// One event loop of the bench with its `LoopContext`, reachable from async code.
struct LoopHandle: Sendable {
    let eventLoop: any EventLoop
    let context: NIOLoopBound<LoopContext>

    /// Runs `body` on the loop with its context and returns what it returns.
    func run<T: Sendable>(_ body: @escaping @Sendable (LoopContext) -> T) async throws -> T {
        let context = context
        return try await eventLoop.submit { body(context.value) }.get()
    }
}

/// What every loop holds right now, summed.
struct LoopTotals: Sendable {
    var sample = StatsSample()
    var openChannels = 0
    var sessions = 0
    var gamesInProgress = 0

    /// Sums the loops' state; `takingSamples` also takes (and resets) what they measured.
    static func gather(_ loops: [LoopHandle], takingSamples: Bool) async -> LoopTotals {
        var totals = LoopTotals()
        for loop in loops {
            guard
                let part = try? await loop.run({ context in
                    (
                        takingSamples ? context.takeSample() : StatsSample(), context.openChannels, context.sessionCount,
                        context.gamesInProgress
                    )
                })
            else { continue }
            totals.sample.add(part.0)
            totals.openChannels += part.1
            totals.sessions += part.2
            totals.gamesInProgress += part.3
        }
        return totals
    }
}
