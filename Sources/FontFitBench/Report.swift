import Foundation

/// Nanoseconds `body` takes.
func time(_ body: () throws -> Void) rethrows -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  try body()
  return Double(DispatchTime.now().uptimeNanoseconds - start)
}

/// The process's peak resident memory, from Linux's `/proc/self/status`.
enum Memory {
  /// The peak resident memory since the last call (or the start), in MiB; the peak is reset
  /// afterwards (by writing 5 to `/proc/self/clear_refs`), so each mode reports its own.
  static func takePeak() -> Double {
    let peak = peakSinceReset()
    _ = FileManager.default.createFile(
      atPath: "/proc/self/clear_refs", contents: Data("5".utf8))
    return peak
  }

  private static func peakSinceReset() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
    else { return .nan }
    return kilobytes / 1024
  }
}

/// The bench's tables.
enum Report {
  static let header = """
    | mode | fits | median µs | p95 µs | fits/s | layouts/fit | peak MiB |
    |---|---|---|---|---|---|---|
    """

  /// One mode's row.
  static func row(_ name: String, _ nanoseconds: [Double], _ layouts: Double?, _ peak: Double)
    -> String
  {
    let (median, p95) = percentiles(nanoseconds.map { $0 / 1000 })
    let perSecond = Double(nanoseconds.count) / (nanoseconds.reduce(0, +) / 1e9)
    return "| \(name) | \(nanoseconds.count) | \(number(median, 1)) | \(number(p95, 1)) | "
      + "\(number(perSecond, 0)) | \(layouts.map { number($0, 1) } ?? "–") | "
      + "\(number(peak, 0)) |"
  }

  /// Median µs and µs per character, cold and warm, by text length: time should grow
  /// linearly with the text.
  static func lengthTable(cases: [BenchCase], cold: [Double], warm: [Double]) -> String {
    let buckets = [(1, 25), (26, 100), (101, 400)]
    var lines = [
      "| characters | texts | cold median µs | cold ns/character | warm median µs |",
      "|---|---|---|---|---|",
    ]
    for (low, high) in buckets {
      let members = cases.indices.filter { (low...high).contains(cases[$0].text.count) }
      guard !members.isEmpty else { continue }
      let characters = members.map { Double(cases[$0].text.count) }.reduce(0, +)
      let perCharacter = members.map { cold[$0] }.reduce(0, +) / characters
      lines.append(
        "| \(low)–\(high) | \(members.count) | "
          + "\(number(percentiles(members.map { cold[$0] / 1000 }).median, 1)) | "
          + "\(number(perCharacter, 0)) | "
          + "\(number(percentiles(members.map { warm[$0] / 1000 }).median, 1)) |")
    }
    return lines.joined(separator: "\n")
  }

  /// Median and 95th percentile of `values`.
  static func percentiles(_ values: [Double]) -> (median: Double, p95: Double) {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return (.nan, .nan) }
    return (sorted[sorted.count / 2], sorted[min(sorted.count - 1, sorted.count * 95 / 100)])
  }

  /// `value` with `digits` decimals.
  static func number(_ value: Double, _ digits: Int) -> String {
    String(format: "%.\(digits)f", value)
  }
}
