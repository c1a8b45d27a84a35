import MatchStore

/// The audience on other servers: the spectators each server relaying the match holds, counted in every
/// `presence`, and told every change (docs/SCALING.md, "An audience over every server").
extension MatchHost {
    /// A server says how many spectators of this match it relays.
    package func audienceHeard(_ count: AudienceCount) {
        guard !isClosed else { return }
        audienceReads.heard(from: count.server)
        var counts = audience
        counts[count.server] = count.spectators > 0 ? count.spectators : nil
        audienceChanged(to: counts, welcome: count.wantsWelcome && count.spectators > 0)
    }

    /// Reads every server's count from the store, now and every `audienceCheckInterval` while some
    /// server relays the match: a server killed without saying so stops counting once it is taken for
    /// stopped. `welcomingFirst`: the relays get a welcome from this hosting once the counts are read.
    func checkAudience(welcomingFirst: Bool = false) {
        if welcomingFirst { audienceReads.welcomeOwed = true }
        guard !timers.isSet(.audienceCheck), audienceReads.inFlight == 0 else { return }
        readAudience()
    }

    /// Reads the counts on a task of its own (the store answers), then carries on on the actor.
    func readAudience() {
        let welcoming = audienceReads.welcomeOwed
        audienceReads.welcomeOwed = false
        let begun = audienceReads.begin()
        let (store, id) = (store, id)
        timers.run { [weak self] in
            let counts = try? await store.audience(of: id)
            await self?.audienceRead(counts, begun: begun, welcome: welcoming)
        }
    }

    /// The counts as the store has them (nil: it could not say, and they are read again at the next
    /// check, the welcome still owed); read again later while some server relays the match.
    private func audienceRead(_ counts: [String: Int]?, begun: AudienceReads.Begun, welcome: Bool) {
        audienceReads.inFlight -= 1
        guard !isClosed else { return }
        guard let counts else {
            audienceReads.welcomeOwed = audienceReads.welcomeOwed || welcome
            timers.set(.audienceCheck, after: Self.audienceCheckInterval)
            return
        }
        // A count heard while the read was in flight may have been committed after the read's snapshot:
        // what was heard stands for that server, else a relay heard at once (its welcome told) would be
        // forgotten, and told nothing more (issue 43).
        let relaying = audienceReads.counts(read: counts, begun: begun, heard: audience).filter { $0.value > 0 }
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

/// The reads of the relaying servers' counts a host makes (`MatchHost.readAudience`), beside the counts
/// it hears. A read's snapshot may be older than a count heard while the read was in flight (a server's
/// count committed, and its notification heard, after the read began): for that server the count heard
/// is the newer, and the read must not undo it.
struct AudienceReads {
    /// Where a read began among the counts heard.
    struct Begun {
        fileprivate let heardBefore: Int
    }

    /// Reads in flight.
    var inFlight = 0
    /// The next read is to welcome the relays.
    var welcomeOwed = false
    /// How many counts were heard, and the number of each server's last one.
    private var heardCount = 0
    private var lastHeard: [String: Int] = [:]

    mutating func begin() -> Begun {
        inFlight += 1
        return Begun(heardBefore: heardCount)
    }

    mutating func heard(from server: String) {
        heardCount += 1
        lastHeard[server] = heardCount
    }

    /// The counts a read begun at `begun` found, but as `heard` has them for each server heard since.
    func counts(read: [String: Int], begun: Begun, heard: [String: Int]) -> [String: Int] {
        var counts = read
        for (server, number) in lastHeard where number > begun.heardBefore { counts[server] = heard[server] }
        return counts
    }
}
