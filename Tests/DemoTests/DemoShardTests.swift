// `demo check --shard K/N` (issue 25, target 6): a CI matrix splits a sweep of files ×
// locales × screens into N deterministic parts whose outputs, in order, are the unsharded one.

import Foundation
import Testing

@Suite("Sharded checks through the demo")
struct DemoShardTests {
  static let files = [
    "Demo/Projects/news/layout.json", "Demo/Projects/preferences/layout.json",
    "Demo/Projects/checkout/layout.json", "Demo/Resources/sample.json",
  ]

  @Test(
    "The shards' text outputs, concatenated in order, are the unsharded output",
    arguments: [1, 2, 3, 5, 8, 40])
  func textUnion(count: Int) throws {
    let arguments = ["check"] + Self.files + ["--locale", "all"]
    let whole = try runDemo(arguments, in: packageRoot)
    #expect(whole.status == 1, "the news project has problems: \(whole.stderr)")
    var joined = ""
    var statuses: [Int32] = []
    for index in 1...count {
      let shard = try runDemo(arguments + ["--shard", "\(index)/\(count)"], in: packageRoot)
      #expect(shard.stderr.isEmpty, "\(shard.stderr)")
      joined += shard.stdout
      statuses.append(shard.status)
      // A shard fails exactly when it printed a problem (the news project's are problems).
      #expect(shard.status == (shard.stdout.isEmpty ? 0 : 1), "shard \(index)/\(count)")
    }
    #expect(joined == whole.stdout)
    #expect(statuses.contains(1))
  }

  @Test("The shards' JSON problems, concatenated in order, are the unsharded ones")
  func jsonUnion() throws {
    let arguments = ["check"] + Self.files + ["--locale", "all", "--format", "json"]
    func problems(_ output: String) throws -> [[String: String]] {
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
      return try #require(object["problems"] as? [[String: String]])
    }
    let whole = try problems(try runDemo(arguments, in: packageRoot).stdout)
    var joined: [[String: String]] = []
    for index in 1...4 {
      joined += try problems(
        try runDemo(arguments + ["--shard", "\(index)/4"], in: packageRoot).stdout)
    }
    #expect(!whole.isEmpty)
    #expect(joined == whole)
  }

  @Test(
    "A bad shard is a usage error, exit status 2, naming what was expected",
    arguments: ["0/3", "4/3", "1/0", "x/2", "1/2/3", "2", "-1/2", "1/100001"])
  func badShard(value: String) throws {
    let run = try runDemo(["check", Self.files[0], "--shard", value], in: packageRoot)
    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.contains("--shard must be K/N"), "\(run.stderr)")
  }
}
