//! Helpers for the storage service's HTTP tests: buckets and owner-folder policies like the
//! product's, requests as a user or the service role, and a look at the bytes on disk.

use std::path::PathBuf;
use std::time::Duration;

use reqwest::{Method, RequestBuilder};

use super::TestApp;
use super::rest::{Answer, send};

/// `docs` (private, no limits), `gallery` (public, images up to 5 MB), `tiny` (100 bytes), and
/// policies letting a user write, read, overwrite and remove objects in the folder named by
/// their id; anyone reads `gallery`.
pub const STORAGE_FIXTURE: &str = r#"
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('docs', 'docs', false, null, null),
  ('gallery', 'gallery', true, 5242880, array['image/jpeg', 'image/png', 'image/webp']),
  ('tiny', 'tiny', false, 100, null);
create policy "Users upload into their own folder" on storage.objects for insert to authenticated
  with check ((storage.foldername(name))[1] = (select auth.uid())::text);
create policy "Users read their own folder" on storage.objects for select to authenticated
  using ((storage.foldername(name))[1] = (select auth.uid())::text);
create policy "Users overwrite in their own folder" on storage.objects for update to authenticated
  using ((storage.foldername(name))[1] = (select auth.uid())::text)
  with check ((storage.foldername(name))[1] = (select auth.uid())::text);
create policy "Users remove from their own folder" on storage.objects for delete to authenticated
  using ((storage.foldername(name))[1] = (select auth.uid())::text);
create policy "Anyone reads the gallery" on storage.objects for select to anon, authenticated
  using (bucket_id = 'gallery');
"#;

pub const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89";

impl TestApp {
    /// An app with [`STORAGE_FIXTURE`].
    pub async fn with_storage_fixture() -> Self {
        let app = Self::spawn().await;
        app.sql(STORAGE_FIXTURE).await;
        app
    }

    /// A request to `/storage/v1{path}` as the service role.
    pub fn storage_service(&self, method: Method, path: &str) -> RequestBuilder {
        let key = self.keys.service_role.clone();
        self.client.request(method, self.url(&format!("/storage/v1{path}"))).header("apikey", &key).bearer_auth(key)
    }

    /// As a signed-in user.
    pub fn storage_user(&self, user_id: &str, method: Method, path: &str) -> RequestBuilder {
        self.client
            .request(method, self.url(&format!("/storage/v1{path}")))
            .header("apikey", &self.keys.anon)
            .bearer_auth(self.user_token(user_id))
    }

    /// As the anonymous role.
    pub fn storage_anon(&self, method: Method, path: &str) -> RequestBuilder {
        let key = self.keys.anon.clone();
        self.client.request(method, self.url(&format!("/storage/v1{path}"))).header("apikey", &key).bearer_auth(key)
    }

    /// Without any key or token.
    pub fn storage_bare(&self, method: Method, path: &str) -> RequestBuilder {
        self.client.request(method, self.url(&format!("/storage/v1{path}")))
    }

    /// Uploads raw bytes as the service role; asserts success.
    pub async fn put_object(&self, bucket: &str, name: &str, content_type: &str, bytes: &[u8]) -> Answer {
        let answer = send(
            self.storage_service(Method::POST, &format!("/object/{bucket}/{name}"))
                .header("content-type", content_type)
                .body(bytes.to_vec()),
        )
        .await;
        assert_eq!(answer.status, 200, "upload of {bucket}/{name}: {}", answer.text);
        answer
    }

    /// Every file under the storage directory.
    pub fn files_on_disk(&self) -> Vec<PathBuf> {
        fn walk(dir: &std::path::Path, out: &mut Vec<PathBuf>) {
            for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
                let path = entry.path();
                if path.is_dir() { walk(&path, out) } else { out.push(path) }
            }
        }
        let mut files = Vec::new();
        walk(self.storage_dir.path(), &mut files);
        files.sort();
        files
    }

    /// Number of object rows (as superuser).
    pub async fn object_rows(&self) -> i64 {
        self.scalar_sql("select count(*) from storage.objects").await
    }

    /// A bigint from SQL run as the superuser.
    pub async fn count(&self, sql: &str) -> i64 {
        self.scalar_sql::<i64>(sql).await
    }

    /// A text from SQL run as the superuser.
    pub async fn text(&self, sql: &str) -> String {
        self.scalar_sql::<String>(sql).await
    }

    pub async fn scalar_sql<T>(&self, sql: &str) -> T
    where
        T: for<'r> sqlx::Decode<'r, sqlx::Postgres> + sqlx::Type<sqlx::Postgres> + Send + Unpin,
    {
        let mut conn = self.db.admin_connection().await;
        sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_string())).fetch_one(&mut conn).await.expect("a scalar")
    }

    /// Waits until the files on disk and the rows agree (the sweeper is asynchronous).
    pub async fn wait_for_files(&self, count: usize) -> Vec<PathBuf> {
        for _ in 0..100 {
            let files = self.files_on_disk();
            if files.len() == count {
                return files;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let files = self.files_on_disk();
        assert_eq!(files.len(), count, "files on disk: {files:?}");
        files
    }
}

/// Asserts the storage error shape.
pub fn assert_storage_error(answer: &Answer, status: u16, code: &str) -> serde_json::Value {
    assert_eq!(answer.status.as_u16(), status, "{}", answer.text);
    let body = answer.json();
    assert_eq!(body["statusCode"], status.to_string(), "{body}");
    assert_eq!(body["code"], code, "{body}");
    assert!(body["error"].is_string() && body["message"].is_string(), "{body}");
    body
}
