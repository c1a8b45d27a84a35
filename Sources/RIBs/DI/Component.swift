/// The base protocol of what a RIB needs from its parent.
public protocol Dependency: AnyObject {}

/// The dependency of a RIB that needs nothing from its parent.
public protocol EmptyDependency: Dependency {}

/// A RIB's dependency container: what the RIB needs from its parent (`dependency`) plus what it
/// makes itself. Properties of a subclass that must be one instance per component use `shared { }`.
open class Component<DependencyType>: Dependency {
    /// What the parent provides.
    public let dependency: DependencyType

    private var sharedInstances: [String: Any] = [:]
    private var liveObjectToken: LiveObjectToken?

    public init(dependency: DependencyType) {
        self.dependency = dependency
        liveObjectToken = LiveObjectToken(self, kind: "Component")
    }

    /// The instance made by `factory` the first time the calling property is read; the same one after.
    ///
    /// Do not store, in a shared instance, anything that holds this component strongly (a builder
    /// made with `dependency: self`): that is a retain cycle, and on a server a leak per match.
    public final func shared<T>(__function function: String = #function, _ factory: () -> T) -> T {
        if let instance = sharedInstances[function] as? T {
            return instance
        }
        let instance = factory()
        sharedInstances[function] = instance
        return instance
    }
}

/// The component of the root of a tree, which has no parent.
open class EmptyComponent: EmptyDependency {
    public init() {}
}
