//! Errors that stop the program before or while it starts. Each one is printed as a
//! single line; settings errors exit with code 2, everything else with code 1.

use std::fmt;
use std::process::ExitCode;

#[derive(Debug)]
pub struct StartupError {
    setting: Option<&'static str>,
    message: String,
}

impl StartupError {
    /// A setting is missing or has a value that cannot work.
    pub fn setting(setting: &'static str, message: impl Into<String>) -> Self {
        Self { setting: Some(setting), message: message.into() }
    }

    /// Something in the environment failed (database, file system, binaries).
    pub fn environment(message: impl Into<String>) -> Self {
        Self { setting: None, message: message.into() }
    }

    pub fn setting_name(&self) -> Option<&'static str> {
        self.setting
    }

    pub fn exit_code(&self) -> ExitCode {
        if self.setting.is_some() { ExitCode::from(2) } else { ExitCode::from(1) }
    }
}

impl fmt::Display for StartupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // One line, always: newlines from underlying errors are folded.
        let message = self.message.replace('\n', " ");
        match self.setting {
            Some(setting) => write!(f, "{setting} {message}"),
            None => write!(f, "{message}"),
        }
    }
}

impl std::error::Error for StartupError {}
