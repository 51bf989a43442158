// The handles of the C API: every object C holds is a Swift object behind an opaque pointer,
// registered while it lives, so a NULL, destroyed or foreign pointer is refused as an invalid
// argument instead of being followed.

@_spi(Engine) import FontFitText
import Glibc

/// An object C holds a handle to; its subclasses are final (a handle is looked up by its exact
/// class).
///
/// Handles are made with ``HandleRegistry/retain(_:)``, which keeps the object alive and
/// registers its address, and freed with ``HandleRegistry/release(_:)``. Objects a screen owns
/// (its widgets' texts) are registered without being the caller's: C cannot free them.
class CObject: @unchecked Sendable {
  /// Whether C may free this object: false for objects another object owns.
  let isCallersOwn: Bool

  init(isCallersOwn: Bool = true) {
    self.isCallersOwn = isCallersOwn
  }
}

/// The live handles, by address.
///
/// A lock guards the set: looking a handle up and taking a strong reference to its object
/// happen under it, so a handle freed on another thread is either found whole or not at all.
enum HandleRegistry {
  /// A registered object: the strong reference its handle holds.
  private struct Entry: @unchecked Sendable {
    let reference: Unmanaged<CObject>
  }

  private static let live = Lock<[UInt: Entry]>([:])

  /// A new handle for `object`, which it keeps alive until released.
  static func retain(_ object: CObject) -> OpaquePointer {
    let unmanaged = Unmanaged<CObject>.passRetained(object)
    let address = unmanaged.toOpaque()
    live.withLock { $0[UInt(bitPattern: address)] = Entry(reference: unmanaged) }
    return OpaquePointer(address)
  }

  /// The object behind `handle` when it is a live handle of type `T`.
  static func object<T: CObject>(_ handle: OpaquePointer?, as type: T.Type) -> T? {
    guard let handle else { return nil }
    let address = UInt(bitPattern: UnsafeMutableRawPointer(handle))
    return live.withLock { handles -> T? in
      guard let object = handles[address]?.reference.takeUnretainedValue() else { return nil }
      // Every handle's class is final: its exact type is the one asked for, or it is another.
      return Swift.type(of: object) == T.self ? unsafeDowncast(object, to: T.self) : nil
    }
  }

  /// Frees `handle` when it is a live handle of type `T` that C owns.
  ///
  /// Anything else (NULL, a freed handle, an object another owns) is left alone.
  ///
  /// - Returns: Whether it was freed.
  @discardableResult
  static func release<T: CObject>(_ handle: OpaquePointer?, as type: T.Type) -> Bool {
    guard let handle else { return false }
    let address = UInt(bitPattern: UnsafeMutableRawPointer(handle))
    let released: Entry? = live.withLock { handles -> Entry? in
      guard let entry = handles[address] else { return nil }
      let object = entry.reference.takeUnretainedValue()
      guard Swift.type(of: object) == T.self, object.isCallersOwn else { return nil }
      handles[address] = nil
      return entry
    }
    // The object is freed outside the lock: its deinit may unregister objects it owns.
    released?.reference.release()
    return released != nil
  }

  /// Unregisters and frees `handle`, an object another object owned; for that owner's
  /// deinit.
  static func releaseOwned(_ handle: OpaquePointer) {
    let address = UInt(bitPattern: UnsafeMutableRawPointer(handle))
    let released = live.withLock { $0.removeValue(forKey: address) }
    released?.reference.release()
  }
}

/// A NUL-terminated copy of a string, freed with its owner: what a `const char *` returned to
/// C points at.
final class CString: @unchecked Sendable {
  /// The bytes, NUL-terminated.
  let pointer: UnsafeMutablePointer<CChar>
  /// The length in bytes without the NUL.
  let count: Int

  init(_ string: String) {
    var string = string
    let count = string.utf8.count
    let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: count + 1)
    string.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return }
      UnsafeMutableRawPointer(pointer).copyMemory(from: base, byteCount: count)
    }
    pointer[count] = 0
    self.count = count
    self.pointer = pointer
  }

  /// The pointer C reads; immutable.
  var c: UnsafePointer<CChar> { UnsafePointer(pointer) }

  deinit { pointer.deallocate() }
}

/// `string` in memory C frees with `ff_free` (malloc'd), or nil when memory is exhausted.
func mallocString(_ string: String) -> UnsafeMutablePointer<CChar>? {
  let count = string.utf8.count
  guard let memory = malloc(count + 1)?.assumingMemoryBound(to: CChar.self) else { return nil }
  var string = string
  string.withUTF8 { bytes in
    bytes.withMemoryRebound(to: CChar.self) { chars in
      if let base = chars.baseAddress { memory.initialize(from: base, count: count) }
    }
  }
  memory[count] = 0
  return memory
}

/// The string C passed, checked to be UTF-8: nil for NULL, an error for other bytes.
///
/// - Parameters:
///   - pointer: NUL-terminated bytes, or `length` bytes when `length` is not negative.
///   - length: The number of bytes, or -1 for up to a NUL.
///   - name: The argument's name, for the message.
/// - Returns: The string, or nil for NULL.
/// - Throws: An invalid-argument error naming the first byte that is not UTF-8.
func readString(_ pointer: UnsafePointer<CChar>?, length: Int = -1, name: String)
  throws(APIError) -> String?
{
  guard let pointer else { return nil }
  let count = length < 0 ? strlen(pointer) : length
  let bytes = UnsafeRawBufferPointer(start: pointer, count: count)
  return try decodeUTF8(bytes, name: name)
}

/// `bytes` as a string, or an error naming the offset of the first byte that is not UTF-8.
func decodeUTF8(_ bytes: UnsafeRawBufferPointer, name: String) throws(APIError) -> String {
  if let string = String(validating: bytes.assumingMemoryBound(to: UInt8.self), as: UTF8.self) {
    return string
  }
  // Not UTF-8: find where, for the message.
  var iterator = bytes.makeIterator()
  var decoder = UTF8()
  var offset = 0
  while true {
    switch decoder.decode(&iterator) {
    case .scalarValue(let scalar):
      offset += UTF8.width(scalar)
    case .emptyInput:
      return String(decoding: bytes, as: UTF8.self)
    case .error:
      throw .invalidArgument("\(name): the bytes at offset \(offset) are not UTF-8")
    }
  }
}

/// `pointer`'s string, which must be given.
func requireString(_ pointer: UnsafePointer<CChar>?, name: String) throws(APIError) -> String {
  guard let string = try readString(pointer, name: name) else {
    throw .invalidArgument("\(name) is NULL")
  }
  return string
}

/// Stores `value` where C asked, when it asked.
@inline(__always)
func store<T>(_ value: T, _ pointer: UnsafeMutablePointer<T>?) {
  pointer?.pointee = value
}
