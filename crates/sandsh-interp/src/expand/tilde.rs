//! Tilde expansion: `~` (`$HOME`), `~user` (a home under `/home`, or `/root`), `~+` and `~-`.

use crate::Shell;

impl Shell {
    pub fn tilde_text(&self, user: &str) -> Vec<u8> {
        self.tilde(user)
    }

    pub(super) fn tilde(&self, user: &str) -> Vec<u8> {
        if user.is_empty() {
            return self
                .vars
                .get_str("HOME")
                .map(|s| s.to_vec())
                .unwrap_or_else(|| b"~".to_vec());
        }
        if user == "+" {
            return self.cwd.as_os_str().as_encoded_bytes().to_vec();
        }
        if user == "-" {
            return self
                .vars
                .get_str("OLDPWD")
                .map(|s| s.to_vec())
                .unwrap_or_else(|| b"~-".to_vec());
        }
        let home = format!("/home/{user}");
        if self
            .env
            .backend
            .stat(std::path::Path::new(&home))
            .is_ok_and(|m| m.is_dir())
            || user
                == self
                    .vars
                    .get_str("USER")
                    .map(String::from_utf8_lossy)
                    .unwrap_or_default()
        {
            home.into_bytes()
        } else if user == "root" {
            b"/root".to_vec()
        } else {
            format!("~{user}").into_bytes()
        }
    }
}
