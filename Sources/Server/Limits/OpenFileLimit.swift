#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's open-file limit (`RLIMIT_NOFILE`), which caps the connections it can hold: one
/// descriptor each.
public enum OpenFileLimit {
    /// The soft limit now in force.
    public static var current: Int {
        var limit = rlimit()
        guard getrlimit(resourceNoFile, &limit) == 0 else { return 1024 }
        return clamp(limit.rlim_cur)
    }

    /// Raises the soft limit to the hard one, as Go's runtime does at start and nginx's
    /// `worker_rlimit_nofile` asks: the soft limit a shell leaves (1,024 on many systems) is there for
    /// programs that use `select()`, which this server does not. Safe to call more than once.
    /// - Returns: the soft limit before and after (the same when it could not be raised).
    @discardableResult
    public static func raiseToHard() -> (before: Int, after: Int) {
        var limit = rlimit()
        guard getrlimit(resourceNoFile, &limit) == 0 else { return (1024, 1024) }
        let before = clamp(limit.rlim_cur)
        guard limit.rlim_cur < limit.rlim_max else { return (before, before) }
        var raised = limit
        raised.rlim_cur = limit.rlim_max
        #if canImport(Darwin)
            // macOS refuses RLIM_INFINITY for this resource: its real ceiling is OPEN_MAX.
            raised.rlim_cur = min(limit.rlim_max, rlim_t(OPEN_MAX))
        #endif
        guard setrlimit(resourceNoFile, &raised) == 0 else { return (before, before) }
        return (before, current)
    }

    #if canImport(Glibc)
        private static let resourceNoFile = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
        private static let resourceNoFile = RLIMIT_NOFILE
    #endif

    /// RLIM_INFINITY and other huge values as a count that still adds up.
    private static func clamp(_ value: rlim_t) -> Int { value > rlim_t(Int32.max) ? Int(Int32.max) : Int(value) }
}
