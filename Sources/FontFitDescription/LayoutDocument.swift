import FontFitEngine
import FontFitFontModel
import FontFitText
import FontFitWidgets

/// A layout loaded from a JSON description file.
///
/// ```json
/// { "designScreen": "iPhone 5",
///   "adaptation": { "policy": "increments" },
///   "root": { "type": "View", "id": "root", "frame": [0, 0, 320, 568], "children": [
///     { "type": "Label", "id": "title", "frame": [20, 40, 280, 60], "font": "DejaVu Sans 17",
///       "text": "…", "numberOfLines": 0, "autoFit": { "minimumSize": 10, "step": 0.5 } } ] } }
/// ```
/// Every key is checked: an unknown key, a value of the wrong type, a negative or non-finite
/// size or an unknown screen is a ``DescriptionError`` naming the file, line:column and key path.
public struct LayoutDocument: Hashable, Sendable {
  /// The file the layout came from.
  public var file: String
  /// The screen the design was made for.
  public var designScreen: Screen
  /// How font sizes adapt to other screens.
  public var adaptation: AdaptationPolicy
  /// How frames scale to other screens, unless a widget says otherwise (`scalesFrames`).
  public var frameScaling: FrameScaling
  /// Whether frames scale with the screen at all.
  public var scalesFrames: Bool { frameScaling != .none }
  /// The accessibility text scale (`textScale`).
  ///
  /// ``FontFitWidgets/TextScale/standard`` when the file gives none; the demo's
  /// `--text-scale` replaces its factor.
  public var textScale: TextScale
  /// The language of the document's text, unless a widget names its own: the file's
  /// `language`, else the locale's when the texts come from a strings table.
  public var language: Language?
  /// The screens known to this document: the catalog given plus the file's own `screens`.
  public var catalog: ScreenCatalog
  /// The root widget.
  public var root: WidgetDescription
  /// The strings the texts were looked up in, or nil for literal texts.
  public var localization: Localization?

  /// Loads the description file at `path`.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - catalog: The screens that names may refer to.
  ///   - localization: The strings `"@key"` texts are looked up in, or pseudo-localisation;
  ///     nil when the layout's texts are literal.
  /// - Returns: The validated layout, its texts localised.
  /// - Throws: ``DescriptionError`` saying where the file is wrong, or which string is missing.
  public static func load(
    path: String, catalog: ScreenCatalog, localization: Localization? = nil
  ) throws(DescriptionError) -> LayoutDocument {
    if path.lowercased().hasSuffix(".xml") {  // XML description: XMLDescription.swift
      return try XMLDescription.read(path: path) { (reader) throws(DescriptionError) in
        try LayoutDocument(reader: reader, catalog: catalog, localization: localization)
      }
    }
    return try LayoutDocument(
      reader: DescriptionReader(path: path), catalog: catalog, localization: localization)
  }

  /// Reads a description from `text`, naming it `file` in errors: XML when its first
  /// character other than white space is `<` or `file` ends in `.xml`, JSON otherwise.
  public static func parse(
    _ text: String, file: String, catalog: ScreenCatalog, localization: Localization? = nil
  ) throws(DescriptionError) -> LayoutDocument {
    // XML starts with a tag (after a byte order mark and white space); JSON never does.
    let start = text.unicodeScalars.first { !["\u{FEFF}", " ", "\t", "\n", "\r"].contains($0) }
    if start == "<" || file.lowercased().hasSuffix(".xml") {
      let description = try XMLDescription(text: text, file: file)
      do {
        return try LayoutDocument(
          reader: description.reader, catalog: catalog, localization: localization)
      } catch {
        throw description.located(error)
      }
    }
    return try LayoutDocument(
      reader: DescriptionReader(text: text, file: file), catalog: catalog,
      localization: localization)
  }

  /// Builds the widget tree shown on `screen`, measured by `shaper`; call
  /// ``FontFitWidgets/View/layoutIfNeeded()`` on it to adapt, fit and judge every text.
  public func makeTree(on screen: Screen, shaper: any TextShaping) -> View {
    let tree = root.makeWidget()
    tree.environment = environment(on: screen, shaper: shaper)
    return tree
  }

  /// The environment this document's trees have on `screen`.
  public func environment(on screen: Screen, shaper: any TextShaping) -> WidgetEnvironment {
    WidgetEnvironment(
      screen: screen, designScreen: designScreen, adaptation: adaptation,
      frameScaling: frameScaling, textScale: textScale, shaper: shaper, language: language)
  }

  private init(
    reader: DescriptionReader, catalog: ScreenCatalog, localization: Localization?
  ) throws(DescriptionError) {
    file = reader.file
    self.localization = localization
    let top = try reader.object(reader.root, at: "")
    try reader.checkKeys(
      top,
      allowed: [
        "designScreen", "adaptation", "scalesFrames", "textScale", "language", "hyphenation",
        "screens", "root",
      ],
      at: "")
    var catalog = catalog
    if let screens = top.member("screens") {
      catalog.add(try reader.screens(screens, at: "screens"))
    }
    self.catalog = catalog
    designScreen = try Self.screen(top.member("designScreen"), reader: reader, catalog: catalog)
    adaptation =
      try top.member("adaptation").map { (node) throws(DescriptionError) in
        try AdaptationPolicy(node, reader: reader)
      } ?? .seedIncrements
    language = try top.member("language").map { (node) throws(DescriptionError) in
      try reader.language(node, at: "language")
    }
    if language == nil, let localization, !localization.isPseudo {
      // Texts from a locale's table are in its language: it picks glyph forms, line breaking
      // and the layout direction (Arabic rows run from the right).
      language = try? Language(localization.locale.replacingUnderscores())
    }
    frameScaling =
      try top.member("scalesFrames").map { (node) throws(DescriptionError) in
        try reader.frameScaling(node, at: "scalesFrames")
      } ?? .both
    textScale =
      try top.member("textScale").map { (node) throws(DescriptionError) in
        try reader.textScale(node, at: "textScale")
      } ?? .standard
    guard let rootNode = top.member("root") else {
      throw reader.error(at: reader.root, path: "", "missing key \"root\" (the widget tree)")
    }
    var parser = WidgetParser(reader: reader, localization: localization)
    if let node = top.member("hyphenation") {
      parser.defaultTypography.hyphenation = try reader.choice(
        node, at: "hyphenation", as: Hyphenation.self)
    }
    root = try parser.widget(rootNode, at: "root")
  }

  private static func screen(
    _ node: JSONNode?, reader: DescriptionReader, catalog: ScreenCatalog
  ) throws(DescriptionError) -> Screen {
    guard let node else {
      throw reader.error(at: reader.root, path: "", "missing key \"designScreen\"")
    }
    let name = try reader.string(node, at: "designScreen", kind: .name)
    guard let screen = catalog[name] else {
      throw reader.error(at: node, path: "designScreen", catalog.unknownScreenMessage(name))
    }
    return screen
  }
}

extension String {
  /// The text with `_` as `-`: a locale name such as `pt_BR` as a BCP 47 tag.
  fileprivate func replacingUnderscores() -> String {
    String(map { $0 == "_" ? "-" : $0 })
  }
}
