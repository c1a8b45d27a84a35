import MatchStore
import MatchWords
import NIOCore
import WireProtocol

/// Write before tell: every change the room makes is committed here. Its records wait in
/// `PendingAppends` for the match's one writer loop, and the messages reporting it wait in the `Outbox`
/// until the store says the records are durable. Messages that report nothing new (a welcome, an error,
/// presence) wait behind earlier changes too, so every connection sees the versions in order.
///
/// The outbound path goes one way: delivering returns the connections that fell behind, and the host
/// commits their fresh welcomes once the deliveries are done; a delivered change says whether it starts
/// a clock.
extension MatchHost {
    /// Queues the messages of `change` behind the records that make it durable, and delivers what can be.
    func commit(_ change: MatchChange, at now: Moment) {
        enqueue(change, at: now)
        flush(at: now)
    }

    private func enqueue(_ change: MatchChange, at now: Moment) {
        if change.presenceChanged {
            presenceChanged()
            // Who is connected is told by the coalesced presence: nothing else to queue.
            if change.tellsOnlyPresence { return }
        }
        let endings = readForRatings(change.records)
        let summary = change.changesSummary ? room.summary : nil
        let tellsAudience = !audience.isEmpty && (!change.broadcasts.isEmpty || change.welcomesAudience)
        let outgoing = OutgoingChange(
            direct: change.direct, broadcasts: change.broadcasts,
            // Listing every connection costs O(n): only for a broadcast (a welcome goes to one).
            everyone: change.broadcasts.isEmpty ? [] : room.connections, summary: summary, committedAt: now.instant,
            restartsClock: change.restartsClock,
            audience: tellsAudience ? (id, hosting, room.spectatorWelcome(at: now), room.version) : nil, awaitsRatings: !endings.isEmpty)
        let sequence = commits.outbox.enqueue(outgoing, needsDurability: !change.records.isEmpty, awaitsRating: !endings.isEmpty)
        ratings.pending += endings.map { (sequence, $0) }
        if !change.records.isEmpty, commits.appends.add(sequence: sequence, records: change.records, summary: room.storedSummary) {
            timers.run { await self.writeUnwritten() }
        }
    }

    /// Returns once the writer has stored everything committed so far (at once when none runs).
    func writesDrained() async {
        if commits.appends.isWriting { await withCheckedContinuation { commits.drainWaiters.append($0) } }
    }

    /// The match's one writer: appends in order, so the store's FIFO per match holds; batches what
    /// piled up while the previous append was in flight.
    private func writeUnwritten() async {
        while let batch = commits.appends.nextBatch() {
            do {
                let started = timers.now()
                try await store.append(batch.records, summary: batch.summary, to: id, at: started.date)
                commits.appends.written(batch)
                settings.storageHealth.writeSucceeded()
                let now = timers.now()
                settings.metrics.storeWritten(took: now.instant - started.instant)
                commits.outbox.markDurable(through: batch.lastSequence)
                // A rated game's end is told with its ratings: stored after the ending, before the telling.
                if !ratings.pending.isEmpty { try await rateEndings(through: batch.lastSequence, endedAt: started.date) }
                flush(at: timers.now())
            } catch MatchStoreError.appendedElsewhere {
                // Not a storage failure: another server loaded the match, and only it may write now.
                logger.notice("another server took the match; closing its connections so that they reconnect there")
                handOver()
                break
            } catch {
                settings.storageHealth.writeFailed()
                logger.error(
                    "store append failed; closing the match so that nobody is told what was not stored", metadata: ["error": "\(error)"])
                fail()
                break
            }
        }
        commits.writerStopped()
    }

    /// Delivers, in order, every change whose records are durable; then commits a fresh welcome for each
    /// connection that fell behind meanwhile, and delivers again, until nothing is left to deliver.
    private func flush(at now: Moment) {
        while case let changes = commits.outbox.releasable(), !changes.isEmpty {
            var behind: [(Connection, Seat?)] = []
            for change in changes { deliver(change, at: now, behind: &behind) }
            for (connection, seat) in behind {
                let resync = room.resync(connection, seat: seat, at: now)
                perform(MatchChange(notes: resync.notes), at: now)
                enqueue(resync, at: now)
            }
        }
        if commits.outbox.isEmpty, !commits.ribTreeWaiters.isEmpty { commits.answerRIBTreeWaiters(with: room.ribTree) }
    }

    private func deliver(_ change: OutgoingChange, at now: Moment, behind: inout [(Connection, Seat?)]) {
        for delivery in change.deliveries {
            for connection in delivery.recipients {
                let resyncs = change.resynced.contains(connection.id)
                if case .awaitsSnapshot(let seat) = room.push(delivery.item, to: connection.id, resyncs: resyncs) {
                    behind.append((connection, seat))
                }
            }
        }
        if let summary = change.summary { publish(summary) }
        if let frames = change.audience { store.tell(frames) }
        // The player learns of the turn now: their clock runs from here.
        if change.restartsClock {
            watchClock(deadline: room.clockStarted(at: now))
            timers.apply(room.firstMoveDeadline)
        }
        // Read after the fan-out, as `tictactoe_broadcast_seconds` counts it (to queued on every connection).
        settings.metrics.broadcastQueued(took: timers.elapsed(since: change.committedAt))
    }

    /// Shows `summary` in the lobby, with the room's activity, and hands who is connected to the store.
    func publish(_ summary: MatchSummary) {
        let activity = room.activity
        let listed = room.isListed
        published.withLock { $0 = Published(summary: summary, activity: activity, listed: listed) }
        // Only when who is connected changed: most changes are moves, which change nobody's presence.
        let presence = LivePresence(summary, activity: activity)
        if presence != publishedPresence {
            publishedPresence = presence
            store.publish(presence, of: id)
        }
        settings.metrics.spectators(summary.spectators - room.spectatorsElsewhere, reported: &reportedSpectators)
    }
}
