import CustomDump
import Hush

extension TestStore where Action: CasePathable {
  /// Sends the action at a case key path whose case has no payload, as in TCA:
  /// `await store.send(\.rows[id: id].toggle)`.
  ///
  /// - Parameters:
  ///   - action: The case of the action to send.
  ///   - updateStateToExpectedResult: Changes the previous state into the expected one.
  /// - Returns: The task of the effects the action started.
  @discardableResult
  public func send(
    _ action: CaseKeyPath<Action, Void>,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> StoreTask {
    await send(
      action(), assert: updateStateToExpectedResult, fileID: fileID, filePath: filePath,
      line: line, column: column)
  }

  /// Sends the action at a case key path with its payload:
  /// `await store.send(\.rows[id: id].rename, "Milk")`.
  ///
  /// - Parameters:
  ///   - action: The case of the action to send.
  ///   - value: The case's payload.
  ///   - updateStateToExpectedResult: Changes the previous state into the expected one.
  /// - Returns: The task of the effects the action started.
  @discardableResult
  public func send<Value>(
    _ action: CaseKeyPath<Action, Value>,
    _ value: Value,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> StoreTask {
    await send(
      action(value), assert: updateStateToExpectedResult, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }

  /// Asserts that an effect sent an action of the case at a case key path, whatever its
  /// payload, and the state it led to, as in TCA:
  ///
  /// ```swift
  /// await store.receive(\.child.loaded) { $0.child.items = ["Milk"] }
  /// ```
  ///
  /// - Parameters:
  ///   - actionCase: The case the next received action must be in.
  ///   - duration: How long to wait for the action, instead of ``timeout``.
  ///   - updateStateToExpectedResult: Changes the previous state into the expected one.
  public func receive<Value>(
    _ actionCase: CaseKeyPath<Action, Value>,
    timeout duration: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let casePath = AnyCasePath(actionCase)
    await receive(
      expected: "an action of the case this receive names",
      matching: { casePath.extract(from: $0) != nil },
      mismatch: { String(customDumping: $0).indented },
      updateStateToExpectedResult,
      timeout: duration,
      location: Location(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Asserts that an effect sent the action of the case at a case key path with the given
  /// payload, and the state it led to: `await store.receive(\.child.loaded, ["Milk"]) { … }`.
  ///
  /// - Parameters:
  ///   - actionCase: The case the next received action must be in.
  ///   - value: The payload it must carry.
  ///   - duration: How long to wait for the action, instead of ``timeout``.
  ///   - updateStateToExpectedResult: Changes the previous state into the expected one.
  public func receive<Value: Equatable>(
    _ actionCase: CaseKeyPath<Action, Value>,
    _ value: Value,
    timeout duration: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let casePath = AnyCasePath(actionCase)
    await receive(
      expected:
        "an action of the case this receive names, carrying \(String(customDumping: value))",
      matching: { casePath.extract(from: $0) == value },
      mismatch: { received in
        guard let receivedValue = casePath.extract(from: received) else {
          return String(customDumping: received).indented
        }
        return diff(value, receivedValue, format: .proportional).map {
          "\($0.indented)\n\n(Expected: −, Received: +)"
        } ?? String(customDumping: received).indented
      },
      updateStateToExpectedResult,
      timeout: duration,
      location: Location(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}
