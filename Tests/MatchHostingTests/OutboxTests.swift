import Testing

@testable import MatchHosting

struct OutboxTests {
    @Test func test_enqueue_numbersChangesFromOneUpByOne() {
        var outbox = Outbox<String>()
        #expect(outbox.enqueue("a", needsDurability: true) == 1)
        #expect(outbox.enqueue("b", needsDurability: false) == 2)
        #expect(outbox.enqueue("c", needsDurability: true) == 3)
    }

    @Test func test_releasable_handsBackChangesWithoutRecordsAtOnceInOrder() {
        var outbox = Outbox<String>()
        _ = outbox.enqueue("welcome", needsDurability: false)
        _ = outbox.enqueue("presence", needsDurability: false)
        #expect(outbox.releasable() == ["welcome", "presence"])
        #expect(outbox.isEmpty)
        #expect(outbox.releasable() == [])
    }

    @Test func test_releasable_holdsAChangeUntilItsRecordsAreDurable() {
        var outbox = Outbox<String>()
        let move = outbox.enqueue("move", needsDurability: true)
        #expect(outbox.releasable() == [])
        #expect(!outbox.isEmpty)
        outbox.markDurable(through: move)
        #expect(outbox.releasable() == ["move"])
    }

    @Test func test_releasable_holdsChangesWithoutRecordsBehindOneThatWaits() {
        var outbox = Outbox<String>()
        _ = outbox.enqueue("before", needsDurability: false)
        let move = outbox.enqueue("move", needsDurability: true)
        _ = outbox.enqueue("error", needsDurability: false)
        #expect(outbox.releasable() == ["before"])
        #expect(outbox.releasable() == [])
        outbox.markDurable(through: move)
        #expect(outbox.releasable() == ["move", "error"])
    }

    @Test func test_markDurable_releasesEveryChangeUpToTheSequenceAndStopsAtTheNextThatWaits() {
        var outbox = Outbox<String>()
        _ = outbox.enqueue("move 1", needsDurability: true)
        let second = outbox.enqueue("move 2", needsDurability: true)
        _ = outbox.enqueue("presence", needsDurability: false)
        _ = outbox.enqueue("move 3", needsDurability: true)
        outbox.markDurable(through: second)
        #expect(outbox.releasable() == ["move 1", "move 2", "presence"])
        #expect(!outbox.isEmpty)
    }

    @Test func test_markDurableThroughAnEarlierSequence_keepsTheLaterOne() {
        var outbox = Outbox<String>()
        _ = outbox.enqueue("move 1", needsDurability: true)
        let second = outbox.enqueue("move 2", needsDurability: true)
        outbox.markDurable(through: second)
        outbox.markDurable(through: 1)
        #expect(outbox.releasable() == ["move 1", "move 2"])
    }

    @Test func test_removeAll_dropsEveryWaitingChange() {
        var outbox = Outbox<String>()
        _ = outbox.enqueue("move", needsDurability: true)
        _ = outbox.enqueue("welcome", needsDurability: false)
        outbox.removeAll()
        #expect(outbox.isEmpty)
        outbox.markDurable(through: 2)
        #expect(outbox.releasable() == [])
    }
}
