import CarteleraModel
import CarteleraStore
import Testing

@Suite("Recording runs in a source state")
struct SourceStateRecordingTests {
    @Test("a success clears the error and keeps the last 10 counts, newest last")
    func successes() {
        var state = SourceState(source: Sample.source)
        state.recordFailure("timeout", at: Sample.time(5))
        for count in 1...12 {
            state.recordSuccess(itemCount: count, at: Sample.time(6))
        }
        #expect(state.status == .ok)
        #expect(state.lastError == nil)
        #expect(state.consecutiveFailures == 0)
        #expect(state.recentItemCounts == Array(3...12))
        #expect(state.lastSuccess == Sample.time(6))
    }

    @Test("failures count up and keep the last success and counts")
    func failures() {
        var state = SourceState(source: Sample.source)
        state.recordSuccess(itemCount: 200, at: Sample.time(6))
        state.recordFailure("HTTP 503", at: Sample.time(7))
        state.recordFailure("12 items, expected about 200", status: .belowSanityFloor, at: Sample.time(8))
        #expect(state.status == .belowSanityFloor)
        #expect(state.consecutiveFailures == 2)
        #expect(state.lastAttempt == Sample.time(8))
        #expect(state.lastSuccess == Sample.time(6))
        #expect(state.recentItemCounts == [200])
    }
}
