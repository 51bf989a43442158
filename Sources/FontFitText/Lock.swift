// A lock the thread sanitizer understands: `Synchronization.Mutex` on Linux uses futexes the
// sanitizer cannot see, so it reports races on every value a Mutex guards (a minimal correct
// program gets the same report). This one is a pthread mutex, which the sanitizer intercepts.

import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A value guarded by a pthread mutex: every access goes through ``withLock(_:)``.
///
/// The package's shared state (font caches, lazily built lines and columns, batch results)
/// uses it instead of `Synchronization.Mutex` so that `swift test --sanitize=thread` checks
/// the locking.
///
/// It is public behind the `Engine` SPI, not `package`, and its value is copyable: this
/// compiler (Swift 6.3) neither inlines nor specialises across modules a `package` method, even
/// an `@inlinable` one, nor a method of a type generic over a `~Copyable` value, and a lock
/// taken unspecialised costs the generic metadata look-ups of a call through the runtime.
///
/// A lock is a reference: copies guard the same value. The mutex and the value live in one
/// allocation, the object's own (a `ManagedBuffer` with the mutex as its header and the value
/// as its one element), so making a lock costs one allocation, as lazily built lines and
/// placements make one per fit. The value is reached through the buffer's pointer rather than
/// a stored `var`: the mutex already makes every access exclusive, and a stored property would
/// add the runtime's dynamic exclusivity check (two calls into the runtime) to every lock taken.
@_spi(Engine) public struct Lock<Value>: @unchecked Sendable {
  @usableFromInline let storage: LockStorage<Value>

  /// A lock guarding `value`.
  @inlinable
  public init(_ value: Value) {
    storage = LockStorage.make(value)
  }

  /// Runs `body` with the value, holding the lock.
  @inlinable
  public func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
    storage.withLock(body)
  }

  /// Runs `body` with the value, holding the lock, and rethrows what it throws.
  @inlinable
  public func withLock<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try storage.withLock(body)
  }
}

/// The mutex (the header) and the value (the one element) of a ``Lock``.
@usableFromInline
final class LockStorage<Value>: ManagedBuffer<pthread_mutex_t, Value> {
  /// A new storage holding `value` behind an initialised mutex.
  @inlinable
  static func make(_ value: Value) -> LockStorage {
    let buffer = unsafeDowncast(
      create(minimumCapacity: 1) { _ in pthread_mutex_t() }, to: LockStorage.self)
    buffer.withUnsafeMutablePointers { mutex, element in
      pthread_mutex_init(mutex, nil)
      element.initialize(to: value)
    }
    return buffer
  }

  deinit {
    withUnsafeMutablePointers { mutex, element in
      pthread_mutex_destroy(mutex)
      _ = element.deinitialize(count: 1)
    }
  }

  @inlinable
  func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
    withUnsafeMutablePointers { mutex, element in
      pthread_mutex_lock(mutex)
      defer { pthread_mutex_unlock(mutex) }
      return body(&element.pointee)
    }
  }

  @inlinable
  func withLock<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try withUnsafeMutablePointers { (mutex, element) throws(Failure) -> Result in
      pthread_mutex_lock(mutex)
      defer { pthread_mutex_unlock(mutex) }
      return try body(&element.pointee)
    }
  }
}

/// A reference stored at most once and read without a lock: a value worked out on first use
/// (a fit's lines, where a word's breaks take hyphens) that two threads may both work out,
/// the first stored being kept.
///
/// It does what `Synchronization.AtomicLazyReference` does, but inlines: this compiler's
/// `AtomicLazyReference.load()` is a call into the Synchronization library, unspecialised, that
/// looks up generic metadata every time (about 700 instructions a load, against a handful).
/// The reference is held as the bits of a retained pointer in an atomic word; loads acquire and
/// the one store that wins releases, so a reader sees the object whole.
///
/// Like the atomic it holds, it is not copyable, and lives inline in the object that owns it.
@_spi(Engine)
public struct OnceReference<Value: AnyObject & Sendable>: ~Copyable, @unchecked Sendable {
  @usableFromInline let bits = Atomic<UInt>(0)

  /// An empty reference.
  @inlinable
  public init() {}

  /// The stored object, or nil before one is stored.
  @inlinable
  public func load() -> Value? {
    let raw = bits.load(ordering: .acquiring)
    guard let pointer = UnsafeRawPointer(bitPattern: raw) else { return nil }
    return Unmanaged<Value>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// `body` applied to the stored object, without retaining it; nil before one is stored.
  ///
  /// The reference holds the object until its owner goes, and it is never replaced, so the
  /// object outlives the call: a hot path reads it without a retain and a release.
  @inlinable
  public func withLoaded<Result>(_ body: (Value) -> Result) -> Result? {
    let raw = bits.load(ordering: .acquiring)
    guard let pointer = UnsafeRawPointer(bitPattern: raw) else { return nil }
    return Unmanaged<Value>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
  }

  /// Stores `value` unless an object is stored already, and returns the object stored.
  @inlinable
  public func storeIfNil(_ value: Value) -> Value {
    let retained = Unmanaged.passRetained(value)
    let (stored, original) = bits.compareExchange(
      expected: 0, desired: UInt(bitPattern: retained.toOpaque()),
      ordering: .acquiringAndReleasing)
    if stored { return value }
    retained.release()
    guard let pointer = UnsafeRawPointer(bitPattern: original) else { return value }
    return Unmanaged<Value>.fromOpaque(pointer).takeUnretainedValue()
  }

  deinit {
    guard let pointer = UnsafeRawPointer(bitPattern: bits.load(ordering: .acquiring)) else {
      return
    }
    Unmanaged<Value>.fromOpaque(pointer).release()
  }
}
