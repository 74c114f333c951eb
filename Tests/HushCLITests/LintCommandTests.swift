import Testing

@Test func cliPlaceholderUntilWritten() { #expect(Bool(true)) }
