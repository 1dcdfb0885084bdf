import CLibXML2
import Foundation

extension OSMSAXState {
    private static func state(_ context: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<OSMSAXState>? {
        context?.assumingMemoryBound(to: OSMSAXState.self)
    }

    /// Collects the text of a `<remark>`; installed only while one is open (see `startRemark`).
    static let remarkCharacters: charactersSAXFunc = { context, characters, length in
        guard let state = OSMSAXState.state(context), let characters, length > 0 else { return }
        state.pointee.appendRemarkText(UnsafeBufferPointer(start: characters, count: Int(length)))
    }

    /// The SAX2 callbacks: elements, plus refusals for DTDs and entities, and error capture.
    static func handler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        handler.startElementNs = { context, localName, _, _, _, _, count, _, attributes in
            guard let state = OSMSAXState.state(context), let localName else { return }
            state.pointee.start(localName, Attributes(base: attributes, count: Int(count)))
        }
        handler.endElementNs = { context, localName, _, _ in
            guard let state = OSMSAXState.state(context), let localName else { return }
            state.pointee.end(localName)
        }
        handler.internalSubset = { context, _, _, _ in
            OSMSAXState.state(context)?.pointee.fail("document type declarations are not accepted: they can define external or recursive entities")
        }
        handler.externalSubset = { context, _, _, _ in
            OSMSAXState.state(context)?.pointee.fail("document type declarations are not accepted: they can define external or recursive entities")
        }
        handler.entityDecl = { context, _, _, _, _, _ in
            OSMSAXState.state(context)?.pointee.fail("entity declarations are not accepted")
        }
        handler.reference = { context, _ in
            OSMSAXState.state(context)?.pointee.fail("entity references are not accepted")
        }
        handler.serror = recordError
        return handler
    }

    /// Keeps the first error libxml2 reports, from the parser or, installed as the thread's
    /// structured handler while a file is read, from its encoding and I/O layers.
    static let recordError: xmlStructuredErrorFunc = { context, error in
        guard let state = OSMSAXState.state(context), let error, state.pointee.libxmlError == nil else { return }
        let message = error.pointee.message.map { String(cString: $0) } ?? "malformed XML"
        state.pointee.libxmlError = (message.trimmingCharacters(in: .whitespacesAndNewlines), Int(error.pointee.line))
    }
}
