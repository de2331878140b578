//! Job payloads, one type per queue.

mod probe;
mod send_mail;

pub use probe::{Probe, ProbeReport};
pub use send_mail::{MailDelivery, SendMail};
