/// A handle on a subscription: cancelling it stops delivery and releases what the subscription holds.
///
/// The RIBs core replaces RxSwift's `Disposable` with this. A match's tree runs on one serial executor,
/// so subscriptions need no locks; they must not be shared across executors (they are not `Sendable`).
public final class Subscription {
    private var onCancel: (() -> Void)?

    /// Whether `cancel()` has run.
    public private(set) var isCancelled = false

    /// - Parameter onCancel: what to do on the first `cancel()`; later calls do nothing.
    public init(onCancel: (() -> Void)? = nil) {
        self.onCancel = onCancel
    }

    /// A subscription that holds nothing.
    public static var empty: Subscription { Subscription() }

    /// Stops the subscription. Idempotent.
    public func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        let action = onCancel
        onCancel = nil
        action?()
    }
}

/// A bag of subscriptions cancelled together (RxSwift's `CompositeDisposable`).
public final class SubscriptionBag {
    private var subscriptions: [Subscription] = []
    public private(set) var isCancelled = false

    public init() {}

    /// Keeps `subscription` until `cancelAll()`; cancels it at once when the bag is already cancelled.
    public func insert(_ subscription: Subscription) {
        if isCancelled {
            subscription.cancel()
            return
        }
        // Drop the ones already cancelled so a long-lived bag does not grow without bound.
        subscriptions.removeAll { $0.isCancelled }
        subscriptions.append(subscription)
    }

    /// The number of subscriptions held that are not cancelled.
    public var count: Int { subscriptions.filter { !$0.isCancelled }.count }

    /// Cancels everything held, and everything inserted later.
    public func cancelAll() {
        isCancelled = true
        let held = subscriptions
        subscriptions = []
        held.forEach { $0.cancel() }
    }
}

extension Subscription {
    /// Keeps this subscription in `bag` until the bag is cancelled.
    @discardableResult
    public func cancelled(by bag: SubscriptionBag) -> Subscription {
        bag.insert(self)
        return self
    }
}
