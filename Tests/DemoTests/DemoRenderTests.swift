import Foundation
import Testing

// `demo render`, run as a user runs it (issue 9).

@Suite("demo render")
struct DemoRenderTests {
  /// The width and height a PNG file's header states.
  static func pngSize(_ data: Data) -> (width: Int, height: Int)? {
    let bytes = [UInt8](data.prefix(24))
    guard bytes.count == 24, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    else { return nil }
    func number(_ offset: Int) -> Int {
      bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    return (number(16), number(20))
  }

  @Test("Without a file it renders the sample: one PNG per screen at its pixel size, and a sheet")
  func renders() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let run = try runDemo(["render", "--out", scratch.url.path])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.isEmpty)
    let names = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted()
    #expect(names.count == 12)
    #expect(names.contains("contact-sheet.png"))
    #expect(names.contains("Full-HD-1920x1080.png"))
    let sizes = [
      "iPhone-6-Plus.png": (1242, 2208), "iPhone-4s.png": (640, 960),
      "HD-1280x720.png": (1280, 720),
    ]
    for (name, size) in sizes {
      let data = try Data(contentsOf: scratch.url.appendingPathComponent(name))
      let stated = try #require(Self.pngSize(data), "\(name)")
      #expect(stated.width == size.0 && stated.height == size.1, "\(name): \(stated)")
    }
  }

  @Test("--screen renders only the screens named, and two runs write the same bytes")
  func deterministic() throws {
    var files: [Data] = []
    for _ in 0..<2 {
      let scratch = try ScratchDirectory()
      defer { scratch.remove() }
      let run = try runDemo(["render", "--screen", "iphone 5", "--out", scratch.url.path])
      #expect(run.status == 0, "\(run.stderr)")
      let names = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted()
      #expect(names == ["contact-sheet.png", "iPhone-5.png"])
      files.append(try Data(contentsOf: scratch.url.appendingPathComponent("iPhone-5.png")))
      files.append(try Data(contentsOf: scratch.url.appendingPathComponent("contact-sheet.png")))
    }
    #expect(files[0] == files[2])
    #expect(files[1] == files[3])
  }

  @Test("A missing or unusable --out directory is refused with exit 2 and nothing written")
  func badOutput() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let file = try scratch.write("plain", "not a directory")
    for (arguments, message) in [
      (
        ["render", "--out", scratch.url.appendingPathComponent("missing").path], "no such directory"
      ),
      (["render", "--out", file], "not a directory"),
      (["render"], "render needs --out DIR"),
      (["render", "--out", scratch.url.path, "--format", "json"], "not an option of render"),
    ] {
      let run = try runDemo(arguments)
      #expect(run.status == 2, "\(arguments)")
      #expect(run.stderr.contains(message), "\(run.stderr)")
      #expect(run.stdout.isEmpty)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path) == ["plain"])
  }

  @Test("A bad colour and a screen over the pixel limit are bad input: exit 2, no file")
  func badInput() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let out = scratch.url.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    let colour = try scratch.write(
      "colour.json",
      """
      {"designScreen": "iPhone 5", "root": {"type": "View", "frame": [0, 0, 320, 568],
       "children": [{"type": "Label", "frame": [0, 0, 100, 20], "text": "x",
                     "textColor": "red"}]}}
      """)
    let run = try runDemo(["render", colour, "--out", out.path])
    #expect(run.status == 2)
    #expect(run.stderr.contains("colour.json:3:"), "\(run.stderr)")
    #expect(run.stderr.contains("expected a colour \"#RRGGBB\" or \"#RRGGBBAA\""), "\(run.stderr)")
    let huge = try scratch.write(
      "screens.json",
      #"{"screens": [{"name": "Wall", "width": 20000, "height": 20000, "scale": 3}]}"#)
    let layout = try scratch.write(
      "layout.json",
      #"{"designScreen": "iPhone 5", "root": {"type": "View", "frame": [0, 0, 320, 568]}}"#)
    let big = try runDemo([
      "render", layout, "--screens", huge, "--screen", "Wall", "--out", out.path,
    ])
    #expect(big.status == 2)
    #expect(big.stderr.contains("more than"), "\(big.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
  }
}
