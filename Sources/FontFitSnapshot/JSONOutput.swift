// A deterministic JSON writer that keeps object members in the order they are given.

import FontFitText

/// A JSON value to write, with object members in the given order.
package indirect enum JSONOutput: Sendable {
  /// The literal `null`.
  case null
  /// The literal `true` or `false`.
  case bool(Bool)
  /// A number; infinities and NaN are written as `null`.
  case number(Double)
  /// A string, escaped as needed when written.
  case string(String)
  /// An array of values.
  case array([JSONOutput])
  /// An object's members, written in this order; keys should be unique.
  case object([(String, JSONOutput)])
}

extension JSONOutput {
  /// Writes the value as JSON text, deterministically and without a trailing newline.
  ///
  /// With a positive `indent`, every array element and object member goes on its own line,
  /// indented by `indent` spaces per level, with `": "` after keys; empty arrays and objects
  /// are written `[]` and `{}`. With `indent` 0 (or less) the output is one compact line
  /// without any spaces.
  ///
  /// Integral numbers with a magnitude below 10^15 are written without a fraction (`17`, and
  /// `0` for -0); other finite numbers use Swift's shortest round-trip form (`17.5`, `0.1`,
  /// `1e+300`). Strings escape `"`, `\`, and control characters; other characters, including
  /// non-ASCII ones, are written as they are.
  ///
  /// - Parameters:
  ///   - indent: The number of spaces per nesting level, or 0 for compact output.
  ///   - level: How deep the value is nested in a document written around it; its inner
  ///     lines are indented for that depth.
  /// - Returns: The JSON text.
  package func serialized(indent: Int = 2, level: Int = 0) -> String {
    var output = TextOutput()
    write(to: &output, indent: indent, level: level)
    return output.string
  }

  /// Appends ``serialized(indent:level:)`` to `output`.
  func write(to output: inout TextOutput, indent: Int = 2, level: Int = 0) {
    JSONWriter(indent: max(0, indent)).write(self, level: level, to: &output)
  }
}

/// Writes JSON values as text.
private struct JSONWriter {
  /// The number of spaces per nesting level; 0 means compact output.
  let indent: Int

  /// Appends `value`, which is nested `level` containers deep, to `output`.
  func write(_ value: JSONOutput, level: Int, to output: inout TextOutput) {
    switch value {
    case .null:
      output += "null"
    case .bool(let flag):
      output += flag ? "true" : "false"
    case .number(let number):
      output.appendJSON(number)
    case .string(let string):
      output.appendQuoted(string)
    case .array(let elements):
      guard !elements.isEmpty else {
        output += "[]"
        return
      }
      output += "["
      for (position, element) in elements.enumerated() {
        if position > 0 {
          output += ","
        }
        startLine(level: level + 1, in: &output)
        write(element, level: level + 1, to: &output)
      }
      startLine(level: level, in: &output)
      output += "]"
    case .object(let members):
      guard !members.isEmpty else {
        output += "{}"
        return
      }
      output += "{"
      for (position, (key, member)) in members.enumerated() {
        if position > 0 {
          output += ","
        }
        startLine(level: level + 1, in: &output)
        output.appendQuoted(key)
        output += indent > 0 ? ": " : ":"
        write(member, level: level + 1, to: &output)
      }
      startLine(level: level, in: &output)
      output += "}"
    }
  }

  /// In pretty mode, appends a line break and the indentation for `level` to `output`.
  func startLine(level: Int, in output: inout TextOutput) {
    guard indent > 0 else {
      return
    }
    output.appendLineStart(indentation: indent * level)
  }
}
