// `bench --limits`: how the demo's time and peak memory grow with its input, to back the limits
// README states (issue 12): loading and laying out are linear in the screens, the widgets and
// the text, characters no font covers are resolved once each, and peak memory is a fixed
// amount plus a bounded multiple of the input's size. It fails when a series' time per unit
// grows more than threefold over an eightfold input, or a run peaks above the stated bound.
//
// Each input is generated into a temporary directory and run by the release `demo` binary built
// next to this one, as a child process: its peak resident memory (`ru_maxrss` from `wait4`) is
// its own, not what an earlier run left behind.

import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Generates inputs of growing size, runs the demo on each and prints how time and memory grow.
enum Limits {
  /// The fixed part of the bound README states, in MiB.
  ///
  /// Every run must peak at most this plus ``statedMultiple`` times the input's size.
  static let statedFixedMiB = 50.0
  /// The part of the bound README states that grows with the input: MiB per MiB of input.
  static let statedMultiple = 150.0
  /// How much the time per unit may grow from the smallest input of a series to its largest
  /// (eight times as big) before the bench calls the growth superlinear.
  static let superlinearFactor = 3.0

  /// One run of the demo.
  struct Run {
    /// The wall-clock time, in seconds.
    var seconds: Double
    /// The child's peak resident memory, in MiB.
    var peakMiB: Double
    /// The exit status, or 128 + the signal.
    var status: Int32
  }

  /// One kind of growing input.
  struct Series: Sendable {
    /// What grows, such as "screens".
    var name: String
    /// The unit one step counts, for the per-unit column.
    var unit: String
    /// The sizes to try, smallest first.
    var sizes: [Int]
    /// The exit status a run must end with: `check` exits with 1 when it finds problems.
    var status: Int32 = 0
    /// The demo's arguments for a size, given the directory to write its files in.
    var arguments: @Sendable (_ size: Int, _ directory: String) throws -> [String]
  }

  /// The generated description of `labels`, with the design screen iPhone 5.
  private static func layout(_ labels: [String]) -> String {
    """
    {"designScreen": "iPhone 5", "root": {"type": "View", "id": "root", \
    "frame": [0, 0, 320, 568], "children": [
    \(labels.joined(separator: ",\n"))
    ]}}
    """
  }

  /// A label holding `text` (already a JSON string literal's content).
  private static func label(_ index: Int, _ text: String) -> String {
    """
    {"type": "Label", "id": "l\(index)", "frame": [10, \(index % 500), 300, 60], \
    "font": "DejaVu Sans 17", "numberOfLines": 0, \
    "autoFit": {"minimumSize": 10, "step": 0.5}, "text": "\(text)"}
    """
  }

  /// Text view `index`, 568 points tall, holding `text`, or `markup` (each already a JSON
  /// string literal's content).
  private static func textView(
    index: Int, text: String? = nil, markup: String? = nil, width: Int = 300
  ) -> String {
    let content = text.map { #""text": "\#($0)""# } ?? #""markup": "\#(markup ?? "")""#
    return #"{"type": "TextView", "id": "t\#(index)", "frame": [10, 0, \#(width), 568], "#
      + #""font": "DejaVu Sans 12", \#(content)}"#
  }

  private static func write(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  /// Words of Latin text, `count` of them, varied so that no two lines shape alike.
  private static func words(_ count: Int) -> String {
    let vocabulary = [
      "fit", "every", "screen", "the", "label", "shrinks", "until", "wrapped", "lines",
      "box", "design", "grows", "larger", "words", "kept", "whole",
    ]
    return (0..<count).map { vocabulary[($0 * 7 + $0 / 16) % vocabulary.count] }
      .joined(separator: " ")
  }

  static let series: [Series] = [
    Series(name: "screens in a catalog", unit: "screen", sizes: [1_000, 2_000, 4_000, 8_000]) {
      size, directory in
      let screens = (0..<size).map {
        #"{"name": "Screen \#($0)", "width": \#(320 + $0 % 400), "height": 640, "scale": 2}"#
      }
      try write(#"{"screens": [\#(screens.joined(separator: ",\n"))]}"#, to: "\(directory)/c.json")
      try write(layout((0..<3).map { label($0, "Hello, screen") }), to: "\(directory)/l.json")
      return ["\(directory)/l.json", "--screens", "\(directory)/c.json"]
    },
    Series(name: "widgets on one screen", unit: "widget", sizes: [2_000, 4_000, 8_000, 16_000]) {
      size, directory in
      try write(
        layout((0..<size).map { label($0, "Label \($0): " + words(8 + $0 % 9)) }),
        to: "\(directory)/l.json")
      return ["\(directory)/l.json", "--screen", "iPhone 6"]
    },
    // Every label's text distinct, on all 11 screens: above 8,192 texts the old fixed-size
    // cache forgot each text before its next screen, and every screen shaped all again.
    Series(
      name: "distinct texts on 11 screens", unit: "text",
      sizes: [2_500, 5_000, 10_000, 20_000]
    ) { size, directory in
      try write(
        layout((0..<size).map { label($0, "Text \($0): " + words(4 + $0 % 7)) }),
        to: "\(directory)/l.json")
      return ["\(directory)/l.json"]
    },
    // `check` on a column of labels, none overlapping and most below the screen (exit 1 for
    // those), of five texts, so that laying them out costs little next to seeking overlaps,
    // which once compared each label with every label above it.
    Series(
      name: "labels in a column, checked on 11 screens", unit: "widget",
      sizes: [5_000, 10_000, 20_000, 40_000], status: 1
    ) { size, directory in
      let labels = (0..<size).map { index in
        #"{"type": "Label", "id": "l\#(index)", "frame": [10, \#(index * 24), 300, 22], "#
          + #""font": "DejaVu Sans 15", "text": "\#(words(3 + index % 5))"}"#
      }
      try write(layout(labels), to: "\(directory)/l.json")
      return ["check", "\(directory)/l.json"]
    },
    // Four text views of many paragraphs on 11 screens: each line once sought its
    // paragraph's direction among all the paragraphs before it.
    Series(
      name: "paragraphs of 4 text views on 11 screens", unit: "paragraph",
      sizes: [6_125, 12_250, 24_500, 49_000]
    ) { size, directory in
      try write(
        layout(
          (0..<4).map { textView(index: $0, text: String(repeating: #"x\n"#, count: size)) }),
        to: "\(directory)/l.json"
      )
      return ["\(directory)/l.json"]
    },
    // Four text views of many bold runs, a run a line, on 11 screens: each line once sought
    // its styles among all the runs before it.
    Series(
      name: "style runs of 4 text views on 11 screens", unit: "run",
      sizes: [1_375, 2_750, 5_500, 11_000]
    ) { size, directory in
      try write(
        layout(
          (0..<4).map {
            textView(index: $0, markup: String(repeating: "<b>x</b> ", count: size), width: 5)
          }),
        to: "\(directory)/l.json")
      return ["\(directory)/l.json"]
    },
    // 4,000 labels inside Views nested ever deeper, each with a long id, in XML: every
    // element once kept its whole path (its ancestors' ids) for error messages.
    Series(name: "XML nesting, ids of 990 bytes", unit: "level", sizes: [25, 50, 100, 200]) {
      size, directory in
      let pad = String(repeating: "x", count: 990)
      let views = (0..<size).map { #"<View id="v\#($0)\#(pad)" frame="0,0,320,568">"# }
      let labels = (0..<4_000).map { index in
        #"<Label id="l\#(index)" frame="0,\#(index % 500),300,20" font="DejaVu Sans 12" "#
          + #"text="Row \#(index)"/>"#
      }
      try write(
        #"<layout designScreen="iPhone 5">"# + "\n" + views.joined(separator: "\n") + "\n"
          + labels.joined(separator: "\n") + String(repeating: "</View>", count: size)
          + "</layout>\n",
        to: "\(directory)/l.xml")
      return ["\(directory)/l.xml", "--screen", "iPhone 6"]
    },
    // Stacks nested ever deeper around one stack of 64 labels per level, on 11 screens:
    // adding a widget once marked every stack above each widget inside it, and every read of
    // a widget's environment walked up to the root.
    Series(
      name: "nested stacks, 64 innermost labels a level", unit: "level", sizes: [16, 32, 64, 128]
    ) { size, directory in
      let labels = (0..<64 * size).map { index in
        #"{"type": "Label", "id": "l\#(index)", "font": "DejaVu Sans 12", "text": "Item \#(index)"}"#
      }
      var node =
        #"{"type": "Stack", "id": "labels", "children": ["#
        + labels.joined(separator: ", ") + "]}"
      for level in 0..<size {
        let axis = level % 2 == 0 ? "vertical" : "horizontal"
        let frame = level == size - 1 ? #", "frame": [0, 0, 320, 568]"# : ""
        node =
          #"{"type": "Stack", "id": "s\#(level)", "axis": "\#(axis)"\#(frame), "#
          + #""children": [\#(node)]}"#
      }
      try write(#"{"designScreen": "iPhone 5", "root": \#(node)}"#, to: "\(directory)/l.json")
      return ["\(directory)/l.json"]
    },
    Series(
      name: "bytes of one label's text", unit: "byte", sizes: [12_500, 25_000, 50_000, 100_000]
    ) { size, directory in
      var text = words(size / 4)
      text = String(text.utf8.prefix(size)) ?? text
      try write(layout([label(0, text)]), to: "\(directory)/l.json")
      return ["\(directory)/l.json", "--screen", "iPhone 6"]
    },
    Series(
      name: "characters no font covers", unit: "character",
      sizes: [12_500, 25_000, 50_000, 100_000]
    ) { size, directory in
      // Supplementary Private Use Area-A and -B: no font on a stock system covers them, and
      // every one is distinct, so none is answered from an earlier one.
      let perLabel = 25_000
      let labels = stride(from: 0, to: size, by: perLabel).map { start in
        let count = min(perLabel, size - start)
        let scalars = (start..<start + count).compactMap { Unicode.Scalar(0xF0000 + $0) }
        return label(start / perLabel, String(String.UnicodeScalarView(scalars)))
      }
      try write(layout(labels), to: "\(directory)/l.json")
      return ["\(directory)/l.json", "--screen", "iPhone 6"]
    },
  ]

  /// `value` with `digits` decimals.
  private static func fixed(_ value: Double, _ digits: Int) -> String {
    String(format: "%.\(digits)f", value)
  }

  /// Runs `executable` with `arguments`, its output discarded, and measures it.
  static func spawn(_ executable: String, _ arguments: [String]) -> Run {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let start = DispatchTime.now().uptimeNanoseconds
    var pid = pid_t()
    guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else {
      fail("cannot run \(executable)")
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 {
      guard errno == EINTR else { fail("cannot wait for \(executable)") }
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + status & 0x7F
    return Run(seconds: seconds, peakMiB: Double(usage.ru_maxrss) / 1024, status: exitStatus)
  }

  /// Runs every series and prints one table per series; exits 1 when a run fails.
  static func run() -> Never {
    let demo = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("demo").path
    guard FileManager.default.isExecutableFile(atPath: demo) else {
      fail("\(demo) is missing: build it first (swift build -c release)")
    }
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("fontfit-limits-\(getpid())").path
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }

    let tiny = "\(directory)/tiny.json"
    do {
      try write(layout([label(0, "Hello")]), to: tiny)
    } catch {
      fail("cannot write \(tiny): \(error)")
    }
    let baseline = spawn(demo, [tiny, "--screen", "iPhone 6"])
    if baseline.status != 0 { fail("the demo failed on one label (exit \(baseline.status))") }
    print("FontFit limits bench: the release demo on growing inputs, 1 process per run")
    print("")
    print(
      "Baseline (one label, one screen): \(fixed(baseline.seconds * 1e3, 1)) ms, "
        + "peak \(fixed(baseline.peakMiB, 1)) MiB")
    var worstRatios: [(String, Double)] = []
    var failed = false
    for series in series {
      var worstRatio = 0.0
      var perUnit: [Double] = []
      print("")
      print(
        "| \(series.name) | input KiB | seconds | µs per \(series.unit) | peak MiB "
          + "| (peak − baseline) ÷ input |")
      print("|---|---|---|---|---|---|")
      for size in series.sizes {
        let arguments: [String]
        do {
          arguments = try series.arguments(size, directory)
        } catch {
          fail("cannot write the input for \(series.name): \(error)")
        }
        let bytes = arguments.filter { $0.hasSuffix(".json") || $0.hasSuffix(".xml") }.reduce(0) {
          total, path in
          total + ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0)
        }
        let run = spawn(demo, arguments)
        // The time beyond the baseline's (the process's start), at least 5 ms against noise.
        perUnit.append(max(run.seconds - baseline.seconds, 0.005) / Double(size))
        let ratio = (run.peakMiB - baseline.peakMiB) * 1_048_576 / Double(max(bytes, 1))
        worstRatio = max(worstRatio, ratio)
        if run.status != series.status { failed = true }
        let bound = statedFixedMiB + statedMultiple * Double(bytes) / 1_048_576
        if run.peakMiB > bound {
          failed = true
          print("peak \(fixed(run.peakMiB, 1)) MiB is above the stated \(fixed(bound, 1)) MiB:")
        }
        print(
          "| \(size) | \(fixed(Double(bytes) / 1024, 0)) "
            + "| \(fixed(run.seconds, 2)) "
            + "| \(fixed(run.seconds * 1e6 / Double(size), 2)) "
            + "| \(fixed(run.peakMiB, 1)) | \(fixed(ratio, 1))×"
            + (run.status == series.status ? "" : " (exit \(run.status))") + " |")
      }
      worstRatios.append((series.name, worstRatio))
      // Eight times the input in at most three times the time per unit: anything quadratic
      // takes eight times as long per unit, and timing noise stays well inside the margin.
      if let first = perUnit.first, let last = perUnit.last, last > first * superlinearFactor {
        failed = true
        print(
          "the time per \(series.unit) grew \(fixed(last / first, 1))× from the smallest input "
            + "to the largest, more than \(fixed(superlinearFactor, 0))×: not linear")
      }
    }
    print("")
    print("Largest (peak − baseline) ÷ input:")
    for (name, ratio) in worstRatios { print("- \(name): \(fixed(ratio, 1))×") }
    print(
      "Every peak within \(fixed(statedFixedMiB, 0)) MiB + \(fixed(statedMultiple, 0)) × input: "
        + (failed ? "no" : "yes"))
    if failed { fail("a run of the demo failed, or time or memory grew beyond the stated bounds") }
    exit(0)
  }
}
