//! `curl -w FORMAT`: `%{variable}` substitution, `%%`, and the `\n`, `\r`, `\t` escapes, with
//! `%{stdout}` / `%{stderr}` switching where the text goes.

/// What one transfer reports to `-w`.
#[derive(Debug, Default, Clone)]
pub struct Info {
    pub http_code: u16,
    pub size_download: u64,
    pub size_upload: u64,
    pub size_header: u64,
    pub time_total: f64,
    pub time_connect: f64,
    pub time_starttransfer: f64,
    pub url_effective: String,
    pub content_type: Option<String>,
    pub num_redirects: u32,
    pub redirect_url: Option<String>,
    pub exitcode: i32,
    pub errormsg: String,
    pub method: String,
    pub scheme: String,
    pub remote_ip: String,
    pub remote_port: u16,
    pub http_version: String,
    pub url: String,
}

/// Expand `fmt`; returns (stdout text, stderr text, unknown variable names).
pub fn expand(fmt: &[u8], info: &Info) -> (Vec<u8>, Vec<u8>, Vec<String>) {
    let mut out = Vec::new();
    let mut err = Vec::new();
    let mut unknown = Vec::new();
    let mut to_err = false;
    let mut i = 0;
    while i < fmt.len() {
        let c = fmt[i];
        let target = if to_err { &mut err } else { &mut out };
        if c == b'%' && fmt.get(i + 1) == Some(&b'%') {
            target.push(b'%');
            i += 2;
        } else if c == b'%'
            && fmt.get(i + 1) == Some(&b'{')
            && let Some(end) = fmt[i + 2..].iter().position(|&b| b == b'}')
        {
            let name = String::from_utf8_lossy(&fmt[i + 2..i + 2 + end]).into_owned();
            i += 3 + end;
            match name.as_str() {
                "stdout" => to_err = false,
                "stderr" => to_err = true,
                _ => match value(&name, info) {
                    Some(v) => target.extend_from_slice(v.as_bytes()),
                    None => unknown.push(name),
                },
            }
        } else if c == b'\\' && i + 1 < fmt.len() {
            match fmt[i + 1] {
                b'n' => target.push(b'\n'),
                b'r' => target.push(b'\r'),
                b't' => target.push(b'\t'),
                other => {
                    target.push(b'\\');
                    target.push(other);
                }
            }
            i += 2;
        } else {
            target.push(c);
            i += 1;
        }
    }
    (out, err, unknown)
}

fn value(name: &str, i: &Info) -> Option<String> {
    Some(match name {
        "http_code" | "response_code" => format!("{:03}", i.http_code),
        "size_download" => i.size_download.to_string(),
        "size_upload" => i.size_upload.to_string(),
        "size_header" => i.size_header.to_string(),
        "time_total" => format!("{:.6}", i.time_total),
        "time_connect" => format!("{:.6}", i.time_connect),
        "time_starttransfer" => format!("{:.6}", i.time_starttransfer),
        "url_effective" => i.url_effective.clone(),
        "url" => i.url.clone(),
        "content_type" => i.content_type.clone().unwrap_or_default(),
        "num_redirects" => i.num_redirects.to_string(),
        "redirect_url" => i.redirect_url.clone().unwrap_or_default(),
        "exitcode" => i.exitcode.to_string(),
        "errormsg" => i.errormsg.clone(),
        "method" => i.method.clone(),
        "scheme" => i.scheme.clone(),
        "remote_ip" => i.remote_ip.clone(),
        "remote_port" => {
            if i.remote_port == 0 {
                String::new()
            } else {
                i.remote_port.to_string()
            }
        }
        "http_version" => i.http_version.clone(),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expands_variables_and_escapes() {
        let info = Info {
            http_code: 404,
            size_download: 335,
            url_effective: "http://h/x".into(),
            content_type: Some("text/html".into()),
            ..Info::default()
        };
        let (o, e, u) = expand(
            b"%{http_code} %{size_download} %{url_effective} %{content_type}\\n%%\\q%{nope}%{stderr}E",
            &info,
        );
        assert_eq!(o, b"404 335 http://h/x text/html\n%\\q");
        assert_eq!(e, b"E");
        assert_eq!(u, vec!["nope".to_string()]);
        let (o, _, _) = expand(b"%{http_code}", &Info::default());
        assert_eq!(o, b"000");
    }
}
