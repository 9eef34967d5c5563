//! Prints the model of a fixture file: `cargo run -p widget-model --example dump -- fixtures/x.json`.
fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: dump <fixture.json>");
        std::process::exit(2);
    };
    match std::fs::read_to_string(&path) {
        Ok(text) => println!("{:#?}", widget_model::model_from_json_text(&text)),
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(1);
        }
    }
}
