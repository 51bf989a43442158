// The JSON description loader on any bytes: LayoutDocument.parse never crashes, its errors point
// into the file, and what it accepts builds and lays out (with arithmetic metrics).

import FontFit
import FuzzSupport

runFuzzer(fuzzDescriptionJSON)

/// The test of one input, read as a JSON description file.
///
/// - Parameters:
///   - data: The input's bytes, decoded as UTF-8 (invalid sequences become U+FFFD).
///   - size: Their number.
/// - Returns: 0, as libFuzzer requires; a broken property stops the process instead.
func fuzzDescriptionJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let text = FuzzBytes(data, count: size).text
  let result = Result { () throws(DescriptionError) in
    try LayoutDocument.parse(text, file: "fuzz.json", catalog: bundledCatalog)
  }
  DescriptionChecks.check(result, text: text)
  return 0
}
