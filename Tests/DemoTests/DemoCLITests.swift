// End-to-end tests of the built `demo` command: each test runs the binary as a subprocess
// and checks its exit status, standard output and standard error.

import Foundation
import Testing

@Suite("demo command line")
struct DemoCLITests {
  // MARK: Default run

  @Test("Without arguments, demo prints one block per catalog screen and nothing on stderr")
  func defaultRunCoversCatalog() throws {
    let run = try runDemo([])
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty, "stderr: \(run.stderr)")
    let blocks = run.stdout.split(separator: "\n\n")
    #expect(blocks.count == catalogScreens.count)
    #expect(headings(run.stdout).map(headingName) == catalogScreens)
    for (block, name) in zip(blocks, catalogScreens) {
      #expect(block.hasPrefix(name + " "), "block does not start with \(name): \(block.prefix(40))")
      #expect(block.contains("\n  View root ["), "block \(name) has no root view")
    }
    #expect(headings(run.stdout).first == "iPhone 4s 320×480 @2x")
    #expect(headings(run.stdout).last == "Full HD 1920x1080 1920×1080 @1x 96dpi")
  }

  @Test("The default run shows every widget type")
  func defaultRunShowsEveryWidgetType() throws {
    let run = try runDemo([])
    #expect(run.status == 0)
    let widgetLines = run.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") }
    let types = Set(widgetLines.compactMap { $0.split(separator: " ").first.map(String.init) })
    #expect(types == ["View", "Label", "Button", "TextField", "TextView"])
  }

  @Test("Two runs print byte-identical output", arguments: ["text", "json"])
  func outputIsDeterministic(format: String) throws {
    let first = try runDemo(["--format", format])
    let second = try runDemo(["--format", format])
    #expect(first.status == 0)
    #expect(second.status == 0)
    #expect(!first.stdoutData.isEmpty)
    #expect(first.stdoutData == second.stdoutData)
  }

  // MARK: Screen selection

  @Test("--screen matches a name case-insensitively and prints only that block")
  func screenIsCaseInsensitive() throws {
    let run = try runDemo(["--screen", "IPHONE 6"])
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty, "stderr: \(run.stderr)")
    #expect(headings(run.stdout) == ["iPhone 6 375×667 @2x"])
    #expect(!run.stdout.contains("\n\n"))
  }

  @Test("Repeated --screen options give their blocks in the order given")
  func repeatedScreensKeepOrder() throws {
    let run = try runDemo(["--screen", "ipad", "--screen", "iPhone 4s", "--screen", "hd 1280x720"])
    #expect(run.status == 0)
    let expected = ["iPad 768×1024 @2x", "iPhone 4s 320×480 @2x", "HD 1280x720 1280×720 @1x 96dpi"]
    #expect(headings(run.stdout) == expected)
    #expect(run.stdout.split(separator: "\n\n").count == 3)
  }

  // MARK: JSON output

  @Test("--format json prints every screen with its size and a widget tree of the full shape")
  func jsonShape() throws {
    let run = try runDemo(["--format", "json"])
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty, "stderr: \(run.stderr)")
    let screens = try jsonScreens(run)
    #expect(screens.compactMap { $0["name"] as? String } == catalogScreens)
    for screen in screens {
      #expect(Set(screen.keys) == ["name", "width", "height", "scale", "dpi", "root"])
      #expect(number(screen, "width") != nil)
      #expect(number(screen, "height") != nil)
      #expect(number(screen, "scale") != nil)
      #expect(screen["root"] is [String: Any])
    }
    let iPhone6 = try #require(screens.first { $0["name"] as? String == "iPhone 6" })
    #expect(number(iPhone6, "width") == 375)
    #expect(number(iPhone6, "height") == 667)
    #expect(number(iPhone6, "scale") == 2)

    let root = try #require(iPhone6["root"] as? [String: Any])
    #expect(root["type"] as? String == "View")
    let label = try #require(widgets(in: root).first { $0["id"] as? String == "short" })
    for key in ["type", "id", "frame", "font", "text", "lines", "textSize", "fits", "children"] {
      #expect(label[key] != nil, "the label has no \(key)")
    }
    #expect(label["type"] as? String == "Label")
    #expect(label["text"] as? String == "A short text keeps its full size.")
    #expect(label["lines"] as? [String] == ["A short text keeps its full size."])
    #expect(label["fits"] as? Bool == true)
    #expect(label["children"] as? [Any] != nil)
    let frame = try #require(label["frame"] as? [String: Any])
    for key in ["x", "y", "width", "height"] {
      #expect(number(frame, key) != nil, "frame has no numeric \(key)")
    }
    let font = try #require(label["font"] as? [String: Any])
    for key in ["requested", "family", "style", "file"] {
      #expect(font[key] is String, "font has no string \(key)")
    }
    for key in ["designSize", "adaptedSize", "size"] {
      #expect(number(font, key) != nil, "font has no numeric \(key)")
    }
    #expect(font["requested"] as? String == "DejaVu Serif 17")
    #expect(font["family"] as? String == "DejaVu Serif")
    let textSize = try #require(label["textSize"] as? [String: Any])
    #expect(number(textSize, "width") != nil)
    #expect(number(textSize, "height") != nil)
  }

  @Test("Every widget that fits has its text inside its frame and a size ≤ the adapted size")
  func fittedTextStaysInsideFrames() throws {
    let run = try runDemo(["--format", "json"])
    #expect(run.status == 0)
    let screens = try jsonScreens(run)
    #expect(screens.count == catalogScreens.count)
    var fittingWidgets = 0
    for screen in screens {
      let name = screen["name"] as? String ?? "?"
      let root = try #require(screen["root"] as? [String: Any])
      for widget in widgets(in: root) where widget["fits"] as? Bool == true {
        fittingWidgets += 1
        let id = "\(name)/\(widget["id"] as? String ?? "?")"
        let frame = try #require(widget["frame"] as? [String: Any], "\(id) has no frame")
        let textSize = try #require(widget["textSize"] as? [String: Any], "\(id) has no textSize")
        let font = try #require(widget["font"] as? [String: Any], "\(id) has no font")
        let frameWidth = try #require(number(frame, "width"))
        let frameHeight = try #require(number(frame, "height"))
        let textWidth = try #require(number(textSize, "width"))
        let textHeight = try #require(number(textSize, "height"))
        let size = try #require(number(font, "size"), "\(id) has no fitted size")
        let adapted = try #require(number(font, "adaptedSize"))
        #expect(textWidth <= frameWidth + 0.001, "\(id): text \(textWidth) wide in \(frameWidth)")
        #expect(
          textHeight <= frameHeight + 0.001, "\(id): text \(textHeight) high in \(frameHeight)")
        let pipeline = font["pipeline"] as? [[String: Any]] ?? []
        let grows = pipeline.contains { $0["detail"] as? String == "shrinkAndGrow" }
        if !grows {
          #expect(size <= adapted, "\(id): fitted \(size)pt > adapted \(adapted)pt")
        }
      }
    }
    // The sample has 9 text widgets per screen and most of them fit.
    #expect(fittingWidgets > screens.count * 5)
  }

  @Test(
    "The seed increments adapt the 17pt design font of label short",
    arguments: [
      ("iPhone 4s", 17.0), ("iPhone 5", 17.0), ("iPhone 6", 19.0), ("iPhone 6 Plus", 20.0),
    ])
  func seedIncrements(screenName: String, adaptedSize: Double) throws {
    let run = try runDemo(["--format", "json", "--screen", screenName])
    #expect(run.status == 0)
    let screens = try jsonScreens(run)
    #expect(screens.count == 1)
    let screen = try #require(screens.first)
    #expect(screen["name"] as? String == screenName)
    let root = try #require(screen["root"] as? [String: Any])
    let label = try #require(widgets(in: root).first { $0["id"] as? String == "short" })
    let font = try #require(label["font"] as? [String: Any])
    #expect(font["family"] as? String == "DejaVu Serif")
    #expect(number(font, "designSize") == 17)
    #expect(number(font, "adaptedSize") == adaptedSize)
  }

  // MARK: Usage errors and bad input

  @Test("--help prints the usage on stdout and succeeds")
  func helpPrintsUsage() throws {
    for flag in ["--help", "-h"] {
      let run = try runDemo([flag])
      #expect(run.status == 0)
      #expect(run.stdout.contains("USAGE: demo"))
      #expect(run.stderr.isEmpty, "stderr: \(run.stderr)")
    }
  }

  @Test("An unknown option exits 2 and names the option on stderr")
  func unknownOption() throws {
    let run = try runDemo(["--frobnicate"])
    #expect(run.status == 2)
    #expect(run.stderr.contains("--frobnicate"))
    #expect(run.stdout.isEmpty)
  }

  @Test("--format xml exits 2")
  func unknownFormat() throws {
    let run = try runDemo(["--format", "xml"])
    #expect(run.status == 2)
    #expect(run.stderr.contains("xml"))
    #expect(run.stdout.isEmpty)
  }

  @Test("An unknown --screen exits 2 and lists the known screens")
  func unknownScreen() throws {
    let run = try runDemo(["--screen", "No Such Phone"])
    #expect(run.status == 2)
    #expect(run.stderr.contains("No Such Phone"))
    for name in catalogScreens {
      #expect(run.stderr.contains(name), "stderr does not list \(name): \(run.stderr)")
    }
    #expect(run.stdout.isEmpty)
  }

  @Test("A missing layout file exits 2 and names the file")
  func missingFile() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let path = scratch.url.appendingPathComponent("absent.json").path
    let run = try runDemo([path])
    #expect(run.status == 2)
    #expect(run.stderr.contains(path), "stderr: \(run.stderr)")
    #expect(run.stdout.isEmpty)
  }

  @Test("A layout with a JSON syntax error exits 2 and reports file:line:column")
  func syntaxError() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let path = try scratch.write(
      "broken.json",
      """
      {
        "designScreen": "iPhone 5",
        "root": { "type": "View", "id": "root", },
      }
      """)
    let run = try runDemo([path])
    #expect(run.status == 2)
    #expect(run.stderr.contains("\(path):3:43: "), "stderr: \(run.stderr)")
    #expect(run.stdout.isEmpty)
  }

  @Test("A layout with an unknown widget type exits 2 and reports the key path")
  func unknownWidgetType() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let path = try scratch.write(
      "slider.json",
      """
      {
        "designScreen": "iPhone 5",
        "root": {
          "type": "View", "id": "root", "frame": [0, 0, 320, 568],
          "children": [
            { "type": "Slider", "id": "volume", "frame": [20, 20, 280, 30] }
          ]
        }
      }
      """)
    let run = try runDemo([path])
    #expect(run.status == 2)
    #expect(run.stderr.contains("\(path):6:17: root.children[0].type: "), "stderr: \(run.stderr)")
    #expect(run.stderr.contains("Slider"))
    #expect(run.stdout.isEmpty)
  }

  @Test("--screens adds a custom screen that --screen can pick")
  func customScreenCatalog() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let catalog = try scratch.write(
      "catalog.json",
      """
      {"screens":[{"name":"Kiosk","width":1024,"height":600,"scale":1}]}
      """)
    let run = try runDemo(["--screens", catalog, "--screen", "kiosk"])
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty, "stderr: \(run.stderr)")
    #expect(headings(run.stdout) == ["Kiosk 1024×600 @1x"])
    #expect(run.stdout.contains("\n  View root [0, 0, 1024, 600]"))
  }

  // MARK: Fitting in the text dump

  @Test("A long text in a small label is reported with a fitted size below the adapted size")
  func longTextShrinks() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let path = try scratch.write(
      "crowded.json",
      """
      {
        "designScreen": "iPhone 5",
        "root": {
          "type": "View", "id": "root", "frame": [0, 0, 320, 568],
          "children": [
            { "type": "Label", "id": "crowded", "frame": [20, 20, 120, 40],
              "font": "DejaVu Sans 17", "numberOfLines": 0,
              "autoFit": { "minimumSize": 6, "step": 0.5 },
              "text": "A rather long sentence that cannot possibly fit at seventeen points." }
          ]
        }
      }
      """)
    let run = try runDemo([path, "--screen", "iPhone 5"])
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty, "stderr: \(run.stderr)")
    let line = try #require(
      run.stdout.split(separator: "\n").first { $0.hasPrefix("    Label crowded ") },
      "no line for the label in: \(run.stdout)")
    // `… DejaVu Sans Book 17 → +0 increments → 17 → fit 9.5 (4 lines) · fits · "…"`
    let pattern =
      #/Book (\d+(?:\.\d+)?) → \+0 increments → (\d+(?:\.\d+)?) → fit (\d+(?:\.\d+)?) \(/#
    let match = try #require(
      String(line).firstMatch(of: pattern), "no design → adapted → fitted sizes in: \(line)")
    let values = [match.1, match.2, match.3].compactMap { Double($0) }
    try #require(values.count == 3, "cannot read sizes in \(line)")
    #expect(values[0] == 17)
    #expect(values[1] == 17)
    #expect(values[2] < values[1], "not shrunk: \(line)")
    #expect(values[2] >= 6)
    #expect(line.contains(" · fits · "), "\(line)")
  }

  @Test("A widget whose layout fails exits 1 and the dump says why")
  func layoutFailureExitsOne() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let path = try scratch.write(
      "huge.json",
      """
      { "designScreen": "iPhone 5",
        "adaptation": { "policy": "proportional", "exponent": 10 },
        "root": { "type": "Label", "id": "huge", "frame": [0, 0, 320, 100], "text": "Hi" } }
      """)
    let run = try runDemo([path, "--screen", "Full HD 1920x1080"])
    #expect(run.status == 1)
    #expect(run.stdout.contains("Label huge"), "stdout: \(run.stdout)")
    #expect(run.stdout.contains("layout failed: font size"), "stdout: \(run.stdout)")
    #expect(run.stderr.contains("1 widget(s) could not be laid out; first: Label huge: "))
  }
}
