// Fit groups: text widgets of a tree that share a group name take one size, the smallest any
// of them needs, like auto_size_text's AutoSizeGroup.

extension View {
  /// Gives every member of each fit group in this subtree the group's size.
  ///
  /// The group's size is the smallest size any laid-out member chose on its own. Members
  /// whose layout failed, or that still need layout, do not take part.
  func settleFitGroups() {
    var groups: [String: [TextWidget]] = [:]
    var order: [String] = []
    collectGroupMembers(into: &groups, order: &order)
    for name in order {
      let members = groups[name] ?? []
      let sizes = members.compactMap(\.naturalPointSize)
      guard let size = sizes.min() else { continue }
      for member in members {
        guard let natural = member.naturalPointSize else { continue }
        let capped = natural > size
        let current = member.layout?.group != nil
        // A member keeps its own layout when its size is the group's and it was not capped.
        guard capped || current else { continue }
        member.accept(member.computeLayout(group: capped ? (name, size) : nil))
      }
    }
  }

  private func collectGroupMembers(
    into groups: inout [String: [TextWidget]], order: inout [String]
  ) {
    if let widget = self as? TextWidget, let name = widget.fitGroup, !widget.needsLayout {
      if groups[name] == nil { order.append(name) }
      groups[name, default: []].append(widget)
    }
    for child in children { child.collectGroupMembers(into: &groups, order: &order) }
  }
}
