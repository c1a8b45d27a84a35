import Foundation

/// Reads the CPU time the server process has used (user + system, all threads) from
/// `/proc/PID/stat`, so that a run can report the server's CPU per move over its steady window
/// rather than the bench's own or the whole run's.
struct ServerCPUProbe: Sendable {
    let pid: Int32?

    /// Seconds of CPU the server has used so far, or nil without a pid or a readable `/proc`.
    func cpuSeconds() -> Double? {
        times().map { $0.user + $0.system }
    }

    /// Seconds of CPU used so far in user space and in the kernel, apart.
    func times() -> (user: Double, system: Double)? {
        guard let pid, let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return nil }
        // The command name (field 2) may hold spaces: the fields after it start past its closing ')'.
        guard let end = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        // After ')' come state (3), ppid (4) … utime (14), stime (15): indices 11 and 12 here.
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        return (user / ticks, system / ticks)
    }
}
