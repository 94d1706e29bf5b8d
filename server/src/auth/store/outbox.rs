//! `auth.mail_outbox`: every mail is written here first, in the transaction that needs it, so
//! none is lost; SMTP delivery marks it sent.

use super::tx::{AuthTx, DbError};

pub struct Mail<'a> {
    pub recipient: &'a str,
    pub subject: &'a str,
    pub body_text: &'a str,
    pub body_html: Option<&'a str>,
    pub kind: &'a str,
}

/// Queues a mail; its id.
pub async fn enqueue(tx: &mut AuthTx, mail: &Mail<'_>) -> Result<i64, DbError> {
    let row = tx
        .query_one(
            "insert into auth.mail_outbox (recipient, subject, body_text, body_html, kind) values ($1, $2, $3, $4, $5) \
             returning id",
            &[&mail.recipient, &mail.subject, &mail.body_text, &mail.body_html, &mail.kind],
        )
        .await?;
    Ok(row.get(0))
}

/// A queued mail waiting for delivery.
pub struct Pending {
    pub id: i64,
    pub recipient: String,
    pub subject: String,
    pub body_text: String,
    pub body_html: Option<String>,
    /// The page the mail is about, a path on the site (`auth.mail_outbox.link`).
    pub link: Option<String>,
}

/// Unsent mail younger than a day, oldest first, at most `limit`; skips rows another replica
/// is sending.
pub async fn pending(tx: &mut AuthTx, limit: i64) -> Result<Vec<Pending>, DbError> {
    let rows = tx
        .query(
            "select id, recipient, subject, body_text, body_html, link from auth.mail_outbox \
             where sent_at is null and created_at > now() - interval '1 day' \
             order by id limit $1 for update skip locked",
            &[&limit],
        )
        .await?;
    Ok(rows
        .iter()
        .map(|row| Pending {
            id: row.get(0),
            recipient: row.get(1),
            subject: row.get(2),
            body_text: row.get(3),
            body_html: row.get(4),
            link: row.get(5),
        })
        .collect())
}

pub async fn mark(tx: &mut AuthTx, id: i64, error: Option<&str>) -> Result<(), DbError> {
    tx.execute(
        "update auth.mail_outbox set sent_at = case when $2::text is null then now() end, last_error = $2 \
         where id = $1",
        &[&id, &error],
    )
    .await?;
    Ok(())
}
