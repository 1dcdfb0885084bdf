import NavFormat

/// The `GTXT` section read in place (``LanguageLayout``): keys, languages, values and strings.
///
/// Opening checks the whole structure, which is small (about 40 KB for four languages): the
/// tables fit, the string offsets rise and end at the byte count, keys and codes are sorted and
/// unique, each value names strings that exist, and only optional keys lack a value. A string's
/// UTF-8 and a template's syntax are checked when they are used.
struct GuidanceTextTable {
    struct Language {
        var code: String
        var endonym: String
        var pluralRule: PluralRule
        var decimalSeparator: UInt8
        var formCount: Int
    }

    let keyCount: Int
    let stringCount: Int
    let keys: ByteReader
    let values: ByteReader
    let offsets: ByteReader
    let bytes: ByteReader
    let languages: [Language]

    init(section: ByteReader) throws(BundleError) {
        func damage(_ detail: String) -> BundleError { .malformedSection(section: "GTXT", detail: detail) }
        typealias Header = LanguageLayout.Header
        let header = Result { () throws(FormatError) in
            (try section.uint32(at: Header.languageCount), try section.uint32(at: Header.keyCount),
             try section.uint32(at: Header.stringCount), try section.uint32(at: Header.stringBytes))
        }
        guard case .success(let (languageTotal, keyTotal, stringTotal, byteTotal)) = header else {
            throw damage("too short for its header")
        }
        guard languageTotal > 0, keyTotal > 0, languageTotal < 1 << 16, keyTotal < 1 << 16, stringTotal < 1 << 24 else {
            throw damage("\(languageTotal) languages, \(keyTotal) keys and \(stringTotal) strings are out of range")
        }
        let layout = LanguageLayout(languageCount: Int(languageTotal), keyCount: Int(keyTotal), stringCount: Int(stringTotal))
        guard let keys = try? section.slice(offset: layout.keys, count: layout.keyCount * LanguageLayout.KeyEntry.size),
              let languageEntries = try? section.slice(offset: layout.languages, count: layout.languageCount * LanguageLayout.LanguageEntry.size),
              let values = try? section.slice(offset: layout.values, count: layout.languageCount * layout.keyCount * BundleFormat.wordSize),
              let offsets = try? section.slice(offset: layout.offsets, count: (layout.stringCount + 1) * BundleFormat.wordSize),
              let bytes = try? section.slice(offset: layout.bytes, count: Int(byteTotal)) else {
            throw damage("\(languageTotal) languages, \(keyTotal) keys and \(stringTotal) strings of \(byteTotal) bytes do not fit the section")
        }
        (self.keys, self.values, self.offsets, self.bytes) = (keys, values, offsets, bytes)
        keyCount = layout.keyCount
        stringCount = layout.stringCount

        var previous: UInt32 = 0
        for index in 0...stringCount {
            guard let offset = try? offsets.uint32(at: index * BundleFormat.wordSize),
                  index == 0 ? offset == 0 : offset >= previous else {
                throw damage("string offset \(index) is out of order")
            }
            previous = offset
        }
        guard previous == byteTotal else { throw damage("the string offsets end at \(previous), not at the \(byteTotal) bytes") }

        var flags: [UInt32] = []
        var lastName: [UInt8]?
        for key in 0..<keyCount {
            let base = key * LanguageLayout.KeyEntry.size
            guard let name = try? keys.uint32(at: base + LanguageLayout.KeyEntry.name),
                  let flag = try? keys.uint32(at: base + LanguageLayout.KeyEntry.flags),
                  flag & ~(LanguageLayout.KeyEntry.formedFlag | LanguageLayout.KeyEntry.optionalFlag) == 0,
                  let text = Self.rawString(name, offsets: offsets, bytes: bytes, count: stringCount) else {
                throw damage("key \(key) has a bad name or flags")
            }
            if let lastName, !lastName.lexicographicallyPrecedes(text) { throw damage("key \(key) is out of order") }
            lastName = text
            flags.append(flag)
        }

        var languages: [Language] = []
        for language in 0..<layout.languageCount {
            let base = language * LanguageLayout.LanguageEntry.size
            guard let code = try? languageEntries.uint32(at: base + LanguageLayout.LanguageEntry.code),
                  let endonym = try? languageEntries.uint32(at: base + LanguageLayout.LanguageEntry.endonym),
                  let flag = try? languageEntries.uint32(at: base + LanguageLayout.LanguageEntry.flags),
                  let rule = PluralRule(rawValue: UInt8(flag & 3)), flag & 0xFFF0_00FC == 0,
                  case let separator = UInt8((flag >> 8) & 0xFF), (0x21...0x7E).contains(separator),
                  case let forms = Int((flag >> 16) & 0xF), (1...LanguageLayout.formLimit).contains(forms),
                  let codeText = Self.rawString(code, offsets: offsets, bytes: bytes, count: stringCount),
                  let endonymText = Self.rawString(endonym, offsets: offsets, bytes: bytes, count: stringCount),
                  let codeString = Self.utf8(codeText), let endonymString = Self.utf8(endonymText) else {
                throw damage("language \(language) has a bad code, name or flags")
            }
            if let last = languages.last, !Array(last.code.utf8).lexicographicallyPrecedes(codeText) {
                throw damage("language \(codeString) is out of order")
            }
            for key in 0..<keyCount {
                guard let value = try? values.uint32(at: (language * keyCount + key) * BundleFormat.wordSize) else {
                    throw damage("value \(key) of \(codeString) is unreadable")
                }
                if value == LanguageLayout.absent {
                    guard flags[key] & LanguageLayout.KeyEntry.optionalFlag != 0 else {
                        throw damage("\(codeString) lacks required key \(key)")
                    }
                    continue
                }
                let width = flags[key] & LanguageLayout.KeyEntry.formedFlag != 0 ? forms : 1
                guard Int(value) + width <= stringCount else { throw damage("value \(key) of \(codeString) names a missing string") }
            }
            languages.append(Language(code: codeString, endonym: endonymString, pluralRule: rule,
                                      decimalSeparator: separator, formCount: forms))
        }
        self.languages = languages
    }

    /// The bytes of string `index`, or `nil` when it does not exist.
    static func rawString(_ index: UInt32, offsets: ByteReader, bytes: ByteReader, count: Int) -> [UInt8]? {
        guard Int(index) < count,
              let start = try? offsets.uint32(at: Int(index) * BundleFormat.wordSize),
              let end = try? offsets.uint32(at: (Int(index) + 1) * BundleFormat.wordSize), start <= end,
              let text = try? bytes.bytes(offset: Int(start), count: Int(end - start)) else { return nil }
        return Array(text)
    }

    /// String `index` as text; damage when it is missing or not UTF-8.
    func string(_ index: Int) throws(BundleError) -> String {
        guard let raw = Self.rawString(UInt32(index), offsets: offsets, bytes: bytes, count: stringCount),
              let text = Self.utf8(raw) else {
            throw .malformedSection(section: "GTXT", detail: "string \(index) is missing or not UTF-8")
        }
        return text
    }

    /// `raw` as text, or `nil` when it is not valid UTF-8 (decoding would have replaced bytes).
    static func utf8(_ raw: [UInt8]) -> String? {
        let text = String(decoding: raw, as: UTF8.self)
        return text.utf8.elementsEqual(raw) ? text : nil
    }

    /// The index of the key named `name`, by bisection over the sorted names.
    func key(named name: String) -> Int? {
        let target = Array(name.utf8)
        var (low, high) = (0, keyCount)
        while low < high {
            let middle = (low + high) / 2
            guard let nameIndex = try? keys.uint32(at: middle * LanguageLayout.KeyEntry.size + LanguageLayout.KeyEntry.name),
                  let candidate = Self.rawString(nameIndex, offsets: offsets, bytes: bytes, count: stringCount) else { return nil }
            if candidate == target { return middle }
            if candidate.lexicographicallyPrecedes(target) { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// The strings of `key` in `language`: one, or one per form; `nil` when the language lacks it.
    func value(language: Int, key: Int) throws(BundleError) -> [String]? {
        guard let value = try? values.uint32(at: (language * keyCount + key) * BundleFormat.wordSize),
              let flag = try? keys.uint32(at: key * LanguageLayout.KeyEntry.size + LanguageLayout.KeyEntry.flags) else {
            throw .malformedSection(section: "GTXT", detail: "value \(key) is unreadable")
        }
        guard value != LanguageLayout.absent else { return nil }
        let width = flag & LanguageLayout.KeyEntry.formedFlag != 0 ? languages[language].formCount : 1
        var strings: [String] = []
        for index in Int(value)..<Int(value) + width { strings.append(try string(index)) }
        return strings
    }
}
