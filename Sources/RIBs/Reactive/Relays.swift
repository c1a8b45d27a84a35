/// The observers of a relay, in subscription order. A value is delivered only to the observers still
/// subscribed at the moment of delivery, so an observer cancelled by another one's handler is skipped.
struct ObserverList<Element> {
    private var order: [Int] = []
    private var handlers: [Int: (Element) -> Void] = [:]
    private var nextID = 0

    mutating func add(_ handler: @escaping (Element) -> Void) -> Int {
        let id = nextID
        nextID += 1
        order.append(id)
        handlers[id] = handler
        return id
    }

    mutating func remove(_ id: Int) {
        handlers[id] = nil
        order.removeAll { $0 == id }
    }

    var ids: [Int] { order }

    func handler(for id: Int) -> ((Element) -> Void)? { handlers[id] }

    var isEmpty: Bool { order.isEmpty }
}

/// Sends each accepted value to the current subscribers (RxSwift's `PublishRelay`).
public final class PublishRelay<Element> {
    private var observers = ObserverList<Element>()

    public init() {}

    /// Delivers `value` to every current subscriber, in subscription order.
    public func accept(_ value: Element) {
        for id in observers.ids {
            observers.handler(for: id)?(value)
        }
    }

    /// Whether anyone is subscribed.
    public var hasObservers: Bool { !observers.isEmpty }

    public func asObservable() -> Observable<Element> {
        Observable { [weak self] onNext in
            guard let self else { return .empty }
            let id = self.observers.add(onNext)
            return Subscription { [weak self] in self?.observers.remove(id) }
        }
    }
}

/// Holds a current value and gives it to each new subscriber first (RxSwift's `BehaviorRelay`).
public final class BehaviorRelay<Element> {
    private let relay = PublishRelay<Element>()

    /// The current value.
    public private(set) var value: Element

    public init(value: Element) {
        self.value = value
    }

    public func accept(_ value: Element) {
        self.value = value
        relay.accept(value)
    }

    public func asObservable() -> Observable<Element> {
        Observable { [weak self] onNext in
            guard let self else { return .empty }
            onNext(self.value)
            return self.relay.asObservable().subscribe(onNext)
        }
    }
}

/// Replays its latest value, if any, to each new subscriber (RxSwift's `ReplaySubject(bufferSize: 1)`).
/// `reset()` forgets it, so that later subscribers wait for a new one.
public final class ReplayRelay<Element> {
    private let relay = PublishRelay<Element>()

    /// The latest value, or nil before the first or after `reset()`.
    public private(set) var latest: Element?

    public init() {}

    public func accept(_ value: Element) {
        latest = value
        relay.accept(value)
    }

    /// Forgets the latest value.
    public func reset() {
        latest = nil
    }

    public func asObservable() -> Observable<Element> {
        Observable { [weak self] onNext in
            guard let self else { return .empty }
            if let latest = self.latest { onNext(latest) }
            return self.relay.asObservable().subscribe(onNext)
        }
    }
}
