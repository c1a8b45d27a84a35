import Foundation

/// The bench's output: one aligned row per configuration.
struct ResultTable {
    private let columns: [(title: String, width: Int)] = [
        ("store", 8), ("group commit", 12), ("synchronous", 11), ("moves", 8), ("seconds", 7), ("moves/s", 9),
        ("p50 ms", 8), ("p99 ms", 8), ("transactions", 12), ("records/tx", 10),
    ]

    var header: String {
        line(columns.map(\.title)) + "\n" + line(columns.map { String(repeating: "-", count: $0.width) })
    }

    func row(for setup: BenchSetup, _ result: BenchResult) -> String {
        line([
            setup.store.kind,
            setup.groupCommit ? "on" : "off",
            setup.store.durability,
            "\(result.moves)",
            format(result.elapsed / .seconds(1), digits: 2),
            format(result.movesPerSecond, digits: 0),
            format(result.latency(percentile: 50) * 1000, digits: 2),
            format(result.latency(percentile: 99) * 1000, digits: 2),
            "\(result.statistics.committedTransactions)",
            format(result.statistics.recordsPerTransaction, digits: 1),
        ])
    }

    private func line(_ cells: [String]) -> String {
        zip(columns, cells).enumerated().map { index, pair in
            let (column, cell) = pair
            let padding = String(repeating: " ", count: max(column.width - cell.count, 0))
            return index < 3 ? cell + padding : padding + cell
        }.joined(separator: "  ")
    }

    private func format(_ value: Double, digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }
}
