// What the C boundary costs: the same fits through the Swift engine and through `ff_fit`
// (the exported functions a C program calls: handles looked up, the text decoded from UTF-8,
// the result copied into C strings and glyph records, then freed).

import FontFitC
import FontFitEngine
import FontFitFontModel
import FontFitFonts
import FontFitText
import Foundation

enum Boundary {
  /// One case as the engine takes it, and as C options for the same fit.
  struct Prepared {
    var request: TextRequest
    var options: OpaquePointer
  }

  /// Times every case cold (a new text) and warm (the same text in another box), in Swift and
  /// through C, and prints the medians and the boundary's share; exits 1 when the two paths
  /// choose different sizes.
  static func run(cases: [BenchCase], fonts: FontSystem) -> Never {
    let engine = TextEngine(shaper: fonts)
    var handle: OpaquePointer?
    guard ff_font_system_create(nil, 0, 1, &handle, nil) == 0, let cFonts = handle else {
      fail("ff_font_system_create failed")
    }
    var rounds: [String: (swift: [Double], c: [Double])] = [:]
    for round in ["cold", "warm", "warm, lines drawn"] { rounds[round] = ([], []) }
    for (index, benchCase) in cases.enumerated() {
      let prepared = prepare(benchCase, serial: index)
      var swiftSize = 0.0
      var cSize = 0.0
      // Cold in each path: a text neither has seen (each path has its own font system). The
      // paths take turns going first: the first warms what the two share (Fontconfig's
      // caches, the font files' pages).
      let swiftCold = { time { swiftSize = (try? engine.fit(prepared.request))?.pointSize ?? -1 } }
      let cCold = { time { cSize = fitThroughC(cFonts, prepared) } }
      if index.isMultiple(of: 2) {
        rounds["cold"]?.swift.append(swiftCold())
        rounds["cold"]?.c.append(cCold())
      } else {
        rounds["cold"]?.c.append(cCold())
        rounds["cold"]?.swift.append(swiftCold())
      }
      if swiftSize != cSize {
        fail("\(benchCase.text.prefix(20)): Swift chose \(swiftSize), C \(cSize)")
      }
      var request = prepared.request
      request.box.width = benchCase.width * 0.8 + 10
      _ = ff_text_options_set_box(prepared.options, request.box.width, request.box.height, nil)
      // Warm fits take a few microseconds, so each is timed as the mean of a run of them,
      // as an app re-fitting a label while it resizes makes them: one fit alone would time
      // the clock and whichever path's code the other path pushed out of the caches.
      rounds["warm"]?.swift.append(timeEach { _ = try? engine.fit(request) })
      rounds["warm"]?.c.append(timeEach { _ = fitThroughC(cFonts, prepared) })
      // Drawn: the glyph positions are placed and read, through C as records.
      rounds["warm, lines drawn"]?.swift.append(
        timeEach { _ = (try? engine.fit(request))?.lines })
      rounds["warm, lines drawn"]?.c.append(
        timeEach { _ = fitThroughC(cFonts, prepared, readingGlyphs: true) })
      ff_text_options_destroy(prepared.options)
    }
    ff_font_system_destroy(cFonts)
    print("FontFit C boundary bench: \(cases.count) fits per row, medians in µs")
    print("")
    print("| fit | Swift `TextEngine.fit` | C `ff_fit` + `ff_text_destroy` | boundary |")
    print("|---|---|---|---|")
    for round in ["cold", "warm", "warm, lines drawn"] {
      guard let times = rounds[round] else { continue }
      let swift = Report.percentiles(times.swift).median / 1000
      let c = Report.percentiles(times.c).median / 1000
      print(
        "| \(round) | \(Report.number(swift, 2)) | \(Report.number(c, 2)) | "
          + "\(Report.number((c / swift - 1) * 100, 0))% |")
    }
    exit(0)
  }

  /// The mean time of `repeats` runs of `body`, in nanoseconds.
  static func timeEach(repeats: Int = 16, _ body: () -> Void) -> Double {
    time { for _ in 0..<repeats { body() } } / Double(repeats)
  }

  /// The request and the C options for `benchCase`, its text made new with `serial`.
  static func prepare(_ benchCase: BenchCase, serial: Int) -> Prepared {
    let text = "\(serial) \(benchCase.text)"
    let request = TextRequest(
      text: text, font: benchCase.font.descriptor, fontSize: benchCase.font.pointSize,
      fitSizes: try? FontSizeRange(minimum: 8, maximum: benchCase.font.pointSize, step: 0.5),
      box: Size(width: benchCase.width, height: benchCase.height),
      maximumLines: benchCase.maximumLines)
    guard let options = ff_text_options_create() else { fail("ff_text_options_create failed") }
    let error = ff_error_create()
    defer { ff_error_destroy(error) }
    guard
      ff_text_options_set_font(options, benchCase.font.description, error) == 0,
      ff_text_options_set_box(options, benchCase.width, benchCase.height, error) == 0,
      ff_text_options_set_max_lines(options, UInt32(benchCase.maximumLines), error) == 0,
      ff_text_options_set_fit(options, 1, 8, 0, 0.5, error) == 0
    else {
      let message = ff_error_get_message(error).map { String(cString: $0) } ?? "no message"
      fail("\(benchCase.font): the C options were refused: \(message)")
    }
    var prepared = Prepared(request: request, options: options)
    prepared.request.text = text
    return prepared
  }

  /// Fits `prepared`'s text through `ff_fit`, reads the size (and every glyph run, when
  /// `readingGlyphs`) and frees the result.
  static func fitThroughC(_ fonts: OpaquePointer, _ prepared: Prepared, readingGlyphs: Bool = false)
    -> Double
  {
    var text: OpaquePointer?
    let status = prepared.request.text.withCString { utf8 in
      ff_fit(fonts, utf8, -1, prepared.options, &text, nil)
    }
    guard status == 0 else { return -1 }
    let size = ff_text_get_font_size(text)
    if readingGlyphs {
      var glyphs: UInt = 0
      for line in 0..<ff_text_get_line_count(text) {
        for run in 0..<ff_text_get_run_count(text, line) {
          var count: UInt = 0
          _ = ff_text_get_glyphs(text, line, run, &count)
          glyphs += count
        }
      }
      if glyphs == 0, !prepared.request.text.isEmpty { return -1 }
    }
    ff_text_destroy(text)
    return size
  }
}
