import Logging
import MatchStore
import MatchWords

/// The audience of matches over several servers (`MatchAudiences`, docs/SCALING.md "An audience over
/// every server"): on a shared store a watch-only connection to a match this server does not host is
/// relayed (`RelayedMatch`), never loaded; the counts other servers relay reach the hosts here.
extension MatchRegistry {
    /// Checks an upgrade to match `id` before it is answered: a watch-only one on a shared store only
    /// needs the match to exist (loading it would take it over); any other loads it.
    package func admit(_ id: MatchID, watchesOnly: Bool) async throws(LookupError) {
        guard watchesOnly, store.relaysAudiences, await openHost(of: id) == nil else {
            _ = try await host(for: id)
            return
        }
        // Relayed here already: it exists (a crowd arriving costs one read of the store, not one each).
        if relays[id] != nil { return }
        let summary: StoredSummary?
        do {
            summary = try await store.summary(of: id)
        } catch {
            throw .unreadable(error)
        }
        guard summary != nil else { throw .notFound }
    }

    /// Adds a watch-only connection to the relay of match `id`, opening one when there is none. Nil when
    /// the match cannot be read (logged).
    nonisolated func relay(_ connection: Connection, to id: MatchID, logger: Logger) async -> (any MatchEndpoint)? {
        for _ in 0..<3 {
            let relay: RelayedMatch?
            do {
                relay = try await self.relay(for: id)
            } catch {
                logger.error("the match could not be read to relay it", metadata: ["error": "\(error)"])
                return nil
            }
            guard let relay else { break }
            if await relay.connect(connection) { return relay }
            await relayClosed(relay)
        }
        logger.notice("refused", metadata: ["reason": "match gone after the upgrade, closed 1013"])
        return nil
    }

    /// The relay of match `id`, opened from its stored log when there is none yet (a crowd arriving at
    /// once opens one). Nil when no such match is stored.
    private func relay(for id: MatchID) async throws -> RelayedMatch? {
        if let relay = relays[id] { return relay }
        if let opening = relaysOpening[id] { return try await opening.value }
        let store = store
        let settings = settings
        let logger = logger
        let opening = Task { [weak self] () -> RelayedMatch? in
            guard let records = try await store.records(of: id) else { return nil }
            // The match as its log tells it, until the host's own welcome arrives.
            let now = settings.clock.moment()
            var room = try MatchRoom(id: id, records: records, games: settings.games, rules: settings.roomRules, trackingTag: nil, at: now)
            let welcome = room.spectatorWelcome(at: now)
            room.tearDown()
            return RelayedMatch(id: id, welcome: welcome, store: store, metrics: settings.metrics, logger: logger) { [weak self] relay in
                await self?.relayClosed(relay)
            }
        }
        relaysOpening[id] = opening
        let result = await opening.result
        if relaysOpening[id] == opening { relaysOpening[id] = nil }
        let relay = try result.get()
        if let relay {
            // Another lookup of the same opening installed it already.
            if let installed = relays[id] { return installed }
            relays[id] = relay
            logger.info("relaying the match's audience from its host", metadata: ["match": "\(id)"])
        }
        return relay
    }

    /// Forgets a relay whose last spectator left.
    private func relayClosed(_ relay: RelayedMatch) {
        guard relays[relay.id] === relay else { return }
        relays[relay.id] = nil
    }

    private func relayOf(_ id: MatchID) -> RelayedMatch? { relays[id] }

    /// Hands what other servers tell to the relays and hosts here, for as long as the store runs.
    package nonisolated func serveAudiences() async {
        let store = store
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await frames in store.relayedFrames {
                    await self.relayOf(frames.match)?.heard(frames)
                }
            }
            group.addTask {
                for await count in store.audienceCounts {
                    await self.hostOf(count.match)?.audienceHeard(count)
                }
            }
        }
    }
}
