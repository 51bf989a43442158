import FontFitFontModel
import FontFitFonts
@_spi(Engine) import FontFitText
import FontFitWidgets
import Foundation
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

  @Test(
    "forEachInOrder uses every result in order, with at most the window started and unused",
    arguments: [(1, 1), (2, 1), (2, 2), (4, 3), (8, 2)])
  func orderedKeepsOrderAndWindow(workers: Int, window: Int) {
    for count in [0, 1, 2, 7, 100] {
      // Started and not yet used: the tasks whose results memory holds.
      let open = Atomic<Int>(0)
      let most = Atomic<Int>(0)
      var used: [Int] = []
      ParallelLayout.forEachInOrder(count, window: window, workers: workers) { index in
        let now = open.add(1, ordering: .relaxed).newValue
        most.max(now, ordering: .relaxed)
        // Uneven tasks, so later ones often finish first.
        var spin = 0
        for step in 0..<((count - index) % 5) * 20_000 { spin &+= step }
        return index * index + (spin == -1 ? 1 : 0)
      } then: { result in
        used.append(result)
        open.subtract(1, ordering: .relaxed)
      }
      #expect(used == (0..<count).map { $0 * $0 }, "\(count) tasks")
      #expect(most.load(ordering: .relaxed) <= window, "\(count) tasks")
    }
  }

  @Test("forEachInOrder rethrows what use throws and starts no task after it")
  func orderedStopsOnError() {
    struct Stop: Error {}
    let started = Atomic<Int>(0)
    var used: [Int] = []
    #expect(throws: Stop.self) {
      try ParallelLayout.forEachInOrder(1_000, window: 2, workers: 2) { index in
        started.add(1, ordering: .relaxed)
        return index
      } then: { (index) throws(Stop) in
        if index == 3 { throw Stop() }
        used.append(index)
      }
    }
    #expect(used == [0, 1, 2])
    // Tasks 0 to 2 were used; the window of two lets only 3 and 4 start.
    #expect(started.load(ordering: .relaxed) <= 5)
  }

  @Test("1,000 fits on 8 threads, sharing one cold font system, equal a serial run (issue 12)")
  func eightThreadsEqualSerial() throws {
    var generator = SplitMix64(seed: 1_000)
    let faces = ["DejaVu Sans", "DejaVu Serif", "sans-serif"]
    var requests: [FitRequest] = []
    for index in 0..<1_000 {
      // Many texts repeat, so threads meet on the same cache entries.
      let text = index % 3 == 0 ? "Shared text \(index % 17) 字体" : randomText(using: &generator)
      requests.append(
        FitRequest(
          text: text,
          font: Font(family: faces[index % faces.count], pointSize: Double(10 + index % 14)),
          size: Size(
            width: Double(40 + generator.next() % 300), height: Double(16 + generator.next() % 200)
          ),
          numberOfLines: Int(generator.next() % 4)))
    }
    func environment() throws -> WidgetEnvironment {
      Fixture.environment(on: TestScreens.iPhone6, shaper: try FontSystem())
    }
    let serial = ParallelLayout.layouts(of: requests, in: try environment(), workers: 1)
    let shared = try environment()
    let cases = requests
    let results = Lock<[WidgetLayout?]>(Array(repeating: nil, count: requests.count))
    let done = DispatchSemaphore(value: 0)
    let threads = 8
    for thread in 0..<threads {
      Thread {
        for index in stride(from: thread, to: cases.count, by: threads) {
          let layout = ParallelLayout.layouts(of: [cases[index]], in: shared, workers: 1)[0]
          results.withLock { $0[index] = layout }
        }
        done.signal()
      }.start()
    }
    for _ in 0..<threads { done.wait() }
    let parallel = results.withLock { $0 }
    #expect(parallel.count == serial.count)
    for (index, (layout, reference)) in zip(parallel, serial).enumerated() {
      #expect(layout == reference, "request \(index)")
      #expect(layout?.lines == reference.lines, "request \(index)")
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
