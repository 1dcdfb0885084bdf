import Foundation

extension URL {
    /// The URL as text without a user name or password, for messages and `current.json`: a
    /// catalog's URL may carry credentials, and errors end up in logs.
    var printable: String {
        guard user != nil || password != nil, var parts = URLComponents(url: self, resolvingAgainstBaseURL: true) else {
            return absoluteString
        }
        parts.user = nil
        parts.password = nil
        return parts.string ?? absoluteString
    }
}
