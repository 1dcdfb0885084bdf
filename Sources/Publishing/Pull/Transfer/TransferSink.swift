import Foundation

/// Receives one response: where its bytes start in the file, then the bytes in order.
///
/// A sink that throws stops the transfer; the transport throws that error in turn.
protocol TransferSink: AnyObject {
    /// The response's bytes start at `start` of the file; `length` is how many it announces
    /// and `total` the whole file's size, when the server says.
    func begin(start: Int, length: Int?, total: Int?) throws(PullError)
    func receive(_ data: Data) throws(PullError)
}
