import Foundation

/// Runs `body` on `threads` threads that start together, and returns when every one is done.
///
/// Each thread waits until all have started, then all are let go at once, so calls that race
/// for the same new work overlap as much as the machine lets them.
///
/// - Parameters:
///   - threads: How many threads run `body`.
///   - body: Called on each thread with the thread's number, from 0.
public func runTogether(threads: Int, _ body: @escaping @Sendable (Int) -> Void) {
  let ready = DispatchSemaphore(value: 0)
  let start = DispatchSemaphore(value: 0)
  let done = DispatchSemaphore(value: 0)
  for thread in 0..<threads {
    Thread {
      ready.signal()
      start.wait()
      body(thread)
      done.signal()
    }.start()
  }
  for _ in 0..<threads { ready.wait() }
  for _ in 0..<threads { start.signal() }
  for _ in 0..<threads { done.wait() }
}
