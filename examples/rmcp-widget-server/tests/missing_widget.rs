//! The server stops with a message naming the widget file when it cannot read it, instead of
//! serving a resource hosts cannot render.

use std::process::{Command, Stdio};

#[test]
fn a_missing_widget_file_is_named_and_the_server_exits() {
    let output = Command::new(env!("CARGO_BIN_EXE_rmcp-widget-server"))
        .arg("/nonexistent/resource-widget.html")
        .stdin(Stdio::null())
        .output()
        .expect("the example server starts");
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("cannot read the widget file /nonexistent/resource-widget.html"),
        "{stderr}"
    );
}
