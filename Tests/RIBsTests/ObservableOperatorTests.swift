import RIBs
import Testing

@Suite struct ObservableOperatorTests {
    @Test func test_just_sendsOneValueToEachSubscriber() {
        var received: [Int] = []
        let just = Observable.just(7)

        just.subscribe { received.append($0) }
        just.subscribe { received.append($0) }

        #expect(received == [7, 7])
    }

    @Test func test_never_sendsNothing() {
        var received: [Int] = []

        Observable<Int>.never.subscribe { received.append($0) }

        #expect(received.isEmpty)
    }

    @Test func test_mapFilterCompactMap_transformValues() {
        let relay = PublishRelay<Int>()
        var mapped: [String] = []
        var filtered: [Int] = []
        var compacted: [Int] = []
        let subscriptions = [
            relay.asObservable().map { "v\($0)" }.subscribe { mapped.append($0) },
            relay.asObservable().filter { $0 % 2 == 0 }.subscribe { filtered.append($0) },
            relay.asObservable().compactMap { $0 > 1 ? $0 * 10 : nil }.subscribe { compacted.append($0) },
        ]

        [1, 2, 3, 4].forEach(relay.accept)

        #expect(mapped == ["v1", "v2", "v3", "v4"])
        #expect(filtered == [2, 4])
        #expect(compacted == [20, 30, 40])
        subscriptions.forEach { $0.cancel() }
        #expect(!relay.hasObservers)
    }

    @Test func test_first_takesOnlyFirstValueAndCancelsUpstream() {
        let relay = PublishRelay<Int>()
        var received: [Int] = []

        let subscription = relay.asObservable().first().subscribe { received.append($0) }
        #expect(relay.hasObservers)
        relay.accept(1)
        relay.accept(2)

        #expect(received == [1])
        #expect(!relay.hasObservers)
        subscription.cancel()
    }

    @Test func test_firstWithSynchronouslyReplayingSource_cancelsUpstreamAtOnce() {
        let source = ProbeSource(values: [1, 2, 3])
        var received: [Int] = []

        let subscription = source.observable.first().subscribe { received.append($0) }

        #expect(received == [1])
        #expect(source.subscribeCount == 1)
        #expect(source.cancelCount == 1)
        subscription.cancel()
        #expect(source.cancelCount == 1)
    }

    @Test func test_firstOnBehaviorRelay_takesCurrentValueAndStopsListening() {
        let relay = BehaviorRelay(value: "current")
        var received: [String] = []

        let subscription = relay.asObservable().first().subscribe { received.append($0) }
        relay.accept("next")

        #expect(received == ["current"])
        subscription.cancel()
    }

    @Test func test_firstCancelledBeforeAnyValue_cancelsUpstream() {
        let relay = PublishRelay<Int>()
        var received: [Int] = []

        let subscription = relay.asObservable().first().subscribe { received.append($0) }
        subscription.cancel()
        relay.accept(1)

        #expect(received.isEmpty)
        #expect(!relay.hasObservers)
    }

    @Test func test_first_isColdAndServesEachSubscriber() {
        let relay = PublishRelay<Int>()
        let first = relay.asObservable().first()
        var a: [Int] = []
        var b: [Int] = []

        let sa = first.subscribe { a.append($0) }
        relay.accept(1)
        let sb = first.subscribe { b.append($0) }
        relay.accept(2)

        #expect(a == [1])
        #expect(b == [2])
        sa.cancel()
        sb.cancel()
    }

    @Test func test_flatMapLatest_switchesAndCancelsPreviousInnerStream() {
        let outer = PublishRelay<String>()
        let inners = ["a": PublishRelay<Int>(), "b": PublishRelay<Int>()]
        var received: [Int] = []
        let subscription = outer.asObservable()
            .flatMapLatest { inners[$0]!.asObservable() }
            .subscribe { received.append($0) }

        outer.accept("a")
        inners["a"]!.accept(1)
        outer.accept("b")
        inners["a"]!.accept(2)
        inners["b"]!.accept(3)

        #expect(received == [1, 3])
        #expect(!inners["a"]!.hasObservers)
        #expect(inners["b"]!.hasObservers)

        subscription.cancel()
        inners["b"]!.accept(4)
        outer.accept("a")

        #expect(received == [1, 3])
        #expect(!inners["b"]!.hasObservers)
        #expect(!inners["a"]!.hasObservers)
        #expect(!outer.hasObservers)
    }

    @Test func test_flatMapLatestWithReplayingInner_deliversItsValuesAtOnce() {
        let outer = PublishRelay<Int>()
        var received: [Int] = []
        let subscription = outer.asObservable()
            .flatMapLatest { Observable.just($0 * 10) }
            .subscribe { received.append($0) }

        outer.accept(1)
        outer.accept(2)

        #expect(received == [10, 20])
        subscription.cancel()
    }

    @Test func test_flatMapLatestThenFirst_withSynchronousSources_cancelsEverything() {
        let outer = ProbeSource(values: [1, 2])
        let inner = ProbeSource(values: ["x", "y"])
        var received: [String] = []

        let subscription = outer.observable
            .flatMapLatest { _ in inner.observable }
            .first()
            .subscribe { received.append($0) }

        #expect(received == ["x"])
        #expect(outer.cancelCount == outer.subscribeCount)
        #expect(inner.cancelCount == inner.subscribeCount)
        subscription.cancel()
    }

    @Test func test_flatMapLatestCancelledWhileInnerSubscribes_cancelsThatInner() {
        // `first()` downstream cancels as soon as the replaying inner sends, before its subscribe returns.
        let outer = PublishRelay<Int>()
        let inner = ProbeSource(values: ["x", "y"])
        var received: [String] = []
        let subscription = outer.asObservable()
            .flatMapLatest { _ in inner.observable }
            .first()
            .subscribe { received.append($0) }

        outer.accept(1)

        #expect(received == ["x"])
        #expect(inner.subscribeCount == 1)
        #expect(inner.cancelCount == 1)
        #expect(!outer.hasObservers)
        subscription.cancel()
    }

    @Test func test_flatMapLatestWhenInnerMakesOuterEmit_keepsOnlyTheLatestInner() {
        // An inner stream that, while being subscribed, makes the outer stream send a new value.
        let outer = PublishRelay<Int>()
        let inners = [PublishRelay<Int>(), PublishRelay<Int>()]
        var received: [Int] = []
        let subscription = outer.asObservable()
            .flatMapLatest { index in
                Observable<Int> { onNext in
                    let inner = inners[index].asObservable().subscribe(onNext)
                    if index == 0 { outer.accept(1) }
                    return inner
                }
            }
            .subscribe { received.append($0) }

        outer.accept(0)
        inners[0].accept(100)
        inners[1].accept(200)

        #expect(received == [200])
        #expect(!inners[0].hasObservers)
        #expect(inners[1].hasObservers)
        subscription.cancel()
        #expect(!inners[1].hasObservers)
    }

    @Test func test_distinctUntilChanged_dropsConsecutiveDuplicatesOnly() {
        let relay = PublishRelay<Int>()
        var received: [Int] = []

        let subscription = relay.asObservable().distinctUntilChanged().subscribe { received.append($0) }
        [1, 1, 2, 2, 2, 1, 3, 3].forEach(relay.accept)

        #expect(received == [1, 2, 1, 3])
        subscription.cancel()
    }

    @Test func test_distinctUntilChanged_keepsStatePerSubscriber() {
        let relay = BehaviorRelay(value: 1)
        let distinct = relay.asObservable().distinctUntilChanged()
        var a: [Int] = []
        var b: [Int] = []

        let sa = distinct.subscribe { a.append($0) }
        relay.accept(1)
        let sb = distinct.subscribe { b.append($0) }
        relay.accept(2)

        #expect(a == [1, 2])
        #expect(b == [1, 2])
        sa.cancel()
        sb.cancel()
    }

    @Test func test_relayObservable_outlivingItsRelay_sendsNothing() {
        var relay: PublishRelay<Int>? = PublishRelay<Int>()
        let observable = relay!.asObservable()
        weak let weakRelay = relay
        relay = nil
        var received: [Int] = []

        let subscription = observable.subscribe { received.append($0) }

        #expect(weakRelay == nil)
        #expect(received.isEmpty)
        subscription.cancel()
    }
}
