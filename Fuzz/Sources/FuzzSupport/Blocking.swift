import Dispatch

/// Runs async work to its end from libFuzzer's synchronous callback.
///
/// The harness thread waits on a semaphore while the work runs on the cooperative pool.
public func runBlocking<Result: Sendable>(_ operation: @escaping @Sendable () async -> Result) -> Result {
    let box = ResultBox<Result>()
    let done = DispatchSemaphore(value: 0)
    Task {
        box.value = await operation()
        done.signal()
    }
    done.wait()
    guard let value = box.value else { preconditionFailure("the task signalled without a result") }
    return value
}

/// Carries a result from the task to the waiting thread; the semaphore orders the write before the read,
/// so the unchecked Sendable is sound.
private final class ResultBox<Value>: @unchecked Sendable {
    var value: Value?
}
