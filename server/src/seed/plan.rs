//! The seed's data file (`seed.toml` in SEED_DIR): its accounts and the files to generate,
//! parsed and checked before anything is written.
//!
//! ```toml
//! password = "Example@2025"            # every account's password, printed after the seed
//!
//! [[accounts]]
//! email = "admin@demo.example.org"
//! label = "admin"                      # printed beside the address; the seed's SQL reads it
//! user_metadata = { full_name = "Anita Bhat" }
//!
//! [[files]]
//! bucket = "gallery"
//! name = "demo/spring-1.jpg"
//! picture = { from = [214, 96, 36], to = [250, 204, 92] }   # a 640×400 gradient, JPEG
//!
//! [[files]]
//! bucket = "newsletter"
//! name = "2025/11.pdf"
//! pdf = { title = "Newsletter - November 2025" }             # one page with the title
//! ```

use serde::Deserialize;

/// The name of the data file in SEED_DIR.
pub const DATA_FILE: &str = "seed.toml";

/// What the data file asks for.
#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SeedPlan {
    /// The password of every account (required when there are accounts).
    #[serde(default)]
    pub password: String,
    #[serde(default)]
    pub accounts: Vec<AccountPlan>,
    #[serde(default)]
    pub files: Vec<FilePlan>,
}

/// One confirmed e-mail account.
#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct AccountPlan {
    pub email: String,
    /// What the account is for ("admin"): printed beside it, and given to the seed's SQL.
    #[serde(default)]
    pub label: String,
    /// The account's `raw_user_meta_data` (GoTrue's `user_metadata`).
    #[serde(default = "empty_object")]
    pub user_metadata: serde_json::Value,
}

/// One generated file, stored like an upload.
#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct FilePlan {
    pub bucket: String,
    pub name: String,
    pub picture: Option<Picture>,
    pub pdf: Option<Pdf>,
}

/// A diagonal gradient between two colours with a pale sun, as JPEG.
#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Picture {
    pub from: [u8; 3],
    pub to: [u8; 3],
}

/// A one-page PDF with a title line.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Pdf {
    pub title: String,
}

fn empty_object() -> serde_json::Value {
    serde_json::Value::Object(serde_json::Map::new())
}

impl SeedPlan {
    /// Parses and checks the data file's text.
    pub fn parse(text: &str) -> Result<Self, String> {
        let plan: Self = toml::from_str(text).map_err(|e| format!("{DATA_FILE}: {}", e.message()))?;
        plan.check()?;
        Ok(plan)
    }

    fn check(&self) -> Result<(), String> {
        if !self.accounts.is_empty() && self.password.is_empty() {
            return Err(format!("{DATA_FILE}: accounts need a `password`"));
        }
        for (index, account) in self.accounts.iter().enumerate() {
            if !account.email.contains('@') {
                return Err(format!("{DATA_FILE}: account {} has no e-mail address", index + 1));
            }
            if self.accounts[..index].iter().any(|a| a.email.eq_ignore_ascii_case(&account.email)) {
                return Err(format!("{DATA_FILE}: the account {} is listed twice", account.email));
            }
            if !account.user_metadata.is_object() {
                return Err(format!("{DATA_FILE}: the user_metadata of {} is not a table", account.email));
            }
        }
        for file in &self.files {
            if file.bucket.is_empty() || file.name.is_empty() {
                return Err(format!("{DATA_FILE}: a file needs a bucket and a name"));
            }
            if file.picture.is_some() == file.pdf.is_some() {
                return Err(format!(
                    "{DATA_FILE}: the file {}/{} needs either a `picture` or a `pdf`",
                    file.bucket, file.name
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_data_file_is_read_and_checked() {
        let plan = SeedPlan::parse(
            r#"
            password = "Example@2025"
            [[accounts]]
            email = "admin@demo.example.org"
            label = "admin"
            user_metadata = { full_name = "Anita Bhat" }
            [[files]]
            bucket = "gallery"
            name = "demo/a.jpg"
            picture = { from = [1, 2, 3], to = [4, 5, 6] }
            [[files]]
            bucket = "news"
            name = "2025/11.pdf"
            pdf = { title = "November" }
            "#,
        )
        .unwrap();
        assert_eq!(plan.accounts[0].user_metadata["full_name"], "Anita Bhat");
        assert_eq!(plan.files[0].picture, Some(Picture { from: [1, 2, 3], to: [4, 5, 6] }));
        assert_eq!(plan.files[1].pdf.as_ref().map(|p| p.title.as_str()), Some("November"));
        assert_eq!(SeedPlan::parse("").unwrap(), SeedPlan::default());
    }

    #[test]
    fn a_faulty_data_file_is_refused_with_a_reason() {
        let error = |text: &str| SeedPlan::parse(text).unwrap_err();
        assert!(error("[[accounts]]\nemail = \"a@b.c\"").contains("need a `password`"));
        assert!(error("password = \"x\"\n[[accounts]]\nemail = \"nobody\"").contains("no e-mail address"));
        assert!(
            error("password = \"x\"\n[[accounts]]\nemail = \"a@b.c\"\n[[accounts]]\nemail = \"A@b.c\"")
                .contains("listed twice")
        );
        assert!(error("[[files]]\nbucket = \"b\"\nname = \"n\"").contains("either a `picture` or a `pdf`"));
        assert!(error("colour = 3").contains("seed.toml"));
    }
}
