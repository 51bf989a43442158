import FontFitEngine
import FontFitText

extension View {
  /// The engine's requests for the texts every text widget of this subtree shows, in tree
  /// order, without fitting any: what shaping them ahead of layout needs.
  package func shapingRequests() -> [TextRequest] {
    var requests: [TextRequest] = []
    var pending: [View] = [self]
    while let view = pending.popLast() {
      if let widget = view as? TextWidget, let request = widget.shapingRequest() {
        requests.append(request)
      }
      pending.append(contentsOf: view.children.reversed())
    }
    return requests
  }
}
