/// The lifecycle events of a router.
public enum RouterLifecycle: Sendable {
    /// The router has loaded (`didLoad()` ran).
    case didLoad
}

/// What can observe a router's lifecycle.
public protocol RouterScope: AnyObject {
    /// The lifecycle: `.didLoad` once loaded (also to a subscriber that comes later).
    var lifecycle: Observable<RouterLifecycle> { get }
}

/// The base protocol of all routers: the tree of RIBs is a tree of routers.
public protocol Routing: RouterScope {
    /// The interactor of this RIB.
    var interactable: Interactable { get }
    /// The attached children, in the order they were attached.
    var children: [Routing] { get }
    /// Loads the router once (calls `didLoad()`). Called by the parent's `attachChild`.
    func load()
    /// Attaches `child`: activates its interactor, then loads it.
    func attachChild(_ child: Routing)
    /// Detaches `child`: deactivates its interactor (and so its whole subtree), then drops it.
    func detachChild(_ child: Routing)
}

/// The base class of all routers: owns the interactor and the children, and keeps the children's
/// activeness in step with its own interactor's.
open class Router<InteractorType>: Routing {
    /// The interactor of this RIB, as its own type.
    public let interactor: InteractorType
    public let interactable: Interactable
    public final private(set) var children: [Routing] = []

    private let lifecycleRelay = ReplayRelay<RouterLifecycle>()
    private var didLoadFlag = false
    private var subtreeActivenessSubscription: Subscription?
    private var liveObjectToken: LiveObjectToken?

    /// - Parameter interactor: must conform to `Interactable`.
    public init(interactor: InteractorType) {
        self.interactor = interactor
        guard let interactable = interactor as? Interactable else {
            fatalError("\(interactor) should conform to \(Interactable.self)")
        }
        self.interactable = interactable
        liveObjectToken = LiveObjectToken(self, kind: "Router")
    }

    public final var lifecycle: Observable<RouterLifecycle> { lifecycleRelay.asObservable() }

    public final func load() {
        guard !didLoadFlag else { return }
        didLoadFlag = true
        bindSubtreeActiveness()
        didLoad()
        lifecycleRelay.accept(.didLoad)
    }

    /// Called once when the router loads. Subclasses attach their first children here.
    open func didLoad() {}

    public final func attachChild(_ child: Routing) {
        precondition(!children.contains { $0 === child }, "Attaching a router that is already attached")
        children.append(child)
        child.interactable.activate()
        child.load()
    }

    public final func detachChild(_ child: Routing) {
        child.interactable.deactivate()
        children.removeAll { $0 === child }
    }

    /// When this router's interactor deactivates, every interactor below deactivates too (and comes back
    /// when it reactivates), so a subtree never outlives its parent's activeness.
    private func bindSubtreeActiveness() {
        subtreeActivenessSubscription = interactable.isActiveStream.subscribe { [weak self] isActive in
            self?.setSubtreeActive(isActive)
        }
    }

    private func setSubtreeActive(_ isActive: Bool) {
        Self.forEachDescendant(of: self) { router in
            if isActive {
                router.interactable.activate()
            } else {
                router.interactable.deactivate()
            }
        }
    }

    private static func forEachDescendant(of router: Routing, _ body: (Routing) -> Void) {
        for child in router.children {
            body(child)
            forEachDescendant(of: child, body)
        }
    }

    deinit {
        interactable.deactivate()
        subtreeActivenessSubscription?.cancel()
        for child in children { child.interactable.deactivate() }
    }
}
