import SwiftSyntax

/// Two or more eager `map`/`filter`/`compactMap` steps whose result is consumed once.
struct LazyChainRule: Rule {
  static let description = RuleDescription(
    id: "lazy-chain",
    name: "Lazy Chain",
    summary: "Chained map/filter/compactMap consumed once (first, contains, reduce, min, for)",
    rationale: """
      Each eager map, filter or compactMap allocates a new array holding every intermediate \
      element, and the chain then uses the result once: to find the first match, test \
      contains, reduce, take a min or max, or loop over it. Insert .lazy at the start \
      (items.lazy.map { … }.filter { … }.first) so elements flow through the steps one at a \
      time with no intermediate arrays, stopping as soon as the answer is known. Not \
      reported when a step's closure throws or awaits (lazy steps cannot), for Combine \
      publishers and for `for await` loops. Opt-in: it is a general Swift performance \
      check, not specific to SwiftUI.
      """,
    isOptIn: true,
    triggeringExamples: [
      Example("let first = items.↓map { $0.price }.filter { $0 > 10 }.first"),
      Example("let found = names.↓filter { !$0.isEmpty }.map { $0.lowercased() }.contains(query)"),
      Example("let total = orders.↓compactMap(\\.amount).filter { $0 > 0 }.reduce(0, +)"),
      Example(
        """
        for user in users.↓filter(\\.isActive).map(\\.profile) {
          show(user)
        }
        """),
      Example("let cheapest = model.products.↓map(\\.price).filter { $0 > 0 }.min()"),
      Example("let hit = rows.↓map(transform).compactMap { $0 }.first(where: { $0.isValid })"),
    ],
    nonTriggeringExamples: [
      Example("let first = items.lazy.map { $0.price }.filter { $0 > 10 }.first"),
      Example("let prices = items.map { $0.price }.filter { $0 > 10 }"),
      Example("let first = items.filter { $0.isValid }.first"),
      Example("let value = try items.map { try decode($0) }.filter { $0.isValid }.first"),
      Example(
        """
        for await value in stream.map({ $0 * 2 }).filter({ $0 > 0 }) {
          print(value)
        }
        """),
      Example("let anyLoud = $volume.map { $0 * 2 }.filter { $0 > 10 }.contains(20)"),
      Example("let sorted = items.map(\\.name).filter { !$0.isEmpty }.sorted().first"),
    ]
  )

  static let steps: Set<String> = ["map", "filter", "compactMap", "flatMap"]
  static let consumingCalls: Set<String> = [
    "first", "contains", "reduce", "min", "max", "allSatisfy",
  ]

  func findings(in file: LintedFile) -> [Finding] {
    var result: [Finding] = []
    for call in file.calls {
      guard let name = call.calleeName, Self.consumingCalls.contains(name),
        name != "first" || call.argument("where") != nil || call.trailingClosure != nil,
        let base = call.calleeBase
      else { continue }
      if let finding = check(base) { result.append(finding) }
    }
    for member in file.syntax.memberAccesses
    where member.declName.baseName.text == "first"
      && member.parent?.is(FunctionCallExprSyntax.self) != true
    {
      if let base = member.base, let finding = check(base) { result.append(finding) }
    }
    for loop in file.syntax.forLoops
    where loop.awaitKeyword == nil && loop.tryKeyword == nil {
      if let finding = check(loop.sequence) { result.append(finding) }
    }
    return result
  }

  private func check(_ base: ExprSyntax) -> Finding? {
    let chain = memberCalls(of: base)
    let steps = chain.prefix { Self.steps.contains($0.calleeName ?? "") }
    guard steps.count >= 2, let first = steps.last,
      let member = first.calledExpression.as(MemberAccessExprSyntax.self),
      let root = member.base
    else { return nil }
    if root.trimmedText.contains(".lazy") || root.trimmedText.hasSuffix("lazy") {
      return nil
    }
    if let rootName = rootName(of: root), rootName.hasPrefix("$") { return nil }
    let combine = ["publisher", "values", "eraseToAnyPublisher", "sink", "receive"]
    if chain.contains(where: { combine.contains($0.calleeName ?? "") })
      || root.trimmedText.contains("publisher")
    {
      return nil
    }
    for step in steps {
      if !descendants(TryExprSyntax.self, of: step.arguments).isEmpty
        || !descendants(AwaitExprSyntax.self, of: step.arguments).isEmpty
        || step.trailingClosure.map({
          !descendants(TryExprSyntax.self, of: $0).isEmpty
            || !descendants(AwaitExprSyntax.self, of: $0).isEmpty
        }) == true
      {
        return nil
      }
    }
    if ancestors(of: base).contains(where: { $0.is(TryExprSyntax.self) }) { return nil }
    let names = steps.reversed().compactMap(\.calleeName).joined(separator: " → ")
    return Finding(
      at: member.declName,
      message: "\(names) builds \(steps.count) intermediate arrays for a result used once; "
        + "start the chain with .lazy")
  }
}
