// A project: a layout file in its locales, on the screens asked for, measured by one font
// system. What `demo dump`, `check` and `render` do, as a library any front end calls.

import FontFitDescription
import FontFitEngine
import FontFitFontModel
import FontFitFonts
import FontFitRender
import FontFitSnapshot
@_spi(Engine) import FontFitText
import FontFitWidgets

#if canImport(Glibc)
  import Glibc
#endif

/// What a project is made of besides its layout file.
public struct ProjectOptions: Hashable, Sendable {
  /// The screens names may refer to: the bundled catalog, plus any catalog files added.
  public var catalog: ScreenCatalog
  /// The directory of strings tables; nil for a directory `strings` next to the layout file,
  /// when it has tables.
  public var stringsDirectory: String?
  /// The locales to lay out: names of tables, `all` for every table, `pseudo` for
  /// pseudo-localisation; none for the default table only (or the literal layout).
  public var locales: [String]
  /// A text scale factor (`1.3`, `AX3`) that replaces the one the layout file gives; nil to
  /// keep it.
  public var textScale: String?
  /// The screens to lay out, by name (`all` for every one); none for every screen.
  public var screens: [String]
  /// Whether every screen is turned on its side.
  public var landscape: Bool

  /// Options with the bundled catalog, the default locale and every screen.
  public init(
    catalog: ScreenCatalog = .bundled, stringsDirectory: String? = nil, locales: [String] = [],
    textScale: String? = nil, screens: [String] = [], landscape: Bool = false
  ) {
    self.catalog = catalog
    self.stringsDirectory = stringsDirectory
    self.locales = locales
    self.textScale = textScale
    self.screens = screens
    self.landscape = landscape
  }
}

/// Why a project could not be loaded.
public enum ProjectError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A layout, catalog or strings file is wrong, with where.
  case file(DescriptionError)
  /// The text scale that replaces the file's is not one.
  case textScale(TextScaleError)
  /// A locale was asked for, but the layout has no strings tables.
  case noStringsTables(layout: String, locale: String)
  /// A locale was asked for that the strings directory has no table for.
  case unknownLocale(layout: String, locale: String, directory: String, available: [String])
  /// A screen was asked for that the catalog does not have; the message lists the known ones.
  case unknownScreen(name: String, message: String)
  /// The font sources cannot be used: a directory is missing or holds no font.
  case fontSources(FontError)
  /// No font at all can be opened, so no text can be measured.
  case noUsableFont(FontError)
  /// The pictures asked for cannot be written: two would share a file, a file name is too
  /// long, or a picture has no pixels or too many.
  case pictures(String)

  /// A sentence saying what is wrong, and where.
  public var description: String {
    switch self {
    case .file(let error): error.description
    case .textScale(let error): "text scale: \(error)"
    case .noStringsTables(let layout, let locale):
      "\(layout): locale \(locale): the layout has no strings tables"
    case .unknownLocale(let layout, let locale, let directory, let available):
      "\(layout): locale \(locale): no table \(locale).json in \(directory) (it has "
        + available.joined(separator: ", ") + ")"
    case .unknownScreen(_, let message): message
    case .fontSources(let error): error.description
    case .noUsableFont(let error): "no usable font: \(error)"
    case .pictures(let message): message
    }
  }
}

/// A layout file in every locale asked for, and the screens to lay it out on.
///
/// Loading reads and checks everything (the file, its strings tables, the text scale, the
/// screen names), so a project that loads lays out without input errors. Laying out needs a
/// measurer; the screens are laid out one at a time or on all cores, each locale's trees
/// moved from screen to screen.
public struct Project: Sendable {
  /// The layout file, or `-` for standard input.
  public let file: String
  /// The layout in each locale, in the order asked for.
  public let localizations: [LocalizedLayout]
  /// The screens to lay out on, in the order asked for, each once.
  public let screens: [Screen]

  /// Loads `file` with `options`.
  ///
  /// - Throws: ``ProjectError`` saying which input is wrong, and where.
  public init(file: String, options: ProjectOptions = ProjectOptions()) throws(ProjectError) {
    try self.init(file: file, contents: nil, options: options)
  }

  /// Loads a layout (JSON, or XML when it starts with a tag) from `contents`, naming it
  /// `file` in errors; strings tables are looked for next to `file` unless the options name a
  /// directory.
  ///
  /// - Throws: ``ProjectError`` saying which input is wrong, and where.
  public init(
    contents: String, file: String = "<layout>", options: ProjectOptions = ProjectOptions()
  ) throws(ProjectError) {
    try self.init(file: file, contents: contents, options: options)
  }

  private init(file: String, contents: String?, options: ProjectOptions) throws(ProjectError) {
    self.file = file
    var layouts: [LocalizedLayout] = []
    for localization in try Self.localizations(for: file, options: options) {
      var document: LayoutDocument
      do {
        if let contents {
          document = try LayoutDocument.parse(
            contents, file: file, catalog: options.catalog, localization: localization)
        } else {
          document = try LayoutDocument.load(
            path: file, catalog: options.catalog, localization: localization)
        }
      } catch {
        throw .file(error)
      }
      if let value = options.textScale {
        let scale = document.textScale
        do {
          document.textScale = try TextScale(
            parsing: value, curve: scale.curve, minimumPointSize: scale.minimumPointSize,
            maximumPointSize: scale.maximumPointSize)
        } catch {
          throw .textScale(error)
        }
      }
      layouts.append(
        LocalizedLayout(
          document: document, locale: options.locales.isEmpty ? nil : localization?.locale))
    }
    localizations = layouts
    screens = try Self.screens(
      options.screens, in: layouts.first?.document.catalog ?? options.catalog,
      landscape: options.landscape)
  }

  /// Every (locale, screen) pair, locales first: the order dumps and checks are written in.
  public var jobs: [LayoutJob] {
    localizations.flatMap { layout in screens.map { LayoutJob(layout: layout, screen: $0) } }
  }

  /// The directory `strings` next to the file at `path`, as an absolute path, the way
  /// Foundation's `URL(fileURLWithPath:).deletingLastPathComponent()` finds it: a leading `~`
  /// or `~user` is expanded; a relative path is resolved against the working directory, with
  /// its `.` and `..` components and repeated slashes removed; an absolute one is taken as it
  /// is, except that a last component `..` stays.
  static func stringsDirectory(beside path: String) -> String {
    var path = path
    if path.hasPrefix("~") {
      let user = path.dropFirst().prefix { $0 != "/" }
      if let home = homeDirectory(of: String(user)) {
        let rest = path.dropFirst(1 + user.utf8.count).drop { $0 == "/" }
        path = rest.isEmpty ? home : home + "/" + rest
      }
    }
    var absolute: String
    if path.hasPrefix("/") {
      absolute = path
    } else {
      var components: [Substring] = []
      for component in (currentDirectory() + "/" + path).split(separator: "/") {
        switch component {
        case ".": continue
        case "..": _ = components.popLast()
        default: components.append(component)
        }
      }
      absolute = "/" + components.joined(separator: "/")
    }
    while absolute.hasSuffix("/") { absolute.removeLast() }
    if !absolute.hasSuffix("/.."), absolute != "..", let slash = absolute.lastIndex(of: "/") {
      absolute = String(absolute[...slash])
      while absolute.hasSuffix("//") { absolute.removeLast() }
    }
    if absolute.allSatisfy({ $0 == "/" }) { absolute = "/" }
    return absolute.hasSuffix("/") ? absolute + "strings" : absolute + "/strings"
  }

  /// The working directory, or `/` when it cannot be found.
  private static func currentDirectory() -> String {
    guard let buffer = getcwd(nil, 0) else { return "/" }
    defer { free(buffer) }
    return String(cString: buffer)
  }

  /// The home directory of `user` (the current user's when empty) in the password database;
  /// nil for an unknown user.
  private static func homeDirectory(of user: String) -> String? {
    guard let entry = user.isEmpty ? getpwuid(getuid()) : getpwnam(user),
      let directory = entry.pointee.pw_dir
    else { return nil }
    return String(cString: directory)
  }

  /// The localisations asked for the layout at `path`.
  ///
  /// A layout with no strings tables (no directory given, and no directory `strings` with
  /// tables next to it) is literal: `[nil]`, or pseudo-localised when `pseudo` is asked for;
  /// a `@key` text in it is then a located error.
  static func localizations(for path: String, options: ProjectOptions) throws(ProjectError)
    -> [Localization?]
  {
    var directory = options.stringsDirectory
    if directory == nil {
      let beside = stringsDirectory(beside: path)
      if (try? Localization.locales(in: beside)) != nil { directory = beside }
    }
    guard let directory else {
      // A layout without tables is read as it is; naming one locale for it is a mistake.
      if let named = options.locales.first(where: {
        !["all", Localization.pseudoLocale].contains($0)
      }) {
        throw .noStringsTables(layout: path, locale: named)
      }
      return options.locales.contains(Localization.pseudoLocale)
        ? [Localization.pseudo(base: nil)] : [nil]
    }
    let available: [String]
    do {
      available = try Localization.locales(in: directory)
    } catch {
      throw .file(error)
    }
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
          throw .unknownLocale(
            layout: path, locale: locale, directory: directory, available: available)
        }
        names.append(locale)
      }
    }
    do throws(DescriptionError) {
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
      throw .file(error)
    }
  }

  /// The screens `names` ask for (all of them when none, or `all`), turned by `landscape`;
  /// a screen named twice is laid out once, where first named.
  static func screens(_ names: [String], in catalog: ScreenCatalog, landscape: Bool)
    throws(ProjectError) -> [Screen]
  {
    var screens: [Screen] = []
    for name in names {
      if name.lowercased() == "all" {
        screens += catalog.screens
        continue
      }
      guard let screen = catalog[name] else {
        throw .unknownScreen(name: name, message: catalog.unknownScreenMessage(name))
      }
      screens.append(screen)
    }
    if screens.isEmpty { screens = catalog.screens }
    var seen: Set<String> = []
    screens = screens.filter { seen.insert($0.name).inserted }
    return landscape ? screens.map(\.landscape) : screens
  }
}

/// A layout in one locale.
public struct LocalizedLayout: Sendable {
  /// The layout, its texts localised.
  public var document: LayoutDocument
  /// The locale to name in results; nil when no locale was asked for.
  public var locale: String?
}

/// One layout on one screen: the unit a project lays out, dumps, checks and draws.
public struct LayoutJob: Sendable {
  /// The layout in its locale.
  public var layout: LocalizedLayout
  /// The screen.
  public var screen: Screen

  /// `layout` on `screen`.
  public init(layout: LocalizedLayout, screen: Screen) {
    self.layout = layout
    self.screen = screen
  }

  /// The widget tree on the screen, laid out by `shaper`.
  public func layOut(shaper: any TextShaping) -> View {
    let tree = layout.document.makeTree(on: screen, shaper: shaper)
    tree.layoutIfNeeded()
    return tree
  }
}

extension Project {
  /// Shapes the texts `jobs` show ahead of their layout, each distinct one once and on all
  /// cores, when `shaper` is a ``FontFitFonts/FontSystem`` (which keeps them): one tree per
  /// locale is built to read them, as a text shapes alike on every screen.
  ///
  /// - Returns: The tree built for the first job, to be laid out for it rather than built
  ///   again; nil when none was built.
  @discardableResult
  static func prepareTexts(of jobs: some Collection<LayoutJob>, shaper: any TextShaping)
    -> View?
  {
    guard let fonts = shaper as? FontSystem else { return nil }
    var locales: Set<String?> = []
    let firsts = jobs.filter { locales.insert($0.layout.locale).inserted }
    let firstTree = firsts.first.map { $0.layout.document.makeTree(on: $0.screen, shaper: shaper) }
    // One call for every locale, so the cache is given room for all their texts at once; the
    // other locales' trees are built one at a time as it reads them.
    fonts.prepareTexts(
      of: firsts.indices.lazy.map { index in
        if index == 0, let firstTree { return firstTree }
        return firsts[index].layout.document.makeTree(on: firsts[index].screen, shaper: shaper)
      })
    return firstTree
  }

  /// Every screen's dump, laid out on all cores and joined in order, with the widgets whose
  /// layout failed (`label title: reason`): ``writeDump(_:shaper:to:)``
  /// collected into one string.
  ///
  /// A JSON dump has glyph runs when its format says so.
  ///
  /// - Throws: ``SnapshotError`` when a tree cannot be read (which a laid-out tree always can).
  public func dump(_ format: DumpFormat, shaper: any TextShaping)
    throws(SnapshotError) -> (text: String, failures: [String])
  {
    var text = ""
    let failures = try writeDump(format, shaper: shaper) {
      text += $0
    }
    return (text, failures)
  }

  /// Writes every screen's dump in order, handing `write` each piece as soon as it is ready:
  /// ``writeUTF8Dump(_:shaper:to:)`` with each piece made a `String`.
  ///
  /// Returns the widgets whose layout failed (`label title: reason`).
  ///
  /// - Throws: ``SnapshotError`` when a tree cannot be read (which a laid-out tree always can).
  public func writeDump(
    _ format: DumpFormat, shaper: any TextShaping, to write: (String) -> Void
  ) throws(SnapshotError) -> [String] {
    try writeUTF8Dump(format, shaper: shaper) { bytes in
      write(String(decoding: bytes, as: UTF8.self))
    }
  }

  /// ``dump(_:shaper:)``: the glyph runs follow the format, whatever `includingGlyphs` says.
  @available(*, deprecated, message: "the format says whether the JSON has glyph runs")
  public func dump(_ format: DumpFormat, includingGlyphs: Bool, shaper: any TextShaping)
    throws(SnapshotError) -> (text: String, failures: [String])
  {
    try dump(format, shaper: shaper)
  }

  /// ``writeDump(_:shaper:to:)``: the glyph runs follow the format, whatever
  /// `includingGlyphs` says.
  @available(*, deprecated, message: "the format says whether the JSON has glyph runs")
  public func writeDump(
    _ format: DumpFormat, includingGlyphs: Bool, shaper: any TextShaping,
    to write: (String) -> Void
  ) throws(SnapshotError) -> [String] {
    try writeDump(format, shaper: shaper, to: write)
  }

  /// Writes every screen's dump in order as UTF-8, handing `write` each piece's bytes as soon
  /// as it is ready (valid only during the call): what a tool that writes the dump to a file
  /// calls, as no `String` is made of the bytes.
  ///
  /// The pieces are the header, each screen's part and the footer. Returns the widgets whose
  /// layout failed (`label title: reason`).
  ///
  /// The texts are shaped first, each once, on all cores. Then screens are laid out, one per
  /// core for the text dump and one at a time for JSON (whose parts are ten times larger), each
  /// tree moved on to a later screen of its locale once its part is written: memory holds at
  /// most one tree and one part per core, however many screens and locales there are, and
  /// the memory of parts written, kept for the next parts (at most 48 MiB, given back when
  /// the dump is done). Each
  /// of a tree's top widgets is written as soon as it is laid out, while it is still in the
  /// cache, and lets go of its layout then (the tree is laid out again on its next screen);
  /// a tree with fit groups, whose layouts change when the groups settle, is laid out whole
  /// and then written. A part is written widget by widget, without holding the tree's
  /// snapshot whole, on all cores when the tree's many widgets are laid out there. A JSON
  /// dump has glyph runs when its format says so.
  ///
  /// - Throws: ``SnapshotError`` when a tree cannot be read (which a laid-out tree always can).
  public func writeUTF8Dump(
    _ format: DumpFormat, shaper: any TextShaping, to write: (UnsafeRawBufferPointer) -> Void
  ) throws(SnapshotError) -> [String] {
    // The parts' memory is kept from screen to screen while the dump is written, and given
    // back when it is done.
    defer { LargeBlocks.shared.releaseAll() }
    let jobs = self.jobs
    let firstTree = Self.prepareTexts(of: jobs, shaper: shaper)
    Array(format.header.utf8).withUnsafeBytes(write)
    var failures: [String] = []
    // A JSON part is about ten times its text part, so JSON lays out one tree at a time (its
    // widgets are still laid out and written on all cores); text, one tree per core.
    let window: Int
    switch format {
    case .text: window = ParallelLayout.processorCount
    case .json: window = 1
    }
    // The largest part so far, which each part reserves room for (with a sixteenth more):
    // screens' parts are alike in size, and a part grown from a small buffer is copied at
    // every doubling into memory the system hands out afresh.
    let largest = Lock(0)
    // A tree whose fit groups settle after its layout would be read again after its
    // widgets were written as they were laid out, so it is laid out whole first.
    let grouped = localizations.map(\.document.root.containsFitGroupMember)
    try forEachTreeOnScreen(
      jobs, from: 0, window: window, shaper: shaper, firstTree: consume firstTree
    ) {
      index, layout, job, tree in
      Result { () throws(SnapshotError) -> DumpPart in
        let hint = largest.withLock { $0 }
        var part: DumpPart
        if grouped[layout] {
          tree.layoutIfNeeded()
          part = try format.utf8Part(
            forTree: tree, locale: job.layout.locale, at: index,
            reservingCapacity: hint + hint / 16)
          part.failures = tree.layoutFailures
        } else {
          part = try format.layOutAndWritePart(
            tree: tree, locale: job.layout.locale, at: index,
            reservingCapacity: hint + hint / 16, discardingLayouts: true)
        }
        largest.withLock { $0 = max($0, part.count) }
        return part
      }
    } then: { (result) throws(SnapshotError) in
      let part = try result.get()
      part.withUnsafeBytes(write)
      failures += part.failures
    }
    Array(format.footer(screenCount: jobs.count).utf8).withUnsafeBytes(write)
    return failures
  }

  /// Puts each of `jobs`' trees on its screen on all cores, has `read` lay it out and read
  /// it on its worker (given the job's index and the job) and hands what it read to `use`, in
  /// the jobs' order, as soon as it and the jobs before it are done: a worker that finishes a
  /// screen starts the next while the calling thread uses the screens done, and memory holds
  /// at most `window` trees and results. (`read` lays the tree out so that it may read each
  /// widget as soon as it is laid out, while it is in the cache.)
  ///
  /// A tree read is kept for a later screen of its layout, which moves it there and lays it
  /// out again rather than making its widgets again: a layout depends on its screen alone,
  /// not on the screens the tree was on before (a test moves trees across the screens in
  /// three orders).
  ///
  /// - Parameters:
  ///   - jobs: Consecutive jobs of ``jobs``, from the one at `first`.
  ///   - first: The index in ``jobs`` of the first of `jobs`.
  ///   - window: The most jobs started and not yet used.
  ///   - shaper: What measures the texts.
  ///   - firstTree: A tree of the first job's layout, already built (to read its texts),
  ///     that the first job takes; nil to build every tree here. It is consumed: the pool
  ///     lets it go with the layout, as it does the trees it builds.
  ///   - read: Lays out and reads a tree on its worker, given the job's index in `jobs`, its
  ///     layout's index in ``localizations`` and the job.
  ///   - use: Called with what each tree read, in the jobs' order.
  /// - Throws: What `use` throws; no further job starts then.
  private func forEachTreeOnScreen<Read: Sendable>(
    _ jobs: [LayoutJob], from first: Int, window: Int, shaper: any TextShaping,
    firstTree: consuming View?, read: @Sendable (Int, Int, LayoutJob, View) -> Read,
    then use: (Read) throws(SnapshotError) -> Void
  ) throws(SnapshotError) {
    // The jobs run layout by layout: the index of a job's layout in `localizations`.
    let screenCount = max(1, screens.count)
    let trees = TreePool(holding: consume firstTree, layout: first / screenCount)
    try ParallelLayout.forEachInOrder(jobs.count, window: window) { index in
      let job = jobs[index]
      let layout = (first + index) / screenCount
      // The last job of this layout in `jobs`: once it has started, no job takes a tree of
      // the layout again.
      let lastOfLayout = min(jobs.count, (layout + 1) * screenCount - first) - 1
      let tree: View
      if let kept = trees.take(layout: layout, job: index) {
        // A tree of the same layout, laid out on an earlier screen, moves to this one.
        kept.environment = job.layout.document.environment(on: job.screen, shaper: shaper)
        tree = kept
      } else {
        tree = job.layout.document.makeTree(on: job.screen, shaper: shaper)
      }
      let result = read(index, layout, job, tree)
      // A tree no later job will take is let go here, on this worker, while the others go
      // on: freeing one of thousands of widgets takes a while.
      trees.give(tree, layout: layout, lastJob: lastOfLayout)
      return result
    } then: { (result) throws(SnapshotError) in
      try use(result)
    }
    View.releaseOnAllCores(trees.takeAll())
  }

  /// The jobs of each of a sweep's projects that one shard checks: shard `index` (from 1) of
  /// `count` takes the index-th of `count` equal, consecutive parts of all the projects'
  /// jobs in order, so the shards' outputs in order are the whole sweep's.
  ///
  /// - Parameters:
  ///   - jobCounts: Each project's number of ``jobs``, in the sweep's order.
  ///   - index: The shard, from 1 to `count`.
  ///   - count: The number of shards, at least 1.
  /// - Returns: For each project, the range of its jobs in the shard (empty for none).
  public static func shardRanges(jobCounts: [Int], shard index: Int, of count: Int)
    -> [Range<Int>]
  {
    let total = jobCounts.reduce(0, +)
    let shards = max(1, count)
    let part = min(max(index, 1), shards)
    let lowerBound = total * (part - 1) / shards
    let upperBound = total * part / shards
    var first = 0
    return jobCounts.map { jobs in
      defer { first += jobs }
      let lower = max(lowerBound, first) - first
      let upper = min(upperBound, first + jobs) - first
      return lower < upper ? lower..<upper : 0..<0
    }
  }

  /// The problems `check` reports, screen by screen in order, handed to `body` as each
  /// screen and those before it are laid out (on all cores, a few screens per core at most),
  /// each with at most `limit` problems kept and the rest counted (0 keeps all): memory does
  /// not grow with the number of problems.
  ///
  /// - Parameters:
  ///   - limit: The most problems kept per screen; 0 for all.
  ///   - shaper: What measures the texts.
  ///   - range: The indices in ``jobs`` to check (a shard of a CI sweep); nil for all.
  ///   - body: Called with each screen's problems, in order.
  /// - Throws: ``SnapshotError`` when a tree cannot be read.
  public func forEachScreenProblems(
    limit: Int, shaper: any TextShaping, jobs range: Range<Int>? = nil,
    _ body: (ScreenProblems) -> Void
  ) throws(SnapshotError) {
    let all = self.jobs
    let chosen = (range ?? all.indices).clamped(to: all.indices)
    let jobs = Array(all[chosen])
    let firstTree = Self.prepareTexts(of: jobs, shaper: shaper)
    let window = ParallelLayout.processorCount * 2
    try forEachTreeOnScreen(
      jobs, from: chosen.lowerBound, window: window, shaper: shaper, firstTree: consume firstTree
    ) {
      _, _, job, tree in
      Result { () throws(SnapshotError) -> ScreenProblems in
        tree.layoutIfNeeded()
        var kept = ScreenProblems(screen: job.screen.name, locale: job.layout.locale)
        try LayoutProblem.forEachProblem(in: tree, locale: job.layout.locale) { problem in
          if limit == 0 || kept.problems.count < limit {
            kept.problems.append(problem)
          } else {
            kept.omitted += 1
          }
        }
        return kept
      }
    } then: { (result) throws(SnapshotError) in
      body(try result.get())
    }
  }

  /// The font system for `sources`, checked to have at least one usable font: without one,
  /// every widget would fail to lay out, so that is said once rather than for each widget.
  ///
  /// - Throws: ``ProjectError/fontSources(_:)`` when a directory cannot be used (its
  ///   `function` is `FcConfigAppFontAddDir`, its `file` the directory), or
  ///   ``ProjectError/noUsableFont(_:)``.
  public static func fontSystem(sources: FontSources) throws(ProjectError) -> FontSystem {
    let system: FontSystem
    do {
      system = try FontSystem(sources: sources)
    } catch {
      throw .fontSources(error)
    }
    do {
      _ = try system.lineMetrics(of: FontDescriptor(family: "sans-serif"))
    } catch {
      throw .noUsableFont(error)
    }
    return system
  }
}

extension Project {
  /// The pictures of one locale: a PNG file per screen and a contact sheet of them all.
  public struct Pictures: Sendable {
    /// The layout in its locale.
    public var layout: LocalizedLayout
    /// Each screen's file name, in the order of ``Project/screens``.
    public var screenFiles: [String]
    /// The contact sheet's file name.
    public var sheetFile: String
  }

  /// The pictures of every locale, named and checked before anything is drawn: a screen's file
  /// is its name with each run of other characters than letters and digits as one `-`, then
  /// `-LOCALE` when a locale was asked for, then `.png`.
  ///
  /// - Throws: ``ProjectError/pictures(_:)`` when two pictures would share a file (a screen
  ///   called "contact sheet" may not overwrite the sheet), a name is longer than
  ///   ``FontFitRender/RGBAImage/longestFileNameByteCount`` bytes, or a picture has no pixels
  ///   or more than ``FontFitRender/RGBAImage/maximumPixelCount``.
  public func pictures() throws(ProjectError) -> [Pictures] {
    var owners: [String: String] = [:]
    var sets: [Pictures] = []
    for layout in localizations {
      let suffix = layout.locale.map { "-" + Self.fileName($0) } ?? ""
      let sheet = "contact-sheet" + suffix
      owners[sheet] = "the contact sheet"
      try Self.checkLength(sheet + ".png", of: "the contact sheet")
      var files: [String] = []
      for screen in screens {
        let name = Self.fileName(screen.name) + suffix
        try Self.checkLength(name + ".png", of: "screen \(screen.name)")
        if let other = owners[name] {
          throw .pictures("screens \"\(other)\" and \"\(screen.name)\" would both be \(name).png")
        }
        owners[name] = screen.name
        files.append(name + ".png")
      }
      sets.append(Pictures(layout: layout, screenFiles: files, sheetFile: sheet + ".png"))
    }
    for screen in screens {
      let width = (screen.width * screen.scale).rounded()
      let height = (screen.height * screen.scale).rounded()
      guard width >= 1, height >= 1 else {
        throw .pictures("screen \(screen.name): a \(width)×\(height) picture has no pixels")
      }
      guard width.isFinite, height.isFinite,
        width * height <= Double(RGBAImage.maximumPixelCount)
      else {
        throw .pictures(
          "screen \(screen.name): a \(width)×\(height) picture would have more than "
            + "\(RGBAImage.maximumPixelCount) pixels")
      }
    }
    let sheetSize = ContactSheet.size(of: screens)
    guard sheetSize.height <= RGBAImage.maximumPixelCount / max(sheetSize.width, 1) else {
      throw .pictures(
        "the contact sheet would be \(sheetSize.width)×\(sheetSize.height) pixels, more than "
          + "\(RGBAImage.maximumPixelCount)")
    }
    return sets
  }

  /// Lays out and draws one locale's pictures, handing each to `write` with its file name:
  /// the screens, then the contact sheet.
  ///
  /// The texts are shaped first, each once, on all cores; then the screens are laid out and
  /// drawn on all cores, each at its own scale and small for the sheet, so `write` may be
  /// called for several screens at once, from several threads, in any order. The contact
  /// sheet is written last, once every screen is drawn, from the calling thread. The pixels
  /// are the same as drawing the screens one by one.
  ///
  /// - Returns: The widgets whose layout failed, as ``FontFitWidgets/View/layoutFailures``,
  ///   screen by screen in order.
  /// - Throws: ``FontFitRender/RenderError`` when a picture cannot be drawn or `write` fails:
  ///   the first screen's error in order. The sheet is then not written, but screens drawn
  ///   at the same time as the failing one, or after it, may have been.
  public func draw(
    _ pictures: Pictures, fonts: some TextShaping & GlyphRasterizing,
    write: @Sendable (String, RGBAImage) throws(RenderError) -> Void
  ) throws(RenderError) -> [String] {
    let screens = self.screens
    if let first = screens.first {
      Self.prepareTexts(of: [LayoutJob(layout: pictures.layout, screen: first)], shaper: fonts)
    }
    var sheet = try ContactSheet(screens: screens, fonts: fonts)
    let sheetScale = sheet.scale
    // At most as many pictures written at once as the PNG writer's signal handler tracks, so
    // an interrupted render leaves no temporary file.
    let workers = min(ParallelLayout.processorCount, RGBAImage.concurrentWriteLimit)
    let drawn = ParallelLayout.map(screens.count, workers: workers) { index in
      Result { () throws(RenderError) -> (small: RGBAImage, failures: [String]) in
        let screen = screens[index]
        let tree = LayoutJob(layout: pictures.layout, screen: screen).layOut(shaper: fonts)
        try write(
          pictures.screenFiles[index],
          try WidgetRenderer(fonts: fonts, scale: screen.scale).renderScreen(tree))
        return (
          try ContactSheet.picture(of: tree, on: screen, scale: sheetScale, fonts: fonts),
          tree.layoutFailures
        )
      }
    }
    var failures: [String] = []
    for (index, result) in drawn.enumerated() {
      let screen = try result.get()
      try sheet.place(screen.small, onScreen: index)
      failures += screen.failures
    }
    try write(pictures.sheetFile, sheet.image)
    return failures
  }

  /// `name` as a file name: each run of characters other than letters and digits is one `-`.
  static func fileName(_ name: String) -> String {
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

  /// Refuses a file name the temporary file of `RGBAImage.writePNG` could not have: the
  /// temporary name adds 16 bytes, and a file name may have 255 (NAME_MAX).
  private static func checkLength(_ file: String, of owner: String) throws(ProjectError) {
    let count = file.utf8.count
    guard count > RGBAImage.longestFileNameByteCount else { return }
    throw .pictures(
      "\(owner): its file name would be \(count) bytes, more than "
        + "\(RGBAImage.longestFileNameByteCount) (a file name may have 255 bytes, and the "
        + "temporary name adds 16)")
  }
}

/// One screen's problems as `check` keeps them: the first ones, and how many more.
public struct ScreenProblems: Sendable {
  /// The screen's name.
  public var screen: String
  /// The locale, or nil when none was asked for.
  public var locale: String?
  /// The problems kept, in the order found.
  public var problems: [LayoutProblem] = []
  /// Problems beyond the limit, counted, not kept.
  public var omitted = 0
}

extension ScreenProblems {
  /// `screen · locale · N more problems not shown (LIMIT-NAME K)` when problems were counted
  /// but not kept; nil otherwise.
  public func omissionLine(limitName: String) -> String? {
    guard omitted > 0 else { return nil }
    var parts = [TextFormat.printable(screen)]
    if let locale { parts.append(TextFormat.printable(locale)) }
    parts.append("\(omitted) more problems not shown (\(limitName) \(problems.count))")
    return parts.joined(separator: " · ")
  }

  /// Each kept problem as a JSON object: file, screen, locale (when there is one), id, kind
  /// and message.
  package func jsonItems(file: String) -> [JSONOutput] {
    problems.map { problem in
      var members: [(String, JSONOutput)] = [
        ("file", .string(file)), ("screen", .string(problem.screen)),
      ]
      if let locale = problem.locale { members.append(("locale", .string(locale))) }
      members += [
        ("id", .string(problem.id)), ("kind", .string(problem.kind.rawValue)),
        ("message", .string(problem.message)),
      ]
      return .object(members)
    }
  }

  /// The count of problems not kept, as a JSON object (file, screen, locale, count); nil when
  /// every problem was kept.
  package func jsonOmission(file: String) -> JSONOutput? {
    guard omitted > 0 else { return nil }
    var members: [(String, JSONOutput)] = [("file", .string(file)), ("screen", .string(screen))]
    if let locale { members.append(("locale", .string(locale))) }
    members.append(("count", .number(Double(omitted))))
    return .object(members)
  }
}

extension ScreenCatalog {
  /// One screen per line: name, size, scale and dpi (`iPhone 5  320×568  @2x  72 dpi`), names
  /// padded to one width and escaped as dumps escape them, so a name never acts on a terminal.
  public var listing: String {
    let names = screens.map { TextFormat.printable($0.name) }
    let width = names.map(\.count).max() ?? 0
    return zip(screens, names).map { screen, name in
      Self.padded(name, toLength: width)
        + "  \(Self.number(screen.width))×\(Self.number(screen.height))  "
        + "@\(Self.number(screen.scale))x  \(Self.number(screen.dpi)) dpi"
    }.joined(separator: "\n")
  }

  /// `text` cut or padded with spaces to `length` UTF-16 code units, as Foundation's
  /// `padding(toLength:withPad:startingAt:)` does it.
  private static func padded(_ text: String, toLength length: Int) -> String {
    let units = text.utf16.count
    guard units < length else {
      return units == length ? text : String(decoding: text.utf16.prefix(length), as: UTF16.self)
    }
    return text + String(repeating: " ", count: length - units)
  }

  /// `{"screens": [{"name", "width", "height", "scale", "dpi"}…]}`.
  package var jsonListing: JSONOutput {
    .object([
      (
        "screens",
        .array(
          screens.map { screen in
            .object([
              ("name", .string(screen.name)), ("width", .number(screen.width)),
              ("height", .number(screen.height)), ("scale", .number(screen.scale)),
              ("dpi", .number(screen.dpi)),
            ])
          })
      )
    ])
  }

  private static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}

/// Trees of one layout (the layout in one locale) that are laid out and read, kept for its
/// next screens: moving a tree to another screen lays it out again without making its
/// widgets again.
///
/// The jobs run layout by layout, so the pool holds the trees of one layout at a time: the
/// first job of the next layout lets the others go, and a job of an earlier layout that
/// finishes late makes its own tree and lets it go. The pool holds at most one tree per job
/// running, and a tree is used by one thread at a time: taken, laid out, read and given back.
private final class TreePool: Sendable {
  private let state: Lock<(layout: Int, trees: [View], lastStarted: Int)>

  /// A pool holding `tree`, of layout `layout`, for the first job of that layout; an empty
  /// pool when `tree` is nil.
  init(holding tree: consuming View?, layout: Int) {
    state = Lock(tree.map { (layout, [$0], -1) } ?? (-1, [], -1))
  }

  /// A tree of layout `layout` given back earlier, or nil, for job `job` (every job asks,
  /// in order, as it starts).
  func take(layout: Int, job: Int) -> View? {
    // The trees of the layout before are handed out of the lock and freed there: freeing a
    // tree of thousands of widgets takes a while.
    let (tree, _) = state.withLock { state -> (View?, [View]) in
      state.lastStarted = max(state.lastStarted, job)
      if layout > state.layout {
        defer { (state.layout, state.trees) = (layout, []) }
        return (nil, state.trees)
      }
      return (layout == state.layout ? state.trees.popLast() : nil, [])
    }
    return tree
  }

  /// The trees the pool still holds, which it gives up: the run is over.
  func takeAll() -> [View] {
    state.withLock { state in
      defer { state.trees = [] }
      return state.trees
    }
  }

  /// Keeps `tree`, of layout `layout`, for a later screen, unless the jobs have moved on to
  /// another layout or job `lastJob`, the layout's last, has started: the caller then lets
  /// it go.
  func give(_ tree: View, layout: Int, lastJob: Int) {
    state.withLock { state in
      if state.layout == layout, state.lastStarted < lastJob { state.trees.append(tree) }
    }
  }
}
