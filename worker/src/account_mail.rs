//! The account mails, in English and Chinese in one message: each carries one link,
//! made by the worker as it sends (see `models::MailedLink`).

use models::{MailedLink, User};

use crate::mailer::Mail;

/// The mail that carries `url`, a new link of kind `link`, to `user`.
pub fn compose(link: MailedLink, user: &User, url: &str) -> Mail {
    let name = if user.nickname.is_empty() {
        &user.username
    } else {
        &user.nickname
    };
    match link {
        MailedLink::VerifyEmail => verification(&user.email, name, url),
        MailedLink::ResetPassword => password_reset(&user.email, name, url),
    }
}

fn verification(to: &str, name: &str, link: &str) -> Mail {
    let text = format!(
        "Hi {name},\n\nPlease confirm your email address by opening this link (valid for 24 hours):\n{link}\n\n\
         If you did not sign up, ignore this mail.\n\n---\n\n\
         {name}，你好：\n\n请打开下面的链接验证你的邮箱（24 小时内有效）：\n{link}\n\n如果不是你本人注册，请忽略本邮件。\n"
    );
    let html = format!(
        "<p>Hi {name},</p><p>Please confirm your email address (the link is valid for 24 hours):</p>\
         <p><a href=\"{link}\">Verify my email</a></p><p>If you did not sign up, ignore this mail.</p><hr>\
         <p>{name}，你好：</p><p>请点击下面的链接验证你的邮箱（24 小时内有效）：</p>\
         <p><a href=\"{link}\">验证邮箱</a></p><p>如果不是你本人注册，请忽略本邮件。</p>",
        name = escape(name)
    );
    Mail {
        to: to.to_owned(),
        subject: "Verify your email · 验证你的邮箱".into(),
        text,
        html: Some(html),
    }
}

fn password_reset(to: &str, name: &str, link: &str) -> Mail {
    let text = format!(
        "Hi {name},\n\nSomeone asked to reset the password of your account. To choose a new password, \
         open this link within 1 hour:\n{link}\n\nIf it was not you, ignore this mail: your password stays as it is.\n\n---\n\n\
         {name}，你好：\n\n有人申请重置你的账户密码。请在 1 小时内打开下面的链接设置新密码：\n{link}\n\n\
         如果不是你本人操作，请忽略本邮件，你的密码不会改变。\n"
    );
    let html = format!(
        "<p>Hi {name},</p><p>To choose a new password, open this link within 1 hour:</p>\
         <p><a href=\"{link}\">Reset my password</a></p><p>If it was not you, ignore this mail.</p><hr>\
         <p>{name}，你好：</p><p>请在 1 小时内点击下面的链接设置新密码：</p>\
         <p><a href=\"{link}\">重置密码</a></p><p>如果不是你本人操作，请忽略本邮件。</p>",
        name = escape(name)
    );
    Mail {
        to: to.to_owned(),
        subject: "Reset your password · 重置密码".into(),
        text,
        html: Some(html),
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
