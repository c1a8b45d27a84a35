import MatchWords

/// The hosting requirements of `MatchStore` for a store that one process owns (memory, SQLite): that
/// process hosts every match, so loading is reading, nothing is ever taken over, the presence of a
/// match is only in the memory of the server that hosts it, and so is the pairing queue.
extension MatchOwnership where Self: MatchLogStore {
    public func load(_ id: MatchID) async throws -> [StoredRecord]? {
        try await records(of: id)
    }
}

extension MatchOwnership {
    public var lostMatches: AsyncStream<MatchID> {
        AsyncStream { $0.finish() }
    }

    public func release(_ id: MatchID) {}

    public func isLost(_ id: MatchID) -> Bool { false }

    public func publish(_ presence: LivePresence, of id: MatchID) {}

    public func presence(of ids: [MatchID]) async throws -> [MatchID: LivePresence] { [:] }
}

extension MatchAudiences {
    public var relaysAudiences: Bool { false }

    public func relay(_ spectators: Int, of id: MatchID, wantsWelcome: Bool) {}

    public var relayedFrames: AsyncStream<AudienceFrames> {
        AsyncStream { $0.finish() }
    }

    public func tell(_ frames: AudienceFrames) {}

    public var audienceCounts: AsyncStream<AudienceCount> {
        AsyncStream { $0.finish() }
    }

    public func audience(of id: MatchID) async throws -> [String: Int] { [:] }
}

extension PairingQueueSource {
    public func makePairingQueue(times: PairingQueueTimes, elapsed: @escaping @Sendable () -> Duration) -> any PairingQueue {
        InMemoryPairingQueue(times: times, elapsed: elapsed)
    }
}
