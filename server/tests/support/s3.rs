//! moto's S3 server on loopback, for the storage service's S3 backend. `make test` installs it
//! (scripts/moto.sh) and passes its path in HWT_MOTO_SERVER; run alone, a test installs it the
//! same way.

use std::process::{Child, Command, Stdio};
use std::time::Duration;

use futures_util::TryStreamExt;
use object_store::ObjectStore;
use server::storage::backend::StorageConfig;

pub struct Moto {
    child: Child,
    pub endpoint: String,
}

impl Moto {
    pub async fn start() -> Self {
        let program = match std::env::var("HWT_MOTO_SERVER") {
            Ok(path) if !path.is_empty() => path,
            _ => {
                let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../scripts/moto.sh");
                let output = Command::new(script).stderr(Stdio::inherit()).output().expect("run scripts/moto.sh");
                assert!(output.status.success(), "scripts/moto.sh failed");
                String::from_utf8(output.stdout).expect("a path").trim().to_owned()
            }
        };
        let port = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port").local_addr().expect("port").port();
        let child = Command::new(program)
            .args(["-H", "127.0.0.1", "-p", &port.to_string()])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start moto_server");
        // Owned at once, so the server is stopped (Drop) whatever happens next.
        let moto = Self { child, endpoint: format!("http://127.0.0.1:{port}") };
        let client = super::http_client();
        for _ in 0..200 {
            if client.get(format!("{}/", moto.endpoint)).send().await.is_ok() {
                return moto;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("moto_server did not start on {}", moto.endpoint);
    }

    /// Creates an S3 bucket and returns the storage settings that use it.
    pub async fn bucket(&self, name: &str) -> StorageConfig {
        let created =
            super::http_client().put(format!("{}/{name}", self.endpoint)).send().await.expect("create bucket");
        assert!(created.status().is_success(), "creating the S3 bucket: {}", created.status());
        StorageConfig::S3 {
            endpoint: Some(self.endpoint.clone()),
            region: "us-east-1".into(),
            bucket: name.into(),
            access_key_id: "test".into(),
            secret_access_key: "test".into(),
        }
    }

    /// Every key in an S3 bucket.
    pub async fn keys(&self, bucket: &str) -> Vec<String> {
        let store = object_store::aws::AmazonS3Builder::new()
            .with_endpoint(&self.endpoint)
            .with_allow_http(true)
            .with_region("us-east-1")
            .with_bucket_name(bucket)
            .with_access_key_id("test")
            .with_secret_access_key("test")
            .build()
            .expect("an S3 client");
        let mut keys: Vec<String> =
            store.list(None).map_ok(|meta| meta.location.to_string()).try_collect().await.expect("list keys");
        keys.sort();
        keys
    }
}

impl Drop for Moto {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
