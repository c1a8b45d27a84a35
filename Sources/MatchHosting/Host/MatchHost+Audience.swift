import MatchStore

/// The audience on other servers: the spectators each server relaying the match holds, counted in every
/// `presence`, and told every change (docs/SCALING.md, "An audience over every server").
extension MatchHost {
    /// A server says how many spectators of this match it relays.
    package func audienceHeard(_ count: AudienceCount) {
        guard !isClosed else { return }
        var counts = audience
        counts[count.server] = count.spectators > 0 ? count.spectators : nil
        audienceChanged(to: counts, welcome: count.wantsWelcome && count.spectators > 0)
    }

    /// Reads every server's count from the store, now and every `audienceCheckInterval` while some
    /// server relays the match: a server killed without saying so stops counting once it is taken for
    /// stopped. `welcomingFirst`: the relays get a welcome from this hosting once the counts are read.
    func checkAudience(welcomingFirst: Bool = false) {
        if welcomingFirst { audienceWelcomeOwed = true }
        guard !timers.isSet(.audienceCheck), audienceReads == 0 else { return }
        readAudience()
    }

    /// Reads the counts on a task of its own (the store answers), then carries on on the actor.
    func readAudience() {
        let welcoming = audienceWelcomeOwed
        audienceWelcomeOwed = false
        audienceReads += 1
        let (store, id) = (store, id)
        timers.run { [weak self] in
            let counts = try? await store.audience(of: id)
            await self?.audienceRead(counts, welcome: welcoming)
        }
    }

    /// The counts as the store has them (nil: it could not say, and they are read again at the next
    /// check, the welcome still owed); read again later while some server relays the match.
    private func audienceRead(_ counts: [String: Int]?, welcome: Bool) {
        audienceReads -= 1
        guard !isClosed else { return }
        guard let counts else {
            audienceWelcomeOwed = audienceWelcomeOwed || welcome
            timers.set(.audienceCheck, after: Self.audienceCheckInterval)
            return
        }
        let relaying = counts.filter { $0.value > 0 }
        // Set before the change is carried out, which would otherwise start another read at once.
        if !relaying.isEmpty { timers.set(.audienceCheck, after: Self.audienceCheckInterval) }
        audienceChanged(to: relaying, welcome: welcome)
    }

    private func audienceChanged(to counts: [String: Int], welcome: Bool) {
        let wasRelayed = !audience.isEmpty
        audience = counts
        let total = counts.values.reduce(0, +)
        if total != room.spectatorsElsewhere {
            room.spectatorsElsewhere = total
            presenceChanged()
        }
        if !audience.isEmpty, welcome || !wasRelayed {
            let now = timers.now()
            commit(MatchChange(welcomesAudience: true), at: now)
        }
        if !audience.isEmpty { checkAudience() }
    }
}
