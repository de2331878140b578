//! The account mails, in English and Chinese in one message: each carries one link,
//! made by the worker as it sends (see `models::MailedLink`). A mail is two templates in
//! `templates/mail/`, named by the link's purpose: its text and its HTML, where every
//! value (the name, the link in `href`) is HTML-escaped.

use std::sync::LazyLock;

use minijinja::{Environment, context};
use models::{MailedLink, User};

use crate::mailer::Mail;

static TEMPLATES: LazyLock<Environment<'static>> = LazyLock::new(|| {
    let mut templates = Environment::new();
    for (name, source) in [
        (
            "verify_email.txt",
            include_str!("../templates/mail/verify_email.txt"),
        ),
        (
            "verify_email.html",
            include_str!("../templates/mail/verify_email.html"),
        ),
        (
            "reset_password.txt",
            include_str!("../templates/mail/reset_password.txt"),
        ),
        (
            "reset_password.html",
            include_str!("../templates/mail/reset_password.html"),
        ),
    ] {
        // The templates are part of the binary: one that does not parse fails every test.
        templates
            .add_template(name, source)
            .expect("a mail template parses");
    }
    templates
});

/// The mail that carries `url`, a new link of kind `link`, to `user`.
pub fn compose(link: MailedLink, user: &User, url: &str) -> Mail {
    let name = if user.nickname.is_empty() {
        &user.username
    } else {
        &user.nickname
    };
    let values = context! { name, link => url };
    let render = |kind: &str| {
        let template = format!("{}.{kind}", link.purpose());
        TEMPLATES
            .get_template(&template)
            .and_then(|template| template.render(&values))
            .expect("a mail template renders a name and a link")
    };
    Mail {
        to: user.email.clone(),
        subject: match link {
            MailedLink::VerifyEmail => "Verify your email · 验证你的邮箱",
            MailedLink::ResetPassword => "Reset your password · 重置密码",
        }
        .into(),
        text: render("txt"),
        html: Some(render("html")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user(nickname: &str) -> User {
        User {
            id: models::UserId::from_i64(1),
            username: "ann".into(),
            email: "ann@example.com".into(),
            nickname: nickname.into(),
            password_hash: String::new(),
            email_verified: false,
            profile: Default::default(),
            created_at: chrono::Utc::now(),
            updated_at: chrono::Utc::now(),
        }
    }

    #[test]
    fn each_mail_says_its_link_in_both_languages() {
        for (link, english, chinese) in [
            (MailedLink::VerifyEmail, "Verify my email", "验证邮箱"),
            (MailedLink::ResetPassword, "Reset my password", "重置密码"),
        ] {
            let url = "https://calorie.example/path?token=abc";
            let mail = compose(link, &user(""), url);
            assert_eq!(mail.to, "ann@example.com");
            assert!(mail.text.contains(url), "{}", mail.text);
            assert!(mail.text.contains("Hi ann,") && mail.text.contains("ann，你好"));
            let html = mail.html.unwrap();
            assert!(html.contains(english) && html.contains(chinese), "{html}");
        }
    }

    #[test]
    fn the_html_escapes_the_name_and_the_link() {
        let url = "https://calorie.example/reset?token=a&x=\"><script>";
        let mail = compose(MailedLink::ResetPassword, &user("<b>Ann</b> & co"), url);
        let html = mail.html.unwrap();
        assert!(
            !html.contains("<script>") && !html.contains("<b>"),
            "{html}"
        );
        assert!(
            html.contains("&lt;b&gt;Ann&lt;&#x2f;b&gt; &amp; co"),
            "{html}"
        );
        assert!(
            html.contains("token=a&amp;x=&quot;&gt;&lt;script&gt;"),
            "{html}"
        );
        // The text part is not HTML: it says the name and the link as they are.
        assert!(mail.text.contains("Hi <b>Ann</b> & co,"), "{}", mail.text);
        assert!(mail.text.contains(url));
    }
}
