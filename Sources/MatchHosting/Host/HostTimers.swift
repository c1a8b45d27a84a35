/// Every deadline of a match host, and the only place a host reads the clock or starts a task (beside
/// its mailbox loop, `HostMailbox`): the room and the host's other parts say what is due when
/// (`DeadlineChange`), and this runs one sleeping task per deadline on the server's `HostClock`, which
/// a test advances by hand.
///
/// Setting a deadline again replaces it; a deadline that fired after it was replaced or cancelled (its
/// task woke just before) is told apart by its generation and ignored (`fired`).
struct HostTimers {
    private let clock: HostClock
    private var running: [RoomDeadline: (generation: UInt64, task: Task<Void, Never>)] = [:]
    private var generations: UInt64 = 0
    /// Called on the task of a deadline that came due, with the deadline and its generation: it hands
    /// them to the host's actor.
    private let due: @Sendable (RoomDeadline, UInt64) async -> Void

    init(clock: HostClock, due: @escaping @Sendable (RoomDeadline, UInt64) async -> Void) {
        self.clock = clock
        self.due = due
    }

    /// Now, read once for one event (`Moment`).
    func now() -> Moment { clock.moment() }

    /// How long since `instant`, read now: for a figure that must include the work done since the event
    /// began (a broadcast's fan-out), not the event's own moment.
    func elapsed(since instant: HostClock.Instant) -> Duration { clock.now - instant }

    /// The clock itself, for the server-wide machinery a host hands deadlines to (the flag watch).
    var hostClock: HostClock { clock }

    /// Carries out `changes` in order.
    mutating func apply(_ changes: [DeadlineChange]) {
        for change in changes { apply(change) }
    }

    /// Carries out `change` (one the host asks for on every move, without an array to hold it).
    mutating func apply(_ change: DeadlineChange) {
        switch change {
        case .set(let deadline, let instant): set(deadline, at: instant)
        case .cancel(let deadline): cancel(deadline)
        }
    }

    /// `deadline` comes due at `instant`, replacing the one set before.
    mutating func set(_ deadline: RoomDeadline, at instant: HostClock.Instant) {
        running.removeValue(forKey: deadline)?.task.cancel()
        generations += 1
        let generation = generations
        let (clock, due) = (clock, due)
        let task = Task {
            do { try await clock.sleep(until: instant) } catch { return }
            await due(deadline, generation)
        }
        running[deadline] = (generation, task)
    }

    /// `deadline` comes due `delay` from now, replacing the one set before.
    mutating func set(_ deadline: RoomDeadline, after delay: Duration) {
        set(deadline, at: clock.now + delay)
    }

    mutating func cancel(_ deadline: RoomDeadline) {
        running.removeValue(forKey: deadline)?.task.cancel()
    }

    /// Whether `deadline` is set.
    func isSet(_ deadline: RoomDeadline) -> Bool { running[deadline] != nil }

    /// `deadline` of `generation` came due: true (and it is forgotten) when it is still the one set.
    mutating func fired(_ deadline: RoomDeadline, generation: UInt64) -> Bool {
        guard running[deadline]?.generation == generation else { return false }
        running[deadline] = nil
        return true
    }

    /// Cancels every deadline (the match is torn down).
    mutating func cancelAll() {
        running.values.forEach { $0.task.cancel() }
        running = [:]
    }

    /// What the server-wide flag watch calls once the running clock's deadline has passed: it hands the
    /// `.flag` deadline to the host, on a task of its own (the watch's must not wait for the actor).
    func flagCallback() -> @Sendable () -> Void {
        let due = due
        return { Task { await due(.flag, 0) } }
    }

    /// Runs `work` on a task of its own: the host's store writer and its reads of the relayed audience,
    /// which wait on the store rather than on the actor.
    func run(_ work: @escaping @Sendable () async -> Void) {
        Task { await work() }
    }
}
