import RIBs

/// An ordered record of what happened, shared by the test doubles of one test.
final class EventLog {
    private(set) var events: [String] = []

    func record(_ event: String) {
        events.append(event)
    }

    func clear() {
        events = []
    }
}

/// An interactor that records its lifecycle, and its activeness as seen from inside the callbacks.
class RecordingInteractor: Interactor {
    let name: String
    let log: EventLog
    private(set) var didBecomeActiveCount = 0
    private(set) var willResignActiveCount = 0

    init(name: String = "interactor", log: EventLog = EventLog()) {
        self.name = name
        self.log = log
        super.init()
    }

    override func didBecomeActive() {
        super.didBecomeActive()
        didBecomeActiveCount += 1
        log.record("\(name).didBecomeActive(isActive: \(isActive))")
    }

    override func willResignActive() {
        super.willResignActive()
        willResignActiveCount += 1
        log.record("\(name).willResignActive(isActive: \(isActive))")
    }
}

/// A router that records `didLoad`, and can attach children when it loads.
class RecordingRouter: Router<RecordingInteractor> {
    let name: String
    let log: EventLog
    private(set) var didLoadCount = 0
    /// Children attached from `didLoad`, as the tutorials attach their first child.
    var childrenToAttachOnLoad: [Routing] = []

    init(name: String, interactor: RecordingInteractor, log: EventLog) {
        self.name = name
        self.log = log
        super.init(interactor: interactor)
    }

    override func didLoad() {
        super.didLoad()
        didLoadCount += 1
        log.record("\(name).didLoad(interactorActive: \(interactor.isActive))")
        for child in childrenToAttachOnLoad {
            attachChild(child)
        }
    }
}

/// A router and its interactor, both named `name` and recording into `log`.
func makeRouter(_ name: String, log: EventLog) -> RecordingRouter {
    RecordingRouter(name: name, interactor: RecordingInteractor(name: name, log: log), log: log)
}

/// A view, visible to the leak detector like the views of the real RIBs.
final class TestView: ViewControllable {
    private var liveObjectToken: LiveObjectToken?

    init() {
        liveObjectToken = LiveObjectToken(self, kind: "View")
    }
}

/// A presenter that the leak detector sees.
final class TrackedPresenter {
    private var liveObjectToken: LiveObjectToken?

    init() {
        liveObjectToken = LiveObjectToken(self, kind: "Presenter")
    }
}

/// An interactor with a presenter that records its lifecycle.
final class RecordingPresentableInteractor: PresentableInteractor<TrackedPresenter> {
    let log: EventLog

    init(presenter: TrackedPresenter, log: EventLog) {
        self.log = log
        super.init(presenter: presenter)
    }

    override func didBecomeActive() {
        super.didBecomeActive()
        log.record("interactor.didBecomeActive(isActive: \(isActive))")
    }

    override func willResignActive() {
        super.willResignActive()
        log.record("interactor.willResignActive")
    }
}

/// A window that records which view became its root.
final class RecordingWindow: Window {
    let log: EventLog
    private(set) var rootViewController: ViewControllable?

    init(log: EventLog) {
        self.log = log
    }

    func setRootViewController(_ viewController: ViewControllable) {
        rootViewController = viewController
        log.record("window.setRootViewController")
    }
}

/// A root router with a view, recording `didLoad`.
final class RecordingLaunchRouter: LaunchRouter<RecordingPresentableInteractor, TestView> {
    let log: EventLog

    init(interactor: RecordingPresentableInteractor, viewController: TestView, log: EventLog) {
        self.log = log
        super.init(interactor: interactor, viewController: viewController)
    }

    override func didLoad() {
        super.didLoad()
        log.record("router.didLoad(interactorActive: \(interactor.isActive))")
    }
}

/// A cold stream that records its subscriptions and cancellations, and sends `values` synchronously
/// to each subscriber as soon as it subscribes.
final class ProbeSource<Element> {
    private(set) var subscribeCount = 0
    private(set) var cancelCount = 0
    let values: [Element]

    init(values: [Element]) {
        self.values = values
    }

    var observable: Observable<Element> {
        Observable { [self] onNext in
            subscribeCount += 1
            for value in values { onNext(value) }
            return Subscription { [self] in cancelCount += 1 }
        }
    }
}
