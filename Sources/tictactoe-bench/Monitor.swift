import Foundation
import Histogram
import MatchWords

/// Samples every loop once a second (and once more when the run stops or finishes): prints the
/// progress line, keeps the timeline, the whole-run and steady-window totals, the ramp steps'
/// figures and the server's memory, and stops the run when --duration has passed or one second's
/// p99 passes --max-p99-ms.
final class Monitor {
    /// The timeline's `phase` of a second of steady play (what the run's rates and latencies cover).
    static let steadyLabel = "steady"

    struct Report: Sendable {
        var overall: StatsSample
        var steady: StatsSample
        var steadySeconds: Double
        var lowestSecondMoveRate: Double?
        var timeline: [BenchResult.Second]
        var steps: [BenchResult.Step]
        var peakOpen: Int
        var residentAtStart: Int?
        var peakResident: Int?
        /// CPU-seconds the server used during steady play (from /proc, with --server-pid).
        var serverCPUSteady: Double?
    }

    private enum Phase {
        case connecting
        case warmup(until: ContinuousClock.Instant)
        case steady
        case stopped
    }

    private let loops: [LoopHandle]
    private let settings: BenchSettings
    private let control: RunControl
    private let memory: ServerMemoryProbe
    private let cpu: ServerCPUProbe
    private let startedAt: ContinuousClock.Instant
    /// With `--audience`: opened and closed with the steady window.
    private let audienceWindow: AudienceWindow?

    private var phase = Phase.connecting
    private var overall = StatsSample()
    private var steady = StatsSample()
    private var steadySeconds = 0.0
    private var steadyRates: [Double] = []
    private var timeline: [BenchResult.Second] = []
    private var stepSamples: [StatsSample] = []
    private var stepSeconds: [Double] = []
    private var peakOpen = 0
    private var residentAtStart: Int?
    private var peakResident: Int?
    private var connectedTotal = 0
    private var welcomedTotal = 0
    private var serverCPUAtSteadyStart: Double?
    private var serverCPUSteady: Double?

    init(
        loops: [LoopHandle], settings: BenchSettings, control: RunControl, memory: ServerMemoryProbe, residentAtStart: Int?,
        audienceWindow: AudienceWindow? = nil
    ) {
        self.audienceWindow = audienceWindow
        self.loops = loops
        self.settings = settings
        self.control = control
        self.memory = memory
        cpu = ServerCPUProbe(pid: settings.serverPID)
        self.residentAtStart = residentAtStart
        peakResident = residentAtStart
        startedAt = .now
    }

    func run() async -> Report {
        var lastTick = ContinuousClock.now
        var sawStop = false
        while true {
            let finished = control.isFinished
            let stopNow = control.stopReason != nil && !sawStop
            let due = ContinuousClock.now - lastTick >= .seconds(1)
            if due || stopNow || finished {
                sawStop = sawStop || stopNow
                let now = ContinuousClock.now
                await tick(seconds: (now - lastTick) / .seconds(1), stopping: control.stopReason != nil)
                lastTick = now
                if finished { break }
            }
            try? await Task.sleep(for: .milliseconds(50))
        }
        let steps = zip(control.steps, zip(stepSamples, stepSeconds)).map { step, measured in
            BenchResult.Step(
                matches: step.matches, connections: step.connections, seconds: measured.1,
                movesPerSecond: measured.1 > 0 ? Double(measured.0.moves) / measured.1 : 0,
                opponentLatencyMs: LatencySummary(measured.0.opponentLatency),
                spectatorLatencyMs: LatencySummary(measured.0.spectatorLatency),
                errors: measured.0.errorTotal
            )
        }
        return Report(
            overall: overall, steady: steady, steadySeconds: steadySeconds, lowestSecondMoveRate: steadyRates.min(),
            timeline: timeline, steps: steps, peakOpen: peakOpen, residentAtStart: residentAtStart, peakResident: peakResident,
            serverCPUSteady: serverCPUSteady
        )
    }

    private func tick(seconds: Double, stopping: Bool) async {
        let totals = await LoopTotals.gather(loops, takingSamples: true)
        let sample = totals.sample
        let resident = await memory.residentBytes()
        if let resident { peakResident = max(peakResident ?? 0, resident) }
        peakOpen = max(peakOpen, totals.openChannels)
        connectedTotal += sample.connected
        welcomedTotal += sample.welcomed
        overall.add(sample)

        // Ramp steps: a step's figures are those measured after its connections were open.
        let stepsDone = control.steps.count
        while stepSamples.count < stepsDone {
            stepSamples.append(StatsSample())
            stepSeconds.append(0)
        }
        if stepsDone > 0, !isStopped {
            stepSamples[stepsDone - 1].add(sample)
            stepSeconds[stepsDone - 1] += seconds
        }

        let label: String
        switch phase {
        case .connecting:
            label = "connecting"
        case .warmup:
            label = "warm-up"
        case .steady:
            steady.add(sample)
            steadySeconds += seconds
            if seconds >= 0.9 { steadyRates.append(Double(sample.moves) / seconds) }
            label = Self.steadyLabel
        case .stopped:
            label = "stopping"
        }

        let opponent = LatencySummary(sample.opponentLatency)
        let spectator = LatencySummary(sample.spectatorLatency)
        let row = BenchResult.Second(
            t: ((ContinuousClock.now - startedAt) / .seconds(1) * 10).rounded() / 10,
            phase: label,
            open: totals.openChannels,
            welcomed: welcomedTotal,
            gamesFinished: sample.gamesFinishedTotal,
            moves: sample.moves,
            movesPerSecond: seconds > 0 ? Double(sample.moves) / seconds : 0,
            opponentP50Ms: opponent.p50, opponentP99Ms: opponent.p99, spectatorP99Ms: spectator.p99,
            errors: sample.errorTotal,
            serverResidentMB: resident.map { Double($0) / 1_048_576 }
        )
        timeline.append(row)
        if settings.printsProgress { Console.line(Self.progressLine(row, overall: overall)) }

        // Phase changes and stop conditions.
        if let bound = settings.maxP99Milliseconds, opponent.count > 0, opponent.p99 > bound {
            control.stop(
                String(
                    format: "p99 move-to-opponent latency %.2f ms passed --max-p99-ms %.2f with %d connections open", opponent.p99, bound,
                    totals.openChannels))
        }
        switch phase {
        case .connecting where control.isConnectPhaseDone:
            phase = settings.warmup > 0 ? .warmup(until: .now + .milliseconds(Int(settings.warmup * 1000))) : .steady
            if settings.warmup <= 0 {
                serverCPUAtSteadyStart = cpu.cpuSeconds()
                audienceWindow?.begin()
            }
        case .warmup(let until) where ContinuousClock.now >= until:
            phase = .steady
            serverCPUAtSteadyStart = cpu.cpuSeconds()
            audienceWindow?.begin()
        case .steady:
            if let duration = settings.duration, steadySeconds >= duration - 0.05 {
                control.stop("--duration \(Self.format(duration)) s reached")
            }
        default:
            break
        }
        if stopping, !isStopped {
            if case .steady = phase, let start = serverCPUAtSteadyStart, let end = cpu.cpuSeconds() { serverCPUSteady = end - start }
            audienceWindow?.end()
            phase = .stopped
            control.steadyEnded()
        }
    }

    private var isStopped: Bool {
        if case .stopped = phase { true } else { false }
    }

    private static func progressLine(_ row: BenchResult.Second, overall: StatsSample) -> String {
        var line = String(
            format:
                "[%6.1fs] %@ open %6d  welcomed %6d  games %8d  moves/s %8.0f  opp p50 %6.2f p99 %7.2f ms  spec p99 %7.2f ms  errors %d",
            row.t, row.phase.padding(toLength: 10, withPad: " ", startingAt: 0) as NSString, row.open, row.welcomed,
            overall.gamesFinishedTotal, row.movesPerSecond,
            row.opponentP50Ms, row.opponentP99Ms, row.spectatorP99Ms, overall.errorTotal)
        if let resident = row.serverResidentMB { line += String(format: "  server rss %.1f MB", resident) }
        if overall.audience.frames > 0 {
            let audience = overall.audience
            line += "  audience frames \(audience.frames) lost \(audience.lost) skips \(audience.freshWelcomes)"
        }
        return line
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
