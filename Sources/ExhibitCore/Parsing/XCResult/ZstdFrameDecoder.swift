import CZstd

/// Decompresses the zstd frames of a result bundle's objects: the only file that
/// touches libzstd. Real frames do not record their decompressed size
/// (`ZSTD_getFrameContentSize` says "unknown"), so this uses the streaming API and
/// grows the output as it comes, up to `limit` bytes: a hostile object cannot expand
/// into more memory than the caller allows.
public enum ZstdFrameDecoder {
    /// The four bytes every zstd frame starts with.
    public static let magic: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD]

    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The input ended inside a frame.
        case truncated(decodedSoFar: Int)
        /// The output would pass the limit.
        case tooLarge(limit: Int)
        /// libzstd refused the data (its own message).
        case corrupt(String)

        public var description: String {
            switch self {
            case .truncated(let n): "truncated zstd frame: the data ends inside the frame (\(n) bytes decoded before the end)"
            case .tooLarge(let limit): "decompresses to more than \(limit) bytes, the limit per object"
            case .corrupt(let why): "not a valid zstd frame: \(why)"
            }
        }
    }

    public static func isCompressed(_ bytes: [UInt8]) -> Bool { bytes.starts(with: magic) }

    /// Every frame in `compressed`, decoded and concatenated; at most `limit` bytes.
    public static func decompress(_ compressed: [UInt8], limit: Int) throws(Failure) -> [UInt8] {
        var produced = 0
        return try decode(compressed, limit: limit, prefixOnly: false, produced: &produced)
    }

    /// `decompress`, saying in `produced` how many bytes the decoding made, also when it
    /// failed: a frame refused at the limit, or found corrupt or cut after 200 MiB, cost
    /// that work all the same (`verify` charges it to the bundle's budget).
    public static func decompress(_ compressed: [UInt8], limit: Int, produced: inout Int) throws(Failure) -> [UInt8] {
        try decode(compressed, limit: limit, prefixOnly: false, produced: &produced)
    }

    /// The first `count` decoded bytes of what may be only the start of a frame (the
    /// first line of a 14 MB log, read from its first kilobytes): fewer when the data
    /// ends first or turns out not to be zstd.
    public static func prefix(_ compressed: [UInt8], count: Int) -> [UInt8] {
        var produced = 0
        return (try? decode(compressed, limit: count, prefixOnly: true, produced: &produced)) ?? []
    }

    private static func decode(_ compressed: [UInt8], limit: Int, prefixOnly: Bool, produced: inout Int) throws(Failure) -> [UInt8] {
        guard let stream = ZSTD_createDStream() else { throw Failure.corrupt("libzstd could not allocate a stream") }
        defer { ZSTD_freeDStream(stream) }
        // The bundles' frames use a 512 KiB window; 2^27 (libzstd's default bound) is far
        // above that and keeps a crafted header from asking for gigabytes of window.
        ZSTD_DCtx_setParameter(stream, ZSTD_d_windowLogMax, 27)
        // libzstd's recommended output chunk (128 KiB) for large objects; most objects
        // are a few kilobytes, and zeroing 128 KiB for each of 10,000 of them was the
        // bulk of reading a bundle.
        let chunk = min(ZSTD_DStreamOutSize(), max(4096, compressed.count * 8))
        var output: [UInt8] = []
        output.reserveCapacity(min(limit, compressed.count * 4))
        var scratch = [UInt8](repeating: 0, count: chunk)
        var lastResult = 0
        var failure: Failure?
        var stopped = false
        compressed.withUnsafeBytes { inputBytes in
            var input = ZSTD_inBuffer(src: inputBytes.baseAddress, size: inputBytes.count, pos: 0)
            scratch.withUnsafeMutableBytes { scratchBytes in
                while true {
                    var out = ZSTD_outBuffer(dst: scratchBytes.baseAddress, size: scratchBytes.count, pos: 0)
                    let result = ZSTD_decompressStream(stream, &out, &input)
                    if ZSTD_isError(result) != 0 {
                        failure = .corrupt(String(cString: ZSTD_getErrorName(result)))
                        return
                    }
                    if out.pos > 0 {
                        guard output.count + out.pos <= limit else {
                            if prefixOnly {
                                output.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratchBytes[0..<(limit - output.count)]))
                                stopped = true
                            } else {
                                failure = .tooLarge(limit: limit)
                            }
                            return
                        }
                        output.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratchBytes[0..<out.pos]))
                    }
                    lastResult = result
                    // Done when every input byte is consumed and libzstd holds nothing
                    // back: a frame just ended (0: decoded and flushed), or the output
                    // buffer was not filled (a full one may mean more is pending). Asked
                    // again after a frame ended, libzstd would wait for the next frame's
                    // header and answer its size: an object whose content is an exact
                    // multiple of the chunk was called truncated.
                    if input.pos == input.size && (result == 0 || out.pos < out.size) { return }
                }
            }
        }
        produced = output.count
        if case .tooLarge = failure { produced = limit }
        if let failure { throw failure }
        if stopped || prefixOnly { return output }
        // A non-zero hint after all input was used: the frame did not end.
        if lastResult != 0 { throw Failure.truncated(decodedSoFar: output.count) }
        return output
    }
}
