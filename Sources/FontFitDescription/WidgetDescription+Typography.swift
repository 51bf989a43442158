import FontFitText
import FontFitWidgets

extension WidgetParser {
  /// The typography keys of a text widget.
  static let typographyKeys = [
    "letterSpacing", "wordSpacing", "lineSpacing", "hyphenation", "hyphenationLimits",
    "fitLadder", "maximumTightening", "lineBreakStrategy",
  ]

  /// The widget's typography: `defaults` with the keys `object` sets.
  func typography(_ object: JSONObject, defaults: Typography, at path: @autoclosure () -> String)
    throws(DescriptionError) -> Typography
  {
    var typography = defaults
    if let value = object.member("letterSpacing") {
      typography.letterSpacing = try spacing(value, at: join(path(), "letterSpacing"))
    }
    if let value = object.member("wordSpacing") {
      typography.wordSpacing = try spacing(value, at: join(path(), "wordSpacing"))
    }
    if let value = object.member("lineSpacing") {
      typography.lineSpacing = try reader.number(
        value, at: join(path(), "lineSpacing"), atMost: 1000)
    }
    if let value = object.member("hyphenation") {
      typography.hyphenation = try reader.choice(
        value, at: join(path(), "hyphenation"), as: Hyphenation.self)
    }
    if let value = object.member("hyphenationLimits") {
      typography.hyphenationLimits = try limits(value, at: join(path(), "hyphenationLimits"))
    }
    if let value = object.member("lineBreakStrategy") {
      typography.lineBreakStrategy = try reader.choice(
        value, at: join(path(), "lineBreakStrategy"), as: LineBreakStrategy.self)
    }
    var tightening: Double?
    if let value = object.member("maximumTightening") {
      let bound = try reader.number(value, at: join(path(), "maximumTightening"), atMost: 1e6)
      guard bound >= 0, bound <= FitLadder.tighteningLimit else {
        throw reader.error(
          at: value, path: join(path(), "maximumTightening"),
          "expected the most tracking may tighten, in ems, from 0 to "
            + "\(TextFormat.string(FitLadder.tighteningLimit)) (50%), found "
            + TextFormat.string(bound))
      }
      tightening = bound
    }
    if let value = object.member("fitLadder") {
      let levers = try ladder(value, at: join(path(), "fitLadder"))
      typography.fitLadder = FitLadder(levers, maximumTightening: tightening ?? 0.05)
    } else if let tightening {
      // A bound alone asks for tracking after the size, before hyphenation when it is on.
      let hyphenation: [FitLever] = typography.hyphenation == .auto ? [.hyphenation] : []
      typography.fitLadder = FitLadder(
        [.size, .tracking] + hyphenation, maximumTightening: tightening)
    }
    return typography
  }

  /// A spacing: a number in ems, or a string `"1.5pt"` or `"0.05em"`.
  private func spacing(_ node: JSONNode, at path: @autoclosure () -> String)
    throws(DescriptionError)
    -> Typography.Spacing
  {
    let expected = "expected a number in ems (0.05), or a string such as \"1.5pt\" or \"0.05em\""
    let range = TextSpacing.range
    func checked(_ value: Double, ems: Bool) throws(DescriptionError) -> Double {
      guard value.isFinite, !ems || range.contains(value), abs(value) <= 1000 else {
        throw reader.error(
          at: node, path: path(),
          "expected a spacing from \(TextFormat.string(range.lowerBound))em to "
            + "\(TextFormat.string(range.upperBound))em, found \(TextFormat.string(value))")
      }
      return value
    }
    switch node.value {
    case .number(let value, _):
      return .ems(try checked(value, ems: true))
    case .string(let text):
      for (suffix, ems) in [("pt", false), ("em", true)] where text.hasSuffix(suffix) {
        guard let value = Double(text.dropLast(2)) else { break }
        let number = try checked(value, ems: ems)
        return ems ? .ems(number) : .points(number)
      }
      throw reader.error(at: node, path: path(), "\(expected), found \"\(text)\"")
    default:
      throw reader.error(at: node, path: path(), "\(expected), found \(node.value.typeName)")
    }
  }

  /// `[minimumWordLength, minimumBefore, minimumAfter]`, whole numbers ≥ 1.
  private func limits(_ node: JSONNode, at path: @autoclosure () -> String) throws(DescriptionError)
    -> HyphenationLimits
  {
    let expected =
      "expected an array of 3 whole numbers ≥ 1 [minimum word length, letters before, "
      + "letters after]"
    guard case .array(let items) = node.value, items.count == 3 else {
      throw reader.error(at: node, path: path(), expected)
    }
    var values: [Int] = []
    for (index, item) in items.enumerated() {
      let value = try reader.count(item, at: "\(path())[\(index)]")
      guard value >= 1, value <= 100 else {
        throw reader.error(
          at: item, path: "\(path())[\(index)]", "\(expected), found \(value)")
      }
      values.append(value)
    }
    return HyphenationLimits(
      minimumWordLength: values[0], minimumBefore: values[1], minimumAfter: values[2])
  }

  /// The levers, an array of names or (as XML writes it) one string of names separated by
  /// commas; each at most once.
  private func ladder(_ node: JSONNode, at path: @autoclosure () -> String) throws(DescriptionError)
    -> [FitLever]
  {
    var names: [(name: String, node: JSONNode, path: String)] = []
    switch node.value {
    case .string(let text):
      for name in text.split(separator: ",") {
        names.append((name.trimmingSpaces(), node, path()))
      }
    case .array(let items):
      for (index, item) in items.enumerated() {
        names.append(
          (try reader.string(item, at: "\(path())[\(index)]"), item, "\(path())[\(index)]"))
      }
    default:
      throw reader.error(
        at: node, path: path(),
        "expected an array of levers (\"size\", \"tracking\", \"hyphenation\"), found "
          + node.value.typeName)
    }
    var levers: [FitLever] = []
    for entry in names {
      guard let lever = FitLever(rawValue: entry.name) else {
        throw reader.error(
          at: entry.node, path: entry.path,
          "unknown lever \"\(entry.name)\"; expected \"size\", \"tracking\" or \"hyphenation\"")
      }
      guard !levers.contains(lever) else {
        throw reader.error(
          at: entry.node, path: entry.path, "the lever \"\(entry.name)\" is named twice")
      }
      levers.append(lever)
    }
    guard levers.first == .size else {
      throw reader.error(
        at: node, path: path(), "a fit ladder starts with \"size\": the size is always tried first")
    }
    return levers
  }
}
