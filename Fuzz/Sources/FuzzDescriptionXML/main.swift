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
  /// The path: one per process, so parallel jobs never share it; removed when the process
  /// exits normally.
  static let path: String = {
    let directory = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
    atexit { unlink(InputFile.path) }
    return "\(directory)/fontfit-fuzz-\(ProcessInfo.processInfo.processIdentifier).xml"
  }()
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
  do {
    try Data(text.utf8).write(to: URL(fileURLWithPath: InputFile.path))
  } catch {
    fail("cannot write the input to \(InputFile.path): \(error)")
  }
  let result = Result { () throws(DescriptionError) in
    try LayoutDocument.load(path: InputFile.path, catalog: bundledCatalog)
  }
  DescriptionChecks.check(result, text: text)
  return 0
}
