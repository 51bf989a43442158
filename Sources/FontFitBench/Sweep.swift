// `bench --ci-sweep`: what `demo check` costs on a large app's sweep, the figure issue 25
// asks for: 200 layout files of 50 labels each, in 5 locales (strings tables), on the 11
// screens of the bundled catalog, on every core — whole, and as 4 shards (`--shard K/4`)
// whose slowest says what a 4-machine CI matrix would wait for.

import FontFit
import Foundation

/// The CI sweep benchmark.
enum SweepBench {
  static let fileCount = 200
  static let labelCount = 50
  static let locales = ["de", "en", "es", "fr", "it"]
  static let shardCount = 4

  static func run(cases: [BenchCase], fonts: FontSystem) -> Never {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("fontfit-sweep-\(ProcessInfo.processInfo.processIdentifier)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let strings = folder.appendingPathComponent("strings")
    var files: [String] = []
    do {
      try FileManager.default.createDirectory(at: strings, withIntermediateDirectories: true)
      // Each locale's table gives every label its own text: texts of the corpus, shifted by
      // the locale, so that the locales' texts differ as translations do.
      for (shift, locale) in locales.enumerated() {
        var table: [String: String] = [:]
        for file in 0..<fileCount {
          for label in 0..<labelCount {
            let index = (file * labelCount + label + shift * 7) % cases.count
            table["f\(file)l\(label)"] = cases[index].text
          }
        }
        let data = try JSONSerialization.data(withJSONObject: table, options: [.sortedKeys])
        try data.write(to: strings.appendingPathComponent("\(locale).json"))
      }
      for file in 0..<fileCount {
        var children: [String] = []
        for label in 0..<labelCount {
          let row = label % 25
          let column = label / 25
          children.append(
            #"{ "type": "Label", "id": "l\#(label)", "frame": [\#(10 + column * 155), "#
              + #"\#(10 + row * 22), 150, 20], "text": "@f\#(file)l\#(label)", "#
              + #""numberOfLines": 1, "autoFit": { "minimumSize": 9 } }"#)
        }
        let layout =
          #"{ "designScreen": "iPhone 5", "root": { "type": "View", "frame": [0, 0, 320, "#
          + #"568], "children": [ "# + children.joined(separator: ", ") + " ] } }"
        let path = folder.appendingPathComponent("screen\(file).json").path
        try Data(layout.utf8).write(to: URL(fileURLWithPath: path))
        files.append(path)
      }
    } catch {
      fail("\(error)")
    }
    let options = ProjectOptions(stringsDirectory: strings.path, locales: ["all"])
    func sweep(shard: Int?) -> (seconds: Double, screens: Int, problems: Int) {
      let start = DispatchTime.now().uptimeNanoseconds
      var screens = 0
      var problems = 0
      do {
        let projects = try files.map { (path) throws(ProjectError) in
          try Project(file: path, options: options)
        }
        let counts = projects.map(\.jobs.count)
        let ranges =
          shard.map { Project.shardRanges(jobCounts: counts, shard: $0 + 1, of: shardCount) }
          ?? counts.map { 0..<$0 }
        for (project, jobs) in zip(projects, ranges) where !jobs.isEmpty {
          try project.forEachScreenProblems(
            limit: 1000, shaper: fonts, jobs: jobs
          ) { screen in
            screens += 1
            problems += screen.problems.count + screen.omitted
          }
        }
      } catch {
        fail("\(error)")
      }
      let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
      return (seconds, screens, problems)
    }
    let whole = sweep(shard: nil)
    let shards = (0..<shardCount).map { sweep(shard: $0) }
    guard shards.reduce(0, { $0 + $1.screens }) == whole.screens,
      shards.reduce(0, { $0 + $1.problems }) == whole.problems
    else { fail("the shards do not add up to the whole sweep") }
    let slowest = shards.map(\.seconds).max() ?? 0
    let cores = ProcessInfo.processInfo.activeProcessorCount
    print(
      "CI sweep: \(fileCount) files × \(labelCount) labels × \(locales.count) locales × "
        + "\(whole.screens / (fileCount * locales.count)) screens = \(whole.screens) screens, "
        + "\(whole.screens * labelCount) label fits, \(whole.problems) problems (release, "
        + "\(cores) cores)")
    print("")
    print("| sweep | seconds | µs per label fit |")
    print("|---|---|---|")
    let fits = Double(whole.screens * labelCount)
    print("| whole | \(format(whole.seconds)) | \(format(whole.seconds / fits * 1e6)) |")
    print(
      "| slowest of \(shardCount) shards | \(format(slowest)) | "
        + "\(format(slowest / (fits / Double(shardCount)) * 1e6)) |")
    exit(0)
  }

  private static func format(_ value: Double) -> String {
    String(format: "%.2f", value)
  }
}
