public import CGEOS

/// A GEOS context handle (the reentrant API) that keeps GEOS's last error message instead of
/// letting GEOS print it: what `Geometry`'s engine and the importers' WKT reader both hold.
///
/// Like GEOS's own, a context belongs to one thread at a time.
public final class GEOSContext {
    public let handle: GEOSContextHandle_t
    private let messages = MessageBox()

    /// Collects GEOS's error messages, which GEOS otherwise prints to stderr.
    private final class MessageBox {
        var last: String?
    }

    public init() {
        guard let handle = GEOS_init_r() else {
            preconditionFailure("GEOS could not allocate a context")
        }
        self.handle = handle
        let box = Unmanaged.passUnretained(messages).toOpaque()
        GEOSContext_setErrorMessageHandler_r(handle, { message, userdata in
            guard let message, let userdata else { return }
            Unmanaged<MessageBox>.fromOpaque(userdata).takeUnretainedValue().last = String(cString: message)
        }, box)
        GEOSContext_setNoticeMessageHandler_r(handle, { _, _ in }, nil)
    }

    deinit {
        GEOS_finish_r(handle)
    }

    /// The message of the last GEOS failure, if any.
    public var lastMessage: String? { messages.last }

    /// Forgets the last message, before a call whose failure is to be told apart.
    public func clearMessage() {
        messages.last = nil
    }
}
