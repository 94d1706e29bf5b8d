//! Decoding the raw query string into an ordered multimap, as PostgREST (http-types'
//! `parseQueryReplacePlus True`) does.
//!
//! * A leading `?` is dropped; pairs are separated by `&` or `;`.
//! * Keys and values are decoded with form semantics: `+` becomes a space, then `%XX` becomes the
//!   byte `XX`; a `%` not followed by two hex digits is kept as is; bytes that are not UTF-8
//!   become U+FFFD.
//! * A piece without `=` (`?flag`) is ignored; `key=` is kept with an empty value.
//! * Order and repetitions are kept: `n=gt.1&n=lt.5` is two filters.

/// The name of the query parameter that carries the API key rather than a filter.
pub const API_KEY_PARAM: &str = "apikey";

/// Every `key=value` pair, decoded, in order (including `apikey`).
pub fn decode_pairs(raw: &str) -> Vec<(String, String)> {
    let raw = raw.strip_prefix('?').unwrap_or(raw);
    raw.split(['&', ';'])
        .filter_map(|piece| piece.split_once('='))
        .map(|(key, value)| (form_decode(key), form_decode(value)))
        .collect()
}

/// The pairs the REST grammar sees: [`decode_pairs`] without `apikey`, which is the API key
/// (read by the key check) and never a filter.
pub fn decode_query(raw: &str) -> Vec<(String, String)> {
    let mut pairs = decode_pairs(raw);
    pairs.retain(|(key, _)| key != API_KEY_PARAM);
    pairs
}

/// `+` → space, then percent-decoding.
pub fn form_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        match b {
            b'+' => out.push(b' '),
            b'%' => match (bytes.get(i + 1).and_then(|h| hex(*h)), bytes.get(i + 2).and_then(|l| hex(*l))) {
                (Some(high), Some(low)) => {
                    out.push(high * 16 + low);
                    i += 2;
                }
                _ => out.push(b'%'),
            },
            other => out.push(other),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn hex(digit: u8) -> Option<u8> {
    char::from(digit).to_digit(16).and_then(|d| u8::try_from(d).ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(items: &[(&str, &str)]) -> Vec<(String, String)> {
        items.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn plus_is_a_space_and_percent_escapes_are_decoded() {
        let cases = [
            ("a+b", "a b"),
            ("%2B", "+"),
            ("%25Foo+Bar%25", "%Foo Bar%"),
            ("%2C%28%29%22%3A%3E%7B%7D", ",()\":>{}"),
            ("caf%C3%A9", "café"),
            ("%zz%4", "%zz%4"),
            ("%", "%"),
            ("%ff", "\u{fffd}"),
            ("ಹ", "ಹ"),
        ];
        for (input, expected) in cases {
            assert_eq!(form_decode(input), expected, "{input}");
        }
    }

    #[test]
    fn the_query_is_an_ordered_multimap() {
        assert_eq!(
            decode_pairs("?n=gt.1&n=lt.5&arr=cd.%7Bz%7D&arr=ov.%7Bq%7D"),
            pairs(&[("n", "gt.1"), ("n", "lt.5"), ("arr", "cd.{z}"), ("arr", "ov.{q}")])
        );
    }

    #[test]
    fn pieces_without_equals_are_ignored_and_empty_values_kept() {
        assert_eq!(decode_pairs("flag&a=&b=1&&c=x=y"), pairs(&[("a", ""), ("b", "1"), ("c", "x=y")]));
        assert_eq!(decode_pairs(""), pairs(&[]));
    }

    #[test]
    fn semicolons_separate_pairs_like_ampersands() {
        assert_eq!(decode_pairs("a=1;b=2"), pairs(&[("a", "1"), ("b", "2")]));
        assert_eq!(decode_pairs("a=1%3Bb"), pairs(&[("a", "1;b")]));
    }

    #[test]
    fn keys_are_decoded_too() {
        assert_eq!(decode_pairs("full+name=eq.x&%22a%22=1"), pairs(&[("full name", "eq.x"), ("\"a\"", "1")]));
    }

    #[test]
    fn the_api_key_is_not_a_filter() {
        assert_eq!(decode_query("apikey=secret&id=eq.1"), pairs(&[("id", "eq.1")]));
        assert_eq!(decode_pairs("apikey=secret").len(), 1);
    }

    #[test]
    fn the_supabase_js_select_decodes() {
        assert_eq!(
            decode_query("select=id%2Ctitle%3Aname%2Cowner%3Aprofiles%21inner%28id%2C%22full+name%22%29"),
            pairs(&[("select", "id,title:name,owner:profiles!inner(id,\"full name\")")])
        );
    }
}
