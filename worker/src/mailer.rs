//! Outgoing mail: SMTP in the fleet (Mailpit under compose), files in `data/outbox/`
//! with a log line in the embedded default, so a developer can follow the links.

use std::path::{Path, PathBuf};

use jobs::payloads::MailDelivery;
use lettre::{
    AsyncFileTransport, AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor,
    message::{
        Mailbox, MultiPart, SinglePart,
        header::{ContentTransferEncoding, ContentType},
    },
};

use platform::config::ExposeSecret;

use crate::WorkerConfig;

#[derive(Debug, thiserror::Error)]
pub enum MailerError {
    #[error("invalid mail address: {0}")]
    Address(String),
    #[error("cannot build the message: {0}")]
    Build(String),
    #[error("the mail server refused the message: {0}")]
    Rejected(String),
    #[error("cannot reach the mail server: {0}")]
    Transport(String),
    #[error("cannot write to the outbox: {0}")]
    Outbox(String),
}

/// One e-mail to one recipient, plain text with an optional HTML alternative.
#[derive(Debug, Clone)]
pub struct Mail {
    pub to: String,
    pub subject: String,
    pub text: String,
    pub html: Option<String>,
}

#[derive(Clone)]
pub struct Mailer {
    from: Mailbox,
    transport: Transport,
    public_url: String,
}

#[derive(Clone)]
enum Transport {
    Outbox(PathBuf),
    Smtp {
        relay: String,
        transport: AsyncSmtpTransport<Tokio1Executor>,
    },
}

impl std::fmt::Debug for Mailer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.transport {
            Transport::Outbox(dir) => write!(f, "Mailer(outbox {})", dir.display()),
            Transport::Smtp { relay, .. } => write!(f, "Mailer(smtp {relay})"),
        }
    }
}

impl Mailer {
    /// Mail goes to the SMTP relay configured, else to `data_dir/outbox`.
    pub fn from_config(config: &WorkerConfig, data_dir: &Path) -> Result<Self, MailerError> {
        let from = config
            .mail_from
            .parse()
            .map_err(|e| MailerError::Address(format!("MAIL_FROM: {e}")))?;
        let transport = match &config.smtp_url {
            Some(url) => Transport::Smtp {
                relay: store::db::redact(url.expose_secret()),
                transport: AsyncSmtpTransport::<Tokio1Executor>::from_url(url.expose_secret())
                    .map_err(|e| MailerError::Transport(format!("SMTP_URL: {e}")))?
                    .timeout(Some(std::time::Duration::from_secs(10)))
                    .build(),
            },
            None => Transport::Outbox(data_dir.join("outbox")),
        };
        Ok(Mailer {
            from,
            transport,
            public_url: config.public_url.clone(),
        })
    }

    /// The web app's address, which the links in mail open.
    pub fn public_url(&self) -> &str {
        &self.public_url
    }

    pub async fn send(&self, mail: &Mail) -> Result<MailDelivery, MailerError> {
        let to: Mailbox = mail
            .to
            .parse()
            .map_err(|e| MailerError::Address(format!("the account's address: {e}")))?;
        let builder = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(mail.subject.clone());
        // Quoted-printable keeps outbox files and their links readable by a person.
        let text = SinglePart::builder()
            .header(ContentType::TEXT_PLAIN)
            .header(ContentTransferEncoding::QuotedPrintable)
            .body(mail.text.clone());
        let message = match &mail.html {
            Some(html) => builder.multipart(
                MultiPart::alternative().singlepart(text).singlepart(
                    SinglePart::builder()
                        .header(ContentType::TEXT_HTML)
                        .header(ContentTransferEncoding::QuotedPrintable)
                        .body(html.clone()),
                ),
            ),
            None => builder.singlepart(text),
        }
        .map_err(|e| MailerError::Build(e.to_string()))?;

        match &self.transport {
            Transport::Outbox(dir) => {
                tokio::fs::create_dir_all(dir)
                    .await
                    .map_err(|e| MailerError::Outbox(format!("{}: {e}", dir.display())))?;
                let id = AsyncFileTransport::<Tokio1Executor>::new(dir)
                    .send(message)
                    .await
                    .map_err(|e| MailerError::Outbox(e.to_string()))?;
                let path = dir.join(format!("{id}.eml"));
                // The path, not the link: a mailed link is a secret (it signs its reader
                // in or resets a password) and logs travel further than the outbox.
                tracing::info!(subject = %mail.subject, path = %path.display(),
                    "mail written to the outbox; its link is in the file");
                Ok(MailDelivery::Outbox {
                    file: format!("{id}.eml"),
                })
            }
            Transport::Smtp { relay, transport } => {
                transport.send(message).await.map_err(|e| {
                    // A server's reply often names the recipient; the error is kept with
                    // the job and shown on the job board, so the address is left out.
                    let reply = e.to_string().replace(&mail.to, "<the account's address>");
                    if e.is_permanent() {
                        MailerError::Rejected(reply)
                    } else {
                        MailerError::Transport(reply)
                    }
                })?;
                tracing::info!(subject = %mail.subject, relay, "mail sent");
                Ok(MailDelivery::Smtp {
                    relay: relay.clone(),
                })
            }
        }
    }
}
