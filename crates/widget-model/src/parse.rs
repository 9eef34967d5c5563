//! Reading a tool result's JSON text in one pass, without building what may never be drawn:
//! `records` arrays (at the top level or in `structuredContent`) are kept as borrowed raw spans of
//! the text, the `graph` stays raw until its counts are checked ([`crate::graph`]), and `content`
//! (the fallback text, a copy of the whole result) is kept raw until it is needed. Everything else
//! becomes `serde_json::Value`s. The JSON is validated all the same.

use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

/// A parsed JSON value whose heavy parts stayed raw.
pub enum Parsed<'a> {
    Object {
        fields: Map<String, Value>,
        /// `structuredContent`, read the same way (top level only).
        structured: Option<Box<Parsed<'a>>>,
        records: Option<RawRecords<'a>>,
        /// `graph`, unparsed.
        graph: Option<&'a RawValue>,
        /// `content`, unparsed (top level only).
        content: Option<&'a RawValue>,
    },
    Other(Value),
}

/// A `records` value: an array's elements as raw spans, or any other value.
pub enum RawRecords<'a> {
    Array(Vec<&'a RawValue>),
    Other(Value),
}

impl Parsed<'_> {
    /// The whole value, built (for the rare paths that need it all).
    pub fn into_value(self) -> Value {
        match self {
            Parsed::Other(v) => v,
            Parsed::Object {
                mut fields,
                structured,
                records,
                graph,
                content,
            } => {
                if let Some(s) = structured {
                    fields.insert("structuredContent".to_owned(), s.into_value());
                }
                if let Some(r) = records {
                    fields.insert("records".to_owned(), r.into_value());
                }
                if let Some(g) = graph {
                    fields.insert(
                        "graph".to_owned(),
                        serde_json::from_str(g.get()).unwrap_or(Value::Null),
                    );
                }
                if let Some(c) = content {
                    fields.insert(
                        "content".to_owned(),
                        serde_json::from_str(c.get()).unwrap_or(Value::Null),
                    );
                }
                Value::Object(fields)
            }
        }
    }
}

impl RawRecords<'_> {
    pub fn into_value(self) -> Value {
        match self {
            RawRecords::Other(v) => v,
            RawRecords::Array(items) => Value::Array(
                items
                    .iter()
                    .map(|r| serde_json::from_str(r.get()).unwrap_or(Value::Null))
                    .collect(),
            ),
        }
    }
}

/// Reads `text` as a tool result (`top` true) or as a structuredContent.
pub fn parse(text: &str, top: bool) -> Result<Parsed<'_>, serde_json::Error> {
    let mut de = serde_json::Deserializer::from_str(text);
    let parsed = ParsedSeed { top }.deserialize(&mut de)?;
    de.end()?;
    Ok(parsed)
}

struct ParsedSeed {
    top: bool,
}

impl<'de> DeserializeSeed<'de> for ParsedSeed {
    type Value = Parsed<'de>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Parsed<'de>, D::Error> {
        d.deserialize_any(self)
    }
}

/// Scalars and arrays become plain values in both visitors.
macro_rules! plain_values {
    ($wrap:path) => {
        fn visit_bool<E: de::Error>(self, v: bool) -> Result<Self::Value, E> {
            Ok($wrap(Value::Bool(v)))
        }
        fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
            Ok($wrap(Value::from(v)))
        }
        fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
            Ok($wrap(Value::from(v)))
        }
        fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
            Ok($wrap(Value::from(v)))
        }
        fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
            Ok($wrap(Value::String(v.to_owned())))
        }
        fn visit_string<E: de::Error>(self, v: String) -> Result<Self::Value, E> {
            Ok($wrap(Value::String(v)))
        }
        fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
            Ok($wrap(Value::Null))
        }
    };
}

impl<'de> Visitor<'de> for ParsedSeed {
    type Value = Parsed<'de>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    plain_values!(Parsed::Other);

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Parsed<'de>, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element::<Value>()? {
            items.push(item);
        }
        Ok(Parsed::Other(Value::Array(items)))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Parsed<'de>, A::Error> {
        let mut fields = Map::new();
        let (mut structured, mut records, mut graph, mut content) = (None, None, None, None);
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "records" => records = Some(map.next_value_seed(RecordsSeed)?),
                "graph" => graph = Some(map.next_value::<&'de RawValue>()?),
                "structuredContent" if self.top => {
                    structured = Some(Box::new(map.next_value_seed(ParsedSeed { top: false })?));
                }
                "content" if self.top => content = Some(map.next_value::<&'de RawValue>()?),
                _ => {
                    let value = map.next_value::<Value>()?;
                    fields.insert(key, value);
                }
            }
        }
        Ok(Parsed::Object {
            fields,
            structured,
            records,
            graph,
            content,
        })
    }
}

struct RecordsSeed;

impl<'de> DeserializeSeed<'de> for RecordsSeed {
    type Value = RawRecords<'de>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<RawRecords<'de>, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for RecordsSeed {
    type Value = RawRecords<'de>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("records")
    }

    plain_values!(RawRecords::Other);

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<RawRecords<'de>, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element::<&'de RawValue>()? {
            items.push(item);
        }
        Ok(RawRecords::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawRecords<'de>, A::Error> {
        let mut fields = Map::new();
        while let Some((k, v)) = map.next_entry::<String, Value>()? {
            fields.insert(k, v);
        }
        Ok(RawRecords::Other(Value::Object(fields)))
    }
}

/// The byte range of `raw` within `text`, which it borrows from.
pub fn span_in(text: &str, raw: &RawValue) -> Option<(usize, usize)> {
    let start = (raw.get().as_ptr() as usize).checked_sub(text.as_ptr() as usize)?;
    let end = start + raw.get().len();
    (end <= text.len()).then_some((start, end))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_and_content_stay_raw_and_the_rest_is_parsed() {
        let text = r#"{"content":[{"type":"text","text":"{}"}],"structuredContent":{"kind":"k","records":[{"id":1}, 2]},"isError":false}"#;
        let Ok(Parsed::Object {
            fields,
            structured,
            records,
            content,
            ..
        }) = parse(text, true)
        else {
            panic!("object")
        };
        assert_eq!(fields["isError"], false);
        assert!(records.is_none());
        assert!(content.is_some_and(|c| c.get().starts_with('[')));
        let Some(s) = structured else {
            panic!("structured")
        };
        let Parsed::Object {
            fields,
            records: Some(RawRecords::Array(items)),
            ..
        } = *s
        else {
            panic!("records")
        };
        assert_eq!(fields["kind"], "k");
        assert_eq!(items.len(), 2);
        let (a, b) = span_in(text, items[0]).expect("span");
        assert_eq!(&text[a..b], r#"{"id":1}"#);
    }

    #[test]
    fn invalid_json_is_an_error_even_inside_raw_parts() {
        assert!(parse(r#"{"structuredContent":{"records":[{"id":}]}}"#, true).is_err());
        assert!(parse(r#"{"content":[1,}"#, true).is_err());
        assert!(parse("{} trailing", true).is_err());
    }

    #[test]
    fn odd_shapes_fall_back_to_values() {
        let Ok(Parsed::Object {
            records: Some(RawRecords::Other(v)),
            ..
        }) = parse(r#"{"records":{"a":1}}"#, false)
        else {
            panic!("records object");
        };
        assert_eq!(v["a"], 1);
        assert!(matches!(
            parse("[1,2]", true),
            Ok(Parsed::Other(Value::Array(_)))
        ));
        let Ok(p) = parse(
            r#"{"structuredContent":{"records":[1]},"content":[]}"#,
            true,
        ) else {
            panic!()
        };
        assert_eq!(p.into_value()["structuredContent"]["records"][0], 1);
    }
}
