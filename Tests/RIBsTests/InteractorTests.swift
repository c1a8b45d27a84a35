import RIBs
import Testing

@Suite struct InteractorTests {
    @Test func test_init_isInactive() {
        let interactor = RecordingInteractor()

        #expect(!interactor.isActive)
        #expect(interactor.didBecomeActiveCount == 0)
        #expect(interactor.willResignActiveCount == 0)
    }

    @Test func test_activate_becomesActiveAndCallsDidBecomeActiveAfterIsActiveIsTrue() {
        let log = EventLog()
        let interactor = RecordingInteractor(log: log)

        interactor.activate()

        #expect(interactor.isActive)
        #expect(log.events == ["interactor.didBecomeActive(isActive: true)"])
    }

    @Test func test_activateTwice_callsDidBecomeActiveOnce() {
        let interactor = RecordingInteractor()

        interactor.activate()
        interactor.activate()

        #expect(interactor.isActive)
        #expect(interactor.didBecomeActiveCount == 1)
    }

    @Test func test_deactivate_callsWillResignActiveWhileStillActiveThenBecomesInactive() {
        let log = EventLog()
        let interactor = RecordingInteractor(log: log)
        interactor.activate()
        log.clear()

        interactor.deactivate()

        #expect(!interactor.isActive)
        #expect(log.events == ["interactor.willResignActive(isActive: true)"])
    }

    @Test func test_deactivateTwice_callsWillResignActiveOnce() {
        let interactor = RecordingInteractor()
        interactor.activate()

        interactor.deactivate()
        interactor.deactivate()

        #expect(!interactor.isActive)
        #expect(interactor.willResignActiveCount == 1)
    }

    @Test func test_deactivateWhenNeverActivated_doesNothing() {
        let interactor = RecordingInteractor()

        interactor.deactivate()

        #expect(!interactor.isActive)
        #expect(interactor.willResignActiveCount == 0)
    }

    @Test func test_activateDeactivateCycles_callEachCallbackOncePerCycleInOrder() {
        let log = EventLog()
        let interactor = RecordingInteractor(log: log)

        interactor.activate()
        interactor.deactivate()
        interactor.activate()
        interactor.deactivate()

        #expect(
            log.events == [
                "interactor.didBecomeActive(isActive: true)",
                "interactor.willResignActive(isActive: true)",
                "interactor.didBecomeActive(isActive: true)",
                "interactor.willResignActive(isActive: true)",
            ])
    }

    @Test func test_isActiveStream_givesCurrentValueToNewSubscriberThenChanges() {
        let interactor = RecordingInteractor()
        var received: [Bool] = []

        let subscription = interactor.isActiveStream.subscribe { received.append($0) }
        #expect(received == [false])

        interactor.activate()
        interactor.activate()
        interactor.deactivate()
        #expect(received == [false, true, false])

        subscription.cancel()
        interactor.activate()
        #expect(received == [false, true, false])
    }

    @Test func test_isActiveStreamSubscribedWhileActive_givesTrueFirst() {
        let interactor = RecordingInteractor()
        interactor.activate()
        var received: [Bool] = []

        let subscription = interactor.isActiveStream.subscribe { received.append($0) }
        interactor.deactivate()

        #expect(received == [true, false])
        subscription.cancel()
    }

    @Test func test_isActiveStream_sendsTrueBeforeDidBecomeActiveAndFalseAfterWillResignActive() {
        let log = EventLog()
        let interactor = RecordingInteractor(log: log)
        let subscription = interactor.isActiveStream.subscribe { log.record("stream(\($0))") }
        log.clear()

        interactor.activate()
        interactor.deactivate()

        #expect(
            log.events == [
                "stream(true)",
                "interactor.didBecomeActive(isActive: true)",
                "interactor.willResignActive(isActive: true)",
                "stream(false)",
            ])
        subscription.cancel()
    }

    @Test func test_disposeOnDeactivate_cancelsOnDeactivate() {
        let interactor = RecordingInteractor()
        interactor.activate()
        let relay = PublishRelay<Int>()
        var received: [Int] = []

        let subscription = relay.asObservable()
            .subscribe { received.append($0) }
            .disposeOnDeactivate(interactor: interactor)
        relay.accept(1)
        #expect(!subscription.isCancelled)

        interactor.deactivate()
        relay.accept(2)

        #expect(subscription.isCancelled)
        #expect(!relay.hasObservers)
        #expect(received == [1])
    }

    @Test func test_disposeOnDeactivateWhileInactive_cancelsAtOnce() {
        let interactor = RecordingInteractor()
        let relay = PublishRelay<Int>()
        var received: [Int] = []

        let subscription = relay.asObservable()
            .subscribe { received.append($0) }
            .disposeOnDeactivate(interactor: interactor)
        relay.accept(1)

        #expect(subscription.isCancelled)
        #expect(!relay.hasObservers)
        #expect(received.isEmpty)
    }

    @Test func test_disposeOnDeactivateAfterDeactivate_cancelsAtOnce() {
        let interactor = RecordingInteractor()
        interactor.activate()
        interactor.deactivate()

        let subscription = Subscription().disposeOnDeactivate(interactor: interactor)

        #expect(subscription.isCancelled)
    }

    @Test func test_reactivate_bindsNewWorkToTheNewActivenessOnly() {
        let interactor = RecordingInteractor()
        interactor.activate()
        let first = Subscription().disposeOnDeactivate(interactor: interactor)
        interactor.deactivate()
        interactor.activate()

        let second = Subscription().disposeOnDeactivate(interactor: interactor)

        #expect(first.isCancelled)
        #expect(!second.isCancelled)
        interactor.deactivate()
        #expect(second.isCancelled)
    }

    @Test func test_disposeOnDeactivate_cancelsAfterWillResignActive() {
        let log = EventLog()
        let interactor = RecordingInteractor(log: log)
        interactor.activate()
        Subscription { log.record("cancelled") }.disposeOnDeactivate(interactor: interactor)
        log.clear()

        interactor.deactivate()

        #expect(log.events == ["interactor.willResignActive(isActive: true)", "cancelled"])
    }

    @Test func test_presentableInteractor_keepsItsPresenter() {
        let presenter = TrackedPresenter()
        let interactor = PresentableInteractor(presenter: presenter)

        #expect(interactor.presenter === presenter)
        #expect(!interactor.isActive)
    }
}
