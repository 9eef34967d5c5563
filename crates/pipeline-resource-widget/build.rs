//! Writes the widget's content-hashed `ui://` URI to `$OUT_DIR/uri.txt`, for `URI`: the first
//! 8 hex digits of the sha256 of `resource-widget.html` (hosts cache a widget by its URI, so a
//! new file gets a new one). `src/lib.rs`'s `uri_of` computes the same at run time, and a test
//! checks that they agree.

use std::fmt::Write as _;
use std::path::PathBuf;

use sha2::{Digest, Sha256};

fn main() {
    let html = "resource-widget.html";
    println!("cargo::rerun-if-changed={html}");
    let bytes = match std::fs::read(html) {
        Ok(bytes) => bytes,
        Err(error) => {
            println!(
                "cargo::error=cannot read {html}: {error} (./scripts/widget-refresh.sh writes it)"
            );
            return;
        }
    };
    let mut short = String::new();
    for byte in Sha256::digest(&bytes).iter().take(4) {
        let _ = write!(short, "{byte:02x}");
    }
    let Some(out_dir) = std::env::var_os("OUT_DIR").map(PathBuf::from) else {
        println!("cargo::error=cargo did not set OUT_DIR");
        return;
    };
    let uri = format!("ui://pipeline-service/resource-widget-{short}.html");
    if let Err(error) = std::fs::write(out_dir.join("uri.txt"), uri) {
        println!("cargo::error=cannot write uri.txt: {error}");
    }
}
