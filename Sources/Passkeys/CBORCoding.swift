/// The CBOR decoder with its errors as `PasskeyFailure`s, for the verification's parsers.
enum CBORCoding {
    static func decode(_ bytes: [UInt8]) throws(PasskeyFailure) -> CBORValue {
        do { return try CBORDecoder.decode(bytes) } catch { throw .malformedCBOR(error) }
    }

    static func endOfItem(in bytes: [UInt8], from start: Int) throws(PasskeyFailure) -> Int {
        do { return try CBORDecoder.decodePrefix(bytes, from: start).end } catch { throw .malformedCBOR(error) }
    }
}
