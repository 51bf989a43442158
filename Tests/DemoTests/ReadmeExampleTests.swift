// Builds and runs the embedding example exactly as README.md shows it: the `Package.swift`
// block and the `main.swift` block, in a scratch package that depends on this checkout.

import Foundation
import TestSupport
import Testing

/// The Swift code blocks of README.md's embedding section, in order.
private func embeddingBlocks() throws -> [String] {
  let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
  let section = try #require(
    readme.range(of: "## Embedding the widget layer"), "README has no embedding section")
  let end = readme.range(of: "\n## ", range: section.upperBound..<readme.endIndex)?.lowerBound
  let body = readme[section.upperBound..<(end ?? readme.endIndex)]
  return body.components(separatedBy: "```swift\n").dropFirst().compactMap {
    $0.components(separatedBy: "\n```").first
  }
}

@Suite("README embedding example")
struct ReadmeExampleTests {
  @Test("The Package.swift and main.swift in README.md build and run as written (issue 6)")
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
