/// A read-only picture of one RIB and the RIBs attached below it, taken at one instant: what a tool
/// (a debugger, a status page) shows of a live tree without holding or changing any of it.
///
/// Only names and states: nothing an interactor keeps (a player's token, a game's board) is in it.
public struct RIBDescription: Sendable, Hashable {
    /// The RIB's name: its router's type name without the "Router" suffix ("Root", "LoggedIn").
    public var name: String
    /// Whether the RIB's interactor is active.
    public var isActive: Bool
    /// The attached children, in the order they were attached.
    public var children: [RIBDescription]
    /// The workflows the RIB's interactor runs that still wait at a step.
    public var workflows: [WorkflowDescription]

    /// A description.
    public init(name: String, isActive: Bool, children: [RIBDescription], workflows: [WorkflowDescription]) {
        self.name = name
        self.isActive = isActive
        self.children = children
        self.workflows = workflows
    }

    /// How many RIBs the description holds, itself included.
    public var count: Int { 1 + children.reduce(0) { $0 + $1.count } }

    /// The description of the first RIB named `name`, depth first (itself included), or nil.
    public func first(named name: String) -> RIBDescription? {
        if self.name == name { return self }
        for child in children {
            if let found = child.first(named: name) { return found }
        }
        return nil
    }
}

/// A workflow as `RIBDescription` shows it: its steps and the one it waits at.
public struct WorkflowDescription: Sendable, Hashable {
    /// The workflow's name: its type name ("LaunchGameWorkflow").
    public var name: String
    /// The names of its steps, in order (a step given no name is "step N", from 1).
    public var steps: [String]
    /// The index in `steps` of the step waiting now; nil once every step ran or the workflow stopped.
    public var waitingStep: Int?

    /// A workflow description.
    public init(name: String, steps: [String], waitingStep: Int?) {
        self.name = name
        self.steps = steps
        self.waitingStep = waitingStep
    }
}

/// An interactor that runs workflows and shows those still waiting in its RIB's description.
public protocol WorkflowReporting: AnyObject {
    /// The workflows it runs that wait at a step, as described now.
    var waitingWorkflows: [WorkflowDescription] { get }
}

extension Routing {
    /// This RIB and every RIB attached below it, as they are now. Reads the tree, changes nothing.
    public func describe() -> RIBDescription {
        RIBDescription(
            name: ribName(of: self),
            isActive: interactable.isActive,
            children: children.map { $0.describe() },
            workflows: (interactable as? WorkflowReporting)?.waitingWorkflows ?? []
        )
    }
}

/// The router's type name without generic arguments and without the "Router" suffix.
private func ribName(of router: Routing) -> String {
    var name = String(describing: type(of: router))
    if let generic = name.firstIndex(of: "<") { name = String(name[..<generic]) }
    if name.hasSuffix("Router"), name.count > "Router".count { name.removeLast("Router".count) }
    return name
}
