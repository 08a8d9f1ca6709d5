/// A bundle file read front to back in chunks, so a large artifact (a 100 MB
/// `inventory.json`) is parsed as it arrives instead of being held whole beside what is
/// built from it. The disk-backed stream lives in ExhibitIO; `MemoryEvidenceStream`
/// serves tests, fuzzing and sources that only have whole files.
public protocol EvidenceStream: AnyObject {
    /// The file's size when it was opened, for sizing what a reader builds; nil when
    /// unknown. A hint only: the file may have grown or shrunk since.
    var sizeHint: Int? { get }
    /// Reads up to `buffer.count` bytes into `buffer` and returns how many; 0 only at
    /// the end of the file.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(EvidenceSourceError) -> Int
}

/// An in-memory file as a stream. `chunkSize` caps each read, so tests can cut a file
/// at every byte.
public final class MemoryEvidenceStream: EvidenceStream {
    private let bytes: [UInt8]
    private let chunkSize: Int
    private var position = 0

    public init(_ bytes: [UInt8], chunkSize: Int = .max) {
        self.bytes = bytes
        self.chunkSize = max(chunkSize, 1)
    }

    public var sizeHint: Int? { bytes.count }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(EvidenceSourceError) -> Int {
        let n = min(buffer.count, chunkSize, bytes.count - position)
        guard n > 0, let target = buffer.baseAddress else { return 0 }
        bytes.withUnsafeBytes { source in
            if let base = source.baseAddress { target.copyMemory(from: base + position, byteCount: n) }
        }
        position += n
        return n
    }
}
