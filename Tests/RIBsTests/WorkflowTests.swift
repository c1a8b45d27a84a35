import RIBs
import Testing

/// An actionable item that is an interactor, so that steps on it wait for it to be active.
private final class InteractorItem: Interactor {
    let name: String

    init(name: String) {
        self.name = name
        super.init()
    }
}

/// An actionable item that is no interactor: steps on it run at once.
private final class PlainItem {
    let name: String

    init(name: String) {
        self.name = name
    }
}

private final class RecordingWorkflow<Item>: Workflow<Item> {
    let log: EventLog
    private(set) var didCompleteCount = 0

    init(log: EventLog) {
        self.log = log
        super.init()
    }

    override func didComplete() {
        didCompleteCount += 1
        log.record("didComplete")
    }
}

@Suite struct WorkflowTests {
    @Test func test_subscribeWithInactiveInteractorItem_waitsUntilActivated() {
        let log = EventLog()
        let root = InteractorItem(name: "root")
        let workflow = RecordingWorkflow<InteractorItem>(log: log)
        workflow
            .onStep { item -> Observable<(PlainItem, Void)> in
                log.record("step1(\(item.name), active: \(item.isActive))")
                return .just((PlainItem(name: "next"), ()))
            }
            .commit()

        let subscription = workflow.subscribe(root)
        #expect(log.events.isEmpty)

        root.activate()

        #expect(log.events == ["step1(root, active: true)", "didComplete"])
        #expect(workflow.didCompleteCount == 1)
        subscription.cancel()
    }

    @Test func test_subscribeWithActiveInteractorItem_runsAtOnce() {
        let log = EventLog()
        let root = InteractorItem(name: "root")
        root.activate()
        let workflow = RecordingWorkflow<InteractorItem>(log: log)
        workflow
            .onStep { item -> Observable<(PlainItem, Void)> in
                log.record("step1(\(item.name))")
                return .just((PlainItem(name: "next"), ()))
            }
            .commit()

        workflow.subscribe(root)

        #expect(log.events == ["step1(root)", "didComplete"])
    }

    @Test func test_subscribeWithNonInteractorItem_proceedsAtOnce() {
        let log = EventLog()
        let workflow = RecordingWorkflow<PlainItem>(log: log)
        workflow
            .onStep { item -> Observable<(PlainItem, Int)> in
                log.record("step1(\(item.name))")
                return .just((PlainItem(name: "second"), 1))
            }
            .onStep { item, value -> Observable<(PlainItem, Void)> in
                log.record("step2(\(item.name), \(value))")
                return .just((item, ()))
            }
            .commit()

        workflow.subscribe(PlainItem(name: "root"))

        #expect(log.events == ["step1(root)", "step2(second, 1)", "didComplete"])
    }

    @Test func test_steps_runInOrderPassingItemsAndValuesAlong() {
        let log = EventLog()
        let workflow = RecordingWorkflow<PlainItem>(log: log)
        workflow
            .onStep { item -> Observable<(PlainItem, String)> in
                log.record("step1(\(item.name))")
                return .just((PlainItem(name: "b"), "x"))
            }
            .onStep { item, value -> Observable<(PlainItem, String)> in
                log.record("step2(\(item.name), \(value))")
                return .just((PlainItem(name: "c"), value + "y"))
            }
            .onStep { item, value -> Observable<(PlainItem, Void)> in
                log.record("step3(\(item.name), \(value))")
                return .just((item, ()))
            }
            .commit()

        workflow.subscribe(PlainItem(name: "a"))

        #expect(log.events == ["step1(a)", "step2(b, x)", "step3(c, xy)", "didComplete"])
    }

    @Test func test_step_takesOnlyTheFirstValue() {
        let log = EventLog()
        let values = PublishRelay<Int>()
        let workflow = RecordingWorkflow<PlainItem>(log: log)
        workflow
            .onStep { item -> Observable<(PlainItem, Int)> in
                values.asObservable().map { (item, $0) }
            }
            .onStep { item, value -> Observable<(PlainItem, Void)> in
                log.record("step2(\(value))")
                return .just((item, ()))
            }
            .commit()

        let subscription = workflow.subscribe(PlainItem(name: "root"))
        #expect(log.events.isEmpty)
        values.accept(1)
        values.accept(2)

        #expect(log.events == ["step2(1)", "didComplete"])
        #expect(workflow.didCompleteCount == 1)
        #expect(!values.hasObservers, "the step stopped listening after its first value")
        subscription.cancel()
    }

    @Test func test_stepReturningSeveralValuesSynchronously_takesTheFirstOnly() {
        let log = EventLog()
        let workflow = RecordingWorkflow<PlainItem>(log: log)
        let source = ProbeSource(values: [1, 2, 3])
        workflow
            .onStep { item -> Observable<(PlainItem, Int)> in
                source.observable.map { (item, $0) }
            }
            .onStep { item, value -> Observable<(PlainItem, Void)> in
                log.record("step2(\(value))")
                return .just((item, ()))
            }
            .commit()

        workflow.subscribe(PlainItem(name: "root"))

        #expect(log.events == ["step2(1)", "didComplete"])
        #expect(source.cancelCount == source.subscribeCount)
    }

    @Test func test_laterStepOnInactiveInteractor_waitsForThatInteractor() {
        let log = EventLog()
        let child = InteractorItem(name: "child")
        let workflow = RecordingWorkflow<PlainItem>(log: log)
        workflow
            .onStep { _ -> Observable<(InteractorItem, Void)> in
                log.record("step1")
                return .just((child, ()))
            }
            .onStep { item, _ -> Observable<(InteractorItem, Void)> in
                log.record("step2(\(item.name), active: \(item.isActive))")
                return .just((item, ()))
            }
            .commit()

        let subscription = workflow.subscribe(PlainItem(name: "root"))
        #expect(log.events == ["step1"])

        child.activate()
        child.deactivate()
        child.activate()

        #expect(log.events == ["step1", "step2(child, active: true)", "didComplete"])
        subscription.cancel()
    }

    @Test func test_cancelWhileStepWaits_stepNeverRunsEvenAfterItemActivates() {
        let log = EventLog()
        let root = InteractorItem(name: "root")
        let workflow = RecordingWorkflow<InteractorItem>(log: log)
        workflow
            .onStep { _ -> Observable<(PlainItem, Void)> in
                log.record("step1")
                return .just((PlainItem(name: "next"), ()))
            }
            .commit()
        let subscription = workflow.subscribe(root)

        subscription.cancel()
        root.activate()

        #expect(log.events.isEmpty)
        #expect(workflow.didCompleteCount == 0)
    }

    @Test func test_cancelWhileLaterStepWaits_laterStepNeverRuns() {
        let log = EventLog()
        let child = InteractorItem(name: "child")
        let workflow = RecordingWorkflow<PlainItem>(log: log)
        workflow
            .onStep { _ -> Observable<(InteractorItem, Void)> in
                log.record("step1")
                return .just((child, ()))
            }
            .onStep { item, _ -> Observable<(InteractorItem, Void)> in
                log.record("step2")
                return .just((item, ()))
            }
            .commit()
        let subscription = workflow.subscribe(PlainItem(name: "root"))

        subscription.cancel()
        child.activate()

        #expect(log.events == ["step1"])
        #expect(workflow.didCompleteCount == 0)
    }

    @Test func test_cancelWhileStepAwaitsItsValue_dropsTheValue() {
        let log = EventLog()
        let values = PublishRelay<Int>()
        let workflow = RecordingWorkflow<PlainItem>(log: log)
        workflow
            .onStep { item -> Observable<(PlainItem, Int)> in
                values.asObservable().map { (item, $0) }
            }
            .onStep { item, value -> Observable<(PlainItem, Void)> in
                log.record("step2(\(value))")
                return .just((item, ()))
            }
            .commit()
        let subscription = workflow.subscribe(PlainItem(name: "root"))

        subscription.cancel()
        values.accept(1)

        #expect(log.events.isEmpty)
        #expect(!values.hasObservers)
    }

    @Test func test_disposeOnDeactivate_cancelsWaitingWorkflowWhenOwnerDeactivates() {
        let log = EventLog()
        let owner = InteractorItem(name: "owner")
        owner.activate()
        let target = InteractorItem(name: "target")
        let workflow = RecordingWorkflow<InteractorItem>(log: log)
        workflow
            .onStep { item -> Observable<(PlainItem, Void)> in
                log.record("step1(\(item.name))")
                return .just((PlainItem(name: "next"), ()))
            }
            .commit()
        workflow.subscribe(target).disposeOnDeactivate(interactor: owner)

        owner.deactivate()
        target.activate()

        #expect(log.events.isEmpty)
    }

    @Test func test_workflowDroppedAfterSubscribe_stillRunsStepsAndCompletes() {
        // Tutorial 4 keeps no reference to its workflow: `LaunchGameWorkflow(url:).subscribe(self)`.
        let log = EventLog()
        let root = InteractorItem(name: "root")
        weak var weakWorkflow: RecordingWorkflow<InteractorItem>?
        let subscription: Subscription
        do {
            let workflow = RecordingWorkflow<InteractorItem>(log: log)
            weakWorkflow = workflow
            workflow
                .onStep { item -> Observable<(PlainItem, Void)> in
                    log.record("step1(\(item.name))")
                    return .just((PlainItem(name: "next"), ()))
                }
                .commit()
            subscription = workflow.subscribe(root)
        }

        root.activate()

        #expect(log.events == ["step1(root)", "didComplete"])
        #expect(weakWorkflow == nil, "nothing holds the workflow once it completed")
        subscription.cancel()
    }

    @Test func test_committedWorkflowNeverSubscribed_isDeallocated() {
        weak var weakWorkflow: RecordingWorkflow<PlainItem>?
        do {
            let workflow = RecordingWorkflow<PlainItem>(log: EventLog())
            weakWorkflow = workflow
            workflow
                .onStep { item -> Observable<(PlainItem, Void)> in .just((item, ())) }
                .commit()
        }

        #expect(weakWorkflow == nil)
    }

    @Test func test_cancelledWaitingWorkflow_isDeallocated() {
        let root = InteractorItem(name: "root")
        weak var weakWorkflow: RecordingWorkflow<InteractorItem>?
        do {
            let workflow = RecordingWorkflow<InteractorItem>(log: EventLog())
            weakWorkflow = workflow
            workflow
                .onStep { item -> Observable<(InteractorItem, Void)> in .just((item, ())) }
                .commit()
            workflow.subscribe(root).cancel()
        }

        #expect(weakWorkflow == nil)
        root.activate()
    }

    @Test func test_subscribeTwice_runsStepsOnce() {
        let log = EventLog()
        let workflow = RecordingWorkflow<PlainItem>(log: log)
        workflow
            .onStep { item -> Observable<(PlainItem, Void)> in
                log.record("step1(\(item.name))")
                return .just((item, ()))
            }
            .commit()

        workflow.subscribe(PlainItem(name: "first"))
        workflow.subscribe(PlainItem(name: "second"))

        #expect(log.events == ["step1(first)", "didComplete"])
    }
}
