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
    private var isStopped = false
    /// The names of the committed steps, in order, and how many of them have produced their value.
    private var stepNames: [String] = []
    private var stepsRun = 0

    public init() {}

    /// Called once the last step has produced its value.
    open func didComplete() {}

    /// The first step: `onStep` gets the root actionable item and returns the next item and a value.
    /// - Parameter name: what `progress` calls the step ("step 1" when nil).
    public final func onStep<NextActionableItemType, NextValueType>(
        named name: String? = nil,
        _ onStep: @escaping (ActionableItemType) -> Observable<(NextActionableItemType, NextValueType)>
    ) -> Step<ActionableItemType, NextActionableItemType, NextValueType> {
        Step<ActionableItemType, ActionableItemType, Void>(workflow: self, stream: rootRelay.asObservable().first())
            .onStep(named: name) { actionableItem, _ in onStep(actionableItem) }
    }

    /// The workflow's steps and the one it waits at now (none before `subscribe`, after the last step
    /// ran, or once its subscription was cancelled). For descriptions of a live tree (`RIBDescription`).
    public final var progress: WorkflowDescription {
        let isWaiting = didSubscribe && !didFinish && !isStopped && stepsRun < stepNames.count
        var name = String(describing: type(of: self))
        if let generic = name.firstIndex(of: "<") { name = String(name[..<generic]) }
        return WorkflowDescription(name: name, steps: stepNames, waitingStep: isWaiting ? stepsRun : nil)
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
        return Subscription { [weak self, subscriptions] in
            self?.isStopped = true
            subscriptions.cancelAll()
        }
    }

    fileprivate func commit(_ stream: Observable<Void>) {
        // Subscribed only in `subscribe`: a committed workflow that never runs holds no cycle.
        committedStream = stream
    }

    /// Registers the next step; returns its index.
    fileprivate func addStep(named name: String?) -> Int {
        stepNames.append(name ?? "step \(stepNames.count + 1)")
        return stepNames.count - 1
    }

    /// Step `index` produced its value (a forked workflow may report a step more than once).
    fileprivate func stepRan(_ index: Int) {
        stepsRun = max(stepsRun, index + 1)
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
    /// - Parameter name: what `Workflow.progress` calls the step ("step N" when nil).
    public final func onStep<NextActionableItemType, NextValueType>(
        named name: String? = nil,
        _ onStep: @escaping (ActionableItemType, ValueType) -> Observable<(NextActionableItemType, NextValueType)>
    ) -> Step<WorkflowActionableItemType, NextActionableItemType, NextValueType> {
        let index = workflow.addStep(named: name)
        let next =
            stream
            .flatMapLatest { actionableItem, value in
                Self.whenActive(actionableItem).map { _ in (actionableItem, value) }
            }
            .first()
            .flatMapLatest { actionableItem, value in onStep(actionableItem, value) }
            .first()
            // Weak: the running steps hold the workflow through `subscribe`'s stream, not through this.
            .map { [weak workflow] next in
                workflow?.stepRan(index)
                return next
            }
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
