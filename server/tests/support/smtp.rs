//! A minimal SMTP server on loopback that keeps every message it receives: enough of RFC 5321
//! (EHLO, MAIL, RCPT, DATA, QUIT) for lettre without TLS.

use std::sync::{Arc, Mutex};

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

#[derive(Clone, Default)]
pub struct SmtpSink {
    pub messages: Arc<Mutex<Vec<String>>>,
    pub port: u16,
}

impl SmtpSink {
    pub async fn start() -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind the SMTP sink");
        let sink = Self { messages: Arc::default(), port: listener.local_addr().expect("address").port() };
        let messages = Arc::clone(&sink.messages);
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let messages = Arc::clone(&messages);
                tokio::spawn(async move {
                    let (read, mut write) = stream.into_split();
                    let mut lines = BufReader::new(read).lines();
                    let _ = write.write_all(b"220 sink ESMTP\r\n").await;
                    let mut data: Option<String> = None;
                    while let Ok(Some(line)) = lines.next_line().await {
                        if let Some(body) = data.as_mut() {
                            if line == "." {
                                messages.lock().expect("lock").push(std::mem::take(body));
                                data = None;
                                let _ = write.write_all(b"250 queued\r\n").await;
                            } else {
                                body.push_str(&line);
                                body.push('\n');
                            }
                            continue;
                        }
                        let verb = line.split_whitespace().next().unwrap_or("").to_ascii_uppercase();
                        let reply: &[u8] = match verb.as_str() {
                            "EHLO" | "HELO" => b"250 sink\r\n",
                            "DATA" => {
                                data = Some(String::new());
                                b"354 go ahead\r\n"
                            }
                            "QUIT" => {
                                let _ = write.write_all(b"221 bye\r\n").await;
                                break;
                            }
                            _ => b"250 OK\r\n",
                        };
                        let _ = write.write_all(reply).await;
                    }
                });
            }
        });
        sink
    }

    /// Waits up to five seconds for `count` messages.
    pub async fn wait_for(&self, count: usize) -> Vec<String> {
        for _ in 0..100 {
            let messages = self.messages.lock().expect("lock").clone();
            if messages.len() >= count {
                return messages;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        self.messages.lock().expect("lock").clone()
    }
}
