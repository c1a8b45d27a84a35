/// A key named at run time: a client message's fields, the fields a game writes in its board or its
/// moves, any key of an object read whole. The one such key of this module.
struct DynamicCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
