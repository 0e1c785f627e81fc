import Testing

@Test func languageServerPlaceholder() {}
