/// The base class of builders: a builder makes its RIB (component, interactor, view, router) each
/// time `build` is called, from the dependency its parent gave it.
open class Builder<DependencyType> {
    /// What the parent provides.
    public let dependency: DependencyType

    public init(dependency: DependencyType) {
        self.dependency = dependency
    }
}
