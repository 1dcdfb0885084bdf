public import Foundation
public import NavFormat

extension BundleWriter {
    /// Encodes the instruction languages as a `GTXT` section (``LanguageLayout``).
    ///
    /// Strings are interned in key order within language order, a formed value's forms as one run,
    /// so equal texts give equal bytes. Texts that break the layout's rules (unsorted or repeated
    /// keys or codes, a missing required value, a formed value of the wrong width) are refused:
    /// the compiler checked them already, and a reader would refuse the section.
    public static func encodeGuidanceTexts(_ texts: GuidanceTexts) throws(FormatError) -> Data {
        try validate(texts)
        var strings: [[UInt8]] = []
        var runs: [[String]: UInt32] = [:]
        // A run of consecutive strings, so a formed value's forms sit side by side.
        func intern(_ run: [String]) -> UInt32 {
            if let index = runs[run] { return index }
            let index = UInt32(strings.count)
            runs[run] = index
            strings.append(contentsOf: run.map { Array($0.utf8) })
            return index
        }
        let keyNames = texts.keys.map { intern([$0.name]) }
        let codes = texts.languages.map { (intern([$0.code]), intern([$0.endonym])) }
        let values = texts.languages.map { language in language.values.map { $0.map(intern) ?? LanguageLayout.absent } }

        let layout = LanguageLayout(languageCount: texts.languages.count, keyCount: texts.keys.count, stringCount: strings.count)
        let byteCount = strings.reduce(0) { $0 + $1.count }
        var writer = ByteWriter()
        writer.record(size: LanguageLayout.Header.size) { header in
            header.uint32(UInt32(texts.languages.count), at: LanguageLayout.Header.languageCount)
            header.uint32(UInt32(texts.keys.count), at: LanguageLayout.Header.keyCount)
            header.uint32(UInt32(strings.count), at: LanguageLayout.Header.stringCount)
            header.uint32(UInt32(byteCount), at: LanguageLayout.Header.stringBytes)
        }
        writer.advance(to: layout.keys)
        for (key, name) in zip(texts.keys, keyNames) {
            writer.record(size: LanguageLayout.KeyEntry.size) { entry in
                entry.uint32(name, at: LanguageLayout.KeyEntry.name)
                entry.uint32((key.isFormed ? LanguageLayout.KeyEntry.formedFlag : 0) | (key.isOptional ? LanguageLayout.KeyEntry.optionalFlag : 0),
                             at: LanguageLayout.KeyEntry.flags)
            }
        }
        writer.advance(to: layout.languages)
        for (language, (code, endonym)) in zip(texts.languages, codes) {
            writer.record(size: LanguageLayout.LanguageEntry.size) { entry in
                entry.uint32(code, at: LanguageLayout.LanguageEntry.code)
                entry.uint32(endonym, at: LanguageLayout.LanguageEntry.endonym)
                entry.uint32(LanguageLayout.LanguageEntry.flags(plural: language.pluralRule, decimalSeparator: language.decimalSeparator,
                                                                formCount: language.formCount),
                             at: LanguageLayout.LanguageEntry.flags)
            }
        }
        writer.advance(to: layout.values)
        for row in values { for value in row { writer.uint32(value) } }
        writer.advance(to: layout.offsets)
        writer.stringList(strings, bytesAt: layout.bytes)
        return writer.data
    }

    private static func validate(_ texts: GuidanceTexts) throws(FormatError) {
        func check(_ condition: Bool, _ message: @autoclosure () -> String) throws(FormatError) {
            if !condition { throw .inconsistentContents("GTXT: \(message())") }
        }
        try check(!texts.languages.isEmpty && !texts.keys.isEmpty, "no languages or no keys")
        for (first, second) in zip(texts.keys, texts.keys.dropFirst()) {
            try check(Array(first.name.utf8).lexicographicallyPrecedes(Array(second.name.utf8)), "keys \(first.name) and \(second.name) out of order")
        }
        for (first, second) in zip(texts.languages, texts.languages.dropFirst()) {
            try check(Array(first.code.utf8).lexicographicallyPrecedes(Array(second.code.utf8)), "languages \(first.code) and \(second.code) out of order")
        }
        for language in texts.languages {
            try check((1...LanguageLayout.formLimit).contains(language.formCount), "\(language.code) has \(language.formCount) forms")
            try check((0x21...0x7E).contains(language.decimalSeparator), "\(language.code)'s decimal separator is not printable ASCII")
            try check(language.values.count == texts.keys.count, "\(language.code) has \(language.values.count) values for \(texts.keys.count) keys")
            for (key, value) in zip(texts.keys, language.values) {
                guard let value else {
                    try check(key.isOptional, "\(language.code) lacks \(key.name)")
                    continue
                }
                try check(value.count == (key.isFormed ? language.formCount : 1), "\(language.code) \(key.name) has \(value.count) strings")
            }
        }
    }
}
