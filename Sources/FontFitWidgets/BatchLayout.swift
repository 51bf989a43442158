import Dispatch
import FontFitEngine
import FontFitFontModel
@_spi(Engine) import FontFitText
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// One text to fit as a ``Label`` would: its text, font, box and the label's fitting settings.
public struct FitRequest: Hashable, Sendable {
  /// The text.
  public var text: String
  /// The design font; the environment's adaptation applies to it.
  public var font: Font
  /// The box, in design points.
  public var size: Size
  /// The most lines, or 0 for no limit.
  public var numberOfLines: Int
  /// How the font shrinks to fit, or nil for the adapted size only.
  public var autoFit: AutoFit?
  /// How lines wrap and where text is cut.
  public var lineBreakMode: LineBreakMode
  /// The text's language, or nil for the environment's.
  public var language: Language?

  /// A request with a label's defaults: any number of lines, auto-fit down to 10pt in 0.5pt
  /// steps, tail truncation.
  public init(
    text: String, font: Font, size: Size, numberOfLines: Int = 0, autoFit: AutoFit? = AutoFit(),
    lineBreakMode: LineBreakMode = .truncateTail, language: Language? = nil
  ) {
    self.text = text
    self.font = font
    self.size = size
    self.numberOfLines = numberOfLines
    self.autoFit = autoFit
    self.lineBreakMode = lineBreakMode
    self.language = language
  }
}

/// Runs independent layouts on several threads, with results in input order.
///
/// Each task builds and lays out its own widgets, which no other task sees (a tree's layout
/// may hand its widgets to free cores and wait for them); what comes back are `Sendable`
/// values. Shaped texts and fonts are shared through the environment's
/// font system, which is thread-safe, so a text measured on one thread is reused on the
/// others, and the results are the same as a serial run's.
public enum ParallelLayout {
  /// The number of processors online when the process first asked; at least 1.
  ///
  /// Read once: glibc answers by reading a file of sysfs, and layout asks often.
  public static var processorCount: Int { onlineProcessors }

  private static let onlineProcessors: Int = {
    #if canImport(Glibc)
      return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    #else
      return 1
    #endif
  }()

  /// `body(index)` for every index in `0..<count`, on up to `workers` threads at once.
  ///
  /// A task that lays out a tree may share its widgets out on cores no task uses (see
  /// ``View/layoutIfNeeded()``), so `workers` bounds the tasks, not the threads.
  ///
  /// - Parameters:
  ///   - count: How many tasks there are.
  ///   - workers: The most tasks that run at once; by default one per processor.
  ///   - body: One task; it must depend on nothing but its index and shared, thread-safe
  ///     state.
  /// - Returns: The results, in index order.
  public static func map<Result: Sendable>(
    _ count: Int, workers: Int = processorCount, _ body: @Sendable (Int) -> Result
  ) -> [Result] {
    guard count > 0 else { return [] }
    let results = Lock<[Result?]>(Array(repeating: nil, count: count))
    let next = Atomic<Int>(0)
    let threads = max(1, min(workers, count))
    DispatchQueue.concurrentPerform(iterations: threads) { _ in
      while true {
        let index = next.add(1, ordering: .relaxed).oldValue
        guard index < count else { return }
        let result = running { body(index) }
        results.withLock { $0[index] = result }
      }
    }
    return results.withLock { $0.compactMap { $0 } }
  }

  /// How many tasks of ``map(_:workers:_:)`` and
  /// ``forEachInOrder(_:window:workers:_:then:)`` are running now, on every thread: a
  /// task that could split its own work (a screen's widgets) does so only while a core is
  /// free, since threads beyond the cores only take turns.
  private static let runningTasks = Atomic<Int>(0)

  /// `body`, counted among the running tasks while it runs.
  static func running<Result>(_ body: () -> Result) -> Result {
    runningTasks.add(1, ordering: .relaxed)
    defer { runningTasks.subtract(1, ordering: .relaxed) }
    return body()
  }

  /// The `part`-th of `parts` consecutive, nearly equal ranges that split `0..<count`.
  package static func part(_ part: Int, of parts: Int, splitting count: Int) -> Range<Int> {
    count * part / parts..<count * (part + 1) / parts
  }

  /// Whether fewer tasks run than there are processors, so work split now would find a core
  /// free.
  static var hasFreeCore: Bool {
    runningTasks.load(ordering: .relaxed) < processorCount
  }

  /// The layouts of many labels on all cores: for each request, the ``WidgetLayout`` a
  /// ``Label`` with those settings has in `environment`, computed by ``TextEngine`` with no
  /// widget built.
  ///
  /// - Parameters:
  ///   - requests: The texts and their settings.
  ///   - environment: The screen, adaptation and font system.
  ///   - workers: The most labels laid out at once; by default one per processor.
  /// - Returns: One layout per request, in order, equal to laying the labels out one by one.
  public static func layouts(
    of requests: [FitRequest], in environment: WidgetEnvironment,
    workers: Int = processorCount
  ) -> [WidgetLayout] {
    let engine = TextEngine(shaper: environment.shaper)
    return map(requests.count, workers: workers) { index in
      requests[index].layout(in: environment, engine: engine)
    }
  }
}

extension FitRequest {
  /// The layout a label at the origin with these settings has in `environment`: the screen's
  /// adaptation and text scale, then the fit.
  func layout(in environment: WidgetEnvironment, engine: TextEngine) -> WidgetLayout {
    let frame = environment.screenFrame(
      Rect(x: 0, y: 0, width: size.width, height: size.height), scaling: nil)
    let plan = SizePlan(adaptation: environment.adaptation, scalesWithText: true, environment)
    let adapted = font.withPointSize(plan.entering(plan.designPoints(font)))
    var stages = plan.stages(design: font)
    let units = plan.unitsPerPoint
    let outcome: Result<TextFit, WidgetLayoutError>
    do throws(WidgetLayoutError) {
      try TextWidget.check(adapted)
      var request = TextRequest(
        text: text, font: adapted.descriptor, fontSize: adapted.pointSize * units,
        fitSizes: try plan.fitSizes(for: adapted, autoFit: autoFit, cap: nil), box: frame.size,
        maximumLines: numberOfLines, wrapping: lineBreakMode.wrapping,
        truncation: lineBreakMode.truncation,
        language: language ?? environment.language, keepsFitInputs: false)
      request.takeFitSettings(of: autoFit)
      do {
        outcome = .success(try engine.fit(request))
      } catch {
        throw WidgetLayoutError(error)
      }
    } catch {
      outcome = .failure(error)
    }
    if case .success(let fit) = outcome, let autoFit {
      stages.append(
        SizeStage(kind: .fit, size: fit.pointSize / units, note: .mode(autoFit.mode.staticName)))
    }
    return WidgetLayout(
      screenFrame: frame, adaptedFont: adapted, stages: stages, group: nil, unitsPerPoint: units,
      shownText: text, outcome: outcome, rejection: nil)
  }
}

/// Values that several threads only read, handed to them together: widgets (which are not
/// `Sendable`) read on all cores while nothing changes them.
package struct ReadOnly<Value>: @unchecked Sendable {
  /// The values.
  package let value: Value

  /// Wraps `value` for threads that only read it.
  package init(_ value: Value) {
    self.value = value
  }
}

/// Values handed to several threads, each part of which one thread at a time uses: the
/// widgets of a tree laid out on all cores, each subtree by one thread; the places of an
/// array that each of a parallel parse's runs fills.
package struct EachOnOneThread<Value>: @unchecked Sendable {
  /// The values.
  package let value: Value

  /// Wraps `value` for threads that each use their own part of it.
  package init(_ value: Value) {
    self.value = value
  }
}
