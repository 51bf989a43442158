import FontFitWidgets

/// A dump written one screen at a time, byte for byte the same as ``LayoutSnapshot/text`` or
/// ``LayoutSnapshot/json(includingGlyphs:)`` of all the screens together.
///
/// A tool that lays out many screens writes each screen's part as soon as it is laid out and
/// lets go of its widget tree, so memory holds one tree at a time rather than all of them.
public enum DumpFormat: Hashable, Sendable {
  /// The text dump.
  case text
  /// The JSON dump, with glyph runs when `includingGlyphs` is set.
  case json(includingGlyphs: Bool)

  /// What comes before the first screen.
  public var header: String {
    switch self {
    case .text: ""
    case .json: "{\n  \"screens\": ["
    }
  }

  /// The part of the dump for `screen`, the screen at `position` (from 0) in the dump.
  public func part(for screen: ScreenSnapshot, at position: Int) -> String {
    var output = partOpening(at: position)
    switch self {
    case .text: screen.appendText(to: &output)
    case .json(let includingGlyphs):
      screen.appendStreamedJSON(
        includingGlyphs: includingGlyphs, level: Self.screenLevel, to: &output)
    }
    return output.string
  }

  /// ``part(for:at:)`` of the laid-out `tree`'s snapshot with its texts in `locale`, as the
  /// UTF-8 bytes it is written in (no `String` is made, so the bytes are not checked again),
  /// written widget by widget without holding the tree's snapshot whole.
  ///
  /// The tree is read from several threads at once when a widget has many children, so
  /// nothing may change it meanwhile, and every widget in it must be safe to read from
  /// several threads: a project's trees, made from a description file of the package's own
  /// widget classes, are; an app's subclasses need not be, so this is the package's alone.
  ///
  /// `capacity` is room to reserve for the part (the size of a part written before, say): a
  /// part that grows from a small buffer is copied at every doubling, into memory the system
  /// has to hand out afresh each time.
  ///
  /// - Throws: ``SnapshotError`` when the tree has no environment or needs layout.
  package func utf8Part(
    forTree tree: View, locale: String?, at position: Int, reservingCapacity capacity: Int = 0
  ) throws(SnapshotError) -> DumpPart {
    var output = partOpening(at: position, reservingCapacity: capacity)
    switch self {
    case .text: try ScreenSnapshot.appendText(of: tree, locale: locale, to: &output)
    case .json(let includingGlyphs):
      try ScreenSnapshot.appendStreamedJSON(
        of: tree, locale: locale, includingGlyphs: includingGlyphs, level: Self.screenLevel,
        to: &output)
    }
    return DumpPart(output: output)
  }

  /// Lays the `tree` out on its environment's screen and writes its part, as
  /// ``utf8Part(forTree:locale:at:reservingCapacity:)`` writes it of the laid-out tree, with
  /// the widgets whose layout failed (``FontFitWidgets/View/layoutFailures``).
  ///
  /// Each of the root's children is written as soon as its subtree is laid out, on the core
  /// that laid it out, while its widgets are still in that core's cache, rather than in a
  /// second pass over the tree (see
  /// ``FontFitWidgets/View/layoutIfNeeded(sharing:start:readingChildren:)``); a tree whose
  /// fit groups were settled after the layout is written in a second pass. The same
  /// conditions hold as for ``utf8Part(forTree:locale:at:reservingCapacity:)``.
  ///
  /// With `discardingLayouts`, each child's layouts are let go of as soon as it is written,
  /// while they are in the cache (``FontFitWidgets/View/discardLayouts()``): for a tree that
  /// is to be laid out again on another screen, or let go of, and not read again. A tree
  /// whose fit groups settle after its layout is then laid out a second time before it is
  /// read, so a caller that knows a tree has fit groups lays it out and writes it with
  /// ``utf8Part(forTree:locale:at:reservingCapacity:)`` instead.
  ///
  /// `sharing` says when the root's children are laid out (and written) on all cores, as for
  /// ``FontFitWidgets/View/layoutIfNeeded(sharing:start:readingChildren:)``.
  ///
  /// - Throws: ``SnapshotError`` when the tree has no environment.
  package func layOutAndWritePart(
    tree: View, locale: String?, at position: Int, reservingCapacity capacity: Int = 0,
    sharing: View.CoreSharing = .whenCoreFree, discardingLayouts: Bool = false
  ) throws(SnapshotError) -> DumpPart {
    var output = partOpening(at: position, reservingCapacity: capacity)
    var failures: [String] = []
    let written: Bool
    switch self {
    case .text:
      written = try ScreenSnapshot.layOutAndAppendText(
        of: tree, locale: locale, sharing: sharing, discardingLayouts: discardingLayouts,
        to: &output, failures: &failures)
    case .json(let includingGlyphs):
      written = try ScreenSnapshot.layOutAndAppendStreamedJSON(
        of: tree, locale: locale, includingGlyphs: includingGlyphs, level: Self.screenLevel,
        sharing: sharing, discardingLayouts: discardingLayouts, to: &output,
        failures: &failures)
    }
    guard written else {
      // The part begun is let go of before the second is made (a JSON part's reservation is
      // large), and children that let go of their layouts when read are laid out again.
      output = TextOutput()
      if discardingLayouts { tree.layoutIfNeeded() }
      let part = try utf8Part(
        forTree: tree, locale: locale, at: position, reservingCapacity: capacity)
      return DumpPart(output: part.output, failures: tree.layoutFailures)
    }
    return DumpPart(output: output, failures: failures)
  }

  /// A JSON screen is an element of the array that is the value of the root's member: two
  /// levels deep.
  private static let screenLevel = 2

  /// An output holding what separates the part at `position` from the one before it, with
  /// room for `capacity` bytes or more.
  private func partOpening(at position: Int, reservingCapacity capacity: Int = 0) -> TextOutput {
    switch self {
    case .text:
      var output = TextOutput(reservingCapacity: max(1024, capacity))
      if position > 0 { output += "\n\n" }
      return output
    case .json:
      var output = TextOutput(reservingCapacity: max(4096, capacity))
      output += position > 0 ? ",\n    " : "\n    "
      return output
    }
  }

  /// What comes after the last of `screenCount` screens.
  public func footer(screenCount: Int) -> String {
    switch self {
    case .text: ""
    case .json: screenCount > 0 ? "\n  ]\n}" : "]\n}"
    }
  }
}

/// A screen's part of a dump, as the UTF-8 bytes it was written in.
package struct DumpPart: Sendable {
  fileprivate let output: TextOutput
  /// The widgets whose layout failed, as ``FontFitWidgets/View/layoutFailures`` lists them,
  /// when the part was written by
  /// ``DumpFormat/layOutAndWritePart(tree:locale:at:reservingCapacity:sharing:discardingLayouts:)``
  /// or given them; empty otherwise.
  package var failures: [String] = []

  /// The number of bytes.
  package var count: Int { output.count }

  /// Calls `body` with the bytes, valid only during the call.
  package func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result)
    rethrows -> Result
  {
    try output.withUnsafeBytes(body)
  }
}
