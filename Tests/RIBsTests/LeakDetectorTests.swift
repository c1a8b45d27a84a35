import RIBs
import Testing

private final class TrackedObject {
    private var liveObjectToken: LiveObjectToken?

    init() {
        liveObjectToken = LiveObjectToken(self, kind: "Thing")
    }
}

private final class EmptyTestComponent: Component<EmptyComponent> {}

@Suite struct LeakDetectorTests {
    @Test func test_objectsCreatedUnderTag_areListedWhileAliveAndGoneAfterRelease() {
        let tag = "leak-\(#function)"
        var router: RecordingRouter?
        var component: EmptyTestComponent?
        var object: TrackedObject?
        LeakDetector.$trackingTag.withValue(tag) {
            router = makeRouter("root", log: EventLog())
            component = EmptyTestComponent(dependency: EmptyComponent())
            object = TrackedObject()
        }

        #expect(
            LeakDetector.liveObjects(tagged: tag) == [
                "Component: EmptyTestComponent",
                "Interactor: RecordingInteractor",
                "Router: RecordingRouter",
                "Thing: TrackedObject",
            ])

        router = nil
        #expect(LeakDetector.liveObjects(tagged: tag) == ["Component: EmptyTestComponent", "Thing: TrackedObject"])
        component = nil
        object = nil
        #expect(LeakDetector.liveObjects(tagged: tag).isEmpty)
        _ = (router, component, object)
    }

    @Test func test_objectsCreatedWithoutTag_areNotTracked() {
        let tag = "leak-\(#function)"
        #expect(LeakDetector.trackingTag == nil)

        let router = makeRouter("root", log: EventLog())
        let object = TrackedObject()

        #expect(LeakDetector.liveObjects(tagged: tag).isEmpty)
        withExtendedLifetime((router, object)) {}
    }

    @Test func test_tags_keepTheirObjectsApart() {
        let tagA = "leak-\(#function)-a"
        let tagB = "leak-\(#function)-b"

        let a = LeakDetector.$trackingTag.withValue(tagA) { TrackedObject() }
        let b = LeakDetector.$trackingTag.withValue(tagB) { makeRouter("b", log: EventLog()) }

        #expect(LeakDetector.liveObjects(tagged: tagA) == ["Thing: TrackedObject"])
        #expect(LeakDetector.liveObjects(tagged: tagB) == ["Interactor: RecordingInteractor", "Router: RecordingRouter"])
        withExtendedLifetime((a, b)) {}
    }

    @Test func test_detachedChild_isDeallocatedOnceParentDropsIt() {
        let log = EventLog()
        let parent = makeRouter("parent", log: log)
        parent.interactor.activate()
        parent.load()
        weak var weakRouter: RecordingRouter?
        weak var weakInteractor: RecordingInteractor?
        weak var weakGrandchild: RecordingRouter?
        do {
            let child = makeRouter("child", log: log)
            let grandchild = makeRouter("grandchild", log: log)
            child.childrenToAttachOnLoad = [grandchild]
            weakRouter = child
            weakInteractor = child.interactor
            weakGrandchild = grandchild
            parent.attachChild(child)
        }
        #expect(weakRouter != nil, "the parent holds its attached child")

        parent.detachChild(weakRouter!)

        #expect(weakRouter == nil)
        #expect(weakInteractor == nil)
        #expect(weakGrandchild == nil)
    }

    @Test func test_detachedChildWithSubscriptions_isDeallocated() {
        // The child observes its own lifecycle and activeness and binds work to its activeness,
        // as real RIBs do; none of it may keep the child alive after detach.
        let parent = makeRouter("parent", log: EventLog())
        parent.interactor.activate()
        parent.load()
        let parentEvents = PublishRelay<Int>()
        weak var weakRouter: RecordingRouter?
        weak var weakInteractor: RecordingInteractor?
        do {
            let child = makeRouter("child", log: EventLog())
            weakRouter = child
            weakInteractor = child.interactor
            parent.attachChild(child)
            let interactor = child.interactor
            parentEvents.asObservable()
                .subscribe { [weak interactor] _ in _ = interactor?.isActive }
                .disposeOnDeactivate(interactor: interactor)
            interactor.isActiveStream
                .subscribe { [weak interactor] _ in _ = interactor }
                .disposeOnDeactivate(interactor: interactor)
            child.lifecycle
                .subscribe { [weak child] _ in _ = child }
                .disposeOnDeactivate(interactor: interactor)
        }

        parent.detachChild(weakRouter!)

        #expect(weakRouter == nil)
        #expect(weakInteractor == nil)
        #expect(!parentEvents.hasObservers)
    }

    @Test func test_detachedTreeUnderTag_leavesNoLiveObjects() {
        let tag = "leak-\(#function)"
        let parent = makeRouter("parent", log: EventLog())
        parent.interactor.activate()
        parent.load()
        var child: Routing?
        LeakDetector.$trackingTag.withValue(tag) {
            let interactor = RecordingPresentableInteractor(presenter: TrackedPresenter(), log: EventLog())
            let router = ViewableRouter(interactor: interactor, viewController: TestView())
            parent.attachChild(router)
            child = router
        }
        #expect(
            LeakDetector.liveObjects(tagged: tag) == [
                "Interactor: RecordingPresentableInteractor",
                "Presenter: TrackedPresenter",
                "Router: ViewableRouter<RecordingPresentableInteractor, TestView>",
                "View: TestView",
            ])

        parent.detachChild(child!)
        child = nil

        #expect(LeakDetector.liveObjects(tagged: tag).isEmpty)
    }

    @Test func test_launchedTreeReleased_leavesNoLiveObjects() {
        let tag = "leak-\(#function)"
        let log = EventLog()
        var root: RecordingLaunchRouter?
        LeakDetector.$trackingTag.withValue(tag) {
            let interactor = RecordingPresentableInteractor(presenter: TrackedPresenter(), log: log)
            root = RecordingLaunchRouter(interactor: interactor, viewController: TestView(), log: log)
            root!.launch(from: RecordingWindow(log: log))
            root!.attachChild(makeRouter("child", log: log))
        }
        #expect(LeakDetector.liveObjects(tagged: tag).count == 6)

        root = nil

        #expect(LeakDetector.liveObjects(tagged: tag).isEmpty)
        #expect(log.events.suffix(2) == ["interactor.willResignActive", "child.willResignActive(isActive: true)"])
    }

    @Test func test_routerReleasedWhileActive_deactivatesItsInteractor() {
        let log = EventLog()
        let interactor = RecordingInteractor(name: "interactor", log: log)
        var router: RecordingRouter? = RecordingRouter(name: "router", interactor: interactor, log: log)
        interactor.activate()
        router!.load()

        router = nil

        #expect(!interactor.isActive)
        #expect(interactor.willResignActiveCount == 1)
        _ = router
    }
}
