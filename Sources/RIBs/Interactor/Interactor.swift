/// What can tell whether it is active, now and as a stream.
public protocol InteractorScope: AnyObject {
    /// Whether the interactor is active.
    var isActive: Bool { get }
    /// The activeness: the current value first, then every change.
    var isActiveStream: Observable<Bool> { get }
}

/// The base protocol of all interactors: what a router drives.
public protocol Interactable: InteractorScope {
    /// Activates the interactor. Idempotent. Called by the router when it attaches the RIB.
    func activate()
    /// Deactivates the interactor, cancelling what was bound to its activeness. Idempotent.
    func deactivate()
}

/// The business logic of a RIB, alive between `activate()` and `deactivate()`.
open class Interactor: Interactable {
    private let isActiveRelay = BehaviorRelay(value: false)
    private var activenessBag: SubscriptionBag?
    // Assigned in `init` once `self` exists: the token needs it.
    private var liveObjectToken: LiveObjectToken?

    public init() {
        liveObjectToken = LiveObjectToken(self, kind: "Interactor")
    }

    public final var isActive: Bool { isActiveRelay.value }

    public final var isActiveStream: Observable<Bool> { isActiveRelay.asObservable().distinctUntilChanged() }

    public final func activate() {
        guard !isActive else { return }
        activenessBag = SubscriptionBag()
        isActiveRelay.accept(true)
        didBecomeActive()
    }

    /// Called once the interactor has become active. Subclasses start their work here.
    open func didBecomeActive() {}

    public final func deactivate() {
        guard isActive else { return }
        willResignActive()
        activenessBag?.cancelAll()
        activenessBag = nil
        isActiveRelay.accept(false)
    }

    /// Called before the interactor resigns active. Subclasses stop their work here.
    open func willResignActive() {}

    /// Binds `subscription` to the current activeness: cancelled on `deactivate()`, or at once if inactive.
    fileprivate func bindToActiveness(_ subscription: Subscription) {
        guard let activenessBag else {
            subscription.cancel()
            return
        }
        activenessBag.insert(subscription)
    }

    deinit {
        if isActive { deactivate() }
    }
}

extension Subscription {
    /// Cancels this subscription when `interactor` deactivates (at once when it is not active).
    @discardableResult
    public func disposeOnDeactivate(interactor: Interactor) -> Subscription {
        interactor.bindToActiveness(self)
        return self
    }
}

/// An interactor with a presenter (the view, or a presenter in front of it).
open class PresentableInteractor<PresenterType>: Interactor {
    /// The presenter of this interactor.
    public let presenter: PresenterType

    public init(presenter: PresenterType) {
        self.presenter = presenter
        super.init()
    }
}
