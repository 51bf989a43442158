// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The library's version, as the header's macros give it.

import Glibc

/// The version `ff_version` reports; `include/fontfit.h` gives the same in its macros, and a
/// test keeps the two equal.
enum LibraryVersion {
  static let major: UInt32 = 0
  static let minor: UInt32 = 1
  static let micro: UInt32 = 0
  /// "MAJOR.MINOR.MICRO", NUL-terminated, never freed.
  static let string = CString("\(major).\(minor).\(micro)")
}

/// The version of the library loaded at run time, "MAJOR.MINOR.MICRO".
@c public func ff_version() -> UnsafePointer<CChar> {
  LibraryVersion.string.c
}

/// The version as numbers; NULL pointers are skipped.
@c public func ff_version_numbers(
  _ major: UnsafeMutablePointer<UInt32>?, _ minor: UnsafeMutablePointer<UInt32>?,
  _ micro: UnsafeMutablePointer<UInt32>?
) {
  store(LibraryVersion.major, major)
  store(LibraryVersion.minor, minor)
  store(LibraryVersion.micro, micro)
}

/// A new, empty error.
@c public func ff_error_create() -> OpaquePointer? {
  HandleRegistry.retain(ErrorObject())
}

/// Frees an error; NULL is ignored.
@c public func ff_error_destroy(_ error: OpaquePointer?) {
  HandleRegistry.release(error, as: ErrorObject.self)
}

/// The status of the last failure recorded.
@c public func ff_error_get_status(_ error: OpaquePointer?) -> Int32 {
  HandleRegistry.object(error, as: ErrorObject.self)?.status.rawValue ?? Status.ok.rawValue
}

/// The message of the last failure; "" when none.
@c public func ff_error_get_message(_ error: OpaquePointer?) -> UnsafePointer<CChar>? {
  HandleRegistry.object(error, as: ErrorObject.self)?.message.c ?? emptyString.c
}

/// The input file of the last failure, or NULL.
@c public func ff_error_get_file(_ error: OpaquePointer?) -> UnsafePointer<CChar>? {
  HandleRegistry.object(error, as: ErrorObject.self)?.file?.c
}

/// The 1-based line of the last failure; 0 when not known.
@c public func ff_error_get_line(_ error: OpaquePointer?) -> UInt32 {
  HandleRegistry.object(error, as: ErrorObject.self)?.line ?? 0
}

/// The 1-based column of the last failure; 0 when not known.
@c public func ff_error_get_column(_ error: OpaquePointer?) -> UInt32 {
  HandleRegistry.object(error, as: ErrorObject.self)?.column ?? 0
}

/// The key path of the last failure, or NULL.
@c public func ff_error_get_key_path(_ error: OpaquePointer?) -> UnsafePointer<CChar>? {
  HandleRegistry.object(error, as: ErrorObject.self)?.keyPath?.c
}

/// Frees memory this library returned as `char *`; NULL is ignored.
@c public func ff_free(_ memory: UnsafeMutableRawPointer?) {
  free(memory)
}

/// The empty string returned where a string must not be NULL.
let emptyString = CString("")
