// The demo CLI: dumps a layout's widget tree for each simulated screen.

import FontFitDescription
import FontFitFonts
import FontFitRender
import FontFitSnapshot
import FontFitWidgets
import Foundation

/// The dump formats `--format` accepts.
enum OutputFormat: String, CaseIterable {
  /// One line per widget, for people.
  case text
  /// The whole snapshot, for machines.
  case json
}

/// What the command line asked for.
struct Options {
  /// `demo render`: pictures instead of a dump.
  var render = false
  /// The directory `render` writes into.
  var output: String?
  var file: String?
  var screens: [String] = []
  var catalogs: [String] = []
  var format = OutputFormat.text
  var glyphs = false
  var help = false
  /// `--text-scale`: replaces the document's text scale factor.
  var textScale: String?
  /// `--landscape`: every screen turned on its side.
  var landscape = false
}

/// A command line the demo cannot use; exit status 2.
struct UsageError: Error, CustomStringConvertible {
  var description: String
}

let usage = """
  USAGE: demo [FILE] [--screen NAME]... [--format text|json] [--glyphs] [--screens CATALOG]...
              [--text-scale VALUE] [--landscape]
         demo render [FILE] --out DIR [--screen NAME]... [--screens CATALOG]...
              [--text-scale VALUE] [--landscape]

  Loads a JSON layout description (the bundled sample when FILE is omitted), builds its
  widget tree for each simulated screen, fits every text and prints the trees.

  OPTIONS:
    --screen NAME      Only this screen (case-insensitive); repeat for several.
                       Default: every screen in the catalog.
    --format FORMAT    text (default) or json.
    --glyphs           With --format json: each line box also lists its glyph runs (font
                       file, size, glyph ids and positions, source clusters).
    --screens CATALOG  A JSON screen catalog that adds to or replaces bundled screens.
    --text-scale VALUE The accessibility text scale: a factor such as 1.3, or a content size
                       category (xSmall, small, medium, large, xLarge, xxLarge, xxxLarge,
                       AX1 … AX5; large is 1). It replaces the factor of the file's
                       textScale and keeps its curve, minimum and maximum.
    --landscape        Turn every screen on its side (width and height swapped, "landscape"
                       added to its name); the design screen stays as it is.
    -h, --help         Show this help.

  RENDER: writes DIR/<screen>.png for each screen at its pixel size (points × scale; every
  run of characters other than letters and digits in the name becomes "-": iPhone-6-Plus.png)
  and DIR/contact-sheet.png, every screen side by side at half a pixel per point with its
  name and size. Glyphs are drawn unhinted and antialiased from the laid-out glyph runs, in
  each widget's textColor over its backgroundColor (black on white by default); frames are
  light grey hairlines, a text that does not fit is outlined in red, and a refused one also
  gets a red corner. The same input gives the same bytes. An image may have at most
  \(RGBAImage.maximumPixelCount) pixels.
    --out DIR          The directory to write into; it must exist.

  EXIT STATUS: 0 success, 1 failure (fonts unavailable, a widget that could not be laid out,
  or a picture that could not be written), 2 usage error or bad input (an --out directory
  that is missing or not writable, a picture over the pixel limit).
  """

func parse(_ arguments: [String]) throws(UsageError) -> Options {
  var options = Options()
  var index = 0
  if arguments.first == "render" {
    options.render = true
    index = 1
  }
  func value(for flag: String) throws(UsageError) -> String {
    index += 1
    guard index < arguments.count else { throw UsageError(description: "\(flag) needs a value") }
    return arguments[index]
  }
  while index < arguments.count {
    let argument = arguments[index]
    switch argument {
    case "-h", "--help": options.help = true
    case "--glyphs": options.glyphs = true
    case "--screen": options.screens.append(try value(for: argument))
    case "--screens": options.catalogs.append(try value(for: argument))
    case "--text-scale": options.textScale = try value(for: argument)
    case "--landscape": options.landscape = true
    case "--out" where options.render: options.output = try value(for: argument)
    case "--format":
      let name = try value(for: argument)
      guard let format = OutputFormat(rawValue: name) else {
        let names = OutputFormat.allCases.map(\.rawValue).joined(separator: " or ")
        throw UsageError(description: "--format must be \(names), not \"\(name)\"")
      }
      options.format = format
    default:
      if argument.hasPrefix("-"), argument != "-" {
        throw UsageError(description: "unknown option \(argument)")
      }
      guard options.file == nil else {
        throw UsageError(description: "only one layout file may be given, got \(argument) too")
      }
      options.file = argument
    }
    index += 1
  }
  if options.glyphs, options.format != .json {
    throw UsageError(description: "--glyphs needs --format json")
  }
  if options.render, options.output == nil, !options.help {
    throw UsageError(description: "render needs --out DIR")
  }
  if options.render, options.format != .text || options.glyphs {
    throw UsageError(description: "--format and --glyphs are for the dump, not render")
  }
  return options
}

func fail(_ message: String, status: Int32) -> Never {
  FileHandle.standardError.write(Data("demo: \(message)\n".utf8))
  exit(status)
}

/// The description file named on the command line, or the bundled sample.
func loadDocument(_ options: Options) throws(DescriptionError) -> LayoutDocument {
  var catalog = try ScreenCatalog.bundled()
  for file in options.catalogs { try catalog.addScreens(fromFile: file) }
  if let file = options.file { return try LayoutDocument.load(path: file, catalog: catalog) }
  guard let url = Bundle.module.url(forResource: "sample", withExtension: "json") else {
    fail("the bundled sample layout is missing", status: 1)
  }
  return try LayoutDocument.load(path: url.path, catalog: catalog)
}

func run() {
  let options: Options
  do {
    options = try parse(Array(CommandLine.arguments.dropFirst()))
  } catch {
    fail("\(error)\n\n\(usage)", status: 2)
  }
  if options.help {
    print(usage)
    return
  }
  var document: LayoutDocument
  do {
    document = try loadDocument(options)
  } catch {
    fail("\(error)", status: 2)
  }
  if let value = options.textScale {
    let scale = document.textScale
    do {
      document.textScale = try TextScale(
        parsing: value, curve: scale.curve, minimumPointSize: scale.minimumPointSize,
        maximumPointSize: scale.maximumPointSize)
    } catch {
      fail("--text-scale: \(error)", status: 2)
    }
  }
  var screens: [Screen] = []
  for name in options.screens {
    guard let screen = document.catalog[name] else {
      fail(document.catalog.unknownScreenMessage(name), status: 2)
    }
    screens.append(screen)
  }
  if screens.isEmpty { screens = document.catalog.screens }
  if options.landscape { screens = screens.map(\.landscape) }
  let fonts: FontSystem
  do {
    fonts = try FontSystem()
  } catch {
    fail("\(error)", status: 1)
  }
  if options.render {
    render(document, on: screens, fonts: fonts, into: options.output ?? ".")
    return
  }
  let format: DumpFormat =
    options.format == .text ? .text : .json(includingGlyphs: options.glyphs)
  // Each screen's tree is built, laid out, dumped and released on one worker, so memory
  // holds one tree per core; the parts are written in the catalog's order.
  let chosen = screens
  let loaded = document
  let parts = ParallelLayout.map(chosen.count) { index in
    let tree = loaded.makeTree(on: chosen[index], shaper: fonts)
    tree.layoutIfNeeded()
    return Result { () throws(SnapshotError) -> (part: String, failures: [String]) in
      let snapshot = try ScreenSnapshot(tree: tree, includingGlyphs: options.glyphs)
      return (format.part(for: snapshot, at: index), layoutFailures(tree))
    }
  }
  var output = format.header
  var failures: [String] = []
  for part in parts {
    switch part {
    case .success(let part):
      output += part.part
      failures += part.failures
    case .failure(let error):
      fail("\(error)", status: 1)
    }
  }
  print(output + format.footer(screenCount: screens.count))
  if let first = failures.first {
    fail("\(failures.count) widget(s) could not be laid out; first: \(first)", status: 1)
  }
}

/// `demo render`: one PNG per screen and the contact sheet, all checked before any is
/// written.
func render(
  _ document: LayoutDocument, on screens: [Screen], fonts: FontSystem, into folder: String
) {
  var isDirectory: ObjCBool = false
  guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
    fail("--out \(folder): no such directory", status: 2)
  }
  guard isDirectory.boolValue else { fail("--out \(folder): not a directory", status: 2) }
  guard FileManager.default.isWritableFile(atPath: folder) else {
    fail("--out \(folder): not writable", status: 2)
  }
  // The sheet's name is taken: a screen called "contact sheet" may not overwrite it.
  var names: [String: String] = ["contact-sheet": "the contact sheet"]
  for screen in screens {
    let name = fileName(screen.name)
    if let other = names[name] {
      fail("screens \"\(other)\" and \"\(screen.name)\" would both be \(name).png", status: 2)
    }
    names[name] = screen.name
    let width = (screen.width * screen.scale).rounded()
    let height = (screen.height * screen.scale).rounded()
    guard width >= 1, height >= 1 else {
      fail("screen \(screen.name): a \(width)×\(height) picture has no pixels", status: 2)
    }
    guard width.isFinite, height.isFinite, width * height <= Double(RGBAImage.maximumPixelCount)
    else {
      fail(
        "screen \(screen.name): a \(width)×\(height) picture would have more than "
          + "\(RGBAImage.maximumPixelCount) pixels", status: 2)
    }
  }
  let sheetSize = ContactSheet.size(of: screens)
  guard sheetSize.height <= RGBAImage.maximumPixelCount / max(sheetSize.width, 1) else {
    fail(
      "the contact sheet would be \(sheetSize.width)×\(sheetSize.height) pixels, more than "
        + "\(RGBAImage.maximumPixelCount)", status: 2)
  }
  do {
    var sheet = try ContactSheet(screens: screens, fonts: fonts)
    var failures: [String] = []
    for (index, screen) in screens.enumerated() {
      let tree = document.makeTree(on: screen, shaper: fonts)
      tree.layoutIfNeeded()
      failures += layoutFailures(tree)
      let image = try WidgetRenderer(fonts: fonts, scale: screen.scale).renderScreen(tree)
      try image.writePNG(to: folder + "/" + fileName(screen.name) + ".png")
      try sheet.draw(tree, onScreen: index)
    }
    try sheet.image.writePNG(to: folder + "/contact-sheet.png")
    if let first = failures.first {
      fail("\(failures.count) widget(s) could not be laid out; first: \(first)", status: 1)
    }
  } catch {
    fail("\(error)", status: 1)
  }
}

/// A screen's name as a file name: each run of characters other than letters and digits
/// becomes one `-`.
func fileName(_ name: String) -> String {
  var result = ""
  var inRun = false
  for character in name {
    if character.isLetter || character.isNumber {
      result.append(character)
      inRun = false
    } else if !inRun {
      result.append("-")
      inRun = true
    }
  }
  return result
}

/// The text widgets of a laid-out tree whose layout failed, with the reason.
func layoutFailures(_ view: View) -> [String] {
  var failures: [String] = []
  if let widget = view as? TextWidget, let error = widget.layout?.error {
    failures.append("\(widget.kind.rawValue) \(widget.id): \(error)")
  }
  return failures + view.children.flatMap(layoutFailures)
}

run()
