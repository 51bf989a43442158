// The benchmark: how long a fit takes, cold and warm, against the seed's naive algorithm, and
// what the whole demo costs in time and memory. `swift run -c release bench` runs it in full;
// `--short` runs a few cases in seconds, as CI does, and only checks that the answers agree.

import FontFitDescription
import FontFitFonts
import FontFitSnapshot
import FontFitText
import FontFitWidgets
import Foundation

/// The command line: `--short` for CI.
let short = CommandLine.arguments.contains("--short")
let caseCount = short ? 50 : 600
let demoLabels = short ? 100 : 10_000

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("bench: \(message)\n".utf8))
  exit(1)
}

/// The process's peak resident memory so far, in MiB (Linux's VmHWM).
func peakMemory() -> Double {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
    let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
    let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
  else { return .nan }
  return kilobytes / 1024
}

/// Median and 95th percentile of `values`.
func percentiles(_ values: [Double]) -> (median: Double, p95: Double) {
  let sorted = values.sorted()
  guard !sorted.isEmpty else { return (.nan, .nan) }
  return (sorted[sorted.count / 2], sorted[min(sorted.count - 1, sorted.count * 95 / 100)])
}

/// Nanoseconds `body` takes.
func time(_ body: () throws -> Void) rethrows -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  try body()
  return Double(DispatchTime.now().uptimeNanoseconds - start)
}

let fonts: FontSystem
do {
  fonts = try FontSystem()
} catch {
  fail("\(error)")
}
let screen = Screen(name: "Bench", width: 414, height: 896, scale: 1)
let environment = WidgetEnvironment(screen: screen, adaptation: .none, shaper: fonts)
let cases = Corpus.cases(count: caseCount)

/// A label that fits `benchCase` on the 0.5pt grid from 8pt to its design size.
func label(_ benchCase: BenchCase) -> Label {
  let label = Label(
    frame: Rect(x: 0, y: 0, width: benchCase.width, height: benchCase.height),
    font: benchCase.font, text: benchCase.text)
  label.numberOfLines = benchCase.maximumLines
  label.autoFit = AutoFit(minimumPointSize: 8, step: 0.5)
  label.environment = environment
  return label
}

// Cold: a new text, shaped and fitted.
var cold: [Double] = []
var layouts: [Double] = []
var sizes: [Double] = []
var labels: [Label] = []
for benchCase in cases {
  let widget = label(benchCase)
  cold.append(time { widget.layoutIfNeeded() })
  guard let fit = widget.layout?.fit else {
    fail("\(benchCase.text.prefix(20)): \(widget.layout?.error.map { "\($0)" } ?? "no layout")")
  }
  layouts.append(Double(fit.layoutsTried))
  sizes.append(fit.pointSize)
  labels.append(widget)
}

// Warm: a measured text in another box.
var warm: [Double] = []
for (widget, benchCase) in zip(labels, cases) {
  widget.frame.width = benchCase.width * 0.8 + 10
  warm.append(time { widget.layoutIfNeeded() })
}

// The seed's algorithm: measure the whole text again at every 1pt step from the design size
// down, stop at the first size that fits; the same line rules, no caches of the text.
var naive: [Double] = []
var disagreements: [String] = []
for (benchCase, ours) in zip(cases, sizes) {
  var chosen = 8.0
  let elapsed = try time {
    let options = try LayoutOptions(
      box: Size(width: benchCase.width, height: benchCase.height),
      maximumLines: benchCase.maximumLines)
    var size = benchCase.font.pointSize
    while size >= 8 {
      let shaped = try fonts.shape(benchCase.text, font: benchCase.font.descriptor)
      if TextLayouter(shaped: shaped, truncationToken: nil).fits(pointSize: size, options: options)
      {
        chosen = size
        break
      }
      size -= 1
    }
  }
  naive.append(elapsed)
  // On the naive 1pt grid, the answer is ours rounded down to a whole point.
  if chosen != ours.rounded(.down), ours >= 8 {
    disagreements.append(
      "\(benchCase.text.prefix(30)) in \(benchCase.width)×\(benchCase.height): "
        + "ours \(ours), naive \(chosen)")
  }
}

// The whole demo: a generated description with many labels, laid out and dumped on every
// catalog screen, one screen at a time.
var demoNanoseconds = 0.0
var demoBytes = 0
var demoScreens = 0
do {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("fontfit-bench-\(ProcessInfo.processInfo.processIdentifier)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  var children: [String] = []
  for index in 0..<demoLabels {
    let benchCase = cases[index % cases.count]
    let text = benchCase.text.replacingOccurrences(of: "\"", with: "'")
    children.append(
      """
      {"type": "Label", "id": "l\(index)", "frame": [10, \(index % 500), 300, 40], \
      "font": "\(benchCase.font.families[0]) \(Int(benchCase.font.pointSize))", "text": "\(text)"}
      """)
  }
  let json = """
    {"designScreen": "iPhone 5", "root": {"type": "View", "id": "root", \
    "frame": [0, 0, 320, 568], "children": [\(children.joined(separator: ",\n"))]}}
    """
  let file = folder.appendingPathComponent("layout.json")
  try Data(json.utf8).write(to: file)
  let catalog = try ScreenCatalog.bundled()
  let document = try LayoutDocument.load(path: file.path, catalog: catalog)
  let screens = short ? Array(catalog.screens.prefix(2)) : catalog.screens
  demoScreens = screens.count
  demoNanoseconds = try time {
    for screen in screens {
      let tree = document.makeTree(on: screen, shaper: fonts)
      tree.layoutIfNeeded()
      demoBytes += try LayoutSnapshot(trees: [tree]).text.utf8.count
    }
  }
} catch {
  fail("\(error)")
}

func row(_ name: String, _ nanoseconds: [Double], layouts: String) -> String {
  let (median, p95) = percentiles(nanoseconds.map { $0 / 1000 })
  let perSecond = Double(nanoseconds.count) / (nanoseconds.reduce(0, +) / 1e9)
  return "| \(name) | \(nanoseconds.count) | \(String(format: "%.1f", median)) | "
    + "\(String(format: "%.1f", p95)) | \(String(format: "%.0f", perSecond)) | \(layouts) |"
}

let layoutsPerFit = String(format: "%.1f", layouts.reduce(0, +) / Double(layouts.count))
print("FontFit bench (\(short ? "short" : "full") run, \(cases.count) cases)")
print("")
print("| mode | fits | median µs | p95 µs | fits/s | layouts/fit |")
print("|---|---|---|---|---|---|")
print(row("cold (new text: shape + fit)", cold, layouts: layoutsPerFit))
print(row("warm (measured text, new box)", warm, layouts: layoutsPerFit))
print(row("naive seed algorithm (1pt steps, re-measure)", naive, layouts: "–"))
let perLabel = demoNanoseconds / 1000 / Double(demoLabels * max(demoScreens, 1))
print("")
print(
  "whole demo: \(demoLabels) labels × \(demoScreens) screens in "
    + "\(String(format: "%.2f", demoNanoseconds / 1e9)) s, "
    + "\(String(format: "%.1f", perLabel)) µs per label per screen, \(demoBytes) bytes of dump")
print("peak memory: \(String(format: "%.0f", peakMemory())) MiB")
let speedup = naive.reduce(0, +) / max(cold.reduce(0, +), 1)
print("naive / cold: \(String(format: "%.1f", speedup))× on the whole corpus")
if !disagreements.isEmpty {
  fail(
    "\(disagreements.count) fits disagree with the naive algorithm; first: \(disagreements[0])")
}
print("every fit agrees with the naive algorithm on its 1pt grid")
