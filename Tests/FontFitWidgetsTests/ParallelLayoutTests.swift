import FontFitFonts
import FontFitText
import FontFitWidgets
import Synchronization
import TestSupport
import Testing

// Laying out on all cores gives what laying out one by one gives (issue 8).

@Suite("Parallel layout")
struct ParallelLayoutTests {
  @Test("map returns every index's result in order, for any number of workers", arguments: 1...5)
  func mapKeepsOrder(workers: Int) {
    for count in [0, 1, 2, 7, 100] {
      let calls = Atomic<Int>(0)
      let results = ParallelLayout.map(count, workers: workers) { index in
        calls.add(1, ordering: .relaxed)
        return index * index
      }
      #expect(results == (0..<count).map { $0 * $0 })
      #expect(calls.load(ordering: .relaxed) == count)
    }
  }

  @Test("Batch layouts on several threads equal serial ones and labels laid out one by one")
  func batchEqualsSerial() throws {
    var generator = SplitMix64(seed: 88)
    let faces = ["DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono"]
    let texts = ["字体自适应标签 fits", "مرحبا بالعالم", RealFontWidgetTests.paragraph]
    var requests: [FitRequest] = []
    for index in 0..<120 {
      let text =
        index % 4 == 0 ? texts[index % texts.count] : randomText(using: &generator)
      requests.append(
        FitRequest(
          text: text,
          font: Font(
            family: faces[Int(generator.next() % 3)],
            pointSize: Double(12 + generator.next() % 12)),
          size: Size(
            width: Double(60 + generator.next() % 300), height: Double(15 + generator.next() % 120)),
          numberOfLines: Int(generator.next() % 3)))
    }
    let environment = try RealFontWidgetTests.environment(on: TestScreens.iPhone6)
    let parallel = ParallelLayout.layouts(of: requests, in: environment, workers: 4)
    let serial = ParallelLayout.layouts(of: requests, in: environment, workers: 1)
    #expect(parallel == serial)
    for (request, layout) in zip(requests, parallel) {
      let label = Label(
        frame: Rect(x: 0, y: 0, width: request.size.width, height: request.size.height),
        font: request.font, text: request.text)
      label.numberOfLines = request.numberOfLines
      label.environment = environment
      label.layoutIfNeeded()
      #expect(label.layout == layout, "\(request.text.prefix(20))")
      #expect(layout.lines.count == layout.fit?.lines.count)
    }
  }
}
