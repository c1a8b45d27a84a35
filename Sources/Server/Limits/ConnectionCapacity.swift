import Foundation

/// How many connections the machine lets the server hold: one open file each after the server's own
/// descriptors, and no more than half the memory at the measured cost of a held connection. The
/// default of `--max-connections` (README "Options").
public struct ConnectionCapacity: Sendable, Equatable {
    /// The soft open-file limit (raised to the hard one at start: `OpenFileLimit.raiseToHard`).
    public let openFiles: Int
    /// The descriptors the server needs besides its connections.
    public let reserve: Int
    /// The memory the process may use: the machine's, or its container's limit when lower; nil when
    /// neither can be read.
    public let memoryBytes: UInt64?
    /// What one held connection costs: `bytesPerConnection`, or `bytesPerTLSConnection` over TLS.
    public let connectionBytes: UInt64

    /// What one held connection costs the server: about 14 KB of its heap (docs/PERFORMANCE.md, 19,960
    /// connections held in 271 MB more than an idle server).
    public static let bytesPerConnection: UInt64 = 14 * 1024
    /// The same over TLS: each connection keeps its TLS session and buffers, about 20 KB more (measured
    /// side by side, docs/PERFORMANCE.md measurement 6: 17.2 against 37.2 KB), rounded up.
    public static let bytesPerTLSConnection: UInt64 = 38 * 1024

    /// The descriptors the server holds besides its connections. Counted on a running server
    /// (`ls /proc/PID/fd`, docs/PERFORMANCE.md "Limits from the machine"): 3 standard streams, 3
    /// listeners at most (public, metrics, redirect), the SQLite pool's writer and readers (a database
    /// and a WAL file each, one shared memory file), the PostgreSQL pool's sockets, and 3 per event loop
    /// thread (epoll, eventfd, timerfd; one loop per core). 64 covers the fixed part with more than twice
    /// its measured count, for a backup's files and a certificate being read at SIGHUP.
    public static func reserve(cores: Int) -> Int { 64 + 3 * cores }

    public init(openFiles: Int, reserve: Int, memoryBytes: UInt64?, tls: Bool = false) {
        self.openFiles = openFiles
        self.reserve = reserve
        self.memoryBytes = memoryBytes
        connectionBytes = tls ? Self.bytesPerTLSConnection : Self.bytesPerConnection
    }

    /// This process on this machine, now, serving plain HTTP or TLS.
    public static func current(tls: Bool = false) -> ConnectionCapacity {
        ConnectionCapacity(
            openFiles: OpenFileLimit.current, reserve: reserve(cores: ProcessInfo.processInfo.activeProcessorCount),
            memoryBytes: MemoryLimit.bytes(), tls: tls)
    }

    /// The connections the open-file limit leaves room for (at least 1).
    public var byOpenFiles: Int { max(1, openFiles - reserve) }

    /// The connections half the memory holds; the other half is for the matches, the store's caches and
    /// the kernel's buffers of busy sockets. Nil when the memory is not known.
    public var byMemory: Int? {
        memoryBytes.map { Int(clamping: max(1, $0 / 2 / connectionBytes)) }
    }

    /// `--max-connections` when it is not given: the lower of the two.
    public var defaultMaxConnections: Int { min(byOpenFiles, byMemory ?? .max) }

    /// One line for the start-up log: the figure in force and where it comes from.
    func describe(maxConnections: Int) -> String {
        let memory = byMemory.map { "memory allows \($0) at \(connectionBytes / 1024) KB each" } ?? "memory unknown"
        return "holding up to \(maxConnections) connections (open files allow \(byOpenFiles): limit \(openFiles) less \(reserve) for the server's own; \(memory))"
    }
}

/// The memory this process may use.
enum MemoryLimit {
    /// The lower of the machine's memory and a cgroup's limit (a container's `--memory`), if any.
    static func bytes() -> UInt64? {
        let machine = ProcessInfo.processInfo.physicalMemory
        let limits = [machine > 0 ? machine : nil, cgroupLimit()].compactMap { $0 }
        return limits.min()
    }

    /// cgroup v2's `memory.max`, else v1's `memory.limit_in_bytes`; nil for "max" or no cgroup.
    private static func cgroupLimit() -> UInt64? {
        for path in ["/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"] {
            if let text = try? String(contentsOfFile: path, encoding: .utf8),
                let value = UInt64(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                return value
            }
        }
        return nil
    }
}
