/// A stream of values delivered synchronously to each subscriber.
///
/// The RIBs core's replacement for RxSwift's `Observable`, with only what RIBs and the tutorials need.
/// It is cold: each `subscribe` runs the producer anew. There are no completion or error events: a
/// stream that is done simply sends nothing more. Everything runs on the caller's executor.
public struct Observable<Element> {
    public typealias Observer = (Element) -> Void

    private let producer: (@escaping Observer) -> Subscription

    /// - Parameter producer: called once per subscriber with the function that delivers values to it;
    ///   returns what cancels that subscriber's delivery.
    public init(_ producer: @escaping (@escaping Observer) -> Subscription) {
        self.producer = producer
    }

    /// Delivers every value to `onNext` until the returned subscription is cancelled.
    @discardableResult
    public func subscribe(_ onNext: @escaping Observer) -> Subscription {
        producer(onNext)
    }
}

extension Observable {
    /// One value, at once, to each subscriber.
    public static func just(_ value: Element) -> Observable {
        Observable { onNext in
            onNext(value)
            return .empty
        }
    }

    /// No value, ever.
    public static var never: Observable {
        Observable { _ in .empty }
    }

    public func map<Result>(_ transform: @escaping (Element) -> Result) -> Observable<Result> {
        Observable<Result> { onNext in
            subscribe { onNext(transform($0)) }
        }
    }

    public func filter(_ isIncluded: @escaping (Element) -> Bool) -> Observable {
        Observable { onNext in
            subscribe { value in
                if isIncluded(value) { onNext(value) }
            }
        }
    }

    public func compactMap<Result>(_ transform: @escaping (Element) -> Result?) -> Observable<Result> {
        Observable<Result> { onNext in
            subscribe { value in
                if let result = transform(value) { onNext(result) }
            }
        }
    }

    /// The first value only; the upstream subscription is cancelled as soon as it arrives, even when it
    /// arrives during `subscribe` (a replaying source).
    public func first() -> Observable {
        Observable { onNext in
            var isDone = false
            var upstream: Subscription?
            upstream = subscribe { value in
                guard !isDone else { return }
                isDone = true
                upstream?.cancel()
                onNext(value)
            }
            if isDone { upstream?.cancel() }
            return Subscription { upstream?.cancel() }
        }
    }

    /// For each value, subscribes to the stream `transform` makes of it, dropping the previous one.
    ///
    /// An inner stream may send values, or make the upstream send a new value, or make the downstream
    /// cancel, while it is being subscribed: only the latest inner stream delivers, and an inner
    /// subscription that is stale by the time `subscribe` returns is cancelled at once.
    public func flatMapLatest<Result>(_ transform: @escaping (Element) -> Observable<Result>) -> Observable<Result> {
        Observable<Result> { onNext in
            var inner: Subscription?
            var generation = 0
            var isCancelled = false
            let upstream = subscribe { value in
                guard !isCancelled else { return }
                generation += 1
                let current = generation
                inner?.cancel()
                inner = nil
                let subscription = transform(value).subscribe { result in
                    guard !isCancelled, current == generation else { return }
                    onNext(result)
                }
                if isCancelled || current != generation {
                    subscription.cancel()
                } else {
                    inner = subscription
                }
            }
            return Subscription {
                isCancelled = true
                upstream.cancel()
                inner?.cancel()
                inner = nil
            }
        }
    }
}

extension Observable where Element: Equatable {
    /// Drops a value equal to the one delivered just before it.
    public func distinctUntilChanged() -> Observable {
        Observable { onNext in
            var previous: Element?
            return subscribe { value in
                if let previous, previous == value { return }
                previous = value
                onNext(value)
            }
        }
    }
}
