// The demo CLI: dumps, checks and draws a layout's widget tree on each simulated screen, lists
// the screens and explains font names. Exit statuses are in each command's help.

import FontFitDescription
import FontFitFontModel
import FontFitFonts
import FontFitRender
import FontFitSnapshot
import FontFitText
import FontFitWidgets
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
  guard let descriptor = standardOutput.descriptor else {
    fail("cannot write the output: standard output is closed", status: 1)
  }
  guard writeAll(text, to: descriptor) else {
    let reason = String(cString: strerror(errno))
    fail("cannot write the output: \(reason)", status: 1)
  }
}

/// Writes every byte of `text` to `descriptor`, retrying after interruptions; false when a
/// write fails.
@discardableResult
func writeAll(_ text: String, to descriptor: Int32) -> Bool {
  var bytes = Array(text.utf8)[...]
  while !bytes.isEmpty {
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    if written < 0 {
      if errno == EINTR { continue }
      return false
    }
    bytes = bytes.dropFirst(written)
  }
  return true
}

/// One layout to lay out: a file's document in one locale.
struct LocalizedDocument: Sendable {
  var document: LayoutDocument
  /// The locale to name in the results; nil when no locale was asked for.
  var locale: String?
}

/// The screens catalog the options ask for.
func loadCatalog(_ options: Options) -> ScreenCatalog {
  do {
    var catalog = ScreenCatalog.bundled
    for file in options.catalogs { try catalog.addScreens(fromFile: file) }
    return catalog
  } catch {
    fail("\(error)", status: 2)
  }
}

/// The bundled sample's path.
func samplePath() -> String {
  guard let url = Bundle.module.url(forResource: "sample", withExtension: "json") else {
    fail("the bundled sample layout is missing", status: 1)
  }
  return url.path
}

/// The document of `path` in every locale the options ask for, with `--text-scale` applied.
func loadDocuments(_ path: String, catalog: ScreenCatalog, options: Options)
  -> [LocalizedDocument]
{
  var documents: [LocalizedDocument] = []
  for localization in localizations(for: path, options: options) {
    var document: LayoutDocument
    do {
      document = try LayoutDocument.load(
        path: path, catalog: catalog, localization: localization)
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
    documents.append(
      LocalizedDocument(
        document: document, locale: options.locales.isEmpty ? nil : localization?.locale))
  }
  return documents
}

/// The localisations `--locale` and `--strings` ask for, for the layout at `path`.
///
/// A layout with no strings tables (no `--strings`, and no directory `strings` with tables
/// next to it) is literal: `[nil]`, or pseudo-localised when `--locale pseudo` asks; a `@key`
/// text in it is then a located error.
func localizations(for path: String, options: Options) -> [Localization?] {
  var directory = options.strings
  if directory == nil {
    let beside = URL(fileURLWithPath: path).deletingLastPathComponent()
      .appendingPathComponent("strings").path
    if (try? Localization.locales(in: beside)) != nil { directory = beside }
  }
  guard let directory else {
    // A layout without tables is read as it is; naming one locale for it is a mistake.
    if let named = options.locales.first(where: {
      !["all", Localization.pseudoLocale].contains($0)
    }) {
      fail(
        "\(path): --locale \(named): the layout has no strings tables (give --strings DIR, or "
          + "put them in a directory \"strings\" next to it)", status: 2)
    }
    return options.locales.contains(Localization.pseudoLocale)
      ? [Localization.pseudo(base: nil)] : [nil]
  }
  do {
    let available = try Localization.locales(in: directory)
    let base =
      available.contains(Localization.defaultLocale)
      ? Localization.defaultLocale : available[0]
    var names: [String] = []
    for locale in options.locales.isEmpty ? [base] : options.locales {
      switch locale {
      case "all": names += available
      case Localization.pseudoLocale: names.append(locale)
      default:
        guard available.contains(locale) else {
          fail(
            "\(path): --locale \(locale): no table \(locale).json in \(directory) (it has "
              + available.joined(separator: ", ") + ")", status: 2)
        }
        names.append(locale)
      }
    }
    var seen: Set<String> = []
    var result: [Localization?] = []
    for name in names where seen.insert(name).inserted {
      if name == Localization.pseudoLocale {
        result.append(.pseudo(base: try Localization.table(in: directory, locale: base)))
      } else {
        result.append(try Localization.table(in: directory, locale: name))
      }
    }
    return result
  } catch {
    fail("\(error)", status: 2)
  }
}

/// The screens `--screen` names (all of them when none, or `all`), turned by `--landscape`.
func chosenScreens(_ catalog: ScreenCatalog, options: Options) -> [Screen] {
  var screens: [Screen] = []
  for name in options.screens {
    if name.lowercased() == "all" {
      screens += catalog.screens
      continue
    }
    guard let screen = catalog[name] else { fail(catalog.unknownScreenMessage(name), status: 2) }
    screens.append(screen)
  }
  if screens.isEmpty { screens = catalog.screens }
  // A screen named twice (or by `all` and by name) is laid out once, where first named.
  var seen: Set<String> = []
  screens = screens.filter { seen.insert($0.name).inserted }
  return options.landscape ? screens.map(\.landscape) : screens
}

/// The font system the options ask for.
func fontSystem(_ options: Options, usageStatus: Int32) -> FontSystem {
  let sources: FontSources
  if !options.onlyFonts.isEmpty {
    sources = FontSources(directories: options.onlyFonts, includesSystemFonts: false)
  } else {
    sources = FontSources(directories: options.fontDirectories, includesSystemFonts: true)
  }
  let system: FontSystem
  do {
    system = try FontSystem(sources: sources)
  } catch {
    // A directory that cannot be used is bad input, named by its option; fonts missing on
    // the machine are not bad input.
    if error.function == "FcConfigAppFontAddDir" {
      let flag = options.onlyFonts.isEmpty ? "--font-dir" : "--only-fonts"
      fail("\(flag) \(error.file ?? ""): \(error.message)", status: 2)
    }
    fail("\(error)", status: usageStatus)
  }
  // Without one usable font every widget would fail to lay out: that is said once, with the
  // status for fonts unavailable, rather than as a failure of each widget.
  do {
    _ = try system.lineMetrics(of: FontDescriptor(family: "sans-serif"))
  } catch {
    fail("no usable font: \(error)", status: usageStatus)
  }
  return system
}

/// The text widgets of a laid-out tree whose layout failed, with the reason.
func layoutFailures(_ view: View) -> [String] {
  var failures: [String] = []
  if let widget = view as? TextWidget, let error = widget.layout?.error {
    failures.append("\(widget.kind.rawValue) \(widget.id): \(error)")
  }
  return failures + view.children.flatMap(layoutFailures)
}

/// `demo dump`: every screen's part laid out on all cores, printed in order.
func dump(_ options: Options) {
  let catalog = loadCatalog(options)
  let documents = loadDocuments(
    options.arguments.first ?? samplePath(), catalog: catalog, options: options)
  let screens = chosenScreens(documents[0].document.catalog, options: options)
  let fonts = fontSystem(options, usageStatus: 1)
  let format: DumpFormat =
    options.format == .text ? .text : .json(includingGlyphs: options.glyphs)
  let jobs = documents.flatMap { document in screens.map { (document, $0) } }
  let glyphs = options.glyphs
  // Each screen's tree is built, laid out, dumped and released on one worker, so memory
  // holds one tree per core; the parts are written in order.
  let parts = ParallelLayout.map(jobs.count) { index in
    let (localized, screen) = jobs[index]
    let tree = localized.document.makeTree(on: screen, shaper: fonts)
    tree.layoutIfNeeded()
    return Result { () throws(SnapshotError) -> (part: String, failures: [String]) in
      var snapshot = try ScreenSnapshot(tree: tree, includingGlyphs: glyphs)
      snapshot.locale = localized.locale
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
  writeOutput(output + format.footer(screenCount: jobs.count))
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
  let limit = options.maxProblems
  // Every file is read before anything is written, so bad input leaves standard output
  // empty (and a JSON output never half written).
  let files = options.arguments.map { file in
    let documents = loadDocuments(file, catalog: catalog, options: options)
    let screens = chosenScreens(documents[0].document.catalog, options: options)
    return (file: file, jobs: documents.flatMap { document in screens.map { (document, $0) } })
  }
  var output = CheckOutput(format: options.format, prefixesFile: options.arguments.count > 1)
  for (file, jobs) in files {
    let window = ParallelLayout.processorCount * 2
    for start in stride(from: 0, to: jobs.count, by: window) {
      let batch = Array(jobs[start..<min(start + window, jobs.count)])
      let found = ParallelLayout.map(batch.count) { index in
        let (localized, screen) = batch[index]
        let tree = localized.document.makeTree(on: screen, shaper: fonts)
        tree.layoutIfNeeded()
        return Result { () throws(SnapshotError) -> ScreenProblems in
          var kept = ScreenProblems(screen: screen.name, locale: localized.locale)
          try LayoutProblem.forEachProblem(in: tree, locale: localized.locale) { problem in
            if limit == 0 || kept.problems.count < limit {
              kept.problems.append(problem)
            } else {
              kept.omitted += 1
            }
          }
          return kept
        }
      }
      for result in found {
        switch result {
        case .success(let screen): output.write(screen, file: file)
        case .failure(let error):
          output.finish()
          fail("\(file): \(error)", status: 2)
        }
      }
    }
  }
  output.finish()
  if output.foundAny { exit(1) }
}

/// One screen's problems as `check` keeps them: the first ones, and how many more.
struct ScreenProblems: Sendable {
  var screen: String
  var locale: String?
  var problems: [LayoutProblem] = []
  /// Problems beyond `--max-problems`, counted, not kept.
  var omitted = 0
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
    if !screen.problems.isEmpty || screen.omitted > 0 { foundAny = true }
    let prefix = prefixesFile ? "\(TextFormat.printable(file)): " : ""
    switch format {
    case .text:
      var lines = screen.problems.map { prefix + $0.line }
      if screen.omitted > 0 {
        var parts = [TextFormat.printable(screen.screen)]
        if let locale = screen.locale { parts.append(TextFormat.printable(locale)) }
        parts.append(
          "\(screen.omitted) more problems not shown (--max-problems \(screen.problems.count))")
        lines.append(prefix + parts.joined(separator: " · "))
      }
      if !lines.isEmpty { writeOutput(lines.joined(separator: "\n")) }
    case .json:
      var text = ""
      for problem in screen.problems {
        var members: [(String, JSONOutput)] = [
          ("file", .string(file)), ("screen", .string(problem.screen)),
        ]
        if let locale = problem.locale { members.append(("locale", .string(locale))) }
        members += [
          ("id", .string(problem.id)), ("kind", .string(problem.kind.rawValue)),
          ("message", .string(problem.message)),
        ]
        text +=
          (itemsWritten == 0 ? "\n    " : ",\n    ")
          + JSONOutput.object(members).serialized(indent: 2, level: 2)
        itemsWritten += 1
      }
      if !text.isEmpty { writeRaw(text) }
      if screen.omitted > 0 {
        var members: [(String, JSONOutput)] = [
          ("file", .string(file)), ("screen", .string(screen.screen)),
        ]
        if let locale = screen.locale { members.append(("locale", .string(locale))) }
        members.append(("count", .number(Double(screen.omitted))))
        omissions.append(.object(members))
      }
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
  switch options.format {
  case .text:
    // Names are escaped as the dumps escape them: a catalog's name never acts on the terminal.
    let names = screens.map { TextFormat.printable($0.name) }
    let width = names.map(\.count).max() ?? 0
    for (screen, name) in zip(screens, names) {
      let name = name.padding(toLength: width, withPad: " ", startingAt: 0)
      writeOutput(
        "\(name)  \(number(screen.width))×\(number(screen.height))  "
          + "@\(number(screen.scale))x  \(number(screen.dpi)) dpi")
    }
  case .json:
    let items: [JSONOutput] = screens.map { screen in
      .object([
        ("name", .string(screen.name)), ("width", .number(screen.width)),
        ("height", .number(screen.height)), ("scale", .number(screen.scale)),
        ("dpi", .number(screen.dpi)),
      ])
    }
    writeOutput(JSONOutput.object([("screens", .array(items))]).serialized(indent: 2))
  }
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

func number(_ value: Double) -> String {
  value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
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
