// `bench --memory`: what one laid-out label costs in memory (issue 25, target 4: at most 4 KiB
// for a label of up to 100 characters). A description of 4,000 labels with distinct corpus
// texts of at most 100 characters is read, built into a tree for one screen, laid out, and
// snapshotted, and the heap in use (glibc's mallinfo2, exact to the byte) is read after each
// stage; the shaped texts the font system caches are counted apart, as the cache is shared
// by every screen and bounded on its own.

import CBenchSupport
import FontFitDescription
import FontFitFonts
import FontFitSnapshot
import FontFitWidgets
import Foundation

/// The memory benchmark.
enum MemoryBench {
  static let labelCount = 4_000
  /// The target of issue 25: bytes per laid-out label of at most 100 characters.
  static let targetBytesPerLabel = 4_096

  /// The bytes malloc has handed out and not had back.
  static func heapInUse() -> Int {
    Int(fontfit_bench_heap_in_use())
  }

  static func run(cases: [BenchCase]) -> Never {
    let short = cases.filter { $0.text.count <= 100 }
    let description = Corpus.demoDescription(
      labels: labelCount,
      cases: (0..<labelCount).map { index in
        var benchCase = short[index % short.count]
        benchCase.text += " m\(index)"
        return benchCase
      })
    let fonts: FontSystem
    let document: LayoutDocument
    do {
      fonts = try FontSystem()
      document = try LayoutDocument.parse(description, file: "memory.json", catalog: .bundled)
    } catch {
      fail("\(error)")
    }
    guard let screen = ScreenCatalog.bundled.screens.first(where: { $0.name == "iPhone 14" })
    else { fail("no iPhone 8 in the catalog") }
    // One tree laid out first, so fonts are open and one-time tables exist before counting.
    document.makeTree(on: screen, shaper: fonts).layoutIfNeeded()
    fonts.removeCachedTexts()
    var stages: [(String, Int)] = []
    var before = heapInUse()
    func stage(_ name: String) {
      let now = heapInUse()
      stages.append((name, now - before))
      before = now
    }
    let tree = document.makeTree(on: screen, shaper: fonts)
    stage("widgets built from the description")
    tree.layoutIfNeeded()
    let cached = fonts.cacheUsage.shapedTextBytes
    stage("laid out (shaped texts in the font system's cache included)")
    let snapshot = try? ScreenSnapshot(tree: tree, includingGlyphs: false)
    stage("snapshot for the dump")
    // What the cache alone held: the texts' bytes the laid-out widgets do not share.
    fonts.removeCachedTexts()
    stage("the font system's cached shaped texts dropped")
    // The same texts shaped alone and kept, to weigh shaped text as it is, not as the cache
    // estimates it.
    func labels(in view: View) -> [Label] {
      ((view as? Label).map { [$0] } ?? []) + view.children.flatMap(labels(in:))
    }
    let texts = labels(in: tree).map { ($0.text, $0.font.descriptor) }
    fonts.removeCachedTexts()
    let beforeShaping = heapInUse()
    let shaped = texts.compactMap { try? fonts.shape($0.0, font: $0.1) }
    fonts.removeCachedTexts()
    let shapedBytes = heapInUse() - beforeShaping
    let clusterCount = shaped.reduce(0) { $0 + $1.count }
    let afterLayout = stages[0].1 + stages[1].1
    print("Memory per label: \(labelCount) labels of ≤ 100 characters, distinct texts, one tree")
    print("on \(screen.name) (heap bytes in use, glibc mallinfo2)")
    print("")
    print("| stage | bytes per label |")
    print("|---|---|")
    for (name, bytes) in stages {
      print("| \(name) | \(bytes / labelCount) |")
    }
    print("| of which the shaped-text cache's estimate | \(cached / labelCount) |")
    print(
      "| the texts shaped alone and kept (\(clusterCount / max(shaped.count, 1)) clusters each) "
        + "| \(shapedBytes / max(shaped.count, 1)) |")
    print("")
    print(
      "a laid-out label: \(afterLayout / labelCount) bytes (target ≤ \(targetBytesPerLabel)); "
        + "without its cached shaped text \((afterLayout - cached) / labelCount) bytes")
    withExtendedLifetime((tree, snapshot, shaped)) {}
    exit(0)
  }
}
