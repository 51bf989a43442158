import FontFitEngine
import FontFitFonts
import Foundation

/// `--engine-warm`: warm re-fits through the text engine alone, as the targets' warm figure
/// times them (Targets.swift), with no widget around them, for `scripts/profile warm-engine`
/// to count.
enum EngineWarm {
  static func run(cases: [BenchCase], fonts: FontSystem) -> Never {
    let engine = TextEngine(shaper: fonts)
    do {
      let requests = try cases.map(Targets.request)
      // Shaped once here, so the measured fits are warm.
      for request in requests { _ = try engine.fit(request) }
      let moved = requests.map { request in
        var request = request
        request.box.width = request.box.width * 0.8 + 10
        return request
      }
      let sizes = try measureEngineWarm(engine, moved)
      // Layouts per fit, the final one included: what fewer trials are counted by.
      let tried = try moved.map { try engine.fit($0).result.layoutsTried }
      print(
        "engine warm: \(Report.number(Double(tried.reduce(0, +)) / Double(tried.count), 2)) "
          + "layouts per re-fit")
      print("engine warm: \(sizes.count) re-fits, sizes summing to \(sizes.reduce(0, +))")
    } catch {
      fail("engine warm: \(error)")
    }
    exit(0)
  }
}

/// The re-fits `scripts/profile warm-engine` counts: each request's text, already shaped, in
/// its new box.
@inline(never)
func measureEngineWarm(_ engine: TextEngine, _ requests: [TextRequest]) throws -> [Double] {
  try requests.map { try engine.fit($0).pointSize }
}
