//! An optional OpenAI-compatible vision endpoint (`POST {base}/chat/completions` with
//! the photo as a data URL), for dishes no detector class covers: it answers the foods
//! it sees with their weights, as JSON.

use std::time::Duration;

use base64::Engine;
use serde::Deserialize;
use serde_json::{Value, json};

use platform::config::{ExposeSecret, Secret};

pub const DEFAULT_MODEL: &str = "gpt-4o-mini";
pub const DEFAULT_TIMEOUT: Duration = Duration::from_millis(15_000);

/// `VISION_API_URL` (e.g. `http://localhost:11434/v1`), `VISION_API_KEY`, `VISION_MODEL`.
#[derive(Clone)]
pub struct VisionConfig {
    pub base_url: String,
    pub api_key: Option<Secret>,
    pub model: String,
    pub timeout: Duration,
}

impl std::fmt::Debug for VisionConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("VisionConfig")
            .field("base_url", &store::db::redact(&self.base_url))
            .field("model", &self.model)
            .field("timeout", &self.timeout)
            .finish_non_exhaustive()
    }
}

/// A food the vision model named.
#[derive(Debug, Clone, PartialEq)]
pub struct SeenFood {
    pub name: String,
    pub grams: Option<f64>,
    pub confidence: f32,
}

#[derive(Debug)]
pub struct VisionClient {
    config: VisionConfig,
    http: reqwest::Client,
}

const INSTRUCTIONS: &str = "You list the foods in a photo of a meal. Answer with JSON only, \
    in this shape: {\"foods\": [{\"name\": \"a plain English food name, e.g. fried rice\", \
    \"grams\": estimated weight in grams, \"confidence\": 0 to 1}]}. List at most 8 foods; \
    an empty list when there is no food.";

/// At most this many foods are taken from an answer.
const MAX_FOODS: usize = 8;

#[derive(Deserialize)]
struct Answer {
    #[serde(default)]
    foods: Vec<Value>,
}

impl VisionClient {
    pub fn new(config: VisionConfig) -> Self {
        let http = reqwest::Client::builder()
            .timeout(config.timeout)
            .user_agent(concat!("calorie-tracker/", env!("CARGO_PKG_VERSION")))
            .build()
            .unwrap_or_default();
        VisionClient { config, http }
    }

    /// The foods in a JPEG, as the model sees them.
    pub async fn foods(&self, jpeg: &[u8]) -> Result<Vec<SeenFood>, String> {
        let image = base64::engine::general_purpose::STANDARD.encode(jpeg);
        let body = json!({
            "model": self.config.model,
            "temperature": 0,
            "response_format": {"type": "json_object"},
            "messages": [
                {"role": "system", "content": INSTRUCTIONS},
                {"role": "user", "content": [
                    {"type": "text", "text": "Which foods are in this photo, and about how many grams of each?"},
                    {"type": "image_url", "image_url": {"url": format!("data:image/jpeg;base64,{image}")}}
                ]}
            ]
        });
        let url = format!(
            "{}/chat/completions",
            self.config.base_url.trim_end_matches('/')
        );
        let mut request = self.http.post(url).json(&body);
        if let Some(key) = &self.config.api_key {
            request = request.bearer_auth(key.expose_secret());
        }
        let response = request
            .send()
            .await
            .map_err(|e| format!("vision endpoint: {e}"))?;
        let status = response.status();
        if !status.is_success() {
            return Err(format!("vision endpoint answered {status}"));
        }
        let reply: Value = response
            .json()
            .await
            .map_err(|e| format!("vision endpoint answer: {e}"))?;
        let content = reply["choices"][0]["message"]["content"]
            .as_str()
            .ok_or("vision endpoint answer has no message content")?;
        Ok(parse_foods(content))
    }
}

/// The foods of a model's answer; whatever is malformed is left out.
pub fn parse_foods(content: &str) -> Vec<SeenFood> {
    // Some models wrap their JSON in a code fence.
    let text = content
        .trim()
        .trim_start_matches("```json")
        .trim_start_matches("```")
        .trim_end_matches("```");
    let Ok(answer) = serde_json::from_str::<Answer>(text) else {
        return Vec::new();
    };
    answer
        .foods
        .iter()
        .filter_map(|food| {
            let name = food["name"].as_str()?.trim();
            if name.is_empty() || name.chars().count() > 80 {
                return None;
            }
            let grams = food["grams"]
                .as_f64()
                .filter(|g| g.is_finite() && (1.0..=3000.0).contains(g))
                .map(|g| g.round());
            let confidence = food["confidence"].as_f64().unwrap_or(0.5).clamp(0.0, 1.0) as f32;
            Some(SeenFood {
                name: name.to_owned(),
                grams,
                confidence,
            })
        })
        .take(MAX_FOODS)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_foods_and_leaves_out_the_nonsense() {
        let foods = parse_foods(
            "```json\n{\"foods\": [{\"name\": \"Fried rice\", \"grams\": 250.4, \"confidence\": 0.9},\
             {\"name\": \"\"}, {\"name\": \"Soup\", \"grams\": 99999}, {\"grams\": 10}]}\n```",
        );
        assert_eq!(
            foods,
            [
                SeenFood {
                    name: "Fried rice".into(),
                    grams: Some(250.0),
                    confidence: 0.9
                },
                SeenFood {
                    name: "Soup".into(),
                    grams: None,
                    confidence: 0.5
                },
            ]
        );
        assert!(parse_foods("I see a sandwich.").is_empty());
    }
}
