import FontFit
import Testing

/// How a sweep is split into shards (issue 25): every job in exactly one shard, in order.
@Suite("Shards of a check sweep")
struct ShardTests {
  @Test("Shards cover every job of every project once, in order, in parts a job apart")
  func shardsCoverTheSweep() {
    for counts in [[0], [5], [3, 0, 7], [1, 1, 1, 1], [22, 55, 11, 0, 4]] {
      for shards in [1, 2, 3, 7, 40] {
        var seen: [[Int]] = counts.map { _ in [] }
        var sizes: [Int] = []
        for shard in 1...shards {
          let ranges = Project.shardRanges(jobCounts: counts, shard: shard, of: shards)
          #expect(ranges.count == counts.count)
          for (project, range) in ranges.enumerated() { seen[project] += Array(range) }
          sizes.append(ranges.reduce(0) { $0 + $1.count })
        }
        #expect(seen == counts.map { Array(0..<$0) }, "\(counts) in \(shards)")
        #expect((sizes.max() ?? 0) - (sizes.min() ?? 0) <= 1, "\(counts) in \(shards): \(sizes)")
      }
    }
  }
}
