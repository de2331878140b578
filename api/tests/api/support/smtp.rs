//! A real SMTP listener, small enough to read: it accepts every message, but refuses
//! for good a recipient whose address has "refused" in it.
use std::{net::SocketAddr, sync::Arc};

use tokio::{
    io::{AsyncBufReadExt, AsyncWriteExt, BufReader},
    net::TcpListener,
    sync::Mutex,
};

#[derive(Debug, Clone, Default)]
pub struct Received {
    pub recipients: Vec<String>,
    pub data: String,
}

pub struct Listener {
    pub addr: SocketAddr,
    mails: Arc<Mutex<Vec<Received>>>,
}

impl Listener {
    pub async fn start() -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let mails = Arc::new(Mutex::new(Vec::new()));
        let store = mails.clone();
        tokio::spawn(async move {
            while let Ok((socket, _)) = listener.accept().await {
                tokio::spawn(session(socket, store.clone()));
            }
        });
        Listener { addr, mails }
    }

    pub async fn received(&self) -> Vec<Received> {
        self.mails.lock().await.clone()
    }
}

async fn session(socket: tokio::net::TcpStream, mails: Arc<Mutex<Vec<Received>>>) {
    let (read, mut write) = socket.into_split();
    let mut lines = BufReader::new(read).lines();
    let mut current = Received::default();
    let _ = write.write_all(b"220 test SMTP ready\r\n").await;
    while let Ok(Some(line)) = lines.next_line().await {
        let upper = line.to_ascii_uppercase();
        let reply: &[u8] = if upper.starts_with("EHLO") || upper.starts_with("HELO") {
            b"250-test greets you\r\n250 8BITMIME\r\n"
        } else if upper.starts_with("RCPT TO:") && line.contains("refused") {
            // Like real servers, the refusal names the recipient.
            let refusal = format!("550 5.1.1 {}: mailbox refused\r\n", line[8..].trim());
            if write.write_all(refusal.as_bytes()).await.is_err() {
                return;
            }
            continue;
        } else if upper.starts_with("RCPT TO:") {
            current.recipients.push(line[8..].trim().to_owned());
            b"250 OK\r\n"
        } else if upper.starts_with("DATA") {
            let _ = write
                .write_all(b"354 End data with <CR><LF>.<CR><LF>\r\n")
                .await;
            while let Ok(Some(data)) = lines.next_line().await {
                if data == "." {
                    break;
                }
                current.data.push_str(&data);
                current.data.push('\n');
            }
            mails.lock().await.push(std::mem::take(&mut current));
            b"250 OK queued\r\n"
        } else if upper.starts_with("QUIT") {
            let _ = write.write_all(b"221 Bye\r\n").await;
            return;
        } else {
            b"250 OK\r\n"
        };
        if write.write_all(reply).await.is_err() {
            return;
        }
    }
}
