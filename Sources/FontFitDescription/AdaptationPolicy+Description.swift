import FontFitEngine
import FontFitFontModel
import FontFitText
import FontFitWidgets

/// The policy names a description file's `adaptation` may give.
enum AdaptationPolicyKind: String, CaseIterable {
  /// ``FontFitWidgets/AdaptationPolicy/none``.
  case none
  /// ``FontFitWidgets/AdaptationPolicy/increments(_:)``.
  case increments
  /// ``FontFitWidgets/AdaptationPolicy/proportional(exponent:minimumPointSize:maximumPointSize:)``.
  case proportional
}

extension AdaptationPolicy {
  /// Reads a description file's `adaptation`: one policy object, or an array of them applied in
  /// turn.
  init(
    _ node: JSONNode, reader: DescriptionReader, at path: @autoclosure () -> String = "adaptation"
  )
    throws(DescriptionError)
  {
    if case .array(let items) = node.value {
      var policies: [AdaptationPolicy] = []
      for (index, item) in items.enumerated() {
        policies.append(try Self.policy(item, reader: reader, at: "\(path())[\(index)]"))
      }
      self = .sequence(policies)
    } else {
      self = try Self.policy(node, reader: reader, at: path())
    }
  }

  private static func policy(
    _ node: JSONNode, reader: DescriptionReader, at path: @autoclosure () -> String
  )
    throws(DescriptionError) -> AdaptationPolicy
  {
    let object = try reader.object(node, at: path())
    guard let policyNode = object.member("policy") else {
      throw reader.error(
        at: node, path: path(), "missing key \"policy\"; expected none, increments or proportional")
    }
    let kind = try reader.choice(
      policyNode, at: DescriptionReader.join(path(), "policy"), as: AdaptationPolicyKind.self)
    switch kind {
    case .none:
      try reader.checkKeys(object, allowed: ["policy"], at: path())
      return .none
    case .increments:
      try reader.checkKeys(object, allowed: ["policy", "table"], at: path())
      guard let table = object.member("table") else { return .seedIncrements }
      return .increments(try incrementRows(table, reader: reader, at: path()))
    case .proportional:
      return try proportional(object, reader: reader, at: path())
    }
  }

  private static func incrementRows(
    _ table: JSONNode, reader: DescriptionReader, at path: @autoclosure () -> String
  )
    throws(DescriptionError) -> [SizeIncrement]
  {
    let tablePath = DescriptionReader.join(path(), "table")
    var rows: [SizeIncrement] = []
    for (index, item) in try reader.array(table, at: tablePath).enumerated() {
      let rowPath = "\(tablePath)[\(index)]"
      let row = try reader.object(item, at: rowPath)
      try reader.checkKeys(row, allowed: ["minWidth", "increment"], at: rowPath)
      guard let minWidth = row.member("minWidth"), let increment = row.member("increment")
      else {
        throw reader.error(at: item, path: rowPath, "expected keys \"minWidth\" and \"increment\"")
      }
      rows.append(
        SizeIncrement(
          minimumWidth: try reader.number(
            minWidth, at: DescriptionReader.join(rowPath, "minWidth"), nonNegative: true),
          points: try reader.number(
            increment, at: DescriptionReader.join(rowPath, "increment"), atMost: 1000)))
    }
    return rows
  }

  private static func proportional(
    _ object: JSONObject, reader: DescriptionReader, at path: @autoclosure () -> String
  ) throws(DescriptionError) -> AdaptationPolicy {
    try reader.checkKeys(
      object, allowed: ["policy", "exponent", "minimumSize", "maximumSize"], at: path())
    func number(_ key: String, positive: Bool, atMost: Double = 1e6) throws(DescriptionError)
      -> Double?
    {
      try object.member(key).map { (node) throws(DescriptionError) in
        try reader.number(
          node, at: DescriptionReader.join(path(), key), positive: positive, atMost: atMost)
      }
    }
    let exponent = try number("exponent", positive: false, atMost: 10) ?? 1
    let minimum = try number("minimumSize", positive: true, atMost: Font.pointSizeRange.upperBound)
    let maximum = try number("maximumSize", positive: true, atMost: Font.pointSizeRange.upperBound)
    if let minimum, let maximum, minimum > maximum, let node = object.member("maximumSize") {
      throw reader.error(
        at: node, path: DescriptionReader.join(path(), "maximumSize"),
        "expected a maximum size ≥ the minimum size \(TextFormat.string(minimum))")
    }
    return .proportional(exponent: exponent, minimumPointSize: minimum, maximumPointSize: maximum)
  }
}
