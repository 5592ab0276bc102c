//! `crypto.createHash` and `createHmac`: the digests Node scripts use (md5, sha1, sha2).

use hmac::{Hmac, KeyInit, Mac};
use sha2::Digest;

fn hash<D: Digest>(data: &[u8]) -> Vec<u8> {
    D::digest(data).to_vec()
}

fn mac<M: Mac + KeyInit>(key: &[u8], data: &[u8]) -> Option<Vec<u8>> {
    let mut m = <M as KeyInit>::new_from_slice(key).ok()?;
    m.update(data);
    Some(m.finalize().into_bytes().to_vec())
}

/// The digest of `data` with `alg`, keyed (HMAC) when `key` is given; `None` for an
/// algorithm this build does not have.
pub(crate) fn digest(alg: &str, data: &[u8], key: Option<&[u8]>) -> Option<Vec<u8>> {
    match (alg, key) {
        ("md5", None) => Some(hash::<md5::Md5>(data)),
        ("sha1", None) => Some(hash::<sha1::Sha1>(data)),
        ("sha224", None) => Some(hash::<sha2::Sha224>(data)),
        ("sha256", None) => Some(hash::<sha2::Sha256>(data)),
        ("sha384", None) => Some(hash::<sha2::Sha384>(data)),
        ("sha512", None) => Some(hash::<sha2::Sha512>(data)),
        ("md5", Some(k)) => mac::<Hmac<md5::Md5>>(k, data),
        ("sha1", Some(k)) => mac::<Hmac<sha1::Sha1>>(k, data),
        ("sha224", Some(k)) => mac::<Hmac<sha2::Sha224>>(k, data),
        ("sha256", Some(k)) => mac::<Hmac<sha2::Sha256>>(k, data),
        ("sha384", Some(k)) => mac::<Hmac<sha2::Sha384>>(k, data),
        ("sha512", Some(k)) => mac::<Hmac<sha2::Sha512>>(k, data),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::digest;

    fn hex(b: &[u8]) -> String {
        b.iter().map(|x| format!("{x:02x}")).collect()
    }

    #[test]
    fn known_digests() {
        assert_eq!(
            hex(&digest("md5", b"abc", None).unwrap()),
            "900150983cd24fb0d6963f7d28e17f72"
        );
        assert_eq!(
            hex(&digest("sha256", b"abc", None).unwrap()),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(
            hex(&digest("sha256", b"data", Some(b"key")).unwrap()),
            "5031fe3d989c6d1537a013fa6e739da23463fdaec3b70137d828e36ace221bd0"
        );
    }
}
