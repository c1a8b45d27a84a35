import RIBs
import Testing

@Suite struct RouterTests {
    @Test func test_load_callsDidLoadOnce() {
        let log = EventLog()
        let router = makeRouter("root", log: log)

        router.load()
        router.load()

        #expect(router.didLoadCount == 1)
    }

    @Test func test_lifecycle_sendsDidLoadOnLoadAndReplaysItToLaterSubscribers() {
        let router = makeRouter("root", log: EventLog())
        var early: [RouterLifecycle] = []
        var late: [RouterLifecycle] = []
        let earlySubscription = router.lifecycle.subscribe { early.append($0) }
        #expect(early.isEmpty)

        router.load()
        router.load()
        let lateSubscription = router.lifecycle.subscribe { late.append($0) }

        #expect(early == [.didLoad])
        #expect(late == [.didLoad])
        earlySubscription.cancel()
        lateSubscription.cancel()
    }

    @Test func test_lifecycle_sendsDidLoadAfterDidLoadRan() {
        let log = EventLog()
        let router = makeRouter("root", log: log)
        let subscription = router.lifecycle.subscribe { _ in log.record("lifecycle.didLoad") }

        router.load()

        #expect(log.events == ["root.didLoad(interactorActive: false)", "lifecycle.didLoad"])
        subscription.cancel()
    }

    @Test func test_attachChild_activatesChildBeforeLoadingIt() {
        let log = EventLog()
        let parent = makeRouter("parent", log: log)
        let child = makeRouter("child", log: log)

        parent.attachChild(child)

        #expect(
            log.events == [
                "child.didBecomeActive(isActive: true)",
                "child.didLoad(interactorActive: true)",
            ])
        #expect(parent.children.count == 1)
        #expect(parent.children.first === child)
    }

    @Test func test_attachChild_keepsChildrenInAttachOrder() {
        let log = EventLog()
        let parent = makeRouter("parent", log: log)
        let first = makeRouter("first", log: log)
        let second = makeRouter("second", log: log)

        parent.attachChild(first)
        parent.attachChild(second)

        #expect(parent.children.map { ($0 as? RecordingRouter)?.name } == ["first", "second"])
    }

    @Test func test_attachChildFromDidLoad_activatesAndLoadsGrandchildInsideChildLoad() {
        let log = EventLog()
        let parent = makeRouter("parent", log: log)
        let child = makeRouter("child", log: log)
        let grandchild = makeRouter("grandchild", log: log)
        child.childrenToAttachOnLoad = [grandchild]

        parent.attachChild(child)

        #expect(
            log.events == [
                "child.didBecomeActive(isActive: true)",
                "child.didLoad(interactorActive: true)",
                "grandchild.didBecomeActive(isActive: true)",
                "grandchild.didLoad(interactorActive: true)",
            ])
        #expect(child.children.first === grandchild)
    }

    @Test func test_detachChild_deactivatesAndDropsIt() {
        let log = EventLog()
        let parent = makeRouter("parent", log: log)
        let child = makeRouter("child", log: log)
        let other = makeRouter("other", log: log)
        parent.attachChild(child)
        parent.attachChild(other)
        log.clear()

        parent.detachChild(child)

        #expect(!child.interactor.isActive)
        #expect(other.interactor.isActive)
        #expect(log.events == ["child.willResignActive(isActive: true)"])
        #expect(parent.children.count == 1)
        #expect(parent.children.first === other)
    }

    @Test func test_detachChild_deactivatesTheChildsSubtree() {
        let log = EventLog()
        let parent = makeRouter("parent", log: log)
        let child = makeRouter("child", log: log)
        let grandchild = makeRouter("grandchild", log: log)
        child.childrenToAttachOnLoad = [grandchild]
        parent.attachChild(child)

        parent.detachChild(child)

        #expect(!child.interactor.isActive)
        #expect(!grandchild.interactor.isActive)
        #expect(parent.children.isEmpty)
    }

    @Test func test_detachedChildReattached_isActiveAgainAndNotReloaded() {
        let log = EventLog()
        let parent = makeRouter("parent", log: log)
        let child = makeRouter("child", log: log)
        parent.attachChild(child)
        parent.detachChild(child)

        parent.attachChild(child)

        #expect(child.interactor.isActive)
        #expect(child.didLoadCount == 1)
        #expect(child.interactor.didBecomeActiveCount == 2)
        #expect(parent.children.count == 1)
    }

    @Test func test_parentDeactivate_deactivatesWholeSubtree() {
        let log = EventLog()
        let root = makeRouter("root", log: log)
        let child = makeRouter("child", log: log)
        let sibling = makeRouter("sibling", log: log)
        let grandchild = makeRouter("grandchild", log: log)
        child.childrenToAttachOnLoad = [grandchild]
        root.interactor.activate()
        root.load()
        root.attachChild(child)
        root.attachChild(sibling)

        root.interactor.deactivate()

        #expect(!root.interactor.isActive)
        #expect(!child.interactor.isActive)
        #expect(!sibling.interactor.isActive)
        #expect(!grandchild.interactor.isActive)
        #expect(child.interactor.willResignActiveCount == 1)
        #expect(grandchild.interactor.willResignActiveCount == 1)
        #expect(root.children.count == 2, "deactivation keeps the tree attached")
    }

    @Test func test_parentReactivate_reactivatesWholeSubtree() {
        let log = EventLog()
        let root = makeRouter("root", log: log)
        let child = makeRouter("child", log: log)
        let grandchild = makeRouter("grandchild", log: log)
        child.childrenToAttachOnLoad = [grandchild]
        root.interactor.activate()
        root.load()
        root.attachChild(child)
        root.interactor.deactivate()

        root.interactor.activate()

        #expect(child.interactor.isActive)
        #expect(grandchild.interactor.isActive)
        #expect(child.interactor.didBecomeActiveCount == 2)
        #expect(grandchild.interactor.didBecomeActiveCount == 2)
        #expect(child.didLoadCount == 1)
        #expect(grandchild.didLoadCount == 1)
    }

    @Test func test_middleDeactivate_deactivatesItsSubtreeOnly() {
        let log = EventLog()
        let root = makeRouter("root", log: log)
        let child = makeRouter("child", log: log)
        let grandchild = makeRouter("grandchild", log: log)
        child.childrenToAttachOnLoad = [grandchild]
        root.interactor.activate()
        root.load()
        root.attachChild(child)

        child.interactor.deactivate()

        #expect(root.interactor.isActive)
        #expect(!grandchild.interactor.isActive)
    }

    @Test func test_parentDeactivate_doesNotTouchADetachedChild() {
        let log = EventLog()
        let root = makeRouter("root", log: log)
        let child = makeRouter("child", log: log)
        root.interactor.activate()
        root.load()
        root.attachChild(child)
        root.detachChild(child)
        child.interactor.activate()

        root.interactor.deactivate()
        root.interactor.activate()

        #expect(child.interactor.isActive)
        #expect(child.interactor.willResignActiveCount == 1, "only the detach deactivated it")
    }

    @Test func test_attachChildToInactiveLoadedParent_activatesChild() {
        // As in RIBs: attachChild always activates; the parent's activeness only cascades on changes.
        let log = EventLog()
        let root = makeRouter("root", log: log)
        let child = makeRouter("child", log: log)
        root.load()

        root.attachChild(child)

        #expect(child.interactor.isActive)
        #expect(child.didLoadCount == 1)
    }

    @Test func test_routerInit_keepsInteractorAsBothTypes() {
        let interactor = RecordingInteractor()
        let router = Router(interactor: interactor)

        #expect(router.interactor === interactor)
        #expect(router.interactable === interactor)
        #expect(router.children.isEmpty)
    }

    @Test func test_viewableRouter_exposesItsView() {
        let view = TestView()
        let router = ViewableRouter(interactor: RecordingInteractor(), viewController: view)

        #expect(router.viewController === view)
        #expect(router.viewControllable === view)
    }
}
