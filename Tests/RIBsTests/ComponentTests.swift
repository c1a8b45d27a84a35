import RIBs
import Testing

private final class Service {}

private protocol ParentDependency: Dependency {
    var name: String { get }
}

private final class ParentComponent: EmptyComponent, ParentDependency {
    let name = "parent"
}

private final class ChildComponent: Component<ParentDependency> {
    private(set) var factoryRuns = 0

    var service: Service {
        shared {
            factoryRuns += 1
            return Service()
        }
    }

    var otherService: Service {
        shared { Service() }
    }

    var count: Int {
        shared { 42 }
    }

    var unshared: Service { Service() }

    var parentName: String { dependency.name }
}

private final class ChildBuilder: Builder<ParentDependency> {
    func build() -> ChildComponent {
        ChildComponent(dependency: dependency)
    }
}

@Suite struct ComponentTests {
    @Test func test_shared_returnsSameInstanceForSameComponentAndProperty() {
        let component = ChildComponent(dependency: ParentComponent())

        let first = component.service
        let second = component.service

        #expect(first === second)
        #expect(component.factoryRuns == 1)
    }

    @Test func test_shared_returnsDifferentInstancesForDifferentProperties() {
        let component = ChildComponent(dependency: ParentComponent())

        #expect(component.service !== component.otherService)
        #expect(component.otherService === component.otherService)
    }

    @Test func test_shared_returnsDifferentInstancesForDifferentComponents() {
        let parent = ParentComponent()
        let first = ChildComponent(dependency: parent)
        let second = ChildComponent(dependency: parent)

        #expect(first.service !== second.service)
    }

    @Test func test_shared_worksForValueTypes() {
        let component = ChildComponent(dependency: ParentComponent())

        #expect(component.count == 42)
        #expect(component.count == 42)
    }

    @Test func test_unsharedProperty_returnsNewInstanceEachTime() {
        let component = ChildComponent(dependency: ParentComponent())

        #expect(component.unshared !== component.unshared)
    }

    @Test func test_component_exposesItsDependency() {
        let parent = ParentComponent()
        let component = ChildComponent(dependency: parent)

        #expect(component.dependency === parent)
        #expect(component.parentName == "parent")
    }

    @Test func test_emptyComponent_isAnEmptyDependency() {
        let component = EmptyComponent()
        let dependency: any EmptyDependency = component

        #expect(dependency === component)
    }

    @Test func test_builder_buildsFromTheDependencyItWasGiven() {
        let parent = ParentComponent()
        let builder = ChildBuilder(dependency: parent)

        let first = builder.build()
        let second = builder.build()

        #expect(builder.dependency === parent)
        #expect(first.dependency === parent)
        #expect(first !== second, "each build makes a new component")
        #expect(first.service !== second.service)
    }
}
