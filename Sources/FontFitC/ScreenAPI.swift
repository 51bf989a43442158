// swift-format-ignore-file: AlwaysUseLowerCamelCase
// One screen laid out, from C: its widgets in document order, their texts, its problems, its
// JSON, and drawing it into pixels the app owns.

import FontFit
@_spi(Engine) import FontFitText

/// One widget of a screen, as C reads it.
struct WidgetRecord {
  var kind: Int32
  var id: CString
  var parent: Int
  var children: [Int]
  var frame: Rect
  var screenFrame: Rect
  /// The widget's text, registered as a handle the screen owns.
  var text: OpaquePointer?
  /// The colour its text is drawn in; nil without a text.
  var textColor: Color?
}

/// An `ff_screen`.
final class ScreenObject: CObject, @unchecked Sendable {
  let name: CString
  let locale: CString?
  let screen: Screen
  let widgets: [WidgetRecord]
  let problems: [(widget: CString, kind: CString, message: CString)]
  let snapshot: ScreenSnapshot
  let fonts: FontSystem
  /// The laid-out tree and its widgets in document order, read only by drawing, which holds
  /// the lock: a tree's views are classes, not shared across threads without one.
  private let views: [View]
  private let drawing = Lock(())

  init(job: LayoutJob, fonts: FontSystem) throws(APIError) {
    let tree = job.layOut(shaper: fonts)
    do {
      var snapshot = try ScreenSnapshot(tree: tree, includingGlyphs: true)
      snapshot.locale = job.layout.locale
      self.snapshot = snapshot
      problems = try LayoutProblem.problems(in: tree, locale: job.layout.locale).map {
        (CString($0.id), CString($0.kind.rawValue), CString($0.message))
      }
    } catch {
      throw APIError(status: .layoutError, message: error.description)
    }
    name = CString(job.screen.name)
    locale = job.layout.locale.map(CString.init)
    screen = job.screen
    self.fonts = fonts
    var records: [WidgetRecord] = []
    var views: [View] = []
    Self.flatten(
      snapshot.root, view: tree, parent: -1, origin: (0, 0), into: &records, views: &views)
    widgets = records
    self.views = views
  }

  deinit {
    for widget in widgets {
      if let text = widget.text { HandleRegistry.releaseOwned(text) }
    }
  }

  /// Appends `widget` and its subtree in document order.
  private static func flatten(
    _ widget: WidgetSnapshot, view: View, parent: Int, origin: (x: Double, y: Double),
    into records: inout [WidgetRecord], views: inout [View]
  ) {
    let index = records.count
    let kinds: [WidgetKind] = [
      .view, .label, .button, .textField, .textView, .stack, .spacer, .scrollView,
    ]
    let frame = widget.frame
    let onScreen = Rect(
      x: origin.x + frame.x, y: origin.y + frame.y, width: frame.width, height: frame.height)
    records.append(
      WidgetRecord(
        kind: Int32((kinds.firstIndex(of: widget.kind) ?? -1) + 1), id: CString(widget.id),
        parent: parent, children: [], frame: frame, screenFrame: onScreen,
        text: widget.text.map { HandleRegistry.retain(TextObject(snapshot: $0)) },
        textColor: widget.text.flatMap { Color(hex: $0.color) }))
    views.append(view)
    for (child, childView) in zip(widget.children, view.children) {
      records[index].children.append(records.count)
      flatten(
        child, view: childView, parent: index, origin: (onScreen.x, onScreen.y),
        into: &records, views: &views)
    }
  }

  /// Widget `index`, or nil out of range.
  func widget(_ index: UInt) -> WidgetRecord? {
    index < UInt(widgets.count) ? widgets[Int(index)] : nil
  }

  /// Runs `body` with the view of widget `index` (in range), under the drawing lock.
  func withView<T>(_ index: Int, _ body: (View) throws(APIError) -> T) throws(APIError) -> T {
    try drawing.withLock { (_) throws(APIError) -> T in try body(views[index]) }
  }
}

/// The screen behind `handle`, or nil.
func screenObject(_ handle: OpaquePointer?) -> ScreenObject? {
  HandleRegistry.object(handle, as: ScreenObject.self)
}

/// The screen behind `handle`, or an invalid-argument error.
func requireScreen(_ handle: OpaquePointer?) throws(APIError) -> ScreenObject {
  guard let object = screenObject(handle) else {
    throw .invalidArgument(handle == nil ? "screen is NULL" : "screen is not a live ff_screen")
  }
  return object
}

/// Lays out one locale on one screen.
@c public func ff_project_layout(
  _ project: OpaquePointer?, _ fonts: OpaquePointer?, _ locale: UInt, _ screen: UInt,
  _ result: UnsafeMutablePointer<OpaquePointer?>?, _ error: OpaquePointer?
) -> Int32 {
  result?.pointee = nil
  return call(error) { () throws(APIError) in
    let object = try projectObject(project)
    let system = try fontSystem(fonts)
    guard let result else { throw .invalidArgument("result is NULL") }
    let layouts = object.project.localizations
    let screens = object.project.screens
    guard locale < UInt(layouts.count) else {
      throw .invalidArgument("locale \(locale) is out of range: the project has \(layouts.count)")
    }
    guard screen < UInt(screens.count) else {
      throw .invalidArgument("screen \(screen) is out of range: the project has \(screens.count)")
    }
    let job = LayoutJob(layout: layouts[Int(locale)], screen: screens[Int(screen)])
    result.pointee = HandleRegistry.retain(try ScreenObject(job: job, fonts: system.fonts))
  }
}

/// Frees a screen and its texts; NULL is ignored.
@c public func ff_screen_destroy(_ screen: OpaquePointer?) {
  HandleRegistry.release(screen, as: ScreenObject.self)
}

/// The screen's name.
@c public func ff_screen_get_name(_ screen: OpaquePointer?) -> UnsafePointer<CChar>? {
  screenObject(screen)?.name.c
}

/// The screen's locale, or NULL.
@c public func ff_screen_get_locale(_ screen: OpaquePointer?) -> UnsafePointer<CChar>? {
  screenObject(screen)?.locale?.c
}

/// The screen's size and scale.
@c public func ff_screen_get_size(
  _ screen: OpaquePointer?, _ width: UnsafeMutablePointer<Double>?,
  _ height: UnsafeMutablePointer<Double>?, _ scale: UnsafeMutablePointer<Double>?
) {
  let object = screenObject(screen)
  store(object?.screen.width ?? 0, width)
  store(object?.screen.height ?? 0, height)
  store(object?.screen.scale ?? 0, scale)
}

/// The number of widgets.
@c public func ff_screen_get_widget_count(_ screen: OpaquePointer?) -> UInt {
  UInt(screenObject(screen)?.widgets.count ?? 0)
}

/// A widget's kind.
@c public func ff_screen_get_widget_kind(_ screen: OpaquePointer?, _ widget: UInt) -> Int32 {
  screenObject(screen)?.widget(widget)?.kind ?? 0
}

/// A widget's id.
@c public func ff_screen_get_widget_id(_ screen: OpaquePointer?, _ widget: UInt) -> UnsafePointer<
  CChar
>? {
  screenObject(screen)?.widget(widget)?.id.c
}

/// A widget's parent, or -1.
@c public func ff_screen_get_widget_parent(_ screen: OpaquePointer?, _ widget: UInt) -> Int {
  screenObject(screen)?.widget(widget)?.parent ?? -1
}

/// The number of a widget's children.
@c public func ff_screen_get_widget_child_count(_ screen: OpaquePointer?, _ widget: UInt) -> UInt {
  UInt(screenObject(screen)?.widget(widget)?.children.count ?? 0)
}

/// A widget's child, or -1.
@c public func ff_screen_get_widget_child(
  _ screen: OpaquePointer?, _ widget: UInt, _ child: UInt
) -> Int {
  guard let children = screenObject(screen)?.widget(widget)?.children,
    child < UInt(children.count)
  else { return -1 }
  return children[Int(child)]
}

/// A widget's frame.
@c public func ff_screen_get_widget_frame(
  _ screen: OpaquePointer?, _ widget: UInt, _ coordinates: Int32,
  _ x: UnsafeMutablePointer<Double>?, _ y: UnsafeMutablePointer<Double>?,
  _ width: UnsafeMutablePointer<Double>?, _ height: UnsafeMutablePointer<Double>?,
  _ error: OpaquePointer?
) -> Int32 {
  call(error) { () throws(APIError) in
    let object = try requireScreen(screen)
    guard let record = object.widget(widget) else {
      throw .invalidArgument(
        "widget \(widget) is out of range: the screen has \(object.widgets.count)")
    }
    let onScreen = try enumeration(
      coordinates, [false, true], name: "coordinates", names: "FF_IN_PARENT or FF_ON_SCREEN")
    let frame = onScreen ? record.screenFrame : record.frame
    store(frame.x, x)
    store(frame.y, y)
    store(frame.width, width)
    store(frame.height, height)
  }
}

/// The colour a widget's text is drawn in.
@c public func ff_screen_get_widget_text_color(
  _ screen: OpaquePointer?, _ widget: UInt, _ red: UnsafeMutablePointer<UInt8>?,
  _ green: UnsafeMutablePointer<UInt8>?, _ blue: UnsafeMutablePointer<UInt8>?,
  _ alpha: UnsafeMutablePointer<UInt8>?, _ error: OpaquePointer?
) -> Int32 {
  call(error) { () throws(APIError) in
    let object = try requireScreen(screen)
    guard let record = object.widget(widget) else {
      throw .invalidArgument(
        "widget \(widget) is out of range: the screen has \(object.widgets.count)")
    }
    guard let color = record.textColor else {
      throw .invalidArgument("widget \(widget) has no text")
    }
    store(color.red, red)
    store(color.green, green)
    store(color.blue, blue)
    store(color.alpha, alpha)
  }
}

/// A widget's text, owned by the screen, or NULL.
@c public func ff_screen_get_widget_text(_ screen: OpaquePointer?, _ widget: UInt)
  -> OpaquePointer?
{
  screenObject(screen)?.widget(widget)?.text
}

/// The number of problems.
@c public func ff_screen_get_problem_count(_ screen: OpaquePointer?) -> UInt {
  UInt(screenObject(screen)?.problems.count ?? 0)
}

/// One problem.
@c public func ff_screen_get_problem(
  _ screen: OpaquePointer?, _ problem: UInt, _ widget: UnsafeMutablePointer<UnsafePointer<CChar>?>?,
  _ kind: UnsafeMutablePointer<UnsafePointer<CChar>?>?,
  _ message: UnsafeMutablePointer<UnsafePointer<CChar>?>?, _ error: OpaquePointer?
) -> Int32 {
  call(error) { () throws(APIError) in
    let object = try requireScreen(screen)
    guard problem < UInt(object.problems.count) else {
      throw .invalidArgument(
        "problem \(problem) is out of range: the screen has \(object.problems.count)")
    }
    let record = object.problems[Int(problem)]
    store(record.widget.c, widget)
    store(record.kind.c, kind)
    store(record.message.c, message)
  }
}

/// The screen's JSON dump.
@c public func ff_screen_to_json(
  _ screen: OpaquePointer?, _ includeGlyphs: Int32,
  _ json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
  _ length: UnsafeMutablePointer<UInt>?,
  _ error: OpaquePointer?
) -> Int32 {
  call(error) { () throws(APIError) in
    let object = try requireScreen(screen)
    guard let json else { throw .invalidArgument("json (the result) is NULL") }
    try returnString(object.snapshot.json(includingGlyphs: includeGlyphs != 0), json, length)
  }
}
