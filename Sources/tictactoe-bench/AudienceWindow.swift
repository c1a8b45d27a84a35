import Foundation
import NIOCore
import Synchronization

/// The measured window of an audience run: when steady play began and ended (CLOCK_MONOTONIC) and
/// the CPU every process had used by then. The monitor opens and closes it with its steady window.
final class AudienceWindow: Sendable {
    private struct State {
        var start: UInt64?
        var end: UInt64?
        var cpuAtStart: [(user: Double, system: Double)?] = []
        var cpuAtEnd: [(user: Double, system: Double)?] = []
    }

    /// The servers' pids, then the bench's own.
    let pids: [Int32]
    private let state = Mutex(State())

    init(serverPIDs: [Int32]) {
        pids = serverPIDs + [ProcessProbe.ownPID]
    }

    private func cpu() -> [(user: Double, system: Double)?] { pids.map { ServerCPUProbe(pid: $0).times() } }

    func begin() {
        let cpu = cpu()
        state.withLock { state in
            guard state.start == nil else { return }
            state.start = NIODeadline.now().uptimeNanoseconds
            state.cpuAtStart = cpu
        }
    }

    func end() {
        let cpu = cpu()
        state.withLock { state in
            guard state.start != nil, state.end == nil else { return }
            state.end = NIODeadline.now().uptimeNanoseconds
            state.cpuAtEnd = cpu
        }
    }

    /// Start and end (nil before `begin`; `end` is now if the window was not closed).
    var bounds: (start: UInt64, end: UInt64)? {
        state.withLock { state in state.start.map { ($0, state.end ?? NIODeadline.now().uptimeNanoseconds) } }
    }

    /// Each process's CPU over the window, in percent of one core.
    func cpuFigures() -> [AudienceResult.ProcessCPU] {
        state.withLock { state in
            guard let start = state.start, let end = state.end else { return [] }
            let seconds = Double(end - start) / 1e9
            return pids.indices.compactMap { index in
                guard index < state.cpuAtStart.count, index < state.cpuAtEnd.count, let a = state.cpuAtStart[index],
                    let b = state.cpuAtEnd[index]
                else { return nil }
                let isBench = index == pids.count - 1
                let used = b.user + b.system - a.user - a.system
                return .init(
                    process: isBench ? "bench \(pids[index])" : "server \(pids[index])", cpuSeconds: (used * 100).rounded() / 100,
                    userSeconds: ((b.user - a.user) * 100).rounded() / 100, systemSeconds: ((b.system - a.system) * 100).rounded() / 100,
                    percentOfCore: seconds > 0 ? (used / seconds * 1000).rounded() / 10 : 0)
            }
        }
    }
}
