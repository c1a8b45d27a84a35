import RIBs
import Testing

@Suite struct LaunchRouterTests {
    @Test func test_launch_setsRootViewThenActivatesThenLoads() {
        let log = EventLog()
        let view = TestView()
        let interactor = RecordingPresentableInteractor(presenter: TrackedPresenter(), log: log)
        let router = RecordingLaunchRouter(interactor: interactor, viewController: view, log: log)
        let window = RecordingWindow(log: log)

        router.launch(from: window)

        #expect(window.rootViewController === view)
        #expect(interactor.isActive)
        #expect(
            log.events == [
                "window.setRootViewController",
                "interactor.didBecomeActive(isActive: true)",
                "router.didLoad(interactorActive: true)",
            ])
    }

    @Test func test_launch_lifecycleSendsDidLoad() {
        let log = EventLog()
        let interactor = RecordingPresentableInteractor(presenter: TrackedPresenter(), log: log)
        let router = RecordingLaunchRouter(interactor: interactor, viewController: TestView(), log: log)
        var lifecycle: [RouterLifecycle] = []

        router.launch(from: RecordingWindow(log: log))
        let subscription = router.lifecycle.subscribe { lifecycle.append($0) }

        #expect(lifecycle == [.didLoad])
        subscription.cancel()
    }

    @Test func test_launchedRootDeactivate_cascadesToAttachedChildren() {
        let log = EventLog()
        let interactor = RecordingPresentableInteractor(presenter: TrackedPresenter(), log: log)
        let router = RecordingLaunchRouter(interactor: interactor, viewController: TestView(), log: log)
        let child = makeRouter("child", log: log)
        router.launch(from: RecordingWindow(log: log))
        router.attachChild(child)

        interactor.deactivate()

        #expect(!child.interactor.isActive)
    }
}
