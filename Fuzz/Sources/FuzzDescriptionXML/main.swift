// The XML description loader on any bytes: LayoutDocument.load never crashes on an .xml file,
// its errors point into the file, and what it accepts builds and lays out (with arithmetic
// metrics).
//
// The XML reader is internal and reads files, so each input is written to a file of this
// process's own (in $TMPDIR, else /tmp) and loaded through the public API, as the demo does.

import FontFit
import Foundation
import FuzzSupport

runFuzzer(fuzzDescriptionXML)

/// The file each input is written to.
enum InputFile {
  /// The path: one per process, so parallel jobs never share it; removed after each load, so
  /// it remains only when a load crashes.
  static let path: String = {
    let directory = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
    return "\(directory)/fontfit-fuzz-\(ProcessInfo.processInfo.processIdentifier).xml"
  }()

  /// Replaces the file's contents with `text`, in UTF-8; plain POSIX calls, as Foundation's
  /// `Data.write` syncs the file to disk, which would take most of each run.
  static func store(_ text: String) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { fail("cannot open \(path): error \(errno)") }
    defer { close(descriptor) }
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { fail("cannot write \(path): error \(errno)") }
      bytes = bytes.dropFirst(count)
    }
  }
}

/// The test of one input, read as an XML description file.
///
/// - Parameters:
///   - data: The input's bytes, decoded as UTF-8 (invalid sequences become U+FFFD) and
///     written to the file as UTF-8, so that inputs reach the XML reader.
///   - size: Their number.
/// - Returns: 0, as libFuzzer requires; a broken property stops the process instead.
func fuzzDescriptionXML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let text = FuzzBytes(data, count: size).text
  InputFile.store(text)
  let result = Result { () throws(DescriptionError) in
    try LayoutDocument.load(path: InputFile.path, catalog: bundledCatalog)
  }
  unlink(InputFile.path)
  DescriptionChecks.check(result, text: text)
  return 0
}
