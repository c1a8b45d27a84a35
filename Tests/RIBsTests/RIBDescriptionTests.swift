import RIBs
import Testing

private final class ParentRouter: Router<Interactor> {}
private final class ChildRouter: Router<Interactor> {}
private final class GenericRouter<Value>: Router<Interactor> {}

/// An interactor whose workflow is shown in its RIB's description.
private final class ReportingInteractor: Interactor, WorkflowReporting {
    weak var workflow: TwoStepWorkflow?
    var waitingWorkflows: [WorkflowDescription] { workflow.map { [$0.progress] } ?? [] }
}

private final class TwoStepWorkflow: Workflow<Interactor> {
    init(release: PublishRelay<Void>) {
        super.init()
        onStep(named: "wait") { item in release.asObservable().map { (item, ()) } }
            .onStep { item, _ in .just((item, ())) }
            .commit()
    }
}

@Suite struct RIBDescriptionTests {
    @Test func test_describe_walksTheAttachedChildren_withNamesAndActiveness() {
        let parent = ParentRouter(interactor: Interactor())
        parent.interactable.activate()
        parent.load()
        let child = ChildRouter(interactor: Interactor())
        let generic = GenericRouter<Int>(interactor: Interactor())
        parent.attachChild(child)
        child.attachChild(generic)

        let tree = parent.describe()
        #expect(tree.name == "Parent")
        #expect(tree.isActive)
        #expect(tree.children.map(\.name) == ["Child"])
        #expect(tree.children.first?.children.map(\.name) == ["Generic"])
        #expect(tree.count == 3)
        #expect(tree.first(named: "Generic")?.isActive == true)

        parent.interactable.deactivate()
        #expect(parent.describe().first(named: "Generic")?.isActive == false)
        parent.detachChild(child)
        #expect(parent.describe().children.isEmpty)
    }

    @Test func test_aWorkflowsProgress_showsTheStepItWaitsAt_untilItEndsOrIsCancelled() {
        let release = PublishRelay<Void>()
        let item = Interactor()
        item.activate()
        let workflow = TwoStepWorkflow(release: release)
        #expect(workflow.progress == WorkflowDescription(name: "TwoStepWorkflow", steps: ["wait", "step 2"], waitingStep: nil))
        let subscription = workflow.subscribe(item)
        #expect(workflow.progress.waitingStep == 0)
        release.accept(())
        #expect(workflow.progress.waitingStep == nil, "both steps ran")

        let cancelled = TwoStepWorkflow(release: release)
        let running = cancelled.subscribe(item)
        #expect(cancelled.progress.waitingStep == 0)
        running.cancel()
        #expect(cancelled.progress.waitingStep == nil)
        subscription.cancel()
    }

    @Test func test_anInteractorReportingWorkflows_showsThemInItsRIB() {
        let release = PublishRelay<Void>()
        let interactor = ReportingInteractor()
        let router = ParentRouter(interactor: interactor)
        interactor.activate()
        router.load()
        var workflow: TwoStepWorkflow? = TwoStepWorkflow(release: release)
        interactor.workflow = workflow
        let subscription = workflow?.subscribe(interactor)
        workflow = nil
        #expect(router.describe().workflows.map(\.waitingStep) == [0], "the running steps hold the workflow")
        release.accept(())
        #expect(router.describe().workflows.allSatisfy { $0.waitingStep == nil })
        subscription?.cancel()
    }
}
