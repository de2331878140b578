use super::*;

fn doc(
    id: i64,
    name: &str,
    zh: Option<&str>,
    pinyin: Option<&str>,
    brand: Option<&str>,
    kind: DocKind,
) -> FoodDoc {
    FoodDoc {
        id,
        name: name.into(),
        name_zh: zh.map(Into::into),
        pinyin: pinyin.map(Into::into),
        brand: brand.map(Into::into),
        aliases: Vec::new(),
        kind,
    }
}

fn foods() -> Vec<FoodDoc> {
    use DocKind::*;
    vec![
        doc(
            1,
            "Banana",
            Some("香蕉"),
            Some("xiāng jiāo"),
            None,
            Catalogue,
        ),
        doc(
            2,
            "Banana bread",
            Some("香蕉面包"),
            Some("xiāng jiāo miàn bāo"),
            None,
            Catalogue,
        ),
        doc(3, "BANANA", None, None, Some("Chiquita"), Branded),
        doc(4, "Bananas, raw", None, None, None, Generic),
        doc(
            5,
            "Rice, white, cooked",
            Some("米饭"),
            Some("mǐ fàn"),
            None,
            Catalogue,
        ),
        doc(
            6,
            "Rice cake",
            Some("年糕"),
            Some("nián gāo"),
            None,
            Catalogue,
        ),
        doc(
            7,
            "Rice, brown, long-grain, cooked",
            None,
            None,
            None,
            Generic,
        ),
        doc(
            8,
            "Broccoli, cooked",
            Some("西兰花（熟）"),
            Some("xī lán huā"),
            None,
            Catalogue,
        ),
        doc(
            9,
            "Egg, boiled",
            Some("鸡蛋（煮）"),
            Some("jī dàn"),
            None,
            Catalogue,
        ),
        doc(
            10,
            "Fried rice with egg",
            Some("蛋炒饭"),
            Some("dàn chǎo fàn"),
            None,
            Catalogue,
        ),
        doc(11, "Brown rice", None, None, Some("Uncle Ben's"), Branded),
        doc(
            12,
            "Tomato and egg stir-fry",
            Some("西红柿炒鸡蛋"),
            Some("xī hóng shì chǎo jī dàn"),
            None,
            Catalogue,
        ),
        doc(
            13,
            "Steamed bun",
            Some("馒头"),
            Some("mán tou"),
            None,
            Catalogue,
        ),
        doc(
            14,
            "Chocolate chip cookies",
            None,
            None,
            Some("Chips Ahoy"),
            Branded,
        ),
        doc(
            15,
            "My protein shake",
            None,
            None,
            None,
            Custom { owner: 7 },
        ),
        doc(
            16,
            "Other user's shake",
            None,
            None,
            None,
            Custom { owner: 8 },
        ),
        doc(
            17,
            "Rice cakes, brown rice, plain",
            None,
            None,
            None,
            Generic,
        ),
    ]
}

fn ids(index: &SearchIndex, q: &str) -> Vec<i64> {
    index
        .search(&Query::parse(q).unwrap(), None, &[], 10)
        .into_iter()
        .map(|h| h.id)
        .collect()
}

fn first(index: &SearchIndex, q: &str) -> i64 {
    ids(index, q)
        .first()
        .copied()
        .unwrap_or_else(|| panic!("nothing found for {q:?}"))
}

#[test]
fn the_plain_food_comes_first() {
    let index = SearchIndex::build(foods());
    let banana = ids(&index, "banana");
    assert_eq!(banana[0], 1, "{banana:?}");
    let pos = |id| banana.iter().position(|&x| x == id).unwrap();
    assert!(
        pos(1) < pos(2) && pos(4) < pos(2),
        "banana before banana bread: {banana:?}"
    );
    assert!(pos(4) < pos(3), "generic before branded BANANA: {banana:?}");

    let rice = ids(&index, "rice");
    assert_eq!(rice[0], 5, "{rice:?}");
    let pos = |id| rice.iter().position(|&x| x == id).unwrap();
    assert!(pos(5) < pos(6), "rice before rice cake: {rice:?}");
}

#[test]
fn prefixes_and_typos() {
    let index = SearchIndex::build(foods());
    assert_eq!(first(&index, "banan"), 1);
    assert_eq!(first(&index, "brocoli"), 8);
    assert_eq!(first(&index, "brocolli"), 8);
    assert_eq!(first(&index, "choc chip"), 14);
    assert!(ids(&index, "xyzzy").is_empty());
}

#[test]
fn chinese_words_characters_and_pinyin() {
    let index = SearchIndex::build(foods());
    assert_eq!(first(&index, "米饭"), 5);
    assert_eq!(first(&index, "鸡蛋"), 9);
    assert!(ids(&index, "鸡蛋").contains(&12));
    assert_eq!(first(&index, "馒头"), 13);
    assert!(ids(&index, "饭").contains(&5) && ids(&index, "饭").contains(&10));
    for q in ["mifan", "mi fan", "mǐfàn", "mǐ fàn", "MiFan"] {
        assert_eq!(first(&index, q), 5, "{q}");
    }
    assert_eq!(first(&index, "jidan"), 9);
    assert_eq!(first(&index, "mantou"), 13);
}

#[test]
fn across_languages() {
    let index = SearchIndex::build(foods());
    // "rice" finds 米饭 (the catalogue food carries both names) and 米饭 finds the rice.
    assert_eq!(first(&index, "rice"), 5);
    assert_eq!(first(&index, "米饭"), 5);
    assert_eq!(first(&index, "egg"), 9);
}

#[test]
fn custom_foods_are_private_and_history_ranks_higher() {
    let index = SearchIndex::build(foods());
    let q = Query::parse("shake").unwrap();
    let for_7: Vec<i64> = index
        .search(&q, Some(7), &[], 10)
        .iter()
        .map(|h| h.id)
        .collect();
    assert_eq!(for_7, [15]);
    assert!(index.search(&q, None, &[], 10).is_empty());
    assert_eq!(index.search(&q, Some(8), &[], 10)[0].id, 16);

    let rice = Query::parse("rice").unwrap();
    let plain = index.search(&rice, None, &[], 10);
    assert_eq!(plain[0].id, 5);
    let with_history = index.search(&rice, None, &[17], 10);
    assert_eq!(with_history[0].id, 17, "{with_history:?}");
    assert_eq!(with_history.iter().filter(|h| h.id == 17).count(), 1);
}

#[test]
fn unknown_words_do_not_hide_the_rest() {
    let index = SearchIndex::build(foods());
    assert_eq!(first(&index, "banana bread recipe"), 2);
}

#[test]
fn updates_and_removals_show_at_once() {
    let index = SearchIndex::build(foods());
    index.upsert([doc(
        100,
        "Dragon fruit",
        Some("火龙果"),
        None,
        None,
        DocKind::Catalogue,
    )]);
    assert_eq!(first(&index, "dragon"), 100);
    assert_eq!(
        first(&index, "huolongguo"),
        100,
        "pinyin read off the characters"
    );
    // Renaming a food built into the main segment replaces it.
    index.upsert([doc(
        13,
        "Steamed bread roll",
        Some("花卷"),
        None,
        None,
        DocKind::Catalogue,
    )]);
    assert!(!ids(&index, "馒头").contains(&13));
    assert_eq!(first(&index, "花卷"), 13);
    index.remove(&[13, 100]);
    assert!(ids(&index, "花卷").is_empty());
    assert!(ids(&index, "dragon").is_empty());
    assert!(!index.contains(13));
    assert_eq!(index.stats().foods, foods().len() - 1);
}

#[test]
fn queries_are_parsed() {
    assert_eq!(Query::parse("   "), Err(QueryError::Empty));
    assert_eq!(Query::parse("!!,"), Err(QueryError::Empty));
    assert_eq!(Query::parse(&"a".repeat(201)), Err(QueryError::TooLong));
    assert!(Query::parse("米").is_ok());
}

#[test]
fn scanning_stops_once_nothing_further_can_win() {
    // Many branded foods named "... chocolate ..." after a few plain ones: the top 5 come
    // from the short names, and the result equals a full scan's.
    let mut docs = vec![doc(
        1,
        "Chocolate, dark",
        None,
        None,
        None,
        DocKind::Generic,
    )];
    for i in 0..5000 {
        let words = [
            "Premium", "Swiss", "Milk", "Creamy", "Hazelnut", "Crunchy", "Bar",
        ];
        let extra: Vec<&str> = words.iter().take(i % 7).copied().collect();
        docs.push(doc(
            10 + i as i64,
            &format!("{} chocolate", extra.join(" ")),
            None,
            None,
            Some("Acme"),
            DocKind::Branded,
        ));
    }
    let index = SearchIndex::build(docs);
    let q = Query::parse("chocolate").unwrap();
    let hits = index.search(&q, None, &[], 5);
    assert_eq!(hits[0].id, 1);
    assert_eq!(hits.len(), 5);
    let all = index.search(&q, None, &[], 6000);
    assert_eq!(&all[..5], &hits[..]);
}

#[test]
fn a_bracketed_qualifier_is_not_what_the_food_is() {
    use DocKind::*;
    let index = SearchIndex::build(vec![
        doc(
            1,
            "Ketchup",
            Some("番茄酱"),
            Some("fān qié jiàng"),
            None,
            Catalogue,
        ),
        doc(
            2,
            "Tomato",
            Some("番茄（西红柿）"),
            Some("fān qié xī hóng shì"),
            None,
            Catalogue,
        ),
        doc(3, "Cake, yellow", None, None, None, Generic),
        doc(
            4,
            "Cola (Coke)",
            Some("可乐"),
            Some("kě lè"),
            None,
            Catalogue,
        ),
        doc(5, "COLA", None, None, Some("Fizz"), Branded),
        doc(
            6,
            "Strawberries",
            Some("草莓"),
            Some("cǎo méi"),
            None,
            Catalogue,
        ),
        doc(7, "STRAWBERRY JAM", None, None, Some("Jams"), Branded),
    ]);
    let first = |q: &str| index.search(&Query::parse(q).unwrap(), None, &[], 5)[0].id;
    assert_eq!(first("番茄"), 2);
    assert_eq!(first("fanqie"), 2);
    assert_eq!(first("西红柿"), 2);
    assert_eq!(first("coke"), 4, "the alias, not the typo of cake");
    assert_eq!(first("strawberry"), 6, "a plural is the same food");
}

#[test]
fn a_name_holding_the_whole_query_comes_before_partial_matches() {
    use DocKind::*;
    let dish = |id, name: &str, zh: &str, pinyin: &str, aliases: &[&str]| FoodDoc {
        aliases: aliases.iter().map(|a| (*a).to_owned()).collect(),
        ..doc(id, name, Some(zh), Some(pinyin), None, Catalogue)
    };
    // As the dish library has them: 刀削面 is known also as 刀削牛肉面, and is the shorter name.
    let index = SearchIndex::build(vec![
        dish(
            1,
            "Shanxi knife-shaved noodles in meat sauce soup (dao xiao mian)",
            "刀削面",
            "dāo xiāo miàn",
            &["山西刀削面", "刀削牛肉面", "knife-cut noodles"],
        ),
        dish(
            2,
            "Lanzhou hand-pulled beef noodle soup (lan zhou niu rou mian)",
            "兰州牛肉面",
            "lán zhōu niú ròu miàn",
            &["牛肉面", "兰州拉面", "lanzhou beef noodles"],
        ),
        dish(
            3,
            "Beef stew with potatoes (tu dou dun niu rou)",
            "土豆炖牛肉",
            "tǔ dòu dùn niú ròu",
            &["beef noodle stew"],
        ),
        doc(
            4,
            "Beef and noodles with gravy",
            Some("牛肉面条（肉汁酱）"),
            None,
            None,
            Generic,
        ),
    ]);
    assert_eq!(
        ids(&index, "牛肉面"),
        [2, 4, 1],
        "known also as just 牛肉面, then a name holding it; 刀削面 holds only 面"
    );
    // The alias still finds its food.
    assert_eq!(ids(&index, "刀削牛肉面"), [1]);
}

#[test]
fn english_words_of_a_name_in_another_sense_are_no_whole_match() {
    use DocKind::*;
    let index = SearchIndex::build(vec![
        doc(
            1,
            "Boiled chive and egg dumplings (jiu cai ji dan jiao zi)",
            Some("韭菜鸡蛋水饺"),
            None,
            None,
            Catalogue,
        ),
        doc(
            2,
            "Egg, whole, cooked, hard-boiled",
            Some("鸡蛋（煮）"),
            None,
            None,
            Generic,
        ),
    ]);
    assert_eq!(
        ids(&index, "boiled egg")[0],
        2,
        "a boiled egg is an egg, not dumplings whose name has both words"
    );
}

#[test]
fn a_word_spelled_in_english_names_is_english_before_pinyin() {
    use DocKind::*;
    let index = SearchIndex::build(vec![
        // 素食 is "sù shí": its pinyin spells "sushi", here in the qualifier and the head.
        doc(
            1,
            "Baked beans, vegetarian",
            Some("焗豆（素食）"),
            Some("jú dòu sù shí"),
            None,
            Generic,
        ),
        doc(
            2,
            "Veggie burger, on bun",
            Some("素食汉堡"),
            Some("sù shí hàn bǎo"),
            None,
            Catalogue,
        ),
        doc(
            3,
            "Sushi, NFS",
            Some("寿司"),
            Some("shòu sī"),
            None,
            Generic,
        ),
        doc(
            4,
            "Sushi roll, avocado",
            Some("牛油果寿司卷"),
            Some("niú yóu guǒ shòu sī juǎn"),
            None,
            Generic,
        ),
        doc(
            5,
            "Dumplings (jiaozi), boiled",
            Some("水饺"),
            Some("shuǐ jiǎo"),
            None,
            Generic,
        ),
        doc(
            6,
            "Dumplings",
            Some("饺子"),
            Some("jiǎo zi"),
            None,
            Catalogue,
        ),
    ]);
    let found = ids(&index, "sushi");
    assert_eq!(
        found[..2],
        [3, 4],
        "the foods called sushi first: {found:?}"
    );
    assert!(
        found.contains(&2),
        "素食 is still found by its pinyin: {found:?}"
    );
    // A pinyin word in parentheses or in a food's own pinyin is no English word: 饺子
    // is found by "jiaozi" as pinyin, at full strength.
    assert_eq!(ids(&index, "jiaozi")[0], 6);
    assert_eq!(
        ids(&index, "sushi han bao")[0],
        2,
        "pinyin typed whole still finds it"
    );
}

#[test]
fn a_chinese_name_that_says_its_cooking_after_the_food_is_found_as_people_say_it() {
    let row = |id, name: &str, zh: &str| models::FoodSearchRow {
        id,
        source: models::FoodSource::Catalogue,
        owner: None,
        name: name.into(),
        name_zh: Some(zh.into()),
        pinyin: None,
        brand: None,
        barcode: None,
        aliases: Vec::new(),
        deleted: false,
        changed_ms: 0,
    };
    let index = SearchIndex::build(vec![
        doc_of(&row(1, "Egg yolk", "鸡蛋黄")),
        doc_of(&row(2, "Egg, boiled", "鸡蛋（煮）")),
        doc_of(&row(3, "Bread, toasted", "面包（烤）")),
        doc_of(&row(4, "Bread", "面包")),
        doc_of(&row(5, "Egg, yolk only, cooked", "蛋黄（熟，不加油）")),
    ]);
    let whole = |q: &str| -> Vec<i64> {
        let hits = index.search(&Query::parse(q).unwrap(), None, &[], 5);
        hits.iter().filter(|h| h.whole).map(|h| h.id).collect()
    };
    assert_eq!(whole("煮鸡蛋"), [2], "boiled egg, not the yolk");
    assert_eq!(whole("烤面包"), [3]);
    assert_eq!(whole("鸡蛋"), [2, 1], "the egg itself, then the yolk");
    assert_eq!(text::cooked_said_first("蛋黄（熟，不加油）"), None);
    assert_eq!(
        text::cooked_said_first("鸡蛋（煮）").as_deref(),
        Some("煮鸡蛋")
    );
    assert_eq!(text::cooked_said_first("煮"), None);
}
