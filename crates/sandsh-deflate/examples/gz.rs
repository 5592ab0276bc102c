//! Scratch: `gz LEVEL [NAME MTIME] < in > out.gz`, for comparing with the host's gzip.
use std::io::{Read, Write};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let level: u32 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(6);
    let header = match (args.get(2), args.get(3)) {
        (Some(n), Some(t)) => sandsh_deflate::Header {
            name: Some(n.as_bytes().to_vec()),
            mtime: t.parse().unwrap_or(0),
        },
        _ => sandsh_deflate::Header::default(),
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut enc = sandsh_deflate::GzEncoder::new(&mut out, level, &header).expect("header");
    let mut buf = vec![0u8; 1 << 16];
    let mut inp = std::io::stdin().lock();
    loop {
        let n = inp.read(&mut buf).expect("read");
        if n == 0 {
            break;
        }
        enc.write_all(&buf[..n]).expect("write");
    }
    enc.finish().expect("finish");
    out.flush().expect("flush");
}
