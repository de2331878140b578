//! Retail barcodes (EAN-13, EAN-8, UPC-A, UPC-E) as one canonical GTIN, so a product is
//! one barcode whichever way it was printed, read or stored: UPC-A is EAN-13 with a
//! leading 0, UPC-E is expanded to its UPC-A, GTIN-14 with a 0 indicator is its EAN-13.
//! The check digit is always verified.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::user::Invalid;

/// How a food barcode was printed. Serialised with the names the web app shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BarcodeKind {
    #[serde(rename = "EAN13")]
    Ean13,
    #[serde(rename = "EAN8")]
    Ean8,
    #[serde(rename = "UPC")]
    UpcA,
    #[serde(rename = "UPCE")]
    UpcE,
    /// A GTIN-14 (cases and trade units), as some databases store codes.
    #[serde(rename = "GTIN14")]
    Gtin14,
}

impl BarcodeKind {
    pub fn name(self) -> &'static str {
        match self {
            BarcodeKind::Ean13 => "EAN13",
            BarcodeKind::Ean8 => "EAN8",
            BarcodeKind::UpcA => "UPC",
            BarcodeKind::UpcE => "UPCE",
            BarcodeKind::Gtin14 => "GTIN14",
        }
    }

    pub fn parse(name: &str) -> Option<Self> {
        Some(
            match name
                .to_ascii_uppercase()
                .replace(['-', '_', ' '], "")
                .as_str()
            {
                "EAN13" => BarcodeKind::Ean13,
                "EAN8" => BarcodeKind::Ean8,
                "UPC" | "UPCA" => BarcodeKind::UpcA,
                "UPCE" => BarcodeKind::UpcE,
                "GTIN14" | "ITF14" => BarcodeKind::Gtin14,
                _ => return None,
            },
        )
    }
}

/// A food barcode: the canonical GTIN (8 digits for EAN-8, 14 for a GTIN-14 whose
/// indicator is not 0, else 13) and how it was printed.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Barcode {
    gtin: String,
    kind: BarcodeKind,
}

/// The GS1 check digit of `body` (the digits before it).
fn check_digit(body: &[u8]) -> u8 {
    let sum: u32 = body
        .iter()
        .rev()
        .enumerate()
        .map(|(i, d)| u32::from(*d) * if i % 2 == 0 { 3 } else { 1 })
        .sum();
    ((10 - sum % 10) % 10) as u8
}

fn digits_of(text: &str) -> Option<Vec<u8>> {
    text.bytes()
        .map(|b| b.is_ascii_digit().then(|| b - b'0'))
        .collect()
}

fn check_ok(digits: &[u8]) -> bool {
    let (body, check) = digits.split_at(digits.len() - 1);
    check_digit(body) == check[0]
}

fn text_of(digits: &[u8]) -> String {
    digits.iter().map(|d| char::from(b'0' + d)).collect()
}

/// UPC-E (number system, six digits, check) to its twelve UPC-A digits.
fn expand_upc_e(d: &[u8]) -> Option<Vec<u8>> {
    if d.len() != 8 || d[0] > 1 {
        return None;
    }
    let (ns, m, check) = (d[0], &d[1..7], d[7]);
    let mut upc = vec![ns];
    match m[5] {
        0..=2 => upc.extend([m[0], m[1], m[5], 0, 0, 0, 0, m[2], m[3], m[4]]),
        3 => upc.extend([m[0], m[1], m[2], 0, 0, 0, 0, 0, m[3], m[4]]),
        4 => upc.extend([m[0], m[1], m[2], m[3], 0, 0, 0, 0, 0, m[4]]),
        _ => upc.extend([m[0], m[1], m[2], m[3], m[4], 0, 0, 0, 0, m[5]]),
    }
    upc.push(check);
    check_ok(&upc).then_some(upc)
}

fn wrong_check() -> Invalid {
    Invalid("barcode check digit does not match".into())
}

impl Barcode {
    /// A code typed or sent by a caller: digits (spaces and dashes allowed), 8, 12, 13 or
    /// 14 long, or 10–11 where a database dropped UPC-A's leading zeros. Typed digits say
    /// nothing of the bars they came from, so eight digits that begin with 0 are UPC-E
    /// when their check digit says so: an EAN-8 that begins with 0 is a shop's own
    /// number (GS1's restricted circulation, RCN-8), never a product's. Other eight
    /// digits are EAN-8 when their check digit says so, else UPC-E; a code valid both
    /// ways is also matched by its other reading ([`stored_forms`](Self::stored_forms)).
    pub fn parse(text: &str) -> Result<Barcode, Invalid> {
        let cleaned: String = text.chars().filter(|c| !matches!(c, ' ' | '-')).collect();
        if cleaned.is_empty() {
            return Err(Invalid("barcode must not be empty".into()));
        }
        let digits =
            digits_of(&cleaned).ok_or_else(|| Invalid("barcode must be digits only".into()))?;
        match digits.len() {
            8 if digits[0] == 0 => Barcode::read(BarcodeKind::UpcE, &cleaned)
                .or_else(|_| Barcode::read(BarcodeKind::Ean8, &cleaned)),
            8 => Barcode::read(BarcodeKind::Ean8, &cleaned)
                .or_else(|_| Barcode::read(BarcodeKind::UpcE, &cleaned)),
            10 | 11 => {
                let padded = format!("{cleaned:0>12}");
                Barcode::read(BarcodeKind::UpcA, &padded)
            }
            12 => Barcode::read(BarcodeKind::UpcA, &cleaned),
            13 => Barcode::read(BarcodeKind::Ean13, &cleaned),
            14 => Barcode::read(BarcodeKind::Gtin14, &cleaned),
            n => Err(Invalid(format!(
                "barcode must be 8, 12, 13 or 14 digits, not {n}"
            ))),
        }
    }

    /// A code as a reader decoded it, in a known format.
    pub fn read(kind: BarcodeKind, text: &str) -> Result<Barcode, Invalid> {
        let digits =
            digits_of(text.trim()).ok_or_else(|| Invalid("barcode must be digits only".into()))?;
        let expected = match kind {
            BarcodeKind::Ean13 => 13,
            BarcodeKind::Ean8 | BarcodeKind::UpcE => 8,
            BarcodeKind::UpcA => 12,
            BarcodeKind::Gtin14 => 14,
        };
        if digits.len() != expected {
            return Err(Invalid(format!(
                "a {} barcode has {expected} digits, not {}",
                kind.name(),
                digits.len()
            )));
        }
        let gtin13 = match kind {
            BarcodeKind::UpcE => {
                let upc = expand_upc_e(&digits).ok_or_else(wrong_check)?;
                format!("0{}", text_of(&upc))
            }
            _ if !check_ok(&digits) => return Err(wrong_check()),
            BarcodeKind::Ean8 => {
                return Ok(Barcode {
                    gtin: text_of(&digits),
                    kind,
                });
            }
            BarcodeKind::UpcA => format!("0{}", text_of(&digits)),
            BarcodeKind::Gtin14 if digits[0] != 0 => text_of(&digits),
            BarcodeKind::Gtin14 | BarcodeKind::Ean13 => text_of(&digits[digits.len() - 13..]),
        };
        // A GTIN-14 with a 0 indicator is the retail unit itself.
        let kind = match kind {
            BarcodeKind::Gtin14 if gtin13.len() == 13 => BarcodeKind::Ean13,
            other => other,
        };
        Ok(Barcode { gtin: gtin13, kind })
    }

    /// The canonical GTIN: what is stored and compared.
    pub fn as_str(&self) -> &str {
        &self.gtin
    }

    pub fn kind(&self) -> BarcodeKind {
        self.kind
    }

    /// The digits as printed under the bars.
    pub fn formatted(&self) -> String {
        let g = self.gtin.as_str();
        match self.kind {
            BarcodeKind::Ean8 => format!("{} {}", &g[..4], &g[4..]),
            BarcodeKind::UpcA => {
                let u = &g[1..];
                format!("{} {} {} {}", &u[..1], &u[1..6], &u[6..11], &u[11..])
            }
            BarcodeKind::UpcE => {
                let e = self.upc_e_digits().unwrap_or_default();
                if e.len() == 8 {
                    format!("{} {} {}", &e[..1], &e[1..7], &e[7..])
                } else {
                    g.to_owned()
                }
            }
            BarcodeKind::Ean13 => format!("{} {} {}", &g[..1], &g[1..7], &g[7..]),
            BarcodeKind::Gtin14 => format!("{} {} {} {}", &g[..1], &g[1..3], &g[3..13], &g[13..]),
        }
    }

    /// The eight UPC-E digits of a zero-suppressed UPC-A, if it has them.
    fn upc_e_digits(&self) -> Option<String> {
        let upc = digits_of(self.gtin.get(1..)?)?;
        if upc.len() != 12 || upc[0] > 1 {
            return None;
        }
        // The compression that expands back to this very code.
        upc_e_candidates(&upc)
            .into_iter()
            .find(|e| expand_upc_e(e).as_deref() == Some(&upc[..]))
            .map(|e| text_of(&e))
    }

    /// Every form the same code may be stored in by outside databases (USDA keeps UPC-A
    /// without its leading zero, or as GTIN-14), canonical first. Eight digits valid as
    /// both EAN-8 and UPC-E are also looked up as their other reading: a food kept under
    /// one (typed before the reading was settled, or by a database that guessed) is found
    /// by a scan of the other.
    pub fn stored_forms(&self) -> Vec<String> {
        let g = &self.gtin;
        let mut forms = vec![g.clone()];
        match g.len() {
            8 => {
                forms.push(format!("{g:0>13}"));
                forms.push(format!("{g:0>14}"));
                // Read off EAN-8 bars, a code beginning with 0 is a shop's own number:
                // never another product's UPC-E.
                let shops_own = self.kind == BarcodeKind::Ean8 && g.starts_with('0');
                if let Ok(upc_e) = Barcode::read(BarcodeKind::UpcE, g)
                    && !shops_own
                {
                    forms.push(upc_e.gtin);
                }
            }
            13 => {
                forms.push(format!("0{g}"));
                let mut rest = g.as_str();
                // 12 (UPC-A), 11 and 10 digits: the leading zeros dropped one by one.
                while let Some(shorter) = rest.strip_prefix('0') {
                    if shorter.len() < 10 {
                        break;
                    }
                    forms.push(shorter.to_owned());
                    rest = shorter;
                }
                if let Some(e) = self.upc_e_digits()
                    && Barcode::read(BarcodeKind::Ean8, &e).is_ok()
                {
                    forms.push(e);
                }
            }
            _ => {}
        }
        forms
    }

    /// Books (ISBN, 978/979) and periodicals (ISSN, 977) share EAN-13 but are not food.
    pub fn is_food(&self) -> bool {
        !(self.gtin.len() == 13
            && ["977", "978", "979"]
                .iter()
                .any(|p| self.gtin.starts_with(p)))
    }
}

/// The canonical form of a code from an outside database, or the code as it came when
/// it is not a valid retail barcode (kept, so nothing is lost; a scan will not match it).
pub fn canonical_or_raw(text: &str) -> String {
    Barcode::parse(text).map_or_else(|_| text.trim().to_owned(), |b| b.gtin)
}

/// The UPC-E forms that could compress a UPC-A (number system and check included).
fn upc_e_candidates(upc: &[u8]) -> Vec<Vec<u8>> {
    let (ns, m, check) = (upc[0], &upc[1..11], upc[11]);
    vec![
        vec![ns, m[0], m[1], m[7], m[8], m[9], m[2], check],
        vec![ns, m[0], m[1], m[2], m[8], m[9], 3, check],
        vec![ns, m[0], m[1], m[2], m[3], m[9], 4, check],
        vec![ns, m[0], m[1], m[2], m[3], m[4], m[9], check],
    ]
}

impl fmt::Display for Barcode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.gtin)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn upc_a_is_ean13_with_a_leading_zero() {
        let b = Barcode::parse("070097025088").unwrap();
        assert_eq!(b.as_str(), "0070097025088");
        assert_eq!(b.kind(), BarcodeKind::UpcA);
        assert_eq!(b.formatted(), "0 70097 02508 8");
        // The same product read as EAN-13, typed with the zero, or stored as GTIN-14.
        assert_eq!(
            Barcode::parse("0070097025088").unwrap().as_str(),
            b.as_str()
        );
        assert_eq!(
            Barcode::parse("00070097025088").unwrap().as_str(),
            b.as_str()
        );
        // USDA's branded table drops the leading zero.
        assert_eq!(Barcode::parse("70097025088").unwrap().as_str(), b.as_str());
    }

    #[test]
    fn upc_e_expands_to_its_upc_a() {
        let cases = [
            ("01234565", "0012345000065"),
            ("00123457", "0001234000057"),
            ("01264904", "0012000006494"),
        ];
        for (e, ean13) in cases {
            let b = Barcode::read(BarcodeKind::UpcE, e).unwrap();
            assert_eq!(b.as_str(), ean13, "{e}");
            assert_eq!(b.formatted().replace(' ', ""), e, "printed as read");
        }
        assert!(
            Barcode::read(BarcodeKind::UpcE, "01234566").is_err(),
            "check digit"
        );
        assert!(
            Barcode::read(BarcodeKind::UpcE, "21234565").is_err(),
            "number system"
        );
    }

    #[test]
    fn typed_upc_e_is_the_code_a_scan_reads() {
        // Valid as EAN-8 too, but an EAN-8 beginning with 0 is a shop's own number.
        let typed = Barcode::parse("04124498").unwrap();
        let scanned = Barcode::read(BarcodeKind::UpcE, "04124498").unwrap();
        assert_eq!(typed, scanned);
        assert_eq!(typed.as_str(), "0041244000098");
        assert_eq!(typed.formatted(), "0 412449 8");
        // A food kept under the EAN-8 reading (typed before this rule) is still found.
        assert!(scanned.stored_forms().contains(&"04124498".to_owned()));
        // And an EAN-8 that is also a valid UPC-E is looked up as both.
        let both = Barcode::parse("12345663").unwrap();
        let upc_e = Barcode::read(BarcodeKind::UpcE, "12345663").unwrap();
        assert_eq!(both.kind(), BarcodeKind::Ean8);
        assert!(both.stored_forms().contains(&upc_e.as_str().to_owned()));
        assert!(upc_e.stored_forms().contains(&"12345663".to_owned()));
        // Read off EAN-8 bars, 0… is a shop's own number, never a product's UPC-E.
        let shops_own = Barcode::read(BarcodeKind::Ean8, "04124498").unwrap();
        assert!(
            !shops_own
                .stored_forms()
                .contains(&typed.as_str().to_owned())
        );
    }

    #[test]
    fn ean8_and_ean13() {
        let b = Barcode::parse("12345670").unwrap();
        assert_eq!((b.as_str(), b.kind()), ("12345670", BarcodeKind::Ean8));
        assert_eq!(b.formatted(), "1234 5670");
        let b = Barcode::parse("9780393058673").unwrap();
        assert_eq!(b.formatted(), "9 780393 058673");
        assert!(!b.is_food(), "an ISBN is a book");
        assert!(Barcode::parse("3017620422003").unwrap().is_food());
    }

    #[test]
    fn bad_codes_say_why() {
        for (text, why) in [
            ("", "empty"),
            ("12a45670", "digits only"),
            ("12345", "not 5"),
            ("3017620422004", "check digit"),
            ("036000291453", "check digit"),
        ] {
            let e = Barcode::parse(text).unwrap_err();
            assert!(e.0.contains(why), "{text}: {}", e.0);
        }
    }

    #[test]
    fn stored_forms_cover_what_databases_keep() {
        let b = Barcode::parse("036000291452").unwrap();
        assert_eq!(
            b.stored_forms(),
            [
                "0036000291452",
                "00036000291452",
                "036000291452",
                "36000291452"
            ]
        );
        let e8 = Barcode::parse("96385074").unwrap();
        assert_eq!(e8.stored_forms()[0], "96385074");
        assert!(e8.stored_forms().contains(&"0000096385074".to_owned()));
    }
}
