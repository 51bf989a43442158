import FontFitDescription
import FontFitWidgets
import Testing

/// One bad value in a one-line layout: the child widget's JSON, the text the error must point
/// at, its key path and a fragment of its message.
struct BadValue: Sendable, CustomTestStringConvertible {
  var name: String
  var child: String
  var root = "Stack"
  var at: String
  var keyPath: String
  var message: String
  var testDescription: String { name }

  /// Parses `json` (one line holding this value) and expects the error to name the line and
  /// column of `at`, the key path and the message fragment.
  func expectLocated(in json: String) throws {
    let thrown = #expect(throws: DescriptionError.self) {
      try LayoutDocument.parse(json, file: "layout.json", catalog: ScreenCatalog.bundled)
    }
    let error = try #require(thrown)
    let offset = try #require(json.range(of: at)).lowerBound
    #expect(error.line == 1)
    #expect(error.column == json.distance(from: json.startIndex, to: offset) + 1, "\(error)")
    #expect(error.keyPath == keyPath)
    #expect(error.message.contains(message), "\(error.message)")
  }
}
