// The demo's command line: subcommands, their options (`--option value` or `--option=value`),
// and each one's help.

import FontFit

/// The demo's version, printed by `--version`.
let demoVersion = "0.11.0"

/// What the demo can do.
enum Subcommand: String, CaseIterable {
  /// Dump the widget tree on each screen (the default).
  case dump
  /// Report every problem, for CI.
  case check
  /// Draw each screen into a PNG file.
  case render
  /// List the screen catalog.
  case screens
  /// Show how font names resolve.
  case fonts
}

/// The dump and check formats `--format` accepts.
enum OutputFormat: String, CaseIterable {
  /// One line per widget or problem, for people.
  case text
  /// The whole result, for machines.
  case json
}

/// What the command line asked for.
struct Options {
  var command = Subcommand.dump
  /// Layout files (one for dump and render, any number for check) or font names (fonts).
  var arguments: [String] = []
  var screens: [String] = []
  var catalogs: [String] = []
  var format = OutputFormat.text
  var glyphs = false
  var help = false
  var version = false
  /// The directory `render` writes into.
  var output: String?
  /// `--text-scale`: replaces the document's text scale factor.
  var textScale: String?
  /// `--landscape`: every screen turned on its side.
  var landscape = false
  /// `--locale`: a locale, `all`, or `pseudo`; repeatable.
  var locales: [String] = []
  /// `--strings`: the directory of strings tables.
  var strings: String?
  /// `--font-dir`: application font directories, added to the system's.
  var fontDirectories: [String] = []
  /// `--only-fonts`: the only font directories.
  var onlyFonts: [String] = []
  /// `--language` for `fonts`.
  var language: String?
  /// `--max-problems` for `check`: the most problems written per screen; 0 for all.
  var maxProblems = 1000
  /// `--shard K/N` for `check`: the K-th of N equal parts of the files × locales × screens,
  /// counting from 1; nil for all.
  var shard: (index: Int, count: Int)?
}

/// A command line the demo cannot use; exit status 2.
struct UsageError: Error, CustomStringConvertible {
  var description: String
}

/// Which options each subcommand takes.
private let allowed: [Subcommand: Set<String>] = {
  let layout: Set<String> = [
    "--screen", "--screens", "--text-scale", "--landscape", "--locale", "--strings",
    "--font-dir", "--only-fonts",
  ]
  return [
    .dump: layout.union(["--format", "--glyphs"]),
    .check: layout.union(["--format", "--max-problems", "--shard"]),
    .render: layout.union(["--out"]),
    .screens: ["--screens", "--landscape", "--format"],
    .fonts: ["--font-dir", "--only-fonts", "--language"],
  ]
}()

/// Options that take a value.
private let valued: Set<String> = [
  "--screen", "--screens", "--text-scale", "--locale", "--strings", "--font-dir", "--only-fonts",
  "--format", "--out", "--language", "--max-problems", "--shard",
]

/// Reads the command line (without the program name).
func parse(_ arguments: [String]) throws(UsageError) -> Options {
  var options = Options()
  var index = 0
  if let first = arguments.first, let command = Subcommand(rawValue: first) {
    options.command = command
    index = 1
  }
  var optionsEnded = false
  while index < arguments.count {
    var argument = arguments[index]
    if optionsEnded || argument == "--" {
      if optionsEnded { options.arguments.append(argument) }
      optionsEnded = true
      index += 1
      continue
    }
    var inline: String?
    if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
      inline = String(argument[argument.index(after: equals)...])
      argument = String(argument[..<equals])
    }
    func value() throws(UsageError) -> String {
      if let inline {
        guard !inline.isEmpty else { throw UsageError(description: "\(argument) needs a value") }
        return inline
      }
      index += 1
      guard index < arguments.count, !arguments[index].isEmpty else {
        throw UsageError(description: "\(argument) needs a value")
      }
      return arguments[index]
    }
    if inline != nil, ["--help", "--version"].contains(argument) {
      throw UsageError(description: "\(argument) takes no value")
    }
    switch argument {
    case "-h", "--help": options.help = true
    case "--version": options.version = true
    case _ where argument.hasPrefix("-") && argument != "-":
      guard allowed[options.command]?.contains(argument) == true else {
        let known = valued.contains(argument) || ["--glyphs", "--landscape"].contains(argument)
        throw UsageError(
          description: known
            ? "\(argument) is not an option of \(options.command.rawValue)"
            : "unknown option \(argument)")
      }
      if inline != nil, !valued.contains(argument) {
        throw UsageError(description: "\(argument) takes no value")
      }
      try apply(argument, value: value, to: &options)
    default:
      options.arguments.append(argument)
    }
    index += 1
  }
  try validate(&options)
  return options
}

private func apply(
  _ flag: String, value: () throws(UsageError) -> String, to options: inout Options
) throws(UsageError) {
  switch flag {
  case "--glyphs": options.glyphs = true
  case "--landscape": options.landscape = true
  case "--screen": options.screens.append(try value())
  case "--screens": options.catalogs.append(try value())
  case "--text-scale": options.textScale = try value()
  case "--locale": options.locales.append(try value())
  case "--strings": options.strings = try value()
  case "--font-dir": options.fontDirectories.append(try value())
  case "--only-fonts": options.onlyFonts.append(try value())
  case "--out": options.output = try value()
  case "--language": options.language = try value()
  case "--max-problems":
    let text = try value()
    guard let count = Int(text), count >= 0, text.allSatisfy(\.isASCII) else {
      throw UsageError(
        description: "--max-problems must be a whole number (0 for no limit), not "
          + TextFormat.quoted(text))
    }
    options.maxProblems = count
  case "--shard":
    let text = try value()
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, text.allSatisfy(\.isASCII), let index = Int(parts[0]),
      let count = Int(parts[1]), count >= 1, count <= 100_000, index >= 1, index <= count
    else {
      throw UsageError(
        description: "--shard must be K/N, whole numbers with 1 ≤ K ≤ N ≤ 100000 (the K-th "
          + "of N parts), not " + TextFormat.quoted(text))
    }
    options.shard = (index, count)
  case "--format":
    let name = try value()
    guard let format = OutputFormat(rawValue: name) else {
      let names = OutputFormat.allCases.map(\.rawValue).joined(separator: " or ")
      throw UsageError(description: "--format must be \(names), not \"\(name)\"")
    }
    options.format = format
  default: throw UsageError(description: "unknown option \(flag)")
  }
}

private func validate(_ options: inout Options) throws(UsageError) {
  guard !options.help, !options.version else { return }
  switch options.command {
  case .dump, .render:
    if options.arguments.count > 1 {
      throw UsageError(
        description: "only one layout file may be given, got \(options.arguments[1]) too")
    }
  case .check:
    if options.arguments.isEmpty { throw UsageError(description: "check needs a layout FILE") }
  case .screens:
    if let extra = options.arguments.first {
      throw UsageError(description: "screens takes no file, got \(extra)")
    }
  case .fonts:
    if options.arguments.isEmpty {
      throw UsageError(description: "fonts needs a font NAME, such as \"DejaVu Sans 17\"")
    }
  }
  if options.glyphs, options.format != .json {
    throw UsageError(description: "--glyphs needs --format json")
  }
  if options.command == .render, options.output == nil {
    throw UsageError(description: "render needs --out DIR")
  }
  if !options.fontDirectories.isEmpty, !options.onlyFonts.isEmpty {
    throw UsageError(description: "--font-dir and --only-fonts cannot be combined")
  }
}

/// The help of `command`, or the overview.
func usage(_ command: Subcommand?) -> String {
  switch command {
  case nil: overview
  case .dump?: dumpHelp
  case .check?: checkHelp
  case .render?: renderHelp
  case .screens?: screensHelp
  case .fonts?: fontsHelp
  }
}

private let layoutOptions = """
    --screen NAME       Only this screen (case-insensitive); repeat for several; "all" for
                        every catalog screen (the default).
    --screens CATALOG   A JSON screen catalog that adds to or replaces bundled screens.
    --text-scale VALUE  The accessibility text scale: a factor such as 1.3, or a content size
                        category (xSmall, small, medium, large, xLarge, xxLarge, xxxLarge,
                        AX1 … AX5; large is 1). It replaces the factor of the file's textScale
                        and keeps its curve, minimum and maximum.
    --landscape         Turn every screen on its side (width and height swapped, "landscape"
                        added to its name); the design screen stays as it is.
    --locale LOCALE     Look "@key" texts up in DIR/LOCALE.json (see --strings); "all" for
                        every table in DIR (every .json file), one result per locale;
                        "pseudo" for every text about 40% longer with accented letters (keys
                        from en.json, else the first table). Repeatable. Default: en when DIR
                        has en.json, else the first table. A layout without tables is read
                        as it is.
    --strings DIR       The strings tables ({"key": "text"} per locale). Default: the
                        directory "strings" next to each layout file, when it has tables.
    --font-dir DIR      Add the fonts in DIR to the system's (repeatable).
    --only-fonts DIR    Use only the fonts in DIR, no system fonts (repeatable): results that
                        do not change when someone installs a font package.
    -h, --help          Show this help.
  """

private let overview = """
  USAGE: demo [dump] [FILE] [OPTIONS]     dump the widget tree on each screen (the default)
         demo check FILE... [OPTIONS]     report every problem, for CI
         demo render [FILE] --out DIR     draw each screen into a PNG file
         demo screens                     list the screen catalog
         demo fonts NAME...               show how font names resolve
         demo --version

  Loads a layout description (JSON, or XML when the name ends in .xml; the bundled sample
  when FILE is omitted), builds its widget tree for each simulated screen, fits every text
  and prints, checks or draws the trees. Options may be written --option value or
  --option=value; after --, every argument is a file. `demo COMMAND --help` describes each
  command and its exit statuses.
  """

private let dumpHelp = """
  USAGE: demo [dump] [FILE] [--format text|json] [--glyphs] [OPTIONS]

  Prints the widget tree on each screen: one line per widget (text), or the whole snapshot
  (json). With --locale, each screen's heading (text) or object (json) names its locale.

  OPTIONS:
    --format FORMAT     text (default) or json.
    --glyphs            With --format json: each line box also lists its glyph runs.
  \(layoutOptions)

  EXIT STATUS: 0 success; 1 failure (fonts unavailable, or a widget whose text could not be
  laid out); 2 usage error or bad input (the message names the file, line:column and key
  path).
  """

private let checkHelp = """
  USAGE: demo check FILE... [--format text|json] [OPTIONS]

  Lays out each file on each screen (and locale) and prints one line per problem, in a
  stable order (file, locale, screen as given, widgets depth first):
  SCREEN · [LOCALE ·] ID · KIND · detail (with several files, each line starts
  with FILE:). Kinds: overflow (does not fit at its smallest size), truncated (cut at a fixed
  size), rejected, brokenWord, missingGlyphs, fontSubstituted (the file names a family that is
  not installed), outsideParent, outsideScreen (the outermost widget only), overlap (two
  text widgets: one line per widget, naming how many earlier ones it overlaps and the first
  three), duplicateID, layoutFailed. A scrolling TextView is not an overflow. Lines are
  written as each screen is checked; past --max-problems on one screen, one line says how
  many more there are. JSON: {"problems": [{"file", "screen", "locale"?, "id", "kind",
  "message"}], "omitted"?: [{"file", "screen", "locale"?, "count"}]}.

  OPTIONS:
    --format FORMAT     text (default) or json.
    --max-problems N    At most N problems per screen (and locale), then one line saying how
                        many more; 0 for all. Default: 1000.
    --shard K/N         Check only the K-th of N equal, consecutive parts of the layouts to
                        check (every file × locale × screen, in order), for a CI matrix: the
                        N shards' text outputs, concatenated in order, are the unsharded
                        output, and every shard reads (and rejects bad input in) every file.
  \(layoutOptions)

  EXIT STATUS: 0 no problem; 1 at least one problem; 2 usage error, bad input or fonts
  unavailable.
  """

private let renderHelp = """
  USAGE: demo render [FILE] --out DIR [OPTIONS]

  Writes DIR/<screen>.png for each screen at its pixel size (units × scale; every run of
  characters other than letters and digits in the name becomes "-": iPhone-6-Plus.png) and
  DIR/contact-sheet.png, every screen side by side at half a pixel per unit with its name
  and size. With several locales, each file name ends in -LOCALE. Glyphs are drawn unhinted
  and antialiased from the laid-out glyph runs, in each widget's textColor over its
  backgroundColor (black on white by default); frames are light grey hairlines, a text that
  does not fit is outlined in red, and a refused one also gets a red corner. The same input
  gives the same bytes.

  OPTIONS:
    --out DIR           The directory to write into; it must exist.
  \(layoutOptions)

  EXIT STATUS: 0 success; 1 failure (fonts unavailable, a widget that could not be laid out,
  or a picture that could not be written); 2 usage error or bad input (an --out directory
  that is missing or not writable, a picture over the pixel limit).
  """

private let screensHelp = """
  USAGE: demo screens [--screens CATALOG]... [--landscape] [--format text|json]

  Lists the screen catalog: each screen's name, size in screen units, pixels per unit and
  dpi (72: one font point per unit, as on iOS; 96: GTK's logical pixels).

  EXIT STATUS: 0 success; 2 usage error or a bad catalog file.
  """

private let fontsHelp = """
  USAGE: demo fonts NAME... [--language TAG] [--font-dir DIR]... [--only-fonts DIR]...

  Shows how each font name (Pango syntax "DejaVu Sans Bold 17" or a Fontconfig pattern)
  resolves: the family, style and file Fontconfig chose, whether it substituted another
  family for the one asked for, and the fallback chain used for characters the face lacks.

  OPTIONS:
    --language TAG      Resolve for this BCP 47 language (it steers Fontconfig's choice).
    --font-dir DIR      Add the fonts in DIR to the system's (repeatable).
    --only-fonts DIR    Use only the fonts in DIR (repeatable).

  EXIT STATUS: 0 success; 1 fonts unavailable; 2 usage error, a bad name or font directory.
  """
