use super::*;

#[test]
fn password_rules_report_the_first_broken_one() {
    let cases = [
        ("Ab1", "Password must be at least 8 characters long"),
        (
            "ABCDEFG1",
            "Password must contain at least one lowercase letter",
        ),
        (
            "abcdefg1",
            "Password must contain at least one uppercase letter",
        ),
        ("Abcdefgh", "Password must contain at least one number"),
    ];
    for (input, message) in cases {
        assert_eq!(
            NewPassword::parse(input).unwrap_err().message,
            message,
            "{input}"
        );
    }
    assert!(NewPassword::parse("Abcdefg1").is_ok());
    assert!(NewPassword::parse("密码Abcdefg1").is_ok());
}

#[test]
fn look_alike_names_and_addresses_are_refused_or_folded() {
    // Full-width forms are the same name and address as their usual ones.
    assert_eq!(Username::parse("ａｄｍｉｎ").unwrap().key(), "admin");
    assert_eq!(
        Email::parse("ｌｉ@ｅｘａｍｐｌｅ.ｃｏｍ").unwrap().key(),
        "li@example.com"
    );
    assert_eq!(login_key(" ＡＤＭＩＮ "), "admin");
    assert_eq!(stored_keys(" ＡＤＭＩＮ "), ["admin", "ａｄｍｉｎ"]);
    assert_eq!(stored_keys("Admin"), ["admin"]);
    // A Cyrillic а among Latin letters, a Greek ο, an Armenian օ.
    assert!(Username::parse("аdmin").is_err());
    assert!(Username::parse("rοot").is_err());
    assert!(Username::parse("rօot").is_err());
    // Names of one alphabet are fine; a Cyrillic name drawn like a Latin one has
    // that name as its skeleton, and Latin's own variants are folded too.
    for name in [
        "Дмитрий",
        "Анна",
        "Вера",
        "Σωκράτης",
        "李华abc",
        "li_hua.2026",
    ] {
        assert!(Username::parse(name).is_ok(), "{name}");
    }
    let drawn = |name: &str| Username::parse(name).unwrap().skeletons();
    let alike = |a: &str, b: &str| {
        let (a, b) = (drawn(a), drawn(b));
        a[0] == b[0] || a[1] == b[1]
    };
    for (name, twin) in [
        ("Вера", "bepa"),
        ("АОЕ", "aoe"),
        ("сауеаух", "cayeayx"),
        ("соха", "coxa"),
    ] {
        assert!(alike(name, twin), "{name} {twin}");
    }
    assert!(!alike("li_hua", "li_hui"));
    assert_eq!(drawn("li_hua")[0], "li_hua");
    // Invisible fillers and rare look-alikes are no part of a name (issue 48).
    for name in [
        "ɑdmin",
        "xecodgc\u{3164}",
        "xecodgc\u{115F}",
        "xecodgc\u{1160}",
        "xecodgc\u{FFA0}",
        "ᴀbcdef",
    ] {
        assert!(Username::parse(name).is_err(), "{name:?}");
    }
    assert!(Email::parse("li\u{FFA0}@example.com").is_err());
    assert_eq!(
        Email::parse("аnn@example.com").unwrap().skeleton(),
        Email::parse("ann@example.com").unwrap().skeleton()
    );
    // An invisible character in an address.
    assert!(Email::parse("li\u{200B}@example.com").is_err());
    assert!(Email::parse("li@exam\u{FEFF}ple.com").is_err());
    assert!(Username::parse("ad\u{200B}min").is_err());
    // A pasted address with its line end is only trimmed.
    assert!(Email::parse("li@example.com\n").is_ok());
}

#[test]
fn usernames_and_emails_parse() {
    assert_eq!(Username::parse("  Li_Hua ").unwrap().key(), "li_hua");
    assert!(Username::parse("李华abc").is_ok());
    assert!(Username::parse("ab").is_err());
    assert!(Username::parse("a b c").is_err());
    assert_eq!(
        Email::parse(" Li@Example.com ").unwrap().key(),
        "li@example.com"
    );
    for bad in [
        "",
        "li",
        "li@",
        "@x.com",
        "li@x",
        "li@@x.com",
        "l i@x.com",
        "li@.com",
    ] {
        assert!(Email::parse(bad).is_err(), "{bad}");
    }
}

#[test]
fn user_ids_are_safe_in_javascript() {
    for _ in 0..1000 {
        let id = UserId::new().get();
        assert!(id > 0 && id < (1 << 53));
    }
}

#[test]
fn profile_changes_validate_every_field() {
    let today = NaiveDate::from_ymd_opt(2026, 11, 21).unwrap();
    let mut profile = Profile::default();
    let mut nickname = String::new();
    let changes: ProfileChanges = serde_json::from_value(serde_json::json!({
        "nickname": " Hua ", "date_of_birth": "1990-05-31", "gender": "Female",
        "height": 162.25, "weight": 51.04, "daily_calorie_goal": 1800
    }))
    .unwrap();
    changes.apply(&mut profile, &mut nickname, today).unwrap();
    assert_eq!(nickname, "Hua");
    assert_eq!(profile.gender, Gender::Female);
    assert_eq!(profile.height, 162.3);
    assert_eq!(profile.weight, 51.0);
    assert_eq!(profile.daily_calorie_goal, 1800);

    let bad: ProfileChanges = serde_json::from_value(serde_json::json!({
        "date_of_birth": "2030-01-01", "height": 20, "weight": -3, "gender": "x"
    }))
    .unwrap();
    let before = profile.clone();
    let error = bad.apply(&mut profile, &mut nickname, today).unwrap_err().0;
    for part in ["date_of_birth", "height", "weight", "gender"] {
        assert!(error.contains(part), "{error}");
    }
    assert_eq!(profile.height, before.height);

    let clear: ProfileChanges =
        serde_json::from_value(serde_json::json!({"date_of_birth": null})).unwrap();
    clear.apply(&mut profile, &mut nickname, today).unwrap();
    assert_eq!(profile.date_of_birth, None);
}
