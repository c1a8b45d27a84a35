#if canImport(Glibc)
    import Glibc
#endif

/// Gives the heap memory that torn-down matches and closed connections freed back to the system.
///
/// glibc's malloc keeps freed memory in its arenas (one per thread that allocated, up to 8 per core)
/// and returns it to the system only from the top of each heap, so after thousands of connections
/// close the process's resident size stays at its peak. `malloc_trim(0)` walks every arena and
/// releases the free pages inside them too. It is called after idle matches expired, which is when a
/// wave of matches and their connections has ended (figures: docs/PERFORMANCE.md, item 4).
enum MemoryRelease {
    /// Returns free heap pages to the system (a no-op where malloc is not glibc's).
    static func returnFreedMemory() {
        #if canImport(Glibc)
            // malloc.h is not part of the Glibc module: look `malloc_trim` up in the process.
            typealias MallocTrim = @convention(c) (Int) -> Int32
            guard let symbol = dlsym(nil, "malloc_trim") else { return }
            _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
        #endif
    }
}

/// When to give memory back: at once when idle matches were expired, then every few seconds for a
/// while, because some of it is freed late (the store's caches are released on its own queues,
/// behind the work already there; a straggling connection closes after its close handshake).
struct MemoryReleaseSchedule {
    /// A minute: with 15 s, memory freed later than that after the last expiry stayed in the heap
    /// until the next wave of expiries (14 MB of it given back by a trim from gdb after one teardown,
    /// docs/PERFORMANCE.md measurement 5). Releases come with the expiry loop's ticks (every
    /// `idleTimeout / 4`, at most 30 s apart) and at least `spacing` apart: after the expiry's own,
    /// one or two more at the default idle timeout, about eleven with `--idle-timeout 5`. Each of
    /// those costs little: `malloc_trim` took 1.2–1.7 ms on the quiet heap after a teardown (15–17 ms
    /// for the first, at the expiry, which returns the most).
    static let standardWindow = Duration.seconds(60)

    /// How long after an expiry freed memory keeps arriving.
    let window: Duration
    /// The shortest time between two releases.
    var spacing: Duration = .seconds(5)
    private var releaseUntil: ContinuousClock.Instant?
    private var lastRelease: ContinuousClock.Instant?

    /// What a release does: the store's caches first, then the heap (the order matters only in that
    /// the heap's trim can return what the store freed before it).
    private let release: @Sendable () -> Void

    init(window: Duration = Self.standardWindow, release: @escaping @Sendable () -> Void) {
        self.window = window
        self.release = release
    }

    /// Called on every tick of the expiry loop with the number of matches it just expired.
    mutating func tick(expired: Int, now: ContinuousClock.Instant = .now) {
        if expired > 0 { releaseUntil = now + window }
        guard let releaseUntil, now <= releaseUntil else { return }
        if expired == 0, let lastRelease, now - lastRelease < spacing { return }
        lastRelease = now
        release()
    }
}
