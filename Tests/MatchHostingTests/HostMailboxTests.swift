import Testing

@testable import MatchHosting

struct HostMailboxTests {
    @Test func test_post_asksForADrainerOnlyOnce() {
        let mailbox = HostMailbox<String>()
        #expect(mailbox.post("a", from: 1))
        #expect(!mailbox.post("b", from: 2))
    }

    @Test func test_take_returnsEverythingPostedInOrder() {
        let mailbox = HostMailbox<String>()
        _ = mailbox.post("a", from: 1)
        _ = mailbox.post("b", from: 2)
        _ = mailbox.post("c", from: 1)
        let taken = mailbox.take()
        #expect(taken.map(\.item) == ["a", "b", "c"])
        #expect(taken.map(\.connectionID) == [1, 2, 1])
    }

    @Test func test_postWhileADrainerTakes_waitsForItsNextTake() {
        let mailbox = HostMailbox<String>()
        _ = mailbox.post("a", from: 1)
        _ = mailbox.take()
        #expect(!mailbox.post("b", from: 1))
        #expect(mailbox.take().map(\.item) == ["b"])
    }

    @Test func test_takeOfAnEmptyMailbox_endsTheDrain_soTheNextPostAsksAgain() {
        let mailbox = HostMailbox<String>()
        _ = mailbox.post("a", from: 1)
        _ = mailbox.take()
        #expect(mailbox.take().isEmpty)
        #expect(mailbox.post("b", from: 1))
    }

    @Test func test_postsFromManyTasks_askForOneDrainerAndKeepEachSendersOrder() async {
        let mailbox = HostMailbox<Int>()
        let asked = await withTaskGroup(of: Int.self) { group in
            for sender in 0..<8 {
                group.addTask { (0..<100).reduce(0) { count, index in count + (mailbox.post(index, from: UInt64(sender)) ? 1 : 0) } }
            }
            return await group.reduce(0, +)
        }
        #expect(asked == 1)
        let taken = mailbox.take()
        #expect(taken.count == 800)
        for sender in 0..<8 {
            #expect(taken.filter { $0.connectionID == UInt64(sender) }.map(\.item) == Array(0..<100))
        }
    }
}
