import FontFitDescription
import Foundation
import Testing

/// Strings tables are read once while they stay unchanged (issue 25: a sweep of 200 layouts
/// sharing 5 tables read them 1,000 times).
@Suite("Strings tables read once")
struct LocalizationCacheTests {
  @Test("A table read again is the same; a changed or removed one is read anew")
  func changedTablesAreReadAgain() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("fontfit-strings-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("de.json")
    for (round, text) in ["Hallo", "Guten Tag", "Servus", "Moin"].enumerated() {
      try Data(#"{"greeting": "\#(text)"}"#.utf8).write(to: file, options: .atomic)
      let first = try Localization.table(in: directory.path, locale: "de")
      let again = try Localization.table(in: directory.path, locale: "de")
      #expect(first.text(forKey: "greeting") == text, "round \(round)")
      #expect(again == first)
    }
    // The same length, written as editors save (a new file renamed over the old): read anew.
    try Data(#"{"greeting": "Mahl"}"#.utf8).write(to: file, options: .atomic)
    #expect(
      try Localization.table(in: directory.path, locale: "de").text(forKey: "greeting")
        == "Mahl")
    // A table that had settled (so it is kept), then rewritten in place with the same length
    // right after it was read: read anew, as its change time moved.
    try Data(#"{"greeting": "Tach"}"#.utf8).write(to: file, options: .atomic)
    Thread.sleep(forTimeInterval: 0.05)
    #expect(
      try Localization.table(in: directory.path, locale: "de").text(forKey: "greeting")
        == "Tach")
    // Settled and unchanged: asked again, the table comes from the cache, not the file.
    let reads = Localization.fileReads(of: file.path)
    for _ in 0..<3 {
      #expect(
        try Localization.table(in: directory.path, locale: "de").text(forKey: "greeting")
          == "Tach")
    }
    #expect(Localization.fileReads(of: file.path) == reads && reads > 0)
    let handle = try FileHandle(forWritingTo: file)
    try handle.write(contentsOf: Data(#"{"greeting": "Hoi!"}"#.utf8))
    try handle.close()
    #expect(
      try Localization.table(in: directory.path, locale: "de").text(forKey: "greeting")
        == "Hoi!")
    try FileManager.default.removeItem(at: file)
    #expect(throws: DescriptionError.self) {
      try Localization.table(in: directory.path, locale: "de")
    }
  }
}
