// What C is told when a call fails: a status, a message, and where in an input file.

import FontFit

/// The statuses of `fontfit.h`'s `ff_status`.
enum Status: Int32 {
  case ok = 0
  case invalidArgument = 1
  case fileError = 2
  case fontError = 3
  case layoutError = 4
  case projectError = 5
  case renderError = 6
}

/// A failure of a C call, with what C is told about it.
struct APIError: Error {
  /// The status returned.
  var status: Status
  /// The sentence `ff_error_get_message` gives.
  var message: String
  /// The input file, line, column and key path, when the failure is in a file.
  var file: String? = nil
  var line = 0
  var column = 0
  var keyPath: String? = nil

  static func invalidArgument(_ message: String) -> APIError {
    APIError(status: .invalidArgument, message: message)
  }

  init(status: Status, message: String) {
    self.status = status
    self.message = message
  }

  init(_ error: DescriptionError) {
    status = .fileError
    message = error.description
    file = error.file
    line = error.line ?? 0
    column = error.column ?? 0
    keyPath = error.keyPath.isEmpty ? nil : error.keyPath
  }

  init(_ error: ProjectError) {
    switch error {
    case .file(let error): self.init(error)
    case .fontSources, .noUsableFont: self.init(status: .fontError, message: error.description)
    case .pictures: self.init(status: .renderError, message: error.description)
    case .textScale, .noStringsTables, .unknownLocale, .unknownScreen:
      self.init(status: .projectError, message: error.description)
    }
  }

  init(_ error: TextLayoutError) {
    switch error {
    case .font(let font): self.init(status: .fontError, message: font.description)
    case .invalidFontSize: self.init(status: .invalidArgument, message: error.description)
    default: self.init(status: .layoutError, message: error.description)
    }
  }
}

/// An `ff_error`: the last failure recorded in it.
final class ErrorObject: CObject, @unchecked Sendable {
  private(set) var status = Status.ok
  private(set) var message = CString("")
  private(set) var file: CString?
  private(set) var line: UInt32 = 0
  private(set) var column: UInt32 = 0
  private(set) var keyPath: CString?

  /// Records `error`, replacing what was recorded before.
  func record(_ error: APIError) {
    status = error.status
    message = CString(error.message)
    file = error.file.map(CString.init)
    line = UInt32(clamping: error.line)
    column = UInt32(clamping: error.column)
    keyPath = error.keyPath.map(CString.init)
  }
}

/// Runs `body`, the work of one C call, and turns its failure into a status, recorded in
/// `error` when C passed one.
func call(_ errorHandle: OpaquePointer?, _ body: () throws(APIError) -> Void) -> Int32 {
  do {
    try body()
    return Status.ok.rawValue
  } catch {
    HandleRegistry.object(errorHandle, as: ErrorObject.self)?.record(error)
    return error.status.rawValue
  }
}
