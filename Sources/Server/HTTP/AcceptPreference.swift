import Foundation

/// Which of two answers a request's `Accept` header prefers: an HTML page for a person's browser,
/// JSON for everything else (a missing header, `*/*`, or a tie keep JSON, the API's own format).
enum AcceptPreference {
    /// True when `accept` ranks `text/html` strictly above `application/json`.
    static func prefersHTML(_ accept: String?) -> Bool {
        guard let accept, !accept.isEmpty else { return false }
        let ranges = accept.split(separator: ",").compactMap(MediaRange.init)
        return quality(of: "text", "html", in: ranges) > quality(of: "application", "json", in: ranges)
    }

    /// The quality the most specific matching range gives `type/subtype` (0 when none matches).
    private static func quality(of type: String, _ subtype: String, in ranges: [MediaRange]) -> Double {
        let matching = ranges.filter { ($0.type == type || $0.type == "*") && ($0.subtype == subtype || $0.subtype == "*") }
        return matching.max { $0.specificity < $1.specificity }?.quality ?? 0
    }

    /// One `type/subtype;q=…` entry of the header.
    private struct MediaRange {
        let type: Substring
        let subtype: Substring
        let quality: Double

        /// 2 for `text/html`, 1 for `text/*`, 0 for `*/*`: the most specific range decides.
        var specificity: Int { (type == "*" ? 0 : 1) + (subtype == "*" ? 0 : 1) }

        init?(_ entry: Substring) {
            let parts = entry.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let range = parts.first else { return nil }
            let names = range.split(separator: "/", maxSplits: 1)
            guard names.count == 2 else { return nil }
            type = Substring(names[0])
            subtype = Substring(names[1])
            let q = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) }
            quality = min(max(q ?? 1, 0), 1)
        }
    }
}
