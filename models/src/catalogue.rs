//! The built-in bilingual catalogue: everyday foods of both cuisines, written by us, each
//! naming the reference its values were taken from (checked by a test against the
//! reference tables). Seeded into the store at start-up; an unchanged entry is not
//! rewritten.

use crate::food::{FoodSource, NewFood, Nutrients, Portion};
use crate::micronutrients::{self, Micronutrients};

const CATALOGUE: &str = include_str!("../data/catalogue.tsv");
/// Their vitamins, minerals and fats, from the same references (`scripts/derive-usda.py`).
const MICRONUTRIENTS: &str = include_str!("../data/catalogue_micronutrients.tsv");

const HEADER: &str = "key\tname_en\tname_zh\tpinyin\tcategory\tkcal\tprotein_g\tfat_g\tcarbs_g\tfiber_g\tsugar_g\tsodium_mg\tportions\treference";

/// Where an entry's values come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reference {
    /// A USDA FoodData Central food.
    Usda { fdc_id: i64 },
    /// A food code of the China Food Composition Tables (6th edition).
    ChinaFct { code: String },
}

impl Reference {
    fn parse(text: &str) -> Result<Self, String> {
        match text.split_once(':') {
            Some(("usda", id)) => id
                .parse()
                .map(|fdc_id| Reference::Usda { fdc_id })
                .map_err(|_| format!("bad fdc_id in {text:?}")),
            Some(("cfct", code)) if !code.is_empty() => {
                Ok(Reference::ChinaFct { code: code.into() })
            }
            _ => Err(format!("unknown reference {text:?}")),
        }
    }

    fn describe(&self) -> String {
        match self {
            Reference::Usda { fdc_id } => format!("USDA FoodData Central {fdc_id}"),
            Reference::ChinaFct { code } => {
                format!("China Food Composition Tables (6th ed.) {code}")
            }
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct CatalogueEntry {
    pub key: String,
    pub name_en: String,
    pub name_zh: String,
    pub pinyin: String,
    pub category: String,
    pub nutrients: Nutrients,
    pub portions: Vec<Portion>,
    pub reference: Reference,
    pub micronutrients: Micronutrients,
}

impl CatalogueEntry {
    pub fn to_food(&self) -> NewFood {
        NewFood {
            source: Some(FoodSource::Catalogue),
            source_key: Some(self.key.clone()),
            name: self.name_en.clone(),
            name_zh: Some(self.name_zh.clone()),
            pinyin: Some(self.pinyin.clone()),
            category: Some(self.category.clone()),
            nutrients: self.nutrients,
            micronutrients: self.micronutrients,
            portions: self.portions.clone(),
            fdc_id: match self.reference {
                Reference::Usda { fdc_id } => Some(fdc_id),
                Reference::ChinaFct { .. } => None,
            },
            description: Some(format!("Reference: {}", self.reference.describe())),
            data_quality: match self.reference {
                Reference::Usda { .. } => "usda".into(),
                Reference::ChinaFct { .. } => "unknown".into(),
            },
            ..NewFood::default()
        }
    }
}

/// Every catalogue entry, or what is wrong with the file (line numbers from 1).
pub fn entries() -> Result<Vec<CatalogueEntry>, String> {
    let mut entries = parse(CATALOGUE)?;
    let values = micronutrients::parse_table(MICRONUTRIENTS, "key")
        .map_err(|e| format!("catalogue_micronutrients.tsv {e}"))?;
    for entry in &mut entries {
        if let Some(values) = values.get(&entry.key) {
            entry.micronutrients = *values;
        }
    }
    Ok(entries)
}

/// The catalogue as foods to store.
pub fn foods() -> Vec<NewFood> {
    entries()
        .expect("the built-in catalogue parses (checked by its tests)")
        .iter()
        .map(CatalogueEntry::to_food)
        .collect()
}

pub fn parse(text: &str) -> Result<Vec<CatalogueEntry>, String> {
    let mut lines = text.lines().enumerate();
    match lines.next() {
        Some((_, header)) if header.trim_end() == HEADER => {}
        _ => return Err("the first line must be the header".into()),
    }
    let mut out = Vec::new();
    for (i, line) in lines {
        if line.trim().is_empty() {
            continue;
        }
        let at = |e: String| format!("line {}: {e}", i + 1);
        let fields: Vec<&str> = line.split('\t').collect();
        if fields.len() != 14 {
            return Err(at(format!("expected 14 fields, found {}", fields.len())));
        }
        let number = |idx: usize| -> Result<f64, String> {
            let v: f64 = fields[idx].trim().parse().map_err(|_| {
                at(format!(
                    "field {} is not a number: {:?}",
                    idx + 1,
                    fields[idx]
                ))
            })?;
            if !v.is_finite() || v < 0.0 {
                return Err(at(format!("field {} must be 0 or more", idx + 1)));
            }
            Ok(v)
        };
        let nutrients = Nutrients {
            calories: number(5)?,
            protein: number(6)?,
            fat: number(7)?,
            carbs: number(8)?,
            fiber: number(9)?,
            sugar: number(10)?,
            sodium: number(11)?,
        };
        let portions = Portion::parse_list(fields[12]).map_err(at)?;
        let text_field = |idx: usize, what: &str| -> Result<String, String> {
            let v = fields[idx].trim();
            if v.is_empty() {
                return Err(at(format!("{what} is empty")));
            }
            Ok(v.to_owned())
        };
        out.push(CatalogueEntry {
            key: text_field(0, "key")?,
            name_en: text_field(1, "name_en")?,
            name_zh: text_field(2, "name_zh")?,
            pinyin: text_field(3, "pinyin")?,
            category: text_field(4, "category")?,
            nutrients,
            portions,
            reference: Reference::parse(fields[13].trim()).map_err(at)?,
            micronutrients: Micronutrients::UNKNOWN,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_an_entry() {
        let text = format!(
            "{HEADER}\nbanana\tBanana\t香蕉\txiāng jiāo\tfruit\t89\t1.1\t0.3\t22.8\t2.6\t12.2\t1\t118|1 medium|1 根（中等）;150|1 cup, sliced|1 杯（切片）\tusda:173944\n"
        );
        let e = &parse(&text).unwrap()[0];
        assert_eq!(e.name_zh, "香蕉");
        assert_eq!(
            e.portions[0],
            Portion {
                grams: 118.0,
                name: "1 medium".into(),
                name_zh: Some("1 根（中等）".into()),
                approximate: false,
            }
        );
        assert_eq!(e.reference, Reference::Usda { fdc_id: 173944 });
        let food = e.to_food();
        assert_eq!(food.source_key.as_deref(), Some("banana"));
        assert_eq!(food.fdc_id, Some(173944));
    }

    #[test]
    fn refuses_malformed_lines() {
        for bad in [
            "banana\tBanana",
            "banana\tBanana\t香蕉\txiāng jiāo\tfruit\t-1\t1\t0\t22\t2\t12\t1\t118|1 medium|x\tusda:1",
            "banana\tBanana\t香蕉\txiāng jiāo\tfruit\t89\t1\t0\t22\t2\t12\t1\t0|1 medium|x\tusda:1",
            "banana\tBanana\t香蕉\txiāng jiāo\tfruit\t89\t1\t0\t22\t2\t12\t1\t118|1 medium|x\tother:1",
        ] {
            assert!(parse(&format!("{HEADER}\n{bad}\n")).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_built_in_catalogue_parses() {
        let entries = entries().unwrap();
        assert!(!entries.is_empty());
    }
}
