// Builds and runs the embedding example exactly as docs/embedding.md shows it: the
// `Package.swift` block and the `main.swift` block, in a scratch package that depends on this
// checkout.

import Foundation
import TestSupport
import Testing

/// The Swift code blocks of docs/embedding.md's first section, in order.
private func embeddingBlocks() throws -> [String] {
  let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  let readme = try String(
    contentsOf: root.appendingPathComponent("docs/embedding.md"), encoding: .utf8)
  let section = try #require(
    readme.range(of: "## Embedding the widget layer"), "docs/embedding.md has no first section")
  let end = readme.range(of: "\n## ", range: section.upperBound..<readme.endIndex)?.lowerBound
  let body = readme[section.upperBound..<(end ?? readme.endIndex)]
  return body.components(separatedBy: "```swift\n").dropFirst().compactMap {
    $0.components(separatedBy: "\n```").first
  }
}

@Suite("Embedding example")
struct ReadmeExampleTests {
  @Test("The Package.swift and main.swift in docs/embedding.md build and run as written (issue 6)")
  func embeddingExampleBuildsAndRuns() throws {
    let blocks = try embeddingBlocks()
    try #require(blocks.count == 2, "expected a Package.swift block and a main.swift block")
    let manifest = blocks[0]
    let main = blocks[1]
    let imports = main.split(separator: "\n").filter { $0.hasPrefix("import ") }
    #expect(imports == ["import FontFit"], "the example must need only the umbrella module")
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("fontfit-readme-example", isDirectory: true)
    let sources = scratch.appendingPathComponent("Sources/MyApp", isDirectory: true)
    try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
    // README depends on a checkout called FontFit next to the app; here that is a link to this
    // repository (a path dependency's package name is its folder's name).
    let checkout = scratch.appendingPathComponent("checkout/FontFit")
    try? FileManager.default.removeItem(at: checkout)
    try FileManager.default.createDirectory(
      at: checkout.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(at: checkout, withDestinationURL: repository)
    let localManifest = manifest.replacingOccurrences(
      of: ".package(path: \"../FontFit\")", with: ".package(path: \"\(checkout.path)\")")
    #expect(localManifest != manifest, "README's manifest should depend on ../FontFit")
    try Data(localManifest.utf8).write(to: scratch.appendingPathComponent("Package.swift"))
    try Data(main.utf8).write(to: sources.appendingPathComponent("main.swift"))
    let (built, buildLog) = try runCommand(["swift", "build"], in: scratch)
    try #require(built == 0, "the README example does not build:\n\(buildLog.suffix(3000))")
    let (status, output) = try runCommand(["swift", "run", "--skip-build", "MyApp"], in: scratch)
    #expect(status == 0, "\(output.suffix(2000))")
    let lines = output.split(separator: "\n").map(String.init)
    #expect(lines.contains("19.0"), "the adapted size line is missing: \(output)")
    #expect(lines.contains("iPhone 6 375×667 @2x"), "the dump heading is missing: \(output)")
  }
}

@Suite("Documentation links")
struct DocumentationLinkTests {
  @Test("Every relative link in README.md and docs/ points to a file that exists")
  func relativeLinksResolve() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let docs = root.appendingPathComponent("docs")
    let pages =
      [root.appendingPathComponent("README.md")]
      + (try FileManager.default.contentsOfDirectory(atPath: docs.path))
      .filter { $0.hasSuffix(".md") }.map { docs.appendingPathComponent($0) }
    #expect(pages.count >= 8)
    var checked = 0
    for page in pages {
      let text = try String(contentsOf: page, encoding: .utf8)
      // Markdown links outside code: [text](target), the target relative to the page.
      var rest = text[...]
      while let open = rest.range(of: "](") {
        rest = rest[open.upperBound...]
        guard let close = rest.firstIndex(of: ")") else { break }
        let target = String(rest[..<close]).split(separator: "#").first.map(String.init) ?? ""
        rest = rest[close...]
        guard !target.isEmpty, !target.contains("://"), !target.contains(" "),
          target.hasSuffix(".md") || target.hasSuffix(".png") || target.hasSuffix(".json")
        else { continue }
        let file = page.deletingLastPathComponent().appendingPathComponent(target)
        #expect(
          FileManager.default.fileExists(atPath: file.path),
          "\(page.lastPathComponent) links to \(target), which does not exist")
        checked += 1
      }
    }
    #expect(checked >= 10)
  }
}
