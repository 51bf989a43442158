import TestSupport
import Testing

@testable import FontFitSnapshot

@Suite("Large output blocks kept for reuse")
struct LargeBlocksTests {
  @Test("Blocks kept stay within their bounds, and a request takes the smallest that holds it")
  func boundsAndChoice() {
    var random = SplitMix64(seed: 41)
    let store = LargeBlocks(smallest: 1_000, limit: 4, budget: 20_000)
    // Blocks handed out now, which the test lets go of in a random order.
    var held: [(base: UnsafeMutablePointer<UInt8>, capacity: Int)] = []
    for step in 0..<3_000 {
      if random.next() % 2 == 0 || held.isEmpty {
        let asked = Int(random.next() % 12_000)
        let before = store.capacities
        if let block = store.take(atLeast: asked) {
          // The smallest kept block that holds the request, and no more than twice it.
          #expect(block.capacity >= asked && asked >= store.smallest, "step \(step)")
          #expect(block.capacity == before.first { $0 >= asked }, "step \(step)")
          #expect(block.capacity / 2 <= asked, "step \(step)")
          block.base[block.capacity - 1] = 1
          held.append(block)
        } else {
          let fitting = before.first { $0 >= asked }
          #expect(
            asked < store.smallest || fitting.map { $0 / 2 > asked } ?? true, "step \(step)")
          held.append((.allocate(capacity: max(1, asked)), max(1, asked)))
        }
      } else {
        let block = held.remove(at: Int(random.next() % UInt64(held.count)))
        let before = store.capacities
        if !store.keep(block.base, capacity: block.capacity) {
          // Refused only when too small, too large, or with no room beside the blocks at
          // least as large.
          let larger = before.filter { $0 >= block.capacity }
          #expect(
            block.capacity < store.smallest || block.capacity > store.budget
              || larger.count >= store.limit
              || larger.reduce(block.capacity, +) > store.budget, "step \(step)")
          block.base.deallocate()
        } else {
          // Kept, and only smaller blocks let go of to make room.
          let after = store.capacities
          #expect(after.contains(block.capacity), "step \(step)")
          #expect(
            before.filter { $0 >= block.capacity }.allSatisfy { kept in
              after.filter { $0 == kept }.count >= before.filter { $0 == kept }.count
            }, "step \(step)")
        }
      }
      let capacities = store.capacities
      #expect(capacities.count <= store.limit, "step \(step)")
      #expect(capacities.reduce(0, +) <= store.budget, "step \(step)")
      #expect(capacities == capacities.sorted(), "step \(step)")
    }
    for block in held { block.base.deallocate() }
  }

  @Test("A full store lets its smallest blocks go for a larger one")
  func largerBlocksStay() {
    let store = LargeBlocks(smallest: 100, limit: 3, budget: 10_000)
    for capacity in [200, 300, 400] {
      #expect(store.keep(.allocate(capacity: capacity), capacity: capacity))
    }
    let small = UnsafeMutablePointer<UInt8>.allocate(capacity: 150)
    #expect(!store.keep(small, capacity: 150))
    small.deallocate()
    #expect(store.keep(.allocate(capacity: 5_000), capacity: 5_000))
    #expect(store.capacities == [300, 400, 5_000])
    #expect(store.keep(.allocate(capacity: 4_500), capacity: 4_500))
    // Full and over the budget: the smallest went, and no more than room needed.
    #expect(store.capacities == [400, 4_500, 5_000])
    // No room beside the larger blocks: refused, and nothing let go of.
    let middling = UnsafeMutablePointer<UInt8>.allocate(capacity: 4_000)
    #expect(!store.keep(middling, capacity: 4_000))
    middling.deallocate()
    #expect(store.capacities == [400, 4_500, 5_000])
  }

  @Test(
    "An output takes the memory an earlier one let go of and holds only its own bytes; a release empties the store"
  )
  func outputsReuseMemory() {
    let store = LargeBlocks(smallest: 1_000, limit: 4, budget: 1 << 20)
    var first = TextOutput(reservingCapacity: 4_000, blocks: store)
    first.append(String(repeating: "a", count: 3_000))
    #expect(store.capacities.isEmpty)
    first = TextOutput()
    #expect(store.capacities == [4_000])
    // Too small a request leaves the block for a larger one; a close one takes it.
    let small = TextOutput(reservingCapacity: 1_500, blocks: store)
    #expect(store.capacities == [4_000])
    var second = TextOutput(reservingCapacity: 3_000, blocks: store)
    #expect(store.capacities.isEmpty)
    second.append("b")
    #expect(second.string == "b")
    // Grown past its block, it moves to memory of the same store and gives the block back.
    second.append(String(repeating: "c", count: 5_000))
    #expect(second.count == 5_001)
    #expect(store.capacities == [4_000])
    store.releaseAll()
    #expect(store.capacities.isEmpty)
    _ = small
  }
}
