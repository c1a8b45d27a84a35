/// The body of `GET /api/matches/{matchId}/ribs` (an extension): the match's live RIB tree, from Root
/// down. Names and states only: no seat token, token hash or other secret is in it.
public struct MatchRIBs: WireCodable, Hashable {
    /// One RIB and the RIBs attached below it.
    public struct RIB: Codable, Hashable, Sendable {
        /// The RIB's name ("Root", "LoggedOut", "LoggedIn", "OffGame", a game's…).
        public var name: String
        /// Whether its interactor is active.
        public var active: Bool
        /// Its attached children, in the order they were attached.
        public var children: [RIB]
        /// The workflows its interactor runs that wait at a step.
        public var workflows: [Workflow]

        /// A RIB.
        public init(name: String, active: Bool, children: [RIB], workflows: [Workflow]) {
            self.name = name
            self.active = active
            self.children = children
            self.workflows = workflows
        }
    }

    /// A workflow waiting at one of its steps.
    public struct Workflow: Codable, Hashable, Sendable {
        /// The workflow's name ("LaunchGameWorkflow").
        public var name: String
        /// Its steps' names, in order.
        public var steps: [String]
        /// The index in `steps` of the step it waits at.
        public var waitingStep: Int

        /// A waiting workflow.
        public init(name: String, steps: [String], waitingStep: Int) {
            self.name = name
            self.steps = steps
            self.waitingStep = waitingStep
        }
    }

    /// The match id, as in `/m/{matchId}`.
    public var matchId: String
    /// The root RIB.
    public var root: RIB

    /// A match's tree.
    public init(matchId: String, root: RIB) {
        self.matchId = matchId
        self.root = root
    }
}
