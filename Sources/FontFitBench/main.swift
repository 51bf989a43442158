// The benchmark: how long a fit takes, cold and warm, against the seed's naive algorithm, and
// what the whole demo costs in time and memory. `swift run -c release bench` runs it in full;
// `--short` runs a few cases in seconds, as CI does, and only checks that the answers agree.
//
// Each mode is one function (`measureCold`, `measureWarm`, `measureDrawn`, `measureNaive`,
// `measureDemo`), so a profiler can count one of them alone:
//   valgrind --tool=callgrind --toggle-collect='*measureWarm*' .build/release/bench --short \
//     --cases 600
//
// The full run ends with issue 25's targets, FontFit beside the Pango peer (Targets.swift).
// Other modes exit when done: `--limits` (Limits.swift), `--c-boundary` (Boundary.swift),
// `--stacks` (Stacks.swift), `--typography` (Typography.swift), `--rich` (RichText.swift),
// `--ci-sweep` (Sweep.swift), `--targets` (Targets.swift), `--memory` (MemoryBench.swift),
// `--engine-warm` (EngineWarm.swift), `--write-demo FILE` (the whole demo's description) and
// `--project-demo RUNS FILE` (`demo dump`'s path on FILE, timed RUNS times).

import FontFit
import FontFitDescription
import FontFitFontModel
import FontFitFonts
import FontFitSnapshot
@_spi(Engine) import FontFitText
import FontFitWidgets
import Foundation

let arguments = CommandLine.arguments
if arguments.contains("--limits") { Limits.run() }
let short = arguments.contains("--short")
/// `--cases N` sets the corpus size, to profile a mode on more cases than `--short` has.
let caseCount =
  arguments.firstIndex(of: "--cases").flatMap { Int(arguments.dropFirst($0 + 1).first ?? "") }
  ?? (short ? 50 : 600)
/// `--labels N` sets the number of labels in the whole demo's description.
let demoLabels =
  arguments.firstIndex(of: "--labels").flatMap { Int(arguments.dropFirst($0 + 1).first ?? "") }
  ?? (short ? 100 : 10_000)

/// `--workers N` sets the threads of the demo's parallel run (all cores by default); the
/// profiler runs it with one, as it counts only the thread that runs ``measureDemo(workers:)``.
let demoWorkers =
  arguments.firstIndex(of: "--workers").flatMap { Int(arguments.dropFirst($0 + 1).first ?? "") }
  ?? ParallelLayout.processorCount

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("bench: \(message)\n".utf8))
  exit(1)
}

let fonts: FontSystem
do {
  fonts = try FontSystem()
} catch {
  fail("\(error)")
}
let screen = Screen(name: "Bench", width: 414, height: 896, scale: 1)
let environment = WidgetEnvironment(screen: screen, adaptation: .none, shaper: fonts)
/// `--max-characters N` keeps only the cases of at most N characters, to profile short texts.
let maximumCharacters =
  arguments.firstIndex(of: "--max-characters").flatMap {
    Int(arguments.dropFirst($0 + 1).first ?? "")
  } ?? .max
/// `--kind K` keeps only the corpus's cases of one kind (label, paragraph, german, cjk or
/// arabic), to profile one kind of text.
let kindFilter = arguments.firstIndex(of: "--kind").flatMap { arguments.dropFirst($0 + 1).first }
let cases = Corpus.cases(count: caseCount).filter {
  $0.text.count <= maximumCharacters && (kindFilter == nil || $0.kind == kindFilter)
}
if cases.isEmpty { fail("no case has at most \(maximumCharacters) characters of that kind") }
if demoWorkers < 1 { fail("--workers must be at least 1") }
if arguments.contains("--c-boundary") { Boundary.run(cases: cases, fonts: fonts) }
if arguments.contains("--stacks") { Stacks.run(fonts: fonts) }
if arguments.contains("--typography") { TypographyBench.run(cases: cases, fonts: fonts) }
if arguments.contains("--rich") { RichTextBench.run(cases: cases, fonts: fonts) }
if arguments.contains("--ci-sweep") { SweepBench.run(cases: cases, fonts: fonts) }
if arguments.contains("--memory") { MemoryBench.run(cases: cases) }
if arguments.contains("--engine-warm") { EngineWarm.run(cases: cases, fonts: fonts) }
/// `--write-demo FILE` writes the whole demo's description (`--labels` labels of the corpus's
/// texts) to FILE and exits: `scripts/profile demo-cli` counts `demo dump` of it.
if let index = arguments.firstIndex(of: "--write-demo") {
  guard let path = arguments.dropFirst(index + 1).first else { fail("--write-demo needs a file") }
  do {
    try Data(Corpus.demoDescription(labels: demoLabels, cases: cases).utf8)
      .write(to: URL(fileURLWithPath: path))
  } catch {
    fail("--write-demo \(path): \(error)")
  }
  exit(0)
}
/// `--project-demo RUNS FILE` times `demo dump`'s path through the project API on FILE (as
/// target 5 does, the fonts opened first) RUNS times and prints the quartiles: a steadier
/// figure for one change than the whole bench's median of five.
if let index = arguments.firstIndex(of: "--project-demo") {
  let rest = arguments.dropFirst(index + 1)
  guard let runs = rest.first.flatMap({ Int($0) }), let path = rest.dropFirst().first else {
    fail("--project-demo needs a number of runs and a layout file")
  }
  do {
    let (times, bytes) = try projectDemoTimes(
      file: URL(fileURLWithPath: path), runs: max(1, runs))
    let milliseconds = times.map { $0 / 1e6 }.sorted()
    let quartile = { (part: Int) in Report.number(milliseconds[milliseconds.count * part / 4], 1) }
    print(
      "project demo of \(path), \(times.count) runs, \(bytes) bytes: median \(quartile(2)) ms, "
        + "quartiles \(quartile(1))–\(quartile(3)) ms, least "
        + "\(Report.number(milliseconds[0], 1)) ms")
  } catch {
    fail("--project-demo \(path): \(error)")
  }
  exit(0)
}
/// The rounds of the targets' interleaved measurement against Pango.
let targetRounds = short ? 1 : 5

/// Measures FontFit against the Pango peer and prints the targets' table (issue 25), or why
/// Pango could not be measured.
func printTargets(demoPerLabel: Double?) {
  print("")
  switch Targets.measure(
    count: caseCount, maximumCharacters: maximumCharacters, rounds: targetRounds, fonts: fonts)
  {
  case .success(let figures):
    print(
      "Targets against Pango in this run (\(cases.count) cases × \(targetRounds) interleaved "
        + "rounds, new texts each round; µs per fit, median; mean)")
    print("")
    print(Targets.table(figures, demoPerLabel: demoPerLabel))
    print("")
    print(
      "fitted sizes equal to Pango's binary search: \(figures.sameSize.equal) of "
        + "\(figures.sameSize.of)")
  case .failure(let unavailable):
    print("targets against Pango not measured: \(unavailable.reason)")
  }
}
if arguments.contains("--targets") {
  warmUp()
  printTargets(demoPerLabel: nil)
  exit(0)
}

/// A label that fits `benchCase` on the 0.5pt grid from 8pt to its design size.
///
/// It breaks words where the seed's algorithm does (whole words off), so the naive baseline
/// answers the same question.
func label(_ benchCase: BenchCase) -> Label {
  let label = Label(
    frame: Rect(x: 0, y: 0, width: benchCase.width, height: benchCase.height),
    font: benchCase.font, text: benchCase.text)
  label.numberOfLines = benchCase.maximumLines
  label.autoFit = AutoFit(minimumPointSize: 8, step: 0.5, keepsWordsWhole: false)
  label.environment = environment
  return label
}

/// Opens the faces (and their fallbacks) and measures the ellipsis, as an app has done before
/// it shows a new text.
func warmUp() {
  for face in Corpus.faces {
    let label = Label(
      frame: Rect(x: 0, y: 0, width: 100, height: 20), font: Corpus.font(face, size: 17),
      text: "Warm-up 字体 مرحبا")
    label.environment = environment
    label.layoutIfNeeded()
  }
}

/// Cold: a new text, shaped and fitted.
///
/// Every text of the corpus is new (it has a serial
/// number); the fonts are open and the ellipsis is measured first, as in an app that has shown
/// text before.
@inline(never)
func measureCold() -> (nanoseconds: [Double], labels: [Label], fits: [FitResult]) {
  var nanoseconds: [Double] = []
  var labels: [Label] = []
  var fits: [FitResult] = []
  for benchCase in cases {
    let widget = label(benchCase)
    nanoseconds.append(time { widget.layoutIfNeeded() })
    guard let fit = widget.layout?.fit else {
      fail("\(benchCase.text.prefix(20)): \(widget.layout?.error.map { "\($0)" } ?? "no layout")")
    }
    labels.append(widget)
    fits.append(fit)
  }
  return (nanoseconds, labels, fits)
}

/// Warm: a measured text in another box.
@inline(never)
func measureWarm(_ labels: [Label]) -> [Double] {
  var nanoseconds: [Double] = []
  nanoseconds.reserveCapacity(labels.count)
  for (widget, benchCase) in zip(labels, cases) {
    widget.frame.width = benchCase.width * 0.8 + 10
    nanoseconds.append(time { widget.layoutIfNeeded() })
  }
  return nanoseconds
}

/// Resizing: each label fitted again in eight new boxes in a row, as while a window is
/// resized; the label's data stays in the processor's caches, unlike in ``measureWarm``.
@inline(never)
func measureResize(_ labels: [Label]) -> [Double] {
  var nanoseconds: [Double] = []
  for (widget, benchCase) in zip(labels, cases) {
    for step in 1...8 {
      widget.frame.width = benchCase.width * (1 - Double(step) / 20)
      nanoseconds.append(time { widget.layoutIfNeeded() })
    }
  }
  return nanoseconds
}

/// Warm, then drawn: a measured text in another box, with its glyph positions read, as a
/// widget that is drawn after every fit.
@inline(never)
func measureDrawn(_ labels: [Label]) -> [Double] {
  zip(labels, cases).map { widget, benchCase in
    widget.frame.width = benchCase.width * 0.9 + 5
    return time {
      widget.layoutIfNeeded()
      if widget.layout?.lines.isEmpty == true, !benchCase.text.isEmpty {
        fail("\(benchCase.text.prefix(20)): no lines placed")
      }
    }
  }
}

/// The seed's algorithm, with the same fonts and line rules.
///
/// It measures the whole text again at every 1pt step from the design size down and stops
/// at the first size that fits, with no cache of the text. Returns the times and the sizes
/// chosen.
@inline(never)
func measureNaive() throws -> (nanoseconds: [Double], sizes: [Double]) {
  var nanoseconds: [Double] = []
  var sizes: [Double] = []
  for benchCase in cases {
    let options = try LayoutOptions(
      box: Size(width: benchCase.width, height: benchCase.height),
      maximumLines: benchCase.maximumLines)
    var chosen = 8.0
    nanoseconds.append(
      try time {
        var size = benchCase.font.pointSize
        while size >= 8 {
          // The line breaker given explicitly: this path caches nothing of the text.
          let shaped = try fonts.shape(
            benchCase.text, font: benchCase.font.descriptor, lineBreaker: UnicodeLineBreaker())
          let layouter = TextLayouter(shaped: shaped, truncationToken: nil)
          if layouter.fits(pointSize: size, options: options) {
            chosen = size
            break
          }
          size -= 1
        }
      })
    sizes.append(chosen)
  }
  return (nanoseconds, sizes)
}

/// The whole demo, as the demo CLI runs it.
///
/// The generated description `file`, with many labels, is read, then laid out and dumped on
/// every catalog screen; each screen's tree is built, laid out, dumped and released by one of
/// `workers` threads, and the parts are joined in order. Returns the time, the dump's size and
/// the screens.
@inline(never)
func measureDemo(workers: Int, file: URL) throws -> (nanoseconds: Double, bytes: Int, screens: Int)
{
  let catalog = ScreenCatalog.bundled
  let screens = short ? Array(catalog.screens.prefix(2)) : catalog.screens
  // A new font system, so no text is measured yet.
  let system = try FontSystem()
  var bytes = 0
  let nanoseconds = try time {
    let document = try LayoutDocument.load(path: file.path, catalog: catalog)
    let parts = ParallelLayout.map(screens.count, workers: workers) { index in
      let tree = document.makeTree(on: screens[index], shaper: system)
      // On one worker, its widgets too are laid out on this thread alone.
      tree.layoutIfNeeded(sharing: workers > 1 ? .whenCoreFree : .never)
      return Result { () throws(SnapshotError) -> String in
        DumpFormat.text.part(
          for: try ScreenSnapshot(tree: tree, includingGlyphs: false), at: index)
      }
    }
    for part in parts { bytes += try part.get().utf8.count }
  }
  return (nanoseconds, bytes, screens.count)
}

/// The whole demo through the project API, as `demo dump` runs it.
///
/// Each distinct text is shaped once on all cores, then each screen laid out and written in
/// turn. Run `runs` times, each with a new font system (so every text is shaped anew and
/// every face opened again); returns the median run's time and the dump's size. (One run of
/// a third of a second read anywhere from 0.24 to 0.50 s on this machine: the median of
/// several is the figure to compare.)
@inline(never)
func measureProjectDemo(file: URL, runs: Int) throws -> (nanoseconds: Double, bytes: Int) {
  let (times, bytes) = try projectDemoTimes(file: file, runs: runs)
  return (Report.percentiles(times).median, bytes)
}

/// Each run's nanoseconds of ``measureProjectDemo(file:runs:)``, and the bytes of the dump.
func projectDemoTimes(file: URL, runs: Int) throws -> (nanoseconds: [Double], bytes: Int) {
  var times: [Double] = []
  var bytes = 0
  for _ in 0..<max(1, runs) {
    let system = try FontSystem()
    bytes = 0
    times.append(
      try time {
        let project = try Project(
          file: file.path,
          options: ProjectOptions(screens: short ? ["iPhone 4s", "iPhone 5"] : []))
        _ = try project.writeUTF8Dump(.text, shaper: system) { bytes += $0.count }
      })
  }
  return (times, bytes)
}

/// One screen of the whole demo's labels laid out again and again, its texts shaped.
///
/// It is laid out on the calling thread alone, and shared out on all cores (target 5, "both
/// cores within a screen"), in interleaved rounds. Returns each way's median milliseconds,
/// after checking both lay out alike.
func measureScreenLayout(file: URL) throws -> (alone: Double, shared: Double) {
  let catalog = ScreenCatalog.bundled
  let document = try LayoutDocument.load(path: file.path, catalog: catalog)
  let system = try FontSystem()
  let screens = catalog.screens.filter { $0.name == "iPhone 6" || $0.name == "iPhone 6 Plus" }
  guard screens.count == 2 else { fail("the catalog has no iPhone 6 and 6 Plus") }
  let trees = (0..<2).map { _ in document.makeTree(on: screens[0], shaper: system) }
  _ = system.prepareTexts(of: [trees[0]])
  var times: [[Double]] = [[], []]
  for round in 0..<(short ? 2 : 6) {
    for way in 0..<2 {
      // Each round moves the tree to the other screen, so every widget is laid out again.
      trees[way].environment = document.environment(
        on: screens[(round + 1) % 2], shaper: system)
      let nanoseconds = time { trees[way].layoutIfNeeded(sharing: way == 1 ? .always : .never) }
      // The first round opens the faces and fills the caches; it is not counted.
      if round > 0 { times[way].append(nanoseconds / 1e6) }
    }
  }
  let dumps = try trees.map { try DumpFormat.text.part(for: ScreenSnapshot(tree: $0), at: 0) }
  if dumps[0] != dumps[1] { fail("a screen laid out on all cores differs from one laid out alone") }
  return (Report.percentiles(times[0]).median, Report.percentiles(times[1]).median)
}

warmUp()
let (coldTimes, labels, fits) = measureCold()
let coldPeak = Memory.takePeak()
let warmTimes = measureWarm(labels)
let warmPeak = Memory.takePeak()
let drawnTimes = measureDrawn(labels)
let drawnPeak = Memory.takePeak()
let resizeTimes = measureResize(labels)
let resizePeak = Memory.takePeak()
let naive: (nanoseconds: [Double], sizes: [Double])
let demo: (nanoseconds: Double, bytes: Int, screens: Int)
do {
  naive = try measureNaive()
} catch {
  fail("naive baseline: \(error)")
}
let naivePeak = Memory.takePeak()
let parallelDemo: (nanoseconds: Double, bytes: Int, screens: Int)
// The demo's description, written before either run.
let demoFolder = FileManager.default.temporaryDirectory
  .appendingPathComponent("fontfit-bench-\(ProcessInfo.processInfo.processIdentifier)")
let demoFile = demoFolder.appendingPathComponent("layout.json")
do {
  try FileManager.default.createDirectory(at: demoFolder, withIntermediateDirectories: true)
  try Data(Corpus.demoDescription(labels: demoLabels, cases: cases).utf8).write(to: demoFile)
} catch {
  fail("whole demo: \(error)")
}
do {
  demo = try measureDemo(workers: 1, file: demoFile)
} catch {
  try? FileManager.default.removeItem(at: demoFolder)
  fail("whole demo: \(error)")
}
let demoPeak = Memory.takePeak()
do {
  parallelDemo = try measureDemo(workers: demoWorkers, file: demoFile)
} catch {
  try? FileManager.default.removeItem(at: demoFolder)
  fail("whole demo on all cores: \(error)")
}
let parallelPeak = Memory.takePeak()
let projectDemo: (nanoseconds: Double, bytes: Int)
/// The runs of the whole demo through the project API whose median is its figure.
let projectDemoRuns = short ? 1 : 5
do {
  projectDemo = try measureProjectDemo(file: demoFile, runs: projectDemoRuns)
} catch {
  try? FileManager.default.removeItem(at: demoFolder)
  fail("whole demo through the project API: \(error)")
}
let projectPeak = Memory.takePeak()
let screenLayout: (alone: Double, shared: Double)
do {
  screenLayout = try measureScreenLayout(file: demoFile)
} catch {
  try? FileManager.default.removeItem(at: demoFolder)
  fail("one screen on all cores: \(error)")
}
try? FileManager.default.removeItem(at: demoFolder)
if parallelDemo.bytes != demo.bytes {
  fail("the demo on all cores wrote \(parallelDemo.bytes) bytes, on one \(demo.bytes)")
}

// On the naive 1pt grid, the answer is ours rounded down to a whole point.
var disagreements: [String] = []
for (benchCase, (ours, theirs)) in zip(cases, zip(fits.map(\.pointSize), naive.sizes))
where theirs != ours.rounded(.down) && ours >= 8 {
  disagreements.append(
    "\(benchCase.text.prefix(30)) in \(benchCase.width)×\(benchCase.height): "
      + "ours \(ours), naive \(theirs)")
}

let layoutsPerFit = Double(fits.map(\.layoutsTried).reduce(0, +)) / Double(fits.count)
let shortTexts = cases.indices.filter { cases[$0].text.count <= 100 }
print("FontFit bench (\(short ? "short" : "full") run, \(cases.count) cases, 1 core)")
print("")
print(Report.header)
print(Report.row("cold: new text, shaped and fitted", coldTimes, layoutsPerFit, coldPeak))
print(
  Report.row(
    "cold, texts ≤ 100 characters", shortTexts.map { coldTimes[$0] }, layoutsPerFit, coldPeak))
print(Report.row("warm: measured text, new box", warmTimes, layoutsPerFit, warmPeak))
print(
  Report.row(
    "warm, texts ≤ 100 characters", shortTexts.map { warmTimes[$0] }, layoutsPerFit, warmPeak))
print(
  Report.row("warm and drawn: glyph positions read too", drawnTimes, layoutsPerFit, drawnPeak))
print(Report.row("resizing: 8 new boxes in a row per label", resizeTimes, nil, resizePeak))
let shortResize = shortTexts.flatMap { index in (0..<8).map { resizeTimes[index * 8 + $0] } }
print(Report.row("resizing, texts ≤ 100 characters", shortResize, nil, resizePeak))
print(Report.row("naive seed algorithm (1pt steps)", naive.nanoseconds, nil, naivePeak))
print("")
print(Report.lengthTable(cases: cases, cold: coldTimes, warm: warmTimes))
print("")
let perLabel = demo.nanoseconds / 1000 / Double(demoLabels * max(demo.screens, 1))
print(
  "whole demo: \(demoLabels) labels × \(demo.screens) screens in "
    + "\(Report.number(demo.nanoseconds / 1e9, 2)) s on 1 core, \(Report.number(perLabel, 1)) µs per "
    + "label per screen, \(demo.bytes) bytes of dump, peak \(Report.number(demoPeak, 0)) MiB; "
    + "on \(demoWorkers) threads \(Report.number(parallelDemo.nanoseconds / 1e9, 2)) s, "
    + "the same bytes, peak \(Report.number(parallelPeak, 0)) MiB")
if projectDemo.bytes != demo.bytes {
  fail("the demo through the project API wrote \(projectDemo.bytes) bytes, by hand \(demo.bytes)")
}
let projectPerLabel = projectDemo.nanoseconds / Double(demoLabels * max(demo.screens, 1))
print(
  "the same through the project API (demo dump's path: texts shaped once on all cores; "
    + "median of \(projectDemoRuns) runs): "
    + "\(Report.number(projectDemo.nanoseconds / 1e9, 2)) s, "
    + "\(Report.number(projectPerLabel / 1000, 1)) µs per label per screen, "
    + "\(projectDemo.bytes) bytes, peak \(Report.number(projectPeak, 0)) MiB")
print(
  "one screen of \(demoLabels) labels laid out again (texts shaped, median of interleaved "
    + "rounds): \(Report.number(screenLayout.alone, 1)) ms on one core, "
    + "\(Report.number(screenLayout.shared, 1)) ms shared out on \(ParallelLayout.processorCount) "
    + "cores (\(Report.number(screenLayout.alone / max(screenLayout.shared, 1e-9), 2))×), the "
    + "same dump")
let total = (naive: naive.nanoseconds.reduce(0, +), cold: coldTimes.reduce(0, +))
print(
  "naive / cold on the whole corpus: \(Report.number(total.naive / max(total.cold, 1), 1))×; "
    + "naive / warm: \(Report.number(total.naive / max(warmTimes.reduce(0, +), 1), 1))×")
if !disagreements.isEmpty {
  fail(
    "\(disagreements.count) fits disagree with the naive algorithm; first: \(disagreements[0])")
}
print("every fit agrees with the naive algorithm on its 1pt grid")
printTargets(demoPerLabel: projectPerLabel)
