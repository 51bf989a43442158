// End-to-end tests of issue 10 in the built `demo`: --text-scale, --landscape, the size
// pipeline in both dumps, and the bundled sample's fit group, grow-to-fill and whole words.

import Foundation
import Testing

/// The widget `id` of a JSON dump screen.
private func widget(_ id: String, on screen: [String: Any]) throws -> [String: Any] {
  let root = try #require(screen["root"] as? [String: Any], "a screen has no root")
  return try #require(widgets(in: root).first { $0["id"] as? String == id }, "no widget \(id)")
}

/// The `font` object of a JSON dump widget.
private func font(of widget: [String: Any]) throws -> [String: Any] {
  try #require(widget["font"] as? [String: Any], "\(widget["id"] ?? "?") has no font")
}

/// The size stages of a JSON dump widget's font.
private func pipeline(of widget: [String: Any]) throws -> [[String: Any]] {
  try #require(
    try font(of: widget)["pipeline"] as? [[String: Any]],
    "\(widget["id"] ?? "?") has no pipeline")
}

/// The text dump line of the widget `id` in `run`'s output.
private func dumpLine(_ id: String, in run: DemoRun) throws -> String {
  let line = run.stdout.split(separator: "\n").first {
    $0.hasPrefix("  ") && $0.split(separator: " ").dropFirst().first == Substring(id)
  }
  return String(try #require(line, "no line for \(id) in: \(run.stdout)"))
}

@Suite("demo fit modes, text scale and landscape (issue 10)")
struct DemoFitModeTests {
  // MARK: --text-scale

  @Test("--text-scale AX2 shows the scale in the dump and changes the fitted size")
  func textScaleChangesTheDump() throws {
    let plain = try runDemo(["--screen", "iPhone 5"])
    let scaled = try runDemo(["--screen", "iPhone 5", "--text-scale", "AX2"])
    #expect(plain.status == 0)
    #expect(scaled.status == 0)
    #expect(scaled.stderr.isEmpty, "stderr: \(scaled.stderr)")
    let before = try dumpLine("path", in: plain)
    let after = try dumpLine("path", in: scaled)
    #expect(!before.contains("AX2"))
    #expect(after.contains("×"), "\(after)")
    #expect(after.contains("AX2"), "\(after)")
    #expect(after.contains("→ ×1.941 AX2 → "), "\(after)")
    #expect(before != after)

    let plainJSON = try runDemo(["--format", "json", "--screen", "iPhone 5"])
    let scaledJSON = try runDemo([
      "--format", "json", "--screen", "iPhone 5", "--text-scale", "ax2",
    ])
    #expect(plainJSON.status == 0)
    #expect(scaledJSON.status == 0)
    let plainScreen = try #require(try jsonScreens(plainJSON).first)
    let scaledScreen = try #require(try jsonScreens(scaledJSON).first)
    let plainSize = try #require(number(try font(of: widget("path", on: plainScreen)), "size"))
    let scaledPath = try widget("path", on: scaledScreen)
    let scaledSize = try #require(number(try font(of: scaledPath), "size"))
    #expect(plainSize == 13)
    #expect(scaledSize != plainSize)
    #expect(abs(scaledSize - 13 * 33 / 17) < 0.001, "\(scaledSize)")
    let stage = try #require(
      try pipeline(of: scaledPath).first { $0["stage"] as? String == "textScale" })
    #expect(stage["detail"] as? String == "×1.941 AX2")
  }

  @Test("--text-scale takes a plain factor too")
  func textScaleFactor() throws {
    let run = try runDemo(["--format", "json", "--screen", "iPhone 5", "--text-scale", "1.5"])
    #expect(run.status == 0)
    let screen = try #require(try jsonScreens(run).first)
    let path = try widget("path", on: screen)
    #expect(number(try font(of: path), "size") == 19.5)
    #expect(number(try font(of: path), "adaptedSize") == 19.5)
  }

  @Test(
    "A bad --text-scale exits 2 and names the option",
    arguments: [["bogus"], ["-1"], ["0"], []] as [[String]])
  func badTextScale(value: [String]) throws {
    let run = try runDemo(["--text-scale"] + value)
    #expect(run.status == 2)
    #expect(run.stderr.contains("--text-scale"), "stderr: \(run.stderr)")
    #expect(run.stdout.isEmpty)
  }

  // MARK: --landscape

  @Test("--landscape turns the chosen screen on its side")
  func landscapeHeading() throws {
    let run = try runDemo(["--landscape", "--screen", "iPhone 6"])
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty, "stderr: \(run.stderr)")
    #expect(headings(run.stdout) == ["iPhone 6 landscape 667×375 @2x"])
    #expect(run.stdout.contains("\n  View root [0, 0, 667, 375]"), "\(run.stdout)")
  }

  @Test("--landscape turns every catalog screen, keeping the catalog's order")
  func landscapeEveryScreen() throws {
    let portrait = try jsonScreens(try runDemo(["--format", "json"]))
    let run = try runDemo(["--landscape", "--format", "json"])
    #expect(run.status == 0)
    let screens = try jsonScreens(run)
    #expect(
      screens.compactMap { $0["name"] as? String } == catalogScreens.map { $0 + " landscape" })
    #expect(screens.count == portrait.count)
    for (turned, upright) in zip(screens, portrait) {
      let name = turned["name"] as? String ?? "?"
      #expect(number(turned, "width") == number(upright, "height"), "\(name)")
      #expect(number(turned, "height") == number(upright, "width"), "\(name)")
      #expect(number(turned, "scale") == number(upright, "scale"), "\(name)")
      #expect(number(turned, "dpi") == number(upright, "dpi"), "\(name)")
    }
  }

  // MARK: The bundled sample

  @Test("On every screen the sample's tab buttons have one size and its pipelines are whole")
  func sampleOnEveryScreen() throws {
    let run = try runDemo(["--format", "json"])
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty, "stderr: \(run.stderr)")
    let screens = try jsonScreens(run)
    #expect(screens.count == catalogScreens.count)
    for screen in screens {
      let name = screen["name"] as? String ?? "?"
      var tabSizes: [Double] = []
      for id in ["tabHome", "tabAlerts", "tabSettings"] {
        let tab = try font(of: try widget(id, on: screen))
        tabSizes.append(try #require(number(tab, "size"), "\(name) \(id) has no size"))
        #expect(tab["group"] as? String == "tabs", "\(name) \(id)")
      }
      #expect(Set(tabSizes).count == 1, "\(name): tab sizes \(tabSizes)")

      let progress = try widget("progress", on: screen)
      let stages = try pipeline(of: progress)
      let last = try #require(stages.last, "\(name): progress has no stages")
      #expect(last["stage"] as? String == "fit", "\(name)")
      #expect(last["detail"] as? String == "shrinkAndGrow", "\(name)")
      let design = try #require(number(try font(of: progress), "designSize"))
      let grown = try #require(number(last, "size"))
      #expect(grown > design, "\(name): progress \(grown) is not above \(design)")
      #expect(grown <= 60, "\(name): progress \(grown) is above its maximum")

      let upload = try widget("upload", on: screen)
      #expect(upload["breaksWords"] as? Bool == false, "\(name): upload breaks a word")

      let root = try #require(screen["root"] as? [String: Any])
      var textWidgets = 0
      for item in widgets(in: root) where item["font"] != nil {
        textWidgets += 1
        let id = "\(name) \(item["id"] as? String ?? "?")"
        let kinds = try pipeline(of: item).map { $0["stage"] as? String }
        #expect(kinds.first == "design", "\(id): \(kinds)")
        #expect(kinds.contains("screen"), "\(id): \(kinds)")
      }
      #expect(textWidgets == 16, "\(name)")
    }
  }

  @Test("The sample's text dump names the group, the grow mode and each stage")
  func sampleTextDump() throws {
    let run = try runDemo(["--screen", "iPhone 6"])
    #expect(run.status == 0)
    let progress = try dumpLine("progress", in: run)
    #expect(progress.contains(" → fit shrinkAndGrow "), "\(progress)")
    #expect(progress.contains(" → +2 increments → 19 → "), "\(progress)")
    let alerts = try dumpLine("tabAlerts", in: run)
    let home = try dumpLine("tabHome", in: run)
    #expect(alerts.contains("group tabs") || home.contains("group tabs"), "\(alerts)\n\(home)")
    let upload = try dumpLine("upload", in: run)
    #expect(!upload.contains("breaks words"), "\(upload)")
  }

  // MARK: Bad layout files

  @Test("A layout with an unknown autoFit mode exits 2 and says where")
  func badAutoFitMode() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let path = try scratch.write(
      "grow.json",
      """
      {
        "designScreen": "iPhone 5",
        "root": {
          "type": "Label", "id": "title", "frame": [20, 20, 280, 60],
          "autoFit": { "mode": "grow" }
        }
      }
      """)
    let run = try runDemo([path])
    #expect(run.status == 2)
    #expect(run.stderr.contains("grow.json"), "stderr: \(run.stderr)")
    #expect(run.stderr.contains("\(path):5:26: "), "stderr: \(run.stderr)")
    #expect(run.stderr.contains("root.autoFit.mode"), "stderr: \(run.stderr)")
    #expect(run.stderr.contains("\"grow\""), "stderr: \(run.stderr)")
    #expect(run.stdout.isEmpty)
  }

  @Test("A layout whose textScale is bad exits 2 even with a good --text-scale")
  func badFileTextScale() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let path = try scratch.write(
      "scale.json",
      """
      { "designScreen": "iPhone 5", "textScale": "AX9",
        "root": { "type": "Label", "id": "title", "frame": [20, 20, 280, 60] } }
      """)
    let run = try runDemo([path, "--text-scale", "AX1"])
    #expect(run.status == 2)
    #expect(run.stderr.contains("\(path):1:44: textScale: "), "stderr: \(run.stderr)")
    #expect(run.stdout.isEmpty)
  }
}
