// The demo CLI: dumps, checks and draws a layout's widget tree on each simulated screen, lists
// the screens and explains font names. Exit statuses are in each command's help.

import FontFit
import Foundation

/// Writes `message` to standard error and exits with `status`; if standard error cannot be
/// written either, the status still says what happened.
///
/// Control characters, bidi controls and invisible characters that came from the input are
/// written as `\u{XXXX}`: a message can neither act on the terminal nor hide a difference.
func fail(_ message: String, status: Int32) -> Never {
  writeAll("demo: \(TextFormat.terminalSafe(message))\n", to: STDERR_FILENO)
  exit(status)
}

/// Writes `text` and a line break to standard output; a failed write (a full disk, a closed
/// file) is exit status 1, never a success with the output lost.
func writeOutput(_ text: String) {
  writeRaw(text + "\n")
}

/// Writes `text` as it is to standard output; a failed write is exit status 1.
func writeRaw(_ text: String) {
  var text = text
  text.withUTF8 { writeRaw(UnsafeRawBufferPointer($0)) }
}

/// Writes `bytes` as they are to standard output; a failed write is exit status 1.
func writeRaw(_ bytes: UnsafeRawBufferPointer) {
  guard let descriptor = standardOutput.descriptor else {
    fail("cannot write the output: standard output is closed", status: 1)
  }
  guard writeAll(bytes, to: descriptor) else {
    let reason = String(cString: strerror(errno))
    fail("cannot write the output: \(reason)", status: 1)
  }
}

/// Writes every byte of `text`'s UTF-8 to `descriptor`, retrying after interruptions; false
/// when a write fails.
@discardableResult
func writeAll(_ text: String, to descriptor: Int32) -> Bool {
  var text = text
  return text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
}

/// Writes every one of `bytes` to `descriptor`, retrying after interruptions and short
/// writes; false when a write fails.
func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
  var rest = bytes
  while !rest.isEmpty {
    let written = write(descriptor, rest.baseAddress, rest.count)
    if written < 0 {
      if errno == EINTR { continue }
      return false
    }
    rest = UnsafeRawBufferPointer(rebasing: rest[written...])
  }
  return true
}

/// The screens catalog the options ask for.
func loadCatalog(_ options: Options) -> ScreenCatalog {
  var catalog = ScreenCatalog.bundled
  do {
    for file in options.catalogs { try catalog.addScreens(fromFile: file) }
  } catch {
    fail("\(error)", status: 2)
  }
  return catalog
}

/// The bundled sample's path.
func samplePath() -> String {
  guard let url = Bundle.module.url(forResource: "sample", withExtension: "json") else {
    fail("the bundled sample layout is missing", status: 1)
  }
  return url.path
}

/// The project of the layout at `path` as the options ask: its locales, text scale and
/// screens; bad input exits 2, its message naming the option.
func loadProject(_ path: String, catalog: ScreenCatalog, options: Options) -> Project {
  let projectOptions = ProjectOptions(
    catalog: catalog, stringsDirectory: options.strings, locales: options.locales,
    textScale: options.textScale, screens: options.screens, landscape: options.landscape)
  do {
    return try Project(file: path, options: projectOptions)
  } catch {
    switch error {
    case .textScale(let error): fail("--text-scale: \(error)", status: 2)
    case .noStringsTables(let layout, let locale):
      fail(
        "\(layout): --locale \(locale): the layout has no strings tables (give --strings DIR, "
          + "or put them in a directory \"strings\" next to it)", status: 2)
    case .unknownLocale(let layout, let locale, let directory, let available):
      fail(
        "\(layout): --locale \(locale): no table \(locale).json in \(directory) (it has "
          + available.joined(separator: ", ") + ")", status: 2)
    default: fail("\(error)", status: 2)
    }
  }
}

/// The font system the options ask for; fonts missing on the machine exit `usageStatus`, a
/// directory that cannot be used is bad input (2), named by its option.
func fontSystem(_ options: Options, usageStatus: Int32) -> FontSystem {
  let sources =
    options.onlyFonts.isEmpty
    ? FontSources(directories: options.fontDirectories, includesSystemFonts: true)
    : FontSources(directories: options.onlyFonts, includesSystemFonts: false)
  do {
    return try Project.fontSystem(sources: sources)
  } catch {
    if case .fontSources(let error) = error, error.function == "FcConfigAppFontAddDir" {
      let flag = options.onlyFonts.isEmpty ? "--font-dir" : "--only-fonts"
      fail("\(flag) \(error.file ?? ""): \(error.message)", status: 2)
    }
    fail("\(error)", status: usageStatus)
  }
}

/// `demo dump`: every screen's part laid out on all cores, written in order as it comes.
func dump(_ options: Options) {
  let catalog = loadCatalog(options)
  let project = loadProject(
    options.arguments.first ?? samplePath(), catalog: catalog, options: options)
  let fonts = fontSystem(options, usageStatus: 1)
  let format: DumpFormat =
    options.format == .text ? .text : .json(includingGlyphs: options.glyphs)
  let failures: [String]
  do {
    // Written as each screen is laid out: memory holds a screen per core, not the dump.
    failures = try project.writeUTF8Dump(format, shaper: fonts) { writeRaw($0) }
  } catch {
    fail("\(error)", status: 1)
  }
  writeRaw("\n")
  if let first = failures.first {
    fail("\(failures.count) widget(s) could not be laid out; first: \(first)", status: 1)
  }
}

/// `demo check`: the problems of every file, screen and locale, written as they are found;
/// exit 1 when there is one.
///
/// Screens are laid out a few at a time on all cores and written in order, each keeping at
/// most `--max-problems` problems (the rest are counted), so memory does not grow with the
/// number of problems.
func check(_ options: Options) {
  let catalog = loadCatalog(options)
  let fonts = fontSystem(options, usageStatus: 2)
  // Every file is read before anything is written, so bad input leaves standard output
  // empty (and a JSON output never half written).
  let projects = options.arguments.map { file in
    (file, loadProject(file, catalog: catalog, options: options))
  }
  var output = CheckOutput(format: options.format, prefixesFile: options.arguments.count > 1)
  let counts = projects.map(\.1.jobs.count)
  let ranges =
    options.shard.map { Project.shardRanges(jobCounts: counts, shard: $0.index, of: $0.count) }
    ?? counts.map { 0..<$0 }
  for ((file, project), jobs) in zip(projects, ranges) where !jobs.isEmpty {
    do {
      try project.forEachScreenProblems(limit: options.maxProblems, shaper: fonts, jobs: jobs) {
        screen in
        output.write(screen, file: file)
      }
    } catch {
      output.finish()
      fail("\(file): \(error)", status: 2)
    }
  }
  output.finish()
  if output.foundAny { exit(1) }
}

/// Writes `check`'s output as it comes: lines, or one JSON object whose arrays are written
/// item by item.
struct CheckOutput {
  let format: OutputFormat
  let prefixesFile: Bool
  private(set) var foundAny = false
  private var itemsWritten = 0
  private var omissions: [JSONOutput] = []

  init(format: OutputFormat, prefixesFile: Bool) {
    self.format = format
    self.prefixesFile = prefixesFile
    if format == .json { writeRaw("{\n  \"problems\": [") }
  }

  mutating func write(_ screen: ScreenProblems, file: String) {
    // Notes (what a fit's tracking or hyphenation did) are written but never fail a check.
    if screen.problems.contains(where: { !$0.kind.isNote }) || screen.omitted > 0 {
      foundAny = true
    }
    let prefix = prefixesFile ? "\(TextFormat.printable(file)): " : ""
    switch format {
    case .text:
      var lines = screen.problems.map { prefix + $0.line }
      if let omitted = screen.omissionLine(limitName: "--max-problems") {
        lines.append(prefix + omitted)
      }
      if !lines.isEmpty { writeOutput(lines.joined(separator: "\n")) }
    case .json:
      var text = ""
      for item in screen.jsonItems(file: file) {
        text += (itemsWritten == 0 ? "\n    " : ",\n    ") + item.serialized(indent: 2, level: 2)
        itemsWritten += 1
      }
      if !text.isEmpty { writeRaw(text) }
      if let omission = screen.jsonOmission(file: file) { omissions.append(omission) }
    }
  }

  /// Closes the JSON object: the problems' array, and the screens whose problems were cut.
  mutating func finish() {
    guard format == .json else { return }
    var text = itemsWritten == 0 ? "]" : "\n  ]"
    if !omissions.isEmpty {
      text += ",\n  \"omitted\": " + JSONOutput.array(omissions).serialized(indent: 2, level: 1)
    }
    writeOutput(text + "\n}")
  }
}

/// `demo screens`: the catalog, one screen per line or as JSON.
func listScreens(_ options: Options) {
  let catalog = loadCatalog(options)
  let screens = options.landscape ? catalog.screens.map(\.landscape) : catalog.screens
  writeOutput(
    options.format == .text
      ? ScreenCatalog(screens: screens).listing
      : ScreenCatalog(screens: screens).jsonListing.serialized(indent: 2))
}

/// `demo fonts`: how each name resolves, and its fallback chain.
func explainFonts(_ options: Options) {
  var language: Language?
  if let tag = options.language {
    do {
      language = try Language(tag)
    } catch {
      fail("--language: \(error)", status: 2)
    }
  }
  var fonts: [Font] = []
  for name in options.arguments {
    do {
      fonts.append(try Font(name, defaultPointSize: 17))
    } catch {
      fail("\(error)", status: 2)
    }
  }
  let system = fontSystem(options, usageStatus: 1)
  var blocks: [String] = []
  for font in fonts {
    do {
      let resolution = try system.explain(font.descriptor, language: language)
      blocks.append("\(font)\n\(resolution)")
    } catch {
      fail("\(font): \(error)", status: 1)
    }
  }
  writeOutput(blocks.joined(separator: "\n\n"))
}

func run() {
  // Before anything opens a file, which could take a closed standard output's descriptor.
  _ = standardOutput
  // A closed pipe is a failed write (exit 1 with a message), not a signal.
  signal(SIGPIPE, SIG_IGN)
  let options: Options
  do {
    options = try parse(Array(CommandLine.arguments.dropFirst()))
  } catch {
    let arguments = CommandLine.arguments.dropFirst()
    let command = arguments.first.flatMap(Subcommand.init(rawValue:))
    fail("\(error)\n\n\(usage(command))", status: 2)
  }
  if options.version {
    writeOutput("demo \(demoVersion) (FontFit)")
    return
  }
  if options.help {
    // `demo check --help` and `demo --help check` both describe check.
    let named = CommandLine.arguments.dropFirst().lazy.compactMap(Subcommand.init(rawValue:))
      .first
    writeOutput(usage(named))
    return
  }
  switch options.command {
  case .dump: dump(options)
  case .check: check(options)
  case .render: render(options)
  case .screens: listScreens(options)
  case .fonts: explainFonts(options)
  }
}

run()
