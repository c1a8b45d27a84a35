/// How a rating, a deviation or a change goes on the wire: an integer, rounded half up (1500.5 is
/// 1501, 1499.5 is 1500), as issue 42 asks, rather than Swift's default of half away from zero,
/// which differs for negative halves.
public enum WireRounding {
    public static func halfUp(_ value: Double) -> Int {
        Int((value + 0.5).rounded(.down))
    }
}
