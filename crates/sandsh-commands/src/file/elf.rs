//! ELF, described from its header and program headers as libmagic does (class, byte order,
//! type, machine, interpreter, dynamic linking); a header cut short says what it has.

use super::Kind;

pub(super) fn elf(d: &[u8]) -> Option<Kind> {
    if !d.starts_with(b"\x7fELF") {
        return None;
    }
    if d.len() < 20 {
        return Some(elf_cut(d));
    }
    let bits64 = d[4] == 2;
    let le = d[5] == 1;
    let rd16 = |at: usize| -> Option<u16> {
        let b = [*d.get(at)?, *d.get(at + 1)?];
        Some(if le {
            u16::from_le_bytes(b)
        } else {
            u16::from_be_bytes(b)
        })
    };
    let rd32 = |at: usize| -> Option<u32> {
        let b: [u8; 4] = d.get(at..at + 4)?.try_into().ok()?;
        Some(if le {
            u32::from_le_bytes(b)
        } else {
            u32::from_be_bytes(b)
        })
    };
    let rd64 = |at: usize| -> Option<u64> {
        let b: [u8; 8] = d.get(at..at + 8)?.try_into().ok()?;
        Some(if le {
            u64::from_le_bytes(b)
        } else {
            u64::from_be_bytes(b)
        })
    };
    let etype = rd16(16)?;
    let machine = match rd16(18).unwrap_or(0) {
        3 => "Intel 80386",
        8 => "MIPS",
        20 => "PowerPC",
        21 => "64-bit PowerPC or cisco 7500",
        40 => "ARM",
        62 => "x86-64",
        183 => "ARM aarch64",
        243 => "UCB RISC-V",
        _ => "",
    };
    // Program headers: PT_INTERP, PT_DYNAMIC.
    let (phoff, phentsize, phnum) = if bits64 {
        (rd64(32), rd16(54), rd16(56))
    } else {
        (rd32(28).map(u64::from), rd16(42), rd16(44))
    };
    let mut interp = None;
    let mut dynamic = false;
    if let (Some(off), Some(size), Some(num)) = (phoff, phentsize, phnum) {
        for k in 0..num.min(256) as u64 {
            let at = (off + k * size as u64) as usize;
            let Some(ptype) = rd32(at) else { break };
            match ptype {
                2 => dynamic = true,
                3 => {
                    let (o, sz) = if bits64 {
                        (rd64(at + 8), rd64(at + 32))
                    } else {
                        (rd32(at + 4).map(u64::from), rd32(at + 16).map(u64::from))
                    };
                    if let (Some(o), Some(sz)) = (o, sz)
                        && let Some(b) = d.get(o as usize..(o + sz) as usize)
                    {
                        let end = b.iter().position(|&c| c == 0).unwrap_or(b.len());
                        interp = Some(String::from_utf8_lossy(&b[..end]).into_owned());
                    }
                }
                _ => {}
            }
        }
    }
    let (tname, mime) = match etype {
        1 => ("relocatable", "application/x-object"),
        2 => ("executable", "application/x-executable"),
        3 if interp.is_some() => ("pie executable", "application/x-pie-executable"),
        3 => ("shared object", "application/x-sharedlib"),
        4 => ("core file", "application/x-coredump"),
        _ => ("unknown type", "application/octet-stream"),
    };
    let mut s = format!(
        "ELF {}-bit {} {tname}",
        if bits64 { 64 } else { 32 },
        if le { "LSB" } else { "MSB" }
    );
    s.push_str(&format!(", {machine}"));
    let version = d.get(6).copied().unwrap_or(0);
    if d.len() >= 24 && rd32(20).is_some() {
        s.push_str(&format!(", version {version} (SYSV)"));
    } else {
        s.push_str(", (SYSV)");
    }
    if etype == 2 || etype == 3 {
        if let Some(i) = &interp {
            s.push_str(&format!(", dynamically linked, interpreter {i}"));
        } else if dynamic {
            s.push_str(", dynamically linked");
        } else if phoff.is_some_and(|o| o > 0) {
            s.push_str(", statically linked");
        }
    }
    Some(Kind::new(s, mime, Some("binary")))
}

/// An ELF header cut short: what libmagic says of the fields that are there.
fn elf_cut(d: &[u8]) -> Kind {
    let mut s = String::from("ELF");
    if let Some(&class) = d.get(4) {
        s.push_str(if class == 2 { " 64-bit" } else { " 32-bit" });
    }
    let le = d.get(5) == Some(&1);
    if d.len() > 5 {
        s.push_str(if le { " LSB" } else { " MSB" });
    }
    let etype = d.get(16..18).map(|b| {
        let b = [b[0], b[1]];
        if le {
            u16::from_le_bytes(b)
        } else {
            u16::from_be_bytes(b)
        }
    });
    let (tname, mime) = match etype {
        Some(1) => (" relocatable,", "application/x-object"),
        Some(2) => (" executable,", "application/x-executable"),
        Some(3) => (" shared object,", "application/x-sharedlib"),
        Some(4) => (" core file,", "application/x-coredump"),
        Some(_) => (" unknown type,", "application/octet-stream"),
        None => ("", "application/octet-stream"),
    };
    s.push_str(tname);
    if d.len() >= 8 {
        s.push_str(" (SYSV)");
    }
    Kind::new(s, mime, Some("binary"))
}
