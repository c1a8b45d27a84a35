/// A sequence of steps run on actionable items, as RIBs' `Workflow` (tutorial 4's deep link).
///
/// Build it in the subclass's `init` with `onStep { … }.onStep { … }.commit()`, then `subscribe` it with
/// the root actionable item. Each step waits until its actionable item is active (when the item is an
/// `Interactable`), takes the first value of the stream its closure returns, and hands it to the next
/// step. Cancelling the subscription that `subscribe` returns cancels whichever step is waiting.
open class Workflow<ActionableItemType> {
    private let rootRelay = PublishRelay<(ActionableItemType, Void)>()
    private let subscriptions = SubscriptionBag()
    private var committedStream: Observable<Void>?
    private var didSubscribe = false
    private var didFinish = false

    public init() {}

    /// Called once the last step has produced its value.
    open func didComplete() {}

    /// The first step: `onStep` gets the root actionable item and returns the next item and a value.
    public final func onStep<NextActionableItemType, NextValueType>(
        _ onStep: @escaping (ActionableItemType) -> Observable<(NextActionableItemType, NextValueType)>
    ) -> Step<ActionableItemType, NextActionableItemType, NextValueType> {
        Step<ActionableItemType, ActionableItemType, Void>(workflow: self, stream: rootRelay.asObservable().first())
            .onStep { actionableItem, _ in onStep(actionableItem) }
    }

    /// Starts the committed steps with `actionableItem`. Cancel the result to stop the workflow.
    ///
    /// The running steps keep the workflow alive, as in RIBs, so that a workflow nobody else holds
    /// (`LaunchGameWorkflow(url:).subscribe(self)`) still completes; they let go of it once the last step
    /// ran, when the subscription is cancelled, or when what a step waits on is deallocated.
    @discardableResult
    public final func subscribe(_ actionableItem: ActionableItemType) -> Subscription {
        guard let committedStream else {
            preconditionFailure("Subscribing to a workflow whose steps were not committed")
        }
        if !didSubscribe {
            didSubscribe = true
            committedStream.subscribe { self.finish() }.cancelled(by: subscriptions)
            rootRelay.accept((actionableItem, ()))
        }
        return Subscription { [subscriptions] in subscriptions.cancelAll() }
    }

    fileprivate func commit(_ stream: Observable<Void>) {
        // Subscribed only in `subscribe`: a committed workflow that never runs holds no cycle.
        committedStream = stream
    }

    private func finish() {
        guard !didFinish else { return }
        didFinish = true
        didComplete()
    }
}

/// One step of a workflow, holding the actionable item and value the previous step produced.
open class Step<WorkflowActionableItemType, ActionableItemType, ValueType> {
    private let workflow: Workflow<WorkflowActionableItemType>
    private let stream: Observable<(ActionableItemType, ValueType)>

    fileprivate init(workflow: Workflow<WorkflowActionableItemType>, stream: Observable<(ActionableItemType, ValueType)>) {
        self.workflow = workflow
        self.stream = stream
    }

    /// The next step: once this step's actionable item is active, `onStep` gets it with its value and
    /// returns the next actionable item and value; only the first value is taken.
    public final func onStep<NextActionableItemType, NextValueType>(
        _ onStep: @escaping (ActionableItemType, ValueType) -> Observable<(NextActionableItemType, NextValueType)>
    ) -> Step<WorkflowActionableItemType, NextActionableItemType, NextValueType> {
        let next =
            stream
            .flatMapLatest { actionableItem, value in
                Self.whenActive(actionableItem).map { _ in (actionableItem, value) }
            }
            .first()
            .flatMapLatest { actionableItem, value in onStep(actionableItem, value) }
            .first()
        return Step<WorkflowActionableItemType, NextActionableItemType, NextValueType>(workflow: workflow, stream: next)
    }

    /// Ends the chain of steps; the workflow runs them when subscribed.
    @discardableResult
    public final func commit() -> Workflow<WorkflowActionableItemType> {
        workflow.commit(stream.map { _ in () })
        return workflow
    }

    /// The values of this step, for forking a workflow.
    public final func asObservable() -> Observable<(ActionableItemType, ValueType)> { stream }

    /// A stream that sends once `actionableItem` is active: at once for an item that is no interactor.
    private static func whenActive(_ actionableItem: ActionableItemType) -> Observable<Bool> {
        // A generic constraint cannot express "is an Interactable" for protocol-typed items, hence the cast.
        guard let interactable = actionableItem as? Interactable else { return .just(true) }
        return interactable.isActiveStream.filter { $0 }.first()
    }
}
