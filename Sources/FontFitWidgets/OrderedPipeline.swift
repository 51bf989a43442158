// Independent tasks on all cores whose results are used in order as they come: the dumps lay
// screens out on the workers while the calling thread writes the screens already done.

import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ParallelLayout {
  /// `body(index)` for every index in `0..<count` on up to `workers` threads, each result
  /// handed to `use` on the calling thread in index order, as soon as it and every result
  /// before it are done.
  ///
  /// A worker takes the next index as soon as it is free, so a slow task holds up only the
  /// results after it, not the other workers. The calling thread is one of the workers: it
  /// uses each result as soon as it is done, and runs tasks itself while the one it needs
  /// next is not. At most `window` tasks are running or waiting to be used at any time,
  /// which bounds the memory their results hold. With a window or a worker of one, every task
  /// runs on the calling thread, one after another.
  ///
  /// - Parameters:
  ///   - count: How many tasks there are.
  ///   - window: The most tasks started and not yet used; at least 1.
  ///   - workers: The most tasks that run at once; by default one per processor.
  ///   - body: One task; it must depend on nothing but its index and shared, thread-safe
  ///     state.
  ///   - use: Called with each result in index order.
  /// - Throws: What `use` throws; then no further task starts, and the running ones finish
  ///   before the call returns.
  public static func forEachInOrder<Result: Sendable, Failure: Error>(
    _ count: Int, window: Int, workers: Int = processorCount,
    _ body: @Sendable (Int) -> Result,
    then use: (Result) throws(Failure) -> Void
  ) throws(Failure) {
    let threads = min(workers, window, count)
    guard threads > 1 else {
      for index in 0..<max(0, count) { try use(running { body(index) }) }
      return
    }
    let handoff = Handoff<Result>(count: count, window: window)
    let group = DispatchGroup()
    let failure: Failure? = withoutActuallyEscaping(body) { body in
      // The calling thread is one of the workers: while the result it needs next is not
      // done, it runs the next task itself, so the run goes on even when no other thread is
      // free to start (a caller on a thread pool, say), and it waits only for a task
      // another worker is running.
      for _ in 1..<threads {
        DispatchQueue.global().async(group: group) {
          while let index = handoff.nextIndex() {
            handoff.finish(index, with: running { body(index) })
          }
        }
      }
      var failure: Failure?
      for index in 0..<count {
        var result: Result?
        while result == nil {
          switch handoff.take(index) {
          case .done(let done): result = done
          case .start(let next): handoff.finish(next, with: running { body(next) })
          }
        }
        do throws(Failure) {
          if let result { try use(result) }
          handoff.release()
        } catch {
          failure = error
          handoff.cancel()
          break
        }
      }
      // The workers use `body`, which must not outlive this call.
      group.wait()
      return failure
    }
    if let failure { throw failure }
  }
}

/// The results of ``ParallelLayout/forEachInOrder(_:window:workers:_:then:)`` on their way
/// from the workers to the calling thread, with the next index to start, behind a pthread
/// mutex (which the thread sanitizer sees) and a condition the waiting threads sleep on.
private final class Handoff<Result>: @unchecked Sendable {
  /// The tasks.
  private let count: Int
  /// The most tasks started and not yet used.
  private let window: Int
  /// The next index to start.
  private var next = 0
  /// How many results were used.
  private var used = 0
  /// Results done and not yet taken, by index.
  private var results: [Int: Result] = [:]
  /// Whether no further task may start.
  private var cancelled = false
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  init(count: Int, window: Int) {
    self.count = count
    self.window = max(1, window)
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(changed, nil)
  }

  deinit {
    pthread_cond_destroy(changed)
    pthread_mutex_destroy(mutex)
    changed.deallocate()
    mutex.deallocate()
  }

  /// Runs `body` holding the mutex.
  private func locked<Value>(_ body: () -> Value) -> Value {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return body()
  }

  /// The index a worker starts next, once the window has room for it; nil when there is
  /// none left or the run was cancelled.
  func nextIndex() -> Int? {
    locked {
      while !cancelled, next < count, next >= used + window {
        pthread_cond_wait(changed, mutex)
      }
      guard !cancelled, next < count else { return nil }
      defer { next += 1 }
      return next
    }
  }

  /// Keeps the result of task `index` for ``take(_:)``.
  func finish(_ index: Int, with result: Result) {
    locked {
      results[index] = result
      pthread_cond_broadcast(changed)
    }
  }

  /// What the calling thread does next for the result of task `index`.
  enum Next {
    /// Use this result of the task.
    case done(Result)
    /// Run this task first: it is the next to start, and the window has room for it.
    case start(Int)
  }

  /// The result of task `index`, or the next task for the calling thread to run first.
  ///
  /// The next task comes when the result is not done and the window has room; it waits
  /// only while another worker runs the task. The tasks are taken in index order.
  func take(_ index: Int) -> Next {
    locked {
      while true {
        if let result = results.removeValue(forKey: index) { return .done(result) }
        if !cancelled, next < count, next < used + window {
          defer { next += 1 }
          return .start(next)
        }
        pthread_cond_wait(changed, mutex)
      }
    }
  }

  /// Frees the window's place of the result last taken, once it is used.
  func release() {
    locked {
      used += 1
      pthread_cond_broadcast(changed)
    }
  }

  /// Starts no further task.
  func cancel() {
    locked {
      cancelled = true
      pthread_cond_broadcast(changed)
    }
  }
}
