import Foundation
import SwiftParser
import SwiftSyntax
import Testing

@testable import HushLint

/// The linter's own readings of source text give what swift-syntax's slower ones give:
/// `trimmedText` is `trimmedDescription`, and the line table places every position where
/// `SourceLocationConverter` does.
@Suite struct SourceTextTests {
  /// Every rule example, and texts with every kind of line break, comments, trivia at both
  /// ends and characters of several UTF-8 bytes.
  static var sources: [String] {
    let examples = RuleRegistry.all.flatMap {
      ($0.description.triggeringExamples + $0.description.nonTriggeringExamples).map(
        \.strippedCode)
    }
    return examples + [
      "",
      "\n",
      "let a = 1",
      "  // leading comment\n  let a = 1 // trailing\n\n",
      "struct A {\r\n  var b: Int /* c */\r\n}\r\n",
      "struct A {\r  var b = \"é🙂\"\r}\r",
      "let x = [1,\n\r\n2,\r3]  \n\t",
      "func f() {\n  /* a\n block */ g(\"\"\"\n  many\n  lines\n  \"\"\")\n}",
      "@available(iOS 17, *)\nstruct V: View {\n  var body: some View { Text(\"ü\") }\n}",
    ]
  }

  @Test func trimmedTextIsTrimmedDescriptionForEveryNode() {
    var compared = 0
    for source in Self.sources {
      let collector = AllNodes(viewMode: .sourceAccurate)
      collector.walk(Parser.parse(source: source))
      for node in collector.nodes {
        #expect(node.trimmedText == node.trimmedDescription, "\(node.kind) in \(source)")
        compared += 1
      }
    }
    #expect(compared > 10_000)
  }

  @Test func lineTableAgreesWithTheConverterAtEveryOffset() {
    for source in Self.sources {
      let tree = Parser.parse(source: source)
      let converter = SourceLocationConverter(fileName: "A.swift", tree: tree)
      let table = LineTable(source)
      let lines = converter.sourceLines
      #expect(table.count == lines.count, "\(source)")
      for offset in -1...(source.utf8.count + 1) {
        let position = AbsolutePosition(utf8Offset: offset)
        let expected = converter.location(for: position)
        #expect(
          table.position(of: position)
            == SourcePosition(line: expected.line, column: expected.column),
          "offset \(offset) of \(source.debugDescription)")
      }
      for (number, line) in lines.enumerated() {
        var withoutBreak = Substring(line)
        if withoutBreak.hasSuffix("\r\n") || withoutBreak.hasSuffix("\n")
          || withoutBreak.hasSuffix("\r")
        {
          withoutBreak = withoutBreak.dropLast()
        }
        #expect(table.text(ofLine: number + 1, in: source) == withoutBreak)
      }
      #expect(table.text(ofLine: lines.count + 1, in: source).isEmpty)
      #expect(table.text(ofLine: 0, in: source).isEmpty)
    }
  }
}

private final class AllNodes: SyntaxAnyVisitor {
  var nodes: [Syntax] = []

  override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
    nodes.append(node)
    return .visitChildren
  }
}

extension SourceTextTests {
  @Test func trimmingSpacesIsFoundationsTrimmingOfWhitespaces() {
    let lines = [
      "", " ", "\t\t", "  let a = 1  ", "\tx\t", "\u{00A0}y\u{2003}", "\u{3000} z \u{3000}",
      "\u{0B}v\u{0C}", "\u{85}w", " \u{301}a", "é ", "🙂\t", "a  b", " \u{2028}c",
    ]
    for line in lines {
      #expect(
        Substring(line).trimmingSpaces == line.trimmingCharacters(in: .whitespaces),
        "\(line.debugDescription)")
    }
  }
}

extension SourceTextTests {
  @Test func theCallsFoundByPositionAreTheCallsAWalkFinds() {
    var compared = 0
    for source in Self.sources + ["f(g(h()))(x)", "a.b(c).d { e() }(f())", "f(", "g(h(i("] {
      let tree = Parser.parse(source: source)
      let syntax = SyntaxIndex(tree)
      let collector = AllNodes(viewMode: .sourceAccurate)
      collector.walk(tree)
      for node in collector.nodes {
        #expect(
          syntax.calls(in: node).map(\.id)
            == descendants(FunctionCallExprSyntax.self, of: node).map(\.id),
          "\(node.kind) in \(source)")
        compared += 1
      }
    }
    #expect(compared > 10_000)
  }
}

extension SourceTextTests {
  @Test func containsBytesFindsWhatASearchOfTheBytesFinds() {
    let texts = [
      "", "a", "hush-lint:", "// hush-lint: disable all", "objectWillChangeX", "xobjectWillChange",
      "objectWillChang", "aaab", "ababac", "é🙂UUID🙂", "UUI", "\u{0}UUID\u{0}",
    ]
    let needles = ["", "a", "UUID", "hush-lint:", "objectWillChange", "abac", "aab", "🙂", "\u{0}"]
    for text in texts {
      let bytes = Array(text.utf8)
      for needle in needles {
        let pattern = Array(needle.utf8)
        for start in 0...bytes.count {
          for end in start...bytes.count {
            let slice = Array(bytes[start..<end])
            let expected =
              pattern.isEmpty
              || (slice.count >= pattern.count
                && (0...(slice.count - pattern.count)).contains {
                  Array(slice[$0..<($0 + pattern.count)]) == pattern
                })
            #expect(
              containsBytes(text, needle, in: start..<end) == expected,
              "\(needle.debugDescription) in \(text.debugDescription)[\(start)..<\(end)]")
          }
        }
        #expect(containsBytes(text, needle) == (needle.isEmpty || text.utf8.contains(needle.utf8)))
      }
    }
  }
}

extension SourceTextTests {
  /// The text filter before the search for members that build an expensive object lets
  /// every such type through.
  @Test func everyExpensiveTypePassesTheTextFilter() {
    for type in ExpensiveViewInitRule.expensiveTypes {
      #expect(ExpensiveMembers.mayBuild(in: "let x = \(type)()"), "\(type)")
    }
    #expect(!ExpensiveMembers.mayBuild(in: "let x = Text(\"a\")"))
  }
}

extension SourceTextTests {
  /// The source limits' scan, a stretch of plain code at a time, measures what a scan byte by
  /// byte measures.
  @Test func sourceLimitsScanAgreesWithAScanByteByByte() {
    var random = SplitMix64(seed: 0x5343_414E)
    let alphabet = Array("ab_1 \t\r\n/*\"\\[]({})<>;,.=#".utf8)
    var inputs = Self.sources
    for _ in 0..<2_000 {
      let length = Int(random.next() % 80)
      inputs.append(
        String(
          decoding: (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] },
          as: UTF8.self))
    }
    for input in inputs {
      let fast = SourceLimits.measure(input, stretches: true)
      let slow = SourceLimits.measure(input, stretches: false)
      #expect(
        fast.deepest == slow.deepest && fast.longestRun == slow.longestRun,
        "\(input.debugDescription)")
    }
  }
}

extension SourceTextTests {
  /// The declarations recorded in the walk that gathers a file's nodes (which counts the
  /// functions and closures around each node) are those a walk that does not enter functions
  /// records, and its view candidates those of a walk that enters neither functions nor
  /// closures.
  @Test func declarationsRecordedInTheNodeWalkAreThoseOfWalksThatSkipBodies() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    var compared = 0
    for source in Self.sources + [
      "func f() { struct Local: View { var body: some View { Text(\"\") } } }",
      "let make = { struct InClosure: View { var body: some View { EmptyView() } } }",
      "struct Outer { func g() { Scope(state: \\.a, action: \\.a) }; var r: some Reducer { Scope(state: \\.b, action: \\.b) { } } }",
    ] {
      let tree = Parser.parse(source: source)
      let skipping = TypeRecorder(source: source)
      let reference = BodySkippingWalk(skipping)
      reference.walk(tree)
      var alone = ProjectIndex()
      alone.add(skipping)
      let recorder = TypeRecorder(source: source)
      let syntax = SyntaxIndex(tree, types: recorder)
      var together = ProjectIndex()
      together.add(recorder)
      #expect(
        try Self.canonical(encoder.encode(alone)) == Self.canonical(encoder.encode(together)),
        "\(source)")
      #expect(syntax.viewCandidates.structs.map(\.id) == reference.structs.map(\.id))
      #expect(syntax.viewCandidates.extensions.map(\.id) == reference.extensions.map(\.id))
      compared += alone.types.count
    }
    #expect(compared > 100)
  }

  /// JSON text with the elements of every array in sorted order: sets are encoded as arrays
  /// in their iteration order, which differs between two equal sets.
  static func canonical(_ data: Data) throws -> String {
    func text(_ value: Any) -> String {
      if let array = value as? [Any] {
        return "[" + array.map(text).sorted().joined(separator: ",") + "]"
      }
      if let object = value as? [String: Any] {
        return "{"
          + object.keys.sorted().map { "\($0):" + text(object[$0]!) }.joined(separator: ",") + "}"
      }
      return "\(value)"
    }
    return text(try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
  }
}

extension SourceTextTests {
  /// The index's walk leaves out types, names, literals and other subtrees that hold nothing
  /// it gathers: it gathers what a walk of every node gathers.
  @Test func theIndexGathersWhatAWalkOfEveryNodeFinds() {
    for source in Self.sources + [
      "let f: (Int) -> Int = { $0 }", "func g<T: P>() -> [T] where T: Q { [] }",
    ] {
      let tree = Parser.parse(source: source)
      let syntax = SyntaxIndex(tree)
      #expect(
        syntax.calls.map(\.id) == descendants(FunctionCallExprSyntax.self, of: tree).map(\.id))
      #expect(
        syntax.memberAccesses.map(\.id)
          == descendants(MemberAccessExprSyntax.self, of: tree).map(\.id))
      #expect(
        syntax.sequences.map(\.id) == descendants(SequenceExprSyntax.self, of: tree).map(\.id))
      #expect(syntax.forLoops.map(\.id) == descendants(ForStmtSyntax.self, of: tree).map(\.id))
      #expect(
        syntax.variables.map(\.id) == descendants(VariableDeclSyntax.self, of: tree).map(\.id))
      #expect(
        syntax.functions.map(\.id) == descendants(FunctionDeclSyntax.self, of: tree).map(\.id))
      #expect(syntax.switches.map(\.id) == descendants(SwitchExprSyntax.self, of: tree).map(\.id))
      #expect(
        syntax.enumCases == descendants(EnumCaseElementSyntax.self, of: tree).map(\.name.text))
    }
  }
}

/// Shows a file's declarations to a ``TypeRecorder`` without entering functions, and gathers
/// the structs and extensions outside functions and closures: the walks the node walk replaced.
private final class BodySkippingWalk: SyntaxVisitor {
  let recorder: TypeRecorder
  var structs: [StructDeclSyntax] = []
  var extensions: [ExtensionDeclSyntax] = []
  private var closureDepth = 0

  init(_ recorder: TypeRecorder) {
    self.recorder = recorder
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
    closureDepth += 1
    return .visitChildren
  }

  override func visitPost(_ node: ClosureExprSyntax) { closureDepth -= 1 }

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    recorder.record(node)
    return .visitChildren
  }

  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    recorder.enter(node)
    if closureDepth == 0 { extensions.append(node) }
    return .visitChildren
  }

  override func visitPost(_ node: ExtensionDeclSyntax) { recorder.exit() }

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    recorder.enter(node)
    if closureDepth == 0 { structs.append(node) }
    return .visitChildren
  }

  override func visitPost(_ node: StructDeclSyntax) { recorder.exit() }

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    recorder.enter(node)
    return .visitChildren
  }

  override func visitPost(_ node: ClassDeclSyntax) { recorder.exit() }

  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
    recorder.enter(node)
    return .visitChildren
  }

  override func visitPost(_ node: EnumDeclSyntax) { recorder.exit() }

  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
    recorder.enter(node)
    return .visitChildren
  }

  override func visitPost(_ node: ActorDeclSyntax) { recorder.exit() }
}
