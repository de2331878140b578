//! The JSON export, written a piece at a time.

use chrono::Utc;
use serde::Serialize;

/// Writes `value` as `serde_json::to_string_pretty` writes it `depth` levels down in a
/// document: each line after the first indented by two more spaces a level. serde_json
/// escapes the line breaks within strings, so every one it writes is between tokens.
fn pretty_at(depth: usize, value: &impl Serialize, out: &mut Vec<u8>) -> serde_json::Result<()> {
    let text = serde_json::to_vec_pretty(value)?;
    for (i, line) in text.split(|b| *b == b'\n').enumerate() {
        if i > 0 {
            out.push(b'\n');
            out.extend(std::iter::repeat_n(b' ', 2 * depth));
        }
        out.extend_from_slice(line);
    }
    Ok(())
}

/// The JSON export `{exported_at, user, profile, meals: [...], weights: [...],
/// custom_foods: [...], recipes: [...], favorites: [...]}`,
/// written a piece at a time, byte for byte as `serde_json::to_string_pretty` writes
/// the whole document: what read the export before it was streamed reads it the same.
pub struct JsonExport {
    meals: usize,
}

impl JsonExport {
    pub fn start(
        exported_at: &chrono::DateTime<Utc>,
        user: &impl Serialize,
        profile: &impl Serialize,
        out: &mut Vec<u8>,
    ) -> serde_json::Result<Self> {
        out.extend_from_slice(b"{\n  \"exported_at\": ");
        serde_json::to_writer(&mut *out, exported_at)?;
        out.extend_from_slice(b",\n  \"user\": ");
        pretty_at(1, user, out)?;
        out.extend_from_slice(b",\n  \"profile\": ");
        pretty_at(1, profile, out)?;
        out.extend_from_slice(b",\n  \"meals\": [");
        Ok(JsonExport { meals: 0 })
    }

    pub fn meal(&mut self, meal: &impl Serialize, out: &mut Vec<u8>) -> serde_json::Result<()> {
        out.extend_from_slice(if self.meals == 0 {
            b"\n    "
        } else {
            b",\n    "
        });
        self.meals += 1;
        pretty_at(2, meal, out)
    }

    /// Ends the meals, then writes the parts after them (`weights`, `custom_foods`, …)
    /// in order, and ends the document.
    pub fn end(
        self,
        after_meals: &[(&str, serde_json::Value)],
        out: &mut Vec<u8>,
    ) -> serde_json::Result<()> {
        out.extend_from_slice(if self.meals == 0 { b"]" } else { b"\n  ]" });
        for (key, value) in after_meals {
            out.extend_from_slice(b",\n  ");
            serde_json::to_writer(&mut *out, key)?;
            out.extend_from_slice(b": ");
            pretty_at(1, value, out)?;
        }
        out.extend_from_slice(b"\n}");
        Ok(())
    }
}
