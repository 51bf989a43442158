import FontFitFontModel
import FontFitFonts
import FontFitText
import FontFitWidgets
import TestSupport
import Testing

@Suite("Widget trees")
struct WidgetTreeTests {
  /// root ⊃ group ⊃ leaf, laid out in the default environment.
  static func tree() throws -> (root: View, group: View, leaf: Label) {
    let root = View(id: "root", frame: Fixture.frame(320, 568))
    let group = View(id: "group")
    let leaf = Label(id: "leaf", frame: Fixture.frame(100, 40), font: Fixture.font, text: "x")
    try root.addChild(group)
    try group.addChild(leaf)
    root.environment = Fixture.environment()
    root.layoutIfNeeded()
    return (root, group, leaf)
  }

  @Test("A widget cannot be added to itself")
  func addToItself() {
    let view = View(id: "a")
    #expect(throws: WidgetTreeError.cycle(parentID: "a", childID: "a")) {
      try view.addChild(view)
    }
    #expect(view.children.isEmpty)
    #expect(view.parent == nil)
  }

  @Test("Adding an ancestor below its descendant is refused and leaves the tree unchanged")
  func addAncestor() throws {
    let (root, group, leaf) = try Self.tree()
    #expect(throws: WidgetTreeError.cycle(parentID: "leaf", childID: "root")) {
      try leaf.addChild(root)
    }
    #expect(throws: WidgetTreeError.cycle(parentID: "leaf", childID: "group")) {
      try leaf.addChild(group)
    }
    #expect(root.parent == nil)
    #expect(root.children.map(\.id) == ["group"])
    #expect(group.parent === root)
    #expect(group.children.map(\.id) == ["leaf"])
    #expect(leaf.parent === group)
    #expect(leaf.children.isEmpty)
    #expect(![root, group, leaf].contains { $0.needsLayout })
  }

  @Test("The cycle error names both widgets")
  func cycleDescription() {
    let error = WidgetTreeError.cycle(parentID: "leaf", childID: "root")
    #expect(error.description.contains("\"leaf\""))
    #expect(error.description.contains("\"root\""))
  }

  @Test("A moved child leaves its old parent and takes its new parent's environment")
  func movedChild() throws {
    let (root, group, leaf) = try Self.tree()
    let other = View(id: "other")
    other.environment = Fixture.environment(on: TestScreens.iPhone6Plus)
    try other.addChild(leaf)
    #expect(group.children.isEmpty)
    #expect(leaf.parent === other)
    #expect(other.children.map(\.id) == ["leaf"])
    #expect(root.child(withID: "leaf") == nil)
    #expect(leaf.needsLayout)
    other.layoutIfNeeded()
    #expect(leaf.layout?.adaptedFont.pointSize == 19)
  }

  @Test("Adding a child again moves it on top of its siblings")
  func reAddMovesOnTop() throws {
    let root = View(id: "root")
    let first = View(id: "first")
    let second = View(id: "second")
    try root.addChild(first)
    try root.addChild(second)
    try root.addChild(first)
    #expect(root.children.map(\.id) == ["second", "first"])
  }

  @Test("child(withID:) searches the subtree depth first, the widget itself included")
  func childWithID() throws {
    let (root, group, leaf) = try Self.tree()
    let shadow = View(id: "leaf")
    try root.addChild(shadow)
    #expect(root.child(withID: "root") === root)
    #expect(root.child(withID: "group") === group)
    // Depth first: the leaf inside the group comes before the root's later child.
    #expect(root.child(withID: "leaf") === leaf)
    #expect(group.child(withID: "root") == nil)
    #expect(root.child(withID: "nope") == nil)
    leaf.removeFromParent()
    #expect(root.child(withID: "leaf") === shadow)
  }

  @Test("A removed widget loses its parent's environment")
  func removedWidget() throws {
    let (_, group, leaf) = try Self.tree()
    leaf.removeFromParent()
    #expect(leaf.parent == nil)
    #expect(group.children.isEmpty)
    #expect(leaf.environment == nil)
    #expect(leaf.needsLayout)
    leaf.layoutIfNeeded()
    #expect(leaf.layout?.error == .noEnvironment)
  }

  @Test("A widget's own environment wins over its parent's")
  func ownEnvironment() throws {
    let (root, _, leaf) = try Self.tree()
    leaf.environment = Fixture.environment(on: TestScreens.iPhone6)
    root.environment = Fixture.environment(on: TestScreens.iPhone6Plus)
    root.layoutIfNeeded()
    #expect(leaf.layout?.adaptedFont.pointSize == 18)
    leaf.environment = nil
    root.layoutIfNeeded()
    #expect(leaf.layout?.adaptedFont.pointSize == 19)
  }

  @Test(
    "Each widget names its kind as description files do",
    arguments: [
      (WidgetKind.view, "View"), (.label, "Label"), (.button, "Button"),
      (.textField, "TextField"), (.textView, "TextView"),
    ])
  func kinds(kind: WidgetKind, name: String) {
    #expect(Fixture.widget(kind).kind == kind)
    #expect(kind.rawValue == name)
  }
}
