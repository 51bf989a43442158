// A lock the thread sanitizer understands: `Synchronization.Mutex` on Linux uses futexes the
// sanitizer cannot see, so it reports races on every value a Mutex guards (a minimal correct
// program gets the same report). This one is a pthread mutex, which the sanitizer intercepts.

#if canImport(Glibc)
  import Glibc
#endif

/// A value guarded by a pthread mutex: every access goes through ``withLock(_:)``.
///
/// The package's shared state (font caches, lazily built lines and columns, batch results)
/// uses it instead of `Synchronization.Mutex` so that `swift test --sanitize=thread` checks
/// the locking.
///
/// The value lives behind a pointer rather than in a stored `var`: the mutex already makes
/// every access exclusive, and a stored property would add the runtime's dynamic exclusivity
/// check (two calls into the runtime) to every lock taken. The mutex and the value share one
/// allocation.
package final class Lock<Value: ~Copyable>: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let value: UnsafeMutablePointer<Value>

  /// Where the value starts in the allocation: after the mutex, aligned for the value.
  private static var valueOffset: Int {
    let alignment = MemoryLayout<Value>.alignment
    return (MemoryLayout<pthread_mutex_t>.size + alignment - 1) / alignment * alignment
  }

  /// A lock guarding `value`.
  package init(_ value: consuming Value) {
    let memory = UnsafeMutableRawPointer.allocate(
      byteCount: Self.valueOffset + MemoryLayout<Value>.size,
      alignment: max(MemoryLayout<pthread_mutex_t>.alignment, MemoryLayout<Value>.alignment))
    mutex = memory.bindMemory(to: pthread_mutex_t.self, capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    self.value = (memory + Self.valueOffset).bindMemory(to: Value.self, capacity: 1)
    self.value.initialize(to: value)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    value.deinitialize(count: 1)
    UnsafeMutableRawPointer(mutex).deallocate()
  }

  /// Runs `body` with the value, holding the lock.
  package func withLock<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value.pointee)
  }
}
