import Foundation

/// A JSON request body read strictly (the bodies of `POST /api/matches` and of the queue's routes):
/// every field checked, an unknown one refused, so that a typing mistake is told rather than ignored,
/// and what is wrong said in a sentence for the error body.
public protocol StrictBody: Decodable, Sendable {
    /// The fields a body may have.
    static var fields: [String] { get }
    /// What a body must look like, for the error body when it is not a JSON object of that shape.
    static var expectedShape: String { get }
    /// The fields that hold `true` or `false`; every other field holds a string or, for those in
    /// `objectFields`, an object.
    static var booleanFields: Set<String> { get }
    /// The fields that hold an object, with the sentence saying what it must look like.
    static var objectFields: [String: String] { get }
}

/// A request body that cannot be read.
public struct BodyRefusal: Error, Sendable, Hashable {
    /// What is wrong, for the error body's message.
    public let reason: String
}

extension StrictBody {
    public static var booleanFields: Set<String> { [] }
    public static var objectFields: [String: String] { [:] }

    /// Throws, naming it, when the JSON object `decoder` reads has a field that is not in `fields`.
    public static func refuseUnknownFields(in decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: DynamicCodingKey.self).allKeys.map(\.stringValue)
        if let unknown = keys.first(where: { !fields.contains($0) }) {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [DynamicCodingKey(stringValue: unknown)], debugDescription: "There is no field \"\(unknown)\"."))
        }
    }

    /// The sentence for a field of the wrong type: every field is a string but a body's flags.
    private static func mistyped(_ field: String) -> String {
        if let shape = objectFields[field] { return shape }
        return booleanFields.contains(field) ? "The field \"\(field)\" must be true or false." : "The field \"\(field)\" must be a string."
    }

    /// `text` read as a body; why not, in a sentence.
    public static func read(strictly text: String) -> Result<Self, BodyRefusal> {
        do {
            return .success(try JSONDecoder().decode(Self.self, from: Data(text.utf8)))
        } catch DecodingError.dataCorrupted(let context) where !context.codingPath.isEmpty {
            return .failure(BodyRefusal(reason: context.debugDescription))
        } catch DecodingError.keyNotFound(let key, _) {
            return .failure(BodyRefusal(reason: "The field \"\(key.stringValue)\" is missing."))
        } catch DecodingError.typeMismatch(_, let context) where !context.codingPath.isEmpty {
            return .failure(BodyRefusal(reason: mistyped(context.codingPath[0].stringValue)))
        } catch DecodingError.valueNotFound(_, let context) where !context.codingPath.isEmpty {
            return .failure(BodyRefusal(reason: mistyped(context.codingPath[0].stringValue)))
        } catch {
            return .failure(BodyRefusal(reason: expectedShape))
        }
    }
}

/// Any key of a JSON object, to list them all.
