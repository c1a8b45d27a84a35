import Logging
@testable import Server
import Testing

/// `--max-connections` from the machine (issue 27, part 3): the open-file limit less the server's own
/// descriptors, capped by memory; a figure above what the limit allows starts with a warning.
@Suite("Connection limits from the machine")
struct ConnectionCapacityTests {
    @Test func test_theDefault_isTheOpenFileLimitLessTheReserve_whenMemoryAllowsMore() {
        let capacity = ConnectionCapacity(openFiles: 1_048_576, reserve: 70, memoryBytes: 24 << 30)
        #expect(capacity.byOpenFiles == 1_048_506)
        // Half of 24 GiB at 14 KB each.
        #expect(capacity.byMemory == Int((UInt64(24) << 30) / 2 / (14 * 1024)))
        #expect(capacity.defaultMaxConnections == capacity.byMemory)
    }

    @Test func test_aShellsLimit_of1024_leavesRoomForTheServersOwnDescriptors() {
        let capacity = ConnectionCapacity(openFiles: 1024, reserve: ConnectionCapacity.reserve(cores: 2), memoryBytes: 24 << 30)
        #expect(capacity.defaultMaxConnections == 1024 - 70)
    }

    @Test func test_aContainersSmallMemory_capsIt() {
        let capacity = ConnectionCapacity(openFiles: 1_048_576, reserve: 70, memoryBytes: 256 << 20)
        #expect(capacity.defaultMaxConnections == (256 << 20) / 2 / (14 * 1024))
    }

    @Test func test_overTLS_aConnectionCostsMore_soMemoryAllowsFewer() {
        let plain = ConnectionCapacity(openFiles: 1_048_576, reserve: 70, memoryBytes: 24 << 30)
        let tls = ConnectionCapacity(openFiles: 1_048_576, reserve: 70, memoryBytes: 24 << 30, tls: true)
        #expect(tls.defaultMaxConnections == Int((UInt64(24) << 30) / 2 / (38 * 1024)))
        #expect(tls.defaultMaxConnections < plain.defaultMaxConnections)
    }

    @Test func test_openFiles_neverLeaveLessThanOne() {
        #expect(ConnectionCapacity(openFiles: 10, reserve: 70, memoryBytes: nil).defaultMaxConnections == 1)
    }

    @Test func test_raisingTheLimit_reachesTheHardLimit() {
        let raised = OpenFileLimit.raiseToHard()
        #expect(raised.after >= raised.before)
        #expect(OpenFileLimit.current == raised.after)
    }

    @Test func test_aMaxConnectionsAboveTheLimit_warnsNamingBothFigures() {
        let capacity = ConnectionCapacity(openFiles: 1024, reserve: 70, memoryBytes: 24 << 30)
        let capture = LogCapture()
        logConnectionCapacity(maxConnections: 20_000, capacity: capacity, logger: capture.logger())
        let warnings = capture.all.filter { $0.level == .warning }.map(\.message)
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("20000") == true && warnings.first?.contains("954") == true, "\(warnings)")
        let quiet = LogCapture()
        logConnectionCapacity(maxConnections: 900, capacity: capacity, logger: quiet.logger())
        #expect(quiet.all.allSatisfy { $0.level != .warning })
        #expect(quiet.all.first?.message.contains("holding up to 900 connections") == true)
    }
}
