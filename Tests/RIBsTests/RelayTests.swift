import RIBs
import Testing

@Suite struct SubscriptionTests {
    @Test func test_cancel_runsOnCancelOnce() {
        var runs = 0
        let subscription = Subscription { runs += 1 }

        subscription.cancel()
        subscription.cancel()

        #expect(subscription.isCancelled)
        #expect(runs == 1)
    }

    @Test func test_bagCancelAll_cancelsEverythingHeldAndLaterInserts() {
        let bag = SubscriptionBag()
        let first = Subscription().cancelled(by: bag)
        let second = Subscription().cancelled(by: bag)
        #expect(bag.count == 2)

        bag.cancelAll()
        let late = Subscription().cancelled(by: bag)

        #expect(first.isCancelled)
        #expect(second.isCancelled)
        #expect(late.isCancelled)
        #expect(bag.isCancelled)
        #expect(bag.count == 0)
    }

    @Test func test_bagCount_ignoresSubscriptionsCancelledElsewhere() {
        let bag = SubscriptionBag()
        let first = Subscription().cancelled(by: bag)
        Subscription().cancelled(by: bag)

        first.cancel()

        #expect(bag.count == 1)
    }
}

@Suite struct PublishRelayTests {
    @Test func test_accept_deliversToSubscribersInSubscriptionOrder() {
        let relay = PublishRelay<Int>()
        var received: [String] = []
        let a = relay.asObservable().subscribe { received.append("a\($0)") }
        let b = relay.asObservable().subscribe { received.append("b\($0)") }
        let c = relay.asObservable().subscribe { received.append("c\($0)") }

        relay.accept(1)
        relay.accept(2)

        #expect(received == ["a1", "b1", "c1", "a2", "b2", "c2"])
        [a, b, c].forEach { $0.cancel() }
    }

    @Test func test_subscribe_doesNotReplayEarlierValues() {
        let relay = PublishRelay<Int>()
        relay.accept(1)
        var received: [Int] = []

        let subscription = relay.asObservable().subscribe { received.append($0) }
        relay.accept(2)

        #expect(received == [2])
        subscription.cancel()
    }

    @Test func test_cancel_stopsDeliveryAndRemovesObserver() {
        let relay = PublishRelay<Int>()
        var received: [Int] = []
        let subscription = relay.asObservable().subscribe { received.append($0) }
        #expect(relay.hasObservers)

        relay.accept(1)
        subscription.cancel()
        relay.accept(2)

        #expect(received == [1])
        #expect(!relay.hasObservers)
    }

    @Test func test_observerCancelledDuringDelivery_isSkipped() {
        let relay = PublishRelay<Int>()
        var received: [String] = []
        var second: Subscription?
        let first = relay.asObservable().subscribe { value in
            received.append("first\(value)")
            second?.cancel()
        }
        second = relay.asObservable().subscribe { received.append("second\($0)") }
        let third = relay.asObservable().subscribe { received.append("third\($0)") }

        relay.accept(1)
        relay.accept(2)

        #expect(received == ["first1", "third1", "first2", "third2"])
        first.cancel()
        third.cancel()
    }

    @Test func test_observerCancellingItselfDuringDelivery_getsNoMore() {
        let relay = PublishRelay<Int>()
        var received: [Int] = []
        var subscription: Subscription?
        subscription = relay.asObservable().subscribe { value in
            received.append(value)
            subscription?.cancel()
        }

        relay.accept(1)
        relay.accept(2)

        #expect(received == [1])
        #expect(!relay.hasObservers)
    }

    @Test func test_observerAddedDuringDelivery_getsOnlyLaterValues() {
        let relay = PublishRelay<Int>()
        var received: [String] = []
        var added: Subscription?
        let first = relay.asObservable().subscribe { value in
            received.append("first\(value)")
            if added == nil {
                added = relay.asObservable().subscribe { received.append("added\($0)") }
            }
        }

        relay.accept(1)
        relay.accept(2)

        #expect(received == ["first1", "first2", "added2"])
        first.cancel()
        added?.cancel()
    }

    @Test func test_reentrantAccept_deliversNestedValueInOrder() {
        let relay = PublishRelay<Int>()
        var received: [String] = []
        let a = relay.asObservable().subscribe { value in
            received.append("a\(value)")
            if value == 1 { relay.accept(2) }
        }
        let b = relay.asObservable().subscribe { received.append("b\($0)") }

        relay.accept(1)

        #expect(received == ["a1", "a2", "b2", "b1"])
        a.cancel()
        b.cancel()
    }
}

@Suite struct BehaviorRelayTests {
    @Test func test_subscribe_givesCurrentValueThenChanges() {
        let relay = BehaviorRelay(value: 0)
        var received: [Int] = []

        let subscription = relay.asObservable().subscribe { received.append($0) }
        relay.accept(1)
        relay.accept(2)

        #expect(received == [0, 1, 2])
        #expect(relay.value == 2)
        subscription.cancel()
    }

    @Test func test_lateSubscriber_getsOnlyLatestValue() {
        let relay = BehaviorRelay(value: 0)
        relay.accept(1)
        relay.accept(2)
        var received: [Int] = []

        let subscription = relay.asObservable().subscribe { received.append($0) }

        #expect(received == [2])
        subscription.cancel()
    }

    @Test func test_cancel_stopsDelivery() {
        let relay = BehaviorRelay(value: 0)
        var received: [Int] = []
        let subscription = relay.asObservable().subscribe { received.append($0) }

        subscription.cancel()
        relay.accept(1)

        #expect(received == [0])
    }

    @Test func test_accept_deliversInSubscriptionOrder() {
        let relay = BehaviorRelay(value: 0)
        var received: [String] = []
        let a = relay.asObservable().subscribe { received.append("a\($0)") }
        let b = relay.asObservable().subscribe { received.append("b\($0)") }

        relay.accept(1)

        #expect(received == ["a0", "b0", "a1", "b1"])
        a.cancel()
        b.cancel()
    }
}

@Suite struct ReplayRelayTests {
    @Test func test_subscribeBeforeAnyValue_getsNothingUntilAccept() {
        let relay = ReplayRelay<Int>()
        var received: [Int] = []

        let subscription = relay.asObservable().subscribe { received.append($0) }
        #expect(received.isEmpty)
        #expect(relay.latest == nil)

        relay.accept(1)
        #expect(received == [1])
        subscription.cancel()
    }

    @Test func test_lateSubscriber_getsLatestValueThenChanges() {
        let relay = ReplayRelay<Int>()
        relay.accept(1)
        relay.accept(2)
        var received: [Int] = []

        let subscription = relay.asObservable().subscribe { received.append($0) }
        relay.accept(3)

        #expect(received == [2, 3])
        #expect(relay.latest == 3)
        subscription.cancel()
    }

    @Test func test_reset_forgetsLatestSoLaterSubscribersWaitForNewValue() {
        let relay = ReplayRelay<String>()
        relay.accept("stale")
        relay.reset()
        var received: [String] = []

        let subscription = relay.asObservable().subscribe { received.append($0) }
        #expect(received.isEmpty)
        #expect(relay.latest == nil)

        relay.accept("fresh")
        #expect(received == ["fresh"])
        subscription.cancel()
    }

    @Test func test_reset_keepsExistingSubscribers() {
        let relay = ReplayRelay<Int>()
        var received: [Int] = []
        let subscription = relay.asObservable().subscribe { received.append($0) }
        relay.accept(1)

        relay.reset()
        relay.accept(2)

        #expect(received == [1, 2])
        subscription.cancel()
    }

    @Test func test_firstOnResetRelay_takesTheNewItemNotTheStaleOne() {
        // Tutorial 4's pitfall: after a logout and a new login, a waiting workflow must get the new item.
        let relay = ReplayRelay<String>()
        relay.accept("old login")
        relay.reset()
        var received: [String] = []

        let subscription = relay.asObservable().first().subscribe { received.append($0) }
        relay.accept("new login")
        relay.accept("newer login")

        #expect(received == ["new login"])
        #expect(relay.latest == "newer login")
        subscription.cancel()
    }
}
